import { Lifestage } from './constants/enums';
import { SEASON_TABLE } from './quality/season';

/**
 * Monitored sites (docs/monitoring.md): the Mission protocol asks for a visit of the same site every
 * week of the breeding season. Pure functions of dates; the caller passes `now`, so the server, the
 * browser (offline, with the device's clock) and the tests read the same rules.
 */

/** Days between two visits of a monitored site unless the volunteer chose otherwise (weekly). */
export const MONITORING_EVERY_DAYS = 7;
/** Bounds of a site's chosen frequency (days). */
export const MONITORING_EVERY_DAYS_MIN = 1;
export const MONITORING_EVERY_DAYS_MAX = 31;
/** At most one reminder email per volunteer in this many days, whatever the number of sites. */
export const REMINDER_GAP_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day `yyyy-MM-dd` as whole days since 1970-01-01. */
function dayNumber(iso: string): number {
  return Math.floor(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS);
}

/** Whole days since 1970-01-01 → `yyyy-MM-dd`. */
function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant, `yyyy-MM-dd` (the day a reminder run or a device reads as "today"). */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export { localDayOf } from './local-day';

/** Last day of month `month` (1–12) of `year`, `yyyy-MM-dd`. */
function monthEnd(year: number, month: number): string {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${length}`;
}

/**
 * The months (1–12, inclusive) in which a site at `latitude` (WGS84 degrees north) is monitored: the
 * breeding season, when eggs or caterpillars are expected in the quality flags' season table
 * (`SEASON_TABLE`, docs/quality-flags.md): May–October at ≥ 40° N, March–November at 30–40° N, all
 * year below 30° N (and in the southern hemisphere, which the table does not cover).
 */
export function monitoringMonths(latitude: number): readonly [number, number] {
  const band = SEASON_TABLE.find((b) => latitude >= b.minLatitude);
  if (!band) return [1, 12];
  const eggs = band.months[Lifestage.Eggs];
  const larvae = band.months[Lifestage.Caterpillar];
  return [Math.min(eggs[0], larvae[0]), Math.max(eggs[1], larvae[1])];
}

/** A site's monitoring season in `year`: its first and last day, `yyyy-MM-dd`, inclusive. */
export interface MonitoringSeason {
  start: string;
  end: string;
}

/** The monitoring season of `year` at `latitude` (see `monitoringMonths`). */
export function monitoringSeason(latitude: number, year: number): MonitoringSeason {
  const [from, to] = monitoringMonths(latitude);
  return { start: `${year}-${String(from).padStart(2, '0')}-01`, end: monthEnd(year, to) };
}

/** What the rules need of a monitored site: where it is, how often, and its Mission visits' days. */
export interface MonitoredSiteFacts {
  latitude: number;
  /** Days between two visits (default `MONITORING_EVERY_DAYS`). */
  every_days: number;
  /** Days (`yyyy-MM-dd`) of the site's Missions, in any order. */
  visits: readonly string[];
}

/** Where a monitored site stands on a day. */
export interface MonitoringStatus {
  /** The season of the day's year at the site's latitude. */
  season: MonitoringSeason;
  /** True when the day lies inside that season. */
  in_season: boolean;
  /** The newest visit on or before the day, or null. */
  last_visit: string | null;
  /** Visits inside this year's season up to the day. */
  visits_this_season: number;
  /**
   * True when a visit is due: inside the season and no visit in the last `every_days` days (a visit
   * `every_days` days ago or earlier makes it due; one `every_days − 1` days ago does not).
   */
  due: boolean;
  /**
   * The first day a visit is (or was) due this season: `last_visit + every_days`, never before the
   * season's start; null once the season is over or when that day falls after its end.
   */
  next_due: string | null;
}

/**
 * Due rule of a monitored site on the day of `now`: inside its season (`monitoringSeason`) and no
 * Mission there in the last `every_days` days. Visits after the day (a date typed ahead) are ignored.
 * @param now an instant, judged on its UTC day (the server, the reminder job), or a calendar day
 *   `yyyy-MM-dd` (a browser passes its local day, `localDayOf`)
 */
export function monitoringStatus(site: MonitoredSiteFacts, now: Date | string): MonitoringStatus {
  const today = typeof now === 'string' ? now : dayOf(now);
  const season = monitoringSeason(site.latitude, Number(today.slice(0, 4)));
  const inSeason = today >= season.start && today <= season.end;
  const past = site.visits.filter((d) => d <= today).sort();
  const lastVisit = past.at(-1) ?? null;
  const visitsThisSeason = past.filter((d) => d >= season.start && d <= season.end).length;
  const every = Math.max(MONITORING_EVERY_DAYS_MIN, Math.round(site.every_days) || MONITORING_EVERY_DAYS);
  const afterLast = lastVisit === null ? season.start : isoDay(dayNumber(lastVisit) + every);
  const nextDue = afterLast < season.start ? season.start : afterLast;
  return {
    season,
    in_season: inSeason,
    last_visit: lastVisit,
    visits_this_season: visitsThisSeason,
    due: inSeason && nextDue <= today,
    next_due: nextDue <= season.end && today <= season.end ? nextDue : null,
  };
}

/**
 * The ISO 8601 week of the day of `now` (UTC), `YYYY-Www`: the key that makes one reminder per
 * volunteer and week (docs/adr/0030).
 */
export function isoWeekKey(now: Date): string {
  const day = dayNumber(dayOf(now));
  const weekday = (new Date(day * DAY_MS).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = day - weekday + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
