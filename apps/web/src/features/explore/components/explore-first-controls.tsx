import FilterListIcon from '@mui/icons-material/FilterList';
import { Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EXPLORE_VIEWS, type ExploreView } from '../utils/explore-url';

/**
 * The controls of Explore's server-drawn first screens (`ExploreFirstPage`, `ExploreMapFirstScreen`,
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
