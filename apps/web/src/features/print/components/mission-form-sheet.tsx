import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoadParams, Locale } from '@mm/shared';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { SHEET_MILKWEEDS } from '../sheets';
import { SheetSection, Tick, WriteIn } from './sheet-parts';

const ROWS = 6;
const TALLY_BOXES = 40;
/** Letters that stand for each abundance and location size on paper. */
const code = (i: number) => String.fromCharCode(65 + i);

/** The sheet's milkweeds, in SHEET_MILKWEEDS order. */
const sheetMilkweeds = (params: LoadParams) =>
  SHEET_MILKWEEDS.flatMap((latin) => params.milkweeds.filter((m) => m.latin_name === latin));

/**
 * One Mission visit on paper (spec §3 Mission steps 1–3): the site, the time and the team,
 * a tally of the milkweed stems inspected, and one row per milkweed species with its abundance,
 * location size and the four life-stage counts (an empty box means "not counted", write 0 for none).
 * Two Letter or A4 pages: where, when and the tally on the first; the species table, the legend and
 * the comment on the second (an e2e test prints it and counts the pages).
 */
export function MissionFormSheet({ params, lng }: { params: LoadParams; lng: Locale }) {
  const { t } = useTranslation();
  const { t: tm } = useTranslation('mission');
  const { t: tc } = useTranslation('content');
  const stages = [t('lifestage.1'), t('lifestage.2'), t('lifestage.3'), t('lifestage.4')];
  const cell = { border: '1px solid', p: 0.5, height: '10mm', verticalAlign: 'top' } as const;
  const head = {
    ...cell,
    textAlign: 'left',
    fontSize: '0.75rem',
    hyphens: 'auto',
    overflowWrap: 'break-word',
  } as const;
  return (
    <>
      <SheetSection title={tm('steps.site')}>
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
        </Stack>
      </SheetSection>
      <SheetSection title={tm('steps.checklist')}>
        <Stack direction="row" spacing={3}>
          <WriteIn label={t('fields.checklist_date')} />
          <WriteIn label={t('fields.start_time')} />
          <WriteIn label={t('fields.end_time')} />
          <WriteIn label={t('fields.participants')} />
        </Stack>
      </SheetSection>
      {/* The tally and the species table each stay whole; the table may start the second page. */}
      <SheetSection title={tm('steps.observation')} breakable>
        <Box sx={{ breakInside: 'avoid' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {tm('fields.stems_inspected')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {tc('print.tally_help')}
          </Typography>
          <Box
            aria-hidden="true"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 1fr)', gap: 0.5, mb: 1 }}
            data-testid="stem-tally"
          >
            {Array.from({ length: TALLY_BOXES }, (_, i) => (
              <Box key={i} sx={{ border: '1px solid', height: '8mm' }} />
            ))}
          </Box>
          <Stack direction="row" spacing={3} sx={{ mb: 2, alignItems: 'flex-end' }}>
            <WriteIn label={tc('print.stems_total')} />
            <Box sx={{ flex: 2 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {t('fields.monarchs_seen')}
              </Typography>
              <Stack direction="row" spacing={3}>
                <Tick label={tm('confirmation.yes')} />
                <Tick label={tm('confirmation.no')} />
              </Stack>
            </Box>
          </Stack>
        </Box>
        <Box sx={{ breakInside: 'avoid' }}>
          <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
            <Box component="thead">
              <tr>
                <Box component="th" scope="col" sx={{ ...head, width: '22%' }}>
                  {tm('fields.milkweed_id')}
                </Box>
                <Box component="th" scope="col" sx={head}>
                  {t('fields.abundance_id')}
                </Box>
                <Box component="th" scope="col" sx={head}>
                  {t('fields.locationsize_id')}
                </Box>
                {stages.map((stage) => (
                  <Box component="th" scope="col" key={stage} sx={head}>
                    {stage}
                  </Box>
                ))}
              </tr>
            </Box>
            <tbody>
              {Array.from({ length: ROWS }, (_, row) => (
                <tr key={row}>
                  {Array.from({ length: 3 + stages.length }, (_, col) => (
                    <Box component="td" key={col} sx={cell} />
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {tc('print.counts_help')}
          </Typography>
        </Box>
      </SheetSection>
      <SheetSection title={tc('print.legend')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('fields.abundance_id')}
            </Typography>
            {params.abundances.map((a, i) => (
              <Typography variant="body2" key={a.id}>
                {code(i)} — {a.name}
              </Typography>
            ))}
          </Box>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('fields.locationsize_id')}
            </Typography>
            {params.locationsizes.map((s, i) => (
              <Typography variant="body2" key={s.id}>
                {code(i)} — {s.name}
              </Typography>
            ))}
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {tm('fields.milkweed_id')}
            </Typography>
            <Typography variant="body2">
              {[
                ...sheetMilkweeds(params).map((m) => `${milkweedName(m, lng) ?? m.latin_name} (${m.latin_name})`),
                tc('print.other_milkweed_write'),
              ].join(' · ')}
            </Typography>
          </Box>
        </Box>
      </SheetSection>
      <SheetSection title={t('fields.comment')}>
        <WriteIn label={tc('print.comment_help')} lines={3} />
      </SheetSection>
    </>
  );
}
