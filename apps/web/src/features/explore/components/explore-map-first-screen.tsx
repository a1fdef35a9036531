import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useServerRender } from '../../../lib/server-render';
import { numberSpec } from '../map-island/island-text';
import { EXPLORE_VIEWS, type ExploreView } from '../utils/explore-url';

/** The `explore:map.*` labels the map drawn before the app needs (`IslandLabels`), without their plural suffix. */
const ISLAND_LABELS = ['cluster', 'cluster_same_place', 'checklist_marker', 'total'] as const;
const PLURAL_FORMS = ['one', 'other'] as const;

/** The map's box: the same room as the app's map view (`ExploreMap`), so that nothing moves when it arrives. */
export const MAP_BOX_SX = {
  position: 'relative',
  height: { xs: 420, md: 560 },
  borderRadius: 2,
  overflow: 'hidden',
  border: 1,
  borderColor: 'divider',
  bgcolor: '#dfe8d8',
} as const;

/**
 * The controls of Explore's server-drawn first screens (here with the map's, which both import) (`ExploreFirstPage`, `ExploreMapFirstScreen`,
 * docs/adr/0039 and 0042): the views as links (a page load, drawn by the app) with `current` marked, and
 * "Show filters". A press on it before the app runs is pressed again on the app's button (`data-replay`,
 * `lib/on-demand.ts`); one once the app runs but before it has drawn its own controls (a transition that may
 * take a while on a slow phone) calls `onShowFilters`.
 * @param current the view shown
 * @param onShowFilters "Show filters" was pressed here
 */
export function ExploreFirstControls({ current, onShowFilters }: { current: ExploreView; onShowFilters: () => void }) {
  const { t } = useTranslation('explore');
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Stack component="nav" aria-label={t('views.label')} direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {EXPLORE_VIEWS.map((v) => (
            <Button
              key={v}
              size="small"
              variant={v === current ? 'contained' : 'outlined'}
              href={v === 'list' ? '?' : `?view=${v}`}
              aria-current={v === current ? 'page' : undefined}
              sx={{ textTransform: 'none', minHeight: 40 }}
            >
              {t(`views.${v}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
      <Box sx={{ mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          data-replay="explore-filters"
          onClick={onShowFilters}
          sx={{ minHeight: 44 }}
        >
          {t('filters.show')}
        </Button>
      </Box>
    </>
  );
}

/**
 * What the server renders of Explore at `?view=map` (no filter), and what stays on screen until the app
 * starts (docs/adr/0042): the views as links (the map's current) and "Show filters" (`ExploreFirstControls`),
 * the line of the clusters' total and the map's box. The browser draws the
 * map in that box at once without the app (`map-island/map-island.ts`, started by `src/main.tsx` on
 * `data-map-island`): the box and the total line are left to it (`dangerouslySetInnerHTML`: React neither
 * compares nor redraws what it puts there). Without JavaScript, the box says that the map needs it.
 * @param tileUrl the client configuration's tile URL (the server has it in the query cache)
 * @param onShowFilters "Show filters" was pressed once the app runs, before it has drawn its own
 */
export function ExploreMapFirstScreen({ tileUrl, onShowFilters }: { tileUrl: string; onShowFilters: () => void }) {
  const { t, i18n } = useTranslation('explore');
  // Written by the server only (Intl's cost stays off the browser's start; the browser's hydration keeps it).
  const numbers = useServerRender() ? JSON.stringify(numberSpec(i18n.language)) : undefined;
  const labels = Object.fromEntries(
    ISLAND_LABELS.flatMap((key) =>
      PLURAL_FORMS.map((form) => {
        const text = i18n.getResource(i18n.language, 'explore', `map.${key}_${form}`) as unknown;
        return [`${key}_${form}`, typeof text === 'string' ? text : ''] as const;
      }),
    ).filter(([, text]) => text !== ''),
  );
  return (
    <>
      <ExploreFirstControls current="map" onShowFilters={onShowFilters} />
      <Typography
        variant="subtitle2"
        aria-live="polite"
        data-map-island-total=""
        sx={{ mb: 1, minHeight: 24 }}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
      <Box role="region" aria-label={t('map.label')} sx={MAP_BOX_SX}>
        <noscript>
          <Typography sx={{ p: 3, maxWidth: '60ch' }}>{t('map.needs_js')}</Typography>
        </noscript>
        <div
          data-island=""
          data-map-island=""
          data-tile-url={tileUrl}
          data-labels={JSON.stringify(labels)}
          data-numbers={numbers}
          style={{ position: 'absolute', inset: 0 }}
          dangerouslySetInnerHTML={{ __html: '' }}
          suppressHydrationWarning
        />
      </Box>
    </>
  );
}
