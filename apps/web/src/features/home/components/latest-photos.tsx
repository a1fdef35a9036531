import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink } from '../../../lib/links';
import { getGallery } from '../../../entities/photo/get-gallery';

const COUNT = 6;

/** The six newest gallery photos, linking to the photo gallery; nothing while there are none. */
export function LatestPhotos() {
  const { t } = useTranslation('content');
  const { t: tc } = useTranslation();
  const photos = useQuery({
    queryKey: ['observations', 'gallery', 'home'],
    queryFn: () => getGallery({}, 1, COUNT),
    staleTime: 60_000,
  });
  const rows = photos.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="photos-heading">
      <Typography id="photos-heading" variant="h5" component="h2" gutterBottom>
        {t('home.photos_title')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' },
        }}
      >
        {rows.map((p) => (
          <li key={p.id}>
            <MmImage
              src={p.small}
              alt={t('home.photo_alt', {
                stage: tc(p.lifestage_id ? `lifestage.${p.lifestage_id}` : 'lifestage.milkweed'),
                date: p.checklist_date,
              })}
              loading="lazy"
              style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block', borderRadius: 4 }}
            />
          </li>
        ))}
      </Box>
      <Link component={LocaleLink} href="/photos" sx={{ display: 'inline-block', mt: 1 }}>
        {t('home.photos_all')}
      </Link>
    </Box>
  );
}
