import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonitoredSite, SetMonitoringInput } from '@mm/shared';
import { ApiRequestError, api } from '../../lib/api-client';
import { storage } from '../../lib/storage';

/** The outbox database, loaded when first needed (IndexedDB code stays out of the first screens). */
const outboxDb = async () => (await import('../../lib/outbox/outbox-db')).outboxDb();

/** My monitored sites, and whether they come from the copy kept on this device (no network). */
export interface MonitoredSites {
  sites: MonitoredSite[];
  /** True when the server could not be reached and the device's copy answered. */
  fromDevice: boolean;
}

/** Keeps the volunteer's sites on this device (the outbox database's `sites` store). Storage refused: nothing kept. */
async function keepCopy(userId: number, sites: MonitoredSite[]): Promise<void> {
  try {
    await (await outboxDb()).put('sites', { user_id: userId, saved_at: Date.now(), sites });
  } catch {
    // Private mode or quota: "Visit again" then needs the network.
  }
}

/** The copy kept on this device for the volunteer, or undefined. */
async function deviceCopy(userId: number): Promise<MonitoredSite[] | undefined> {
  try {
    return (await (await outboxDb()).get('sites', userId))?.sites as MonitoredSite[] | undefined;
  } catch {
    return undefined;
  }
}

/** The sites judged on the device's local day; the rules load with the answer (the Mission page's budget). */
async function onLocalDay(sites: MonitoredSite[], now: Date, timeZone?: string): Promise<MonitoredSite[]> {
  const { restated } = await import('./restate-sites');
  return restated(sites, now, timeZone);
}

/**
 * `GET /api/sites/monitored` (docs/monitoring.md), kept on this device at each answer; without network
 * the kept copy answers. Either way "due" and "next visit" are worked out again on the device's local
 * calendar day (the server's answer is on the UTC day).
 * @param now the device's clock (injected by tests)
 * @param timeZone IANA zone of the local day (the device's own when left out)
 * @throws ApiRequestError for the server's refusals; the network error when there is no copy either
 */
export async function getMonitoredSites(
  userId: number,
  now: () => Date = () => new Date(),
  timeZone?: string,
): Promise<MonitoredSites> {
  let sites: MonitoredSite[];
  try {
    sites = await api.get<MonitoredSite[]>('/sites/monitored');
  } catch (err) {
    if (err instanceof ApiRequestError) throw err;
    const copy = await deviceCopy(userId);
    if (!copy) throw err;
    return { sites: await onLocalDay(copy, now(), timeZone), fromDevice: true };
  }
  await keepCopy(userId, sites);
  return { sites: await onLocalDay(sites, now(), timeZone), fromDevice: false };
}

export const monitoredSitesKey = (userId: number | undefined) => ['sites', 'monitored', userId] as const;

/**
 * My monitored sites (signed-in volunteers only), kept in memory for the session. The user is the one
 * stored on this device (spec §3), so that the Mission form's steps also work outside the session's provider.
 */
export function useMonitoredSites() {
  const userId = storage.currentUser()?.user_id;
  return useQuery({
    queryKey: monitoredSitesKey(userId),
    queryFn: () => getMonitoredSites(userId ?? 0),
    enabled: userId !== undefined,
    gcTime: Infinity,
    retry: false,
    networkMode: 'always',
  });
}

/**
 * The list kept in memory with the server's answer to a change in it: the site as it now stands (judged on the
 * device's local day), or without it once it is no longer monitored.
 */
async function withChange(kept: MonitoredSites, siteId: number, answer: MonitoredSite | null): Promise<MonitoredSites> {
  const others = kept.sites.filter((s) => s.site_id !== siteId);
  return { ...kept, sites: answer ? [...others, ...(await onLocalDay([answer], new Date()))] : others };
}

/**
 * Marks a site monitored (`every_days`, weekly by default) or stops it (`PUT`/`DELETE
 * /api/sites/{id}/monitoring`, docs/monitoring.md). The list in memory shows the server's answer at once, and is
 * fetched again after.
 */
export function useSetMonitoring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, monitored, input }: { siteId: number; monitored: boolean; input?: SetMonitoringInput }) =>
      monitored
        ? api.put<MonitoredSite>(`/sites/${siteId}/monitoring`, input ?? {})
        : api.delete<null>(`/sites/${siteId}/monitoring`),
    // A fetch of the list still on its way (the page's first, which also stores the device's copy) would land
    // after the change and show the site as it was, and a refetch asked meanwhile joins it instead of asking
    // again (TanStack Query dedupes a query without data yet): it is cancelled, and the list asked again below.
    onMutate: () => queryClient.cancelQueries({ queryKey: ['sites', 'monitored'] }),
    onSuccess: async (answer, { siteId }) => {
      const key = monitoredSitesKey(storage.currentUser()?.user_id);
      const kept = queryClient.getQueryData<MonitoredSites>(key);
      if (kept) queryClient.setQueryData(key, await withChange(kept, siteId, answer));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sites', 'monitored'] }),
  });
}
