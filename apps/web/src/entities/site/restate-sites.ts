import { localDayOf, monitoringStatus, type MonitoredSite } from '@mm/shared';

/**
 * Sites judged again on the device's local calendar day (`monitoringStatus`, docs/monitoring.md "Due
 * rule"): the server judges on the UTC day, which in the Americas turns over in the evening; and a copy
 * kept since Monday says on Thursday what is due on Thursday.
 * @param timeZone IANA zone of the day (the device's own when left out; tests pass one)
 */
export function restated(sites: MonitoredSite[], now: Date, timeZone?: string): MonitoredSite[] {
  const today = localDayOf(now, timeZone);
  return sites.map((s) => ({ ...s, ...monitoringStatus(s, today) }));
}
