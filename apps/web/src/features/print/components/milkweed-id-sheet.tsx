import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustrations/illustration';
import { MILKWEED_ILLUSTRATIONS } from '../../../components/illustrations/illustrations';
import { IdCard, IdGrid } from './id-card';
import { SheetSection } from './sheet-parts';

/**
 * The milkweed identification sheet: the common milkweeds that have a drawing (leaves and
 * flower cluster), each with its leaves, flowers and habitat, then the swallow-worts that trap
 * monarch eggs, with their drawing. Text from the `content` translations (`id_sheets.*`), the same facts as the "Find
 * milkweed" page.
 */
export function MilkweedIdSheet() {
  const { t } = useTranslation('content');
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('id_sheets.milkweeds_common')}
      </Typography>
      <SheetSection title={t('id_sheets.milkweeds_title')} breakable>
        <IdGrid>
          {Object.entries(MILKWEED_ILLUSTRATIONS).map(([latin, id]) => (
            <IdCard
              key={id}
              illustration={id}
              alt={t(`illustrations.${id}`)}
              name={t(`id_sheets.milkweeds.${id}.name`)}
              latin={latin}
              facts={[
                [t('id_sheets.leaves'), t(`id_sheets.milkweeds.${id}.leaves`)],
                [t('id_sheets.flowers'), t(`id_sheets.milkweeds.${id}.flowers`)],
                [t('id_sheets.habitat'), t(`id_sheets.milkweeds.${id}.habitat`)],
              ]}
            />
          ))}
        </IdGrid>
      </SheetSection>
      <Box
        sx={{
          border: '2px solid',
          borderRadius: 1,
          p: 1.5,
          mb: 2,
          breakInside: 'avoid',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '30% 1fr' },
          gap: 1.5,
          alignItems: 'center',
          '@media print': { gridTemplateColumns: '22% 1fr', p: 1 },
        }}
      >
        <Box sx={{ maxWidth: 240, width: '100%', mx: 'auto' }}>
          <Illustration id="swallow-wort" alt={t('illustrations.swallow-wort')} eager />
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('id_sheets.swallowwort')}
        </Typography>
      </Box>
      <Typography variant="body2">{t('id_sheets.unsure')}</Typography>
    </>
  );
}
