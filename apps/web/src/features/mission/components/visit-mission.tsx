import { Alert, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadParams } from '@mm/shared';
import { getMonitoredSites, monitoredSitesKey } from '../../../entities/site/monitored-sites';
import { formatDate } from '../../../lib/format-date';
import { useLocale } from '../../../lib/links';
import { storage } from '../../../lib/storage';
import type { MissionFormValues } from '../mission-values';
import { missionFromMonitoredSite } from '../visit-again';
import { MissionForm } from './mission-form';

/**
 * "Visit again" (`?visit=siteId`, docs/monitoring.md): a new Mission at one of my monitored sites,
 * filled in from its last visit, from the copy kept on this device when there is no network.
 * `start` is fixed once the site is known, so a refetch of the list never resets the form.
 */
function useVisitStart(siteId: number | null) {
  const userId = storage.currentUser()?.user_id;
  // The same query as `useMonitoredSites`, enabled only for a visit.
  const monitored = useQuery({
    queryKey: monitoredSitesKey(userId),
    queryFn: () => getMonitoredSites(userId ?? 0),
    enabled: siteId !== null && userId !== undefined,
    gcTime: Infinity,
    retry: false,
    networkMode: 'always',
  });
  const site = siteId === null ? undefined : monitored.data?.sites.find((s) => s.site_id === siteId);
  const [start, setStart] = useState<{ values: MissionFormValues; lastVisit: string | null }>();
  // Set while rendering (React's pattern for state derived once from props), not in an effect.
  if (site && !start)
    setStart({ values: missionFromMonitoredSite(site), lastVisit: site.last_mission?.checklist_date ?? null });
  return { start, loading: siteId !== null && userId !== undefined && monitored.isPending };
}

/**
 * The Mission page for "Visit again": the form filled in from the site's last visit, with a note
 * saying so; a blank new Mission (`fresh`) when the site is not among my monitored sites.
 */
export function VisitMission({
  siteId,
  params,
  fresh,
  onSaved,
  onQueued,
}: {
  siteId: number;
  params: LoadParams;
  fresh: MissionFormValues;
  onSaved: (checklistId: number) => void;
  onQueued: () => void;
}) {
  const { t } = useTranslation('mission');
  const lng = useLocale();
  const visit = useVisitStart(siteId);
  if (visit.loading)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  return (
    <>
      {visit.start?.lastVisit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('monitoring.prefill_note', { date: formatDate(visit.start.lastVisit, lng) })}
        </Alert>
      )}
      <MissionForm
        key={visit.start ? 'visit' : 'new'}
        params={params}
        initial={visit.start?.values ?? fresh}
        editId={null}
        resumed={false}
        onSaved={onSaved}
        onQueued={onQueued}
      />
    </>
  );
}
