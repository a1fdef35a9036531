import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ObservationList } from '../../../entities/observation/observation-list';
import { useObservations } from '../../../entities/observation/use-observations';

/**
 * The latest observations at the foot of the home page (under its "Latest observations" heading), or a
 * line saying there are none yet (`limit`: how many). Loaded after the first render, with the list's code.
 */
export function LatestObservations({ limit }: { limit: number }) {
  const { t } = useTranslation();
  const latest = useObservations(1, limit);
  if (!latest.data) return null;
  return latest.data.data.length > 0 ? (
    <ObservationList rows={latest.data.data} />
  ) : (
    <Typography>{t('home.none_yet')}</Typography>
  );
}
