import {
  MONITORING_EVERY_DAYS,
  dayOf,
  monitoringStatus,
  type MonitoredSite,
  type SetMonitoringInput,
} from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { monitoringRepository, type MonitoredSiteRow } from './monitoring.repository';

/** January 1st of the year before `now`'s: how far back the visit days of a site are listed. */
export function visitsSince(now: Date): string {
  return `${Number(dayOf(now).slice(0, 4)) - 1}-01-01`;
}

/** A stored monitored site with where it stands at `now` (`monitoringStatus`). */
export function withStatus(
  row: MonitoredSiteRow,
  now: Date,
  lastMission: MonitoredSite['last_mission'] = null,
): MonitoredSite {
  const status = monitoringStatus({ latitude: row.latitude, every_days: row.every_days, visits: row.visits }, now);
  return {
    site_id: row.site_id,
    locality: row.locality,
    city: row.city,
    province_id: row.province_id,
    latitude: row.latitude,
    longitude: row.longitude,
    is_private: row.is_private,
    every_days: row.every_days,
    ...status,
    visits: row.visits,
    last_mission: lastMission,
  };
}

/**
 * Monitored sites (docs/monitoring.md): a volunteer marks one of their own sites to visit every week
 * (or every `every_days` days) in its season; "My sites" lists them with their last visit, visits this
 * season and whether a visit is due. `now` is injectable for the tests.
 */
export function createMonitoringService(db: Db, now: () => Date = () => new Date()) {
  async function listOf(userId: number, at: Date): Promise<MonitoredSite[]> {
    const rows = await monitoringRepository.list(db, [userId], visitsSince(at));
    const last = await monitoringRepository.lastMissions(
      db,
      rows.map((r) => r.site_id),
    );
    return rows.map((r) => withStatus(r, at, last.get(r.site_id) ?? null));
  }

  return {
    /**
     * The user's monitored sites by locality, each with its status on today's date (UTC) and its last Mission.
     * @param at the moment to judge "due" at (default: now)
     */
    list: (userId: number, at: Date = now()): Promise<MonitoredSite[]> => listOf(userId, at),

    /**
     * Marks one of the user's sites monitored every `every_days` days (default 7), or changes its frequency.
     * @returns the site as `list` shows it
     * @throws 404 when the site does not exist or is not the user's
     */
    async mark(userId: number, siteId: number, input: SetMonitoringInput): Promise<MonitoredSite> {
      if (!(await monitoringRepository.ownsSite(db, userId, siteId))) throw notFound();
      await monitoringRepository.upsert(db, userId, siteId, input.every_days ?? MONITORING_EVERY_DAYS);
      const site = (await listOf(userId, now())).find((s) => s.site_id === siteId);
      if (!site) throw notFound();
      return site;
    },

    /**
     * Stops monitoring one of the user's sites; its visits stay.
     * @throws 404 when the site does not exist, is not the user's or was not monitored
     */
    async unmark(userId: number, siteId: number): Promise<void> {
      if (!(await monitoringRepository.remove(db, userId, siteId))) throw notFound();
    },

    /**
     * The Mission form's "Monitor this site" switch (`site.monitored`): applied to the site of the
     * checklist just written (a new site gets its id there). Idempotent, so a retried submission
     * applies it again harmlessly; keeps an existing frequency. Unknown checklist: nothing happens.
     */
    async applyFromMission(userId: number, checklistId: number, monitored: boolean, tx: DbOrTx = db): Promise<void> {
      const siteId = await monitoringRepository.siteOfChecklist(tx, userId, checklistId);
      if (siteId === undefined) return;
      if (!monitored) {
        await monitoringRepository.remove(tx, userId, siteId);
        return;
      }
      await monitoringRepository.insertIfAbsent(tx, userId, siteId, MONITORING_EVERY_DAYS);
    },
  };
}
export type MonitoringService = ReturnType<typeof createMonitoringService>;
