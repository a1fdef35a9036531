import BarChartIcon from '@mui/icons-material/BarChart';
import GridViewIcon from '@mui/icons-material/GridView';
import MapIcon from '@mui/icons-material/Map';
import ViewListIcon from '@mui/icons-material/ViewList';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { startTransition, useOptimistic } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLORE_VIEWS, type ExploreView } from '../utils/explore-url';

const ICONS = {
  list: <ViewListIcon fontSize="small" />,
  grid: <GridViewIcon fontSize="small" />,
  map: <MapIcon fontSize="small" />,
  density: <BarChartIcon fontSize="small" />,
} as const;

/**
 * List, grid or map (spec §1), or the Missions' density; the choice lives in the URL. The pressed
 * button shows at once (`useOptimistic`) while the page draws the new view in a transition
 * (`useExploreUrl().setView`).
 */
export function ExploreViewSwitch({ value, onChange }: { value: ExploreView; onChange: (view: ExploreView) => void }) {
  const { t } = useTranslation('explore');
  const [shown, setShown] = useOptimistic(value);
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={shown}
      aria-label={t('views.label')}
      sx={{ flexWrap: 'wrap' }}
      onChange={(_, v: ExploreView | null) => {
        if (!v) return;
        startTransition(() => {
          setShown(v);
          onChange(v);
        });
      }}
    >
      {EXPLORE_VIEWS.map((v) => (
        <ToggleButton key={v} value={v} sx={{ gap: 0.75, px: { xs: 1, sm: 1.5 }, textTransform: 'none' }}>
          {ICONS[v]}
          {t(`views.${v}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
