import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Illustration } from '../../../components/illustrations/illustration';
import { IdCard, IdGrid } from './id-card';
import { SheetSection } from './sheet-parts';

/** The four stages in the order of the life cycle; each key is also its drawing's id. */
const STAGES = ['egg', 'caterpillar', 'chrysalis', 'adult'] as const;
/** The look-alikes the "Look for monarchs" page describes, with a drawing each. */
const LOOKALIKES = ['viceroy', 'queen', 'tussock-caterpillar'] as const;

/**
 * The monarch identification sheet: the four life stages with their drawing, size, where
 * to look and how to recognise them, then the look-alikes. All text from the `content` translations
 * (`id_sheets.*`), the same facts as the "Look for monarchs" page.
 */
export function MonarchIdSheet() {
  const { t } = useTranslation('content');
  return (
    <>
      <SheetSection title={t('id_sheets.stages_title')}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('id_sheets.cycle')}
        </Typography>
        <IdGrid>
          {STAGES.map((stage) => (
            <IdCard
              key={stage}
              illustration={stage}
              alt={t(`illustrations.${stage}`)}
              name={t(`id_sheets.stages.${stage}.name`)}
              facts={[
                [t('id_sheets.size'), t(`id_sheets.stages.${stage}.size`)],
                [t('id_sheets.where'), t(`id_sheets.stages.${stage}.where`)],
                [t('id_sheets.look'), t(`id_sheets.stages.${stage}.look`)],
              ]}
            />
          ))}
        </IdGrid>
      </SheetSection>
      <SheetSection title={t('id_sheets.lookalikes_title')}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            '@media print': { gridTemplateColumns: 'repeat(3, 1fr)' },
            mb: 1.5,
          }}
        >
          {LOOKALIKES.map((kind) => (
            <Box key={kind} sx={{ breakInside: 'avoid' }}>
              <Box sx={{ maxWidth: 200, mx: 'auto', mb: 0.5 }}>
                <Illustration id={kind} alt={t(`illustrations.${kind}`)} eager />
              </Box>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                {t(`id_sheets.lookalikes.${kind}.name`)}
              </Typography>
              <Typography variant="body2">{t(`id_sheets.lookalikes.${kind}.look`)}</Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2">{t('id_sheets.lookalikes_other')}</Typography>
      </SheetSection>
    </>
  );
}
