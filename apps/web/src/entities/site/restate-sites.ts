import { monitoringStatus, type MonitoredSite } from '@mm/shared';

/**
 * The copy's sites judged again on the device's clock (`monitoringStatus`, docs/monitoring.md): a copy
 * kept since Monday says on Thursday what is due on Thursday.
 */
export function restated(sites: MonitoredSite[], now: Date): MonitoredSite[] {
  return sites.map((s) => ({ ...s, ...monitoringStatus(s, now) }));
}
