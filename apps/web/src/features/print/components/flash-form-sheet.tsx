import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoadParams, Locale } from '@mm/shared';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { SHEET_MILKWEEDS } from '../sheets';
import { LifeStageBoxes, SheetSection, Tick, WriteIn } from './sheet-parts';

/**
 * The Flash Data form on paper (spec §3 Flash fields): when, where, the milkweed and the
 * four life-stage counts, with room to write, on one printed page (Letter or A4). Labels are the
 * online form's own translations.
 */
/** The sheet's milkweeds, in SHEET_MILKWEEDS order. */
const sheetMilkweeds = (params: LoadParams) =>
  SHEET_MILKWEEDS.flatMap((latin) => params.milkweeds.filter((m) => m.latin_name === latin));

export function FlashFormSheet({ params, lng }: { params: LoadParams; lng: Locale }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('content');
  return (
    <>
      <SheetSection title={t('flash.when')}>
        <Stack direction="row" spacing={3}>
          <WriteIn label={t('fields.checklist_date')} />
          <WriteIn label={tc('print.time')} />
          <WriteIn label={tc('print.observers')} grow={2} />
        </Stack>
      </SheetSection>
      <SheetSection title={t('flash.where')}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={3}>
            <WriteIn label={t('fields.locality')} grow={2} />
            <WriteIn label={t('fields.city')} />
          </Stack>
          <Stack direction="row" spacing={3}>
            <WriteIn label={t('fields.province_id')} />
            <WriteIn label={t('fields.latitude')} />
            <WriteIn label={t('fields.longitude')} />
          </Stack>
          <Typography variant="body2" sx={{ '@media print': { fontSize: '0.75rem' } }}>
            {tc('print.position_help')}
          </Typography>
        </Stack>
      </SheetSection>
      <SheetSection title={t('flash.what')}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('fields.milkweed_id')}
        </Typography>
        <Box
          sx={{
            columns: { xs: 1, sm: 2 },
            columnGap: 4,
            mb: 2,
            '& > *': { mb: 0.75 },
            '@media print': { columnGap: '6mm', '& > *': { mb: 0.5 } },
          }}
        >
          {sheetMilkweeds(params).map((m) => (
            <Tick key={m.milkweed_id} label={`${milkweedName(m, lng) ?? m.latin_name} (${m.latin_name})`} />
          ))}
          <Tick label={tc('print.other_milkweed')} />
        </Box>
        <LifeStageBoxes
          labels={[t('fields.adults'), t('fields.eggs'), t('fields.caterpillars'), t('fields.chrysalises')]}
        />
      </SheetSection>
      {/* Side by side from a tablet's width and on paper: the whole form fits on one printed page. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 3 }}
        sx={{ '@media print': { flexDirection: 'row' } }}
      >
        <SheetSection title={t('fields.photos')}>
          <WriteIn label={tc('print.photos_taken')} />
        </SheetSection>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <SheetSection title={t('fields.comment')}>
            <WriteIn label={tc('print.comment_help')} lines={3} />
          </SheetSection>
        </Box>
      </Stack>
    </>
  );
}
