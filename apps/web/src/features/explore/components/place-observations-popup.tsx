import { Box, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OBSERVATION_PAGE_SIZE,
  type Cluster,
  type ExploreFilters,
  type ObservationListResponse,
  type ObservationRow,
} from '@mm/shared';
import { SILENT_QUERY } from '../../../components/ui/busy-overlay';
import { api } from '../../../lib/api-client';
import { LocaleLink, useLocale } from '../../../lib/links';
import { formatDate } from '../../../lib/format-date';
import { milkweedName } from '../../../entities/milkweed/milkweed-name';
import { filtersToQuery } from '../utils/explore-url';

const POPUP_WIDTH = 240;

/**
 * The newest observations (≤ 50) at exactly one place, over the Explore filters:
 * `GET /api/observations?bbox=lng,lat,lng,lat` (a one-point box).
 */
const placeObservationsQueryOptions = (filters: ExploreFilters, cluster: Pick<Cluster, 'bounds'>) => {
  const { west, south } = cluster.bounds;
  const bbox = `${west},${south},${west},${south}`;
  const query = { ...filtersToQuery(filters), bbox, limit: OBSERVATION_PAGE_SIZE };
  return {
    queryKey: ['observations', 'explore', 'place', query],
    queryFn: () => api.get<ObservationListResponse>('/observations', query),
    meta: SILENT_QUERY,
  };
};

/**
 * Popup of a cluster whose observations all lie at one point (several visits at one place), which
 * zooming can never split: lists them, newest first, each with a link to its visit's details.
 * `onLayout` is called once the content changed size, for Leaflet to re-place the popup.
 */
export function PlaceObservationsPopup({
  cluster,
  filters,
  onLayout,
}: {
  cluster: Cluster;
  filters: ExploreFilters;
  onLayout: () => void;
}) {
  const { t } = useTranslation('explore');
  const lng = useLocale();
  const { data, error, isPending } = useQuery(placeObservationsQueryOptions(filters, cluster));
  useEffect(() => onLayout(), [data, error, onLayout]);

  if (isPending)
    return (
      <Box sx={{ width: POPUP_WIDTH, height: 120, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (error || !data) return <Typography sx={{ width: POPUP_WIDTH }}>{t('common:errors.please_try_again')}</Typography>;
  const label = (r: ObservationRow) =>
    r.lifestage_id === null
      ? t('grid.milkweed_row', { name: milkweedName(r, lng) ?? t('common:lifestage.milkweed') })
      : r.numbers === null
        ? t(`common:lifestage.${r.lifestage_id}`)
        : t('grid.stage_count', { number: r.numbers, stage: t(`common:lifestage.${r.lifestage_id}`) });
  const first = data.data[0];
  return (
    <Stack spacing={0.75} sx={{ width: POPUP_WIDTH }} data-testid="place-popup">
      <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', m: 0 }}>
        {t('map.place_list')}
      </Typography>
      {first?.locality && (
        <Typography variant="body2" sx={{ m: '0 !important' }}>
          {first.locality}
        </Typography>
      )}
      <Box component="ul" aria-label={t('map.place_list')} sx={{ m: 0, pl: 2.5, maxHeight: 220, overflowY: 'auto' }}>
        {data.data.map((r) => {
          const date = formatDate(r.checklist_date, lng, 'medium');
          return (
            <Typography component="li" variant="body2" key={r.observation_id}>
              <Link
                component={LocaleLink}
                href={`/checklists/view?id=${r.checklist_id}`}
                aria-label={`${t('map.place_row_details', { date })}: ${label(r)}`}
              >
                {date}
              </Link>
              {' · '}
              {label(r)}
            </Typography>
          );
        })}
      </Box>
      {data.paginator.total > data.data.length && (
        <Typography variant="caption" color="text.secondary">
          {t('map.place_more', { shown: data.data.length, count: data.paginator.total })}
        </Typography>
      )}
    </Stack>
  );
}
