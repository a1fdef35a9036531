import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoadParams, ObservationRow } from '@mm/shared';
import {
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
  illustrationPath,
  observationIllustration,
} from '../../../components/illustrations/illustrations';
import { MmImage } from '../../../components/ui/mm-image';
import { LocaleLink, useLocale } from '../../../lib/links';
import { StatusChips } from '../../../components/ui/status-chips';
import { formatDate } from '../../../lib/format-date';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { photoUrl } from '../../../entities/photo/photo-url';

/** "3 × Adult", or the milkweed species of a Mission's milkweed row. */
function useStageLabel() {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  return (r: ObservationRow) =>
    r.lifestage_id === null
      ? t('grid.milkweed_row', { name: milkweedName(r, lng) ?? t('common:lifestage.milkweed') })
      : r.numbers === null
        ? t(`common:lifestage.${r.lifestage_id}`)
        : t('grid.stage_count', { number: r.numbers, stage: t(`common:lifestage.${r.lifestage_id}`) });
}

function ObservationCard({ row, provinceName }: { row: ObservationRow; provinceName: string | undefined }) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const stageLabel = useStageLabel();
  const photo = row.photo[0];
  const place = [row.locality, provinceName].filter(Boolean).join(', ');
  const date = formatDate(row.checklist_date, lng);
  return (
    <Card component="li" variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={LocaleLink}
        href={`/checklists/view?id=${row.checklist_id}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: '#efe9e1' }}>
          {photo ? (
            <MmImage
              src={photoUrl(photo)}
              alt={t('grid.photo_alt', { stage: stageLabel(row), place, date })}
              loading="lazy"
              width={320}
              height={240}
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            // No photo: the drawing of the record's life stage (or milkweed), not a blank placeholder.
            <MmImage
              src={illustrationPath(observationIllustration(row.lifestage_id, row.latin_name))}
              alt={t('grid.drawing_alt', { stage: t(`common:lifestage.${row.lifestage_id ?? 'milkweed'}`) })}
              loading="lazy"
              width={ILLUSTRATION_WIDTH}
              height={ILLUSTRATION_HEIGHT}
              style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
          )}
          <Chip
            size="small"
            label={row.is_flash ? t('filters.kind_flash') : t('filters.kind_mission')}
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'rgba(255,255,255,0.9)' }}
          />
        </Box>
        <CardContent sx={{ p: 1.5, display: 'grid', gap: 0.5, flexGrow: 1, alignContent: 'start' }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {stageLabel(row)}
          </Typography>
          <Typography variant="body2">{date}</Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {place || '—'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('grid.by', { username: row.username ?? '—' })}
          </Typography>
          <Stack direction="row" sx={{ mt: 0.5 }}>
            <StatusChips statusIds={[row.observationstatus_id]} />
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** Observations as photo cards (spec §1 grid view); each opens its checklist's details. */
export function ObservationGrid({ rows, params }: { rows: ObservationRow[]; params: LoadParams | undefined }) {
  const { t } = useTranslation('explore');
  if (rows.length === 0) return <Typography sx={{ py: 4 }}>{t('common:explore.empty')}</Typography>;
  const provinces = new Map(params?.provinces.map((p) => [p.province_id, p.province]));
  return (
    <Box
      component="ul"
      aria-label={t('grid.label')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(auto-fill, minmax(150px, 1fr))',
          sm: 'repeat(auto-fill, minmax(220px, 1fr))',
        },
      }}
    >
      {rows.map((r) => (
        <ObservationCard
          key={r.observation_id}
          row={r}
          provinceName={r.province_id === null ? undefined : provinces.get(r.province_id)}
        />
      ))}
    </Box>
  );
}
