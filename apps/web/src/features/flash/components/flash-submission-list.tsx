import { Box, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LIFESTAGE_IDS, LIFESTAGE_KEYS, type LoadParams, type MySubmission } from '@mm/shared';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink, useLocale } from '../../../lib/links';
import { formatDate } from '../../../lib/format-date';
import { photoUrl } from '../../../entities/photo/photo-url';
import { StatusChips } from '../../../components/ui/status-chips';

const THUMB = { width: 112, height: 84 } as const;

/** The first picture of a submission, or a placeholder of the same size. */
function Thumb({ item }: { item: MySubmission }) {
  const { t } = useTranslation();
  if (!item.photo) {
    return (
      <Box
        sx={{
          ...THUMB,
          flexShrink: 0,
          borderRadius: 1.5,
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          p: 0.5,
        }}
      >
        <Typography variant="caption" color="text.secondary">
          {t('submissions.no_photo')}
        </Typography>
      </Box>
    );
  }
  return (
    <MmImage
      src={photoUrl(item.photo)}
      alt={t('submissions.photo_alt', { place: item.locality })}
      {...THUMB}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 6, display: 'block', flexShrink: 0 }}
    />
  );
}

/**
 * My Flash submissions as cards (one column on phones, two on wide screens): picture, locality
 * linking to Flash Detail, date and province, counts per life stage, status.
 */
export function FlashSubmissionList({ items, params }: { items: MySubmission[]; params: LoadParams | undefined }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const date = (d: string) => formatDate(d, lng);
  const provinceName = (id: number | null) => params?.provinces.find((p) => p.province_id === id)?.province;
  return (
    <Grid
      component="ul"
      container
      spacing={2}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('submissions.title')}
    >
      {items.map((item) => (
        <Grid component="li" key={item.checklist_id} size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 1.5, display: 'flex', gap: 1.5, height: '100%' }}>
            <Thumb item={item} />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={LocaleLink}
                href={`/submit/flash/${item.checklist_id}`}
                sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
              >
                {item.locality}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[date(item.checklist_date), provinceName(item.province_id)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="body2" sx={{ my: 0.5 }}>
                {LIFESTAGE_IDS.map((id, i) => ({ id, number: item[LIFESTAGE_KEYS[i] ?? 'adults'] }))
                  .filter((s) => s.number > 0)
                  .map((s) => t('flash.detail.stage_count', { number: s.number, stage: t(`lifestage.${s.id}`) }))
                  .join(' · ')}
              </Typography>
              <Stack direction="row">
                <StatusChips statusIds={[item.observationstatus_id]} />
              </Stack>
              <Link component={LocaleLink} href={`/sites/${item.site_id}`} variant="body2">
                {t('mission:site_history.link')}
              </Link>
            </Box>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
