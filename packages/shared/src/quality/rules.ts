import { Lifestage } from '../constants/enums';
import type { QualityFlag } from './flags';
import { inSeason } from './season';

/** Earliest date not flagged as suspiciously old (yyyy-MM-dd). */
export const EARLIEST_USUAL_DATE = '1900-01-01';

/**
 * Most individuals of one life stage a single observation usually holds. Adults: autumn roosts hold
 * hundreds to a few thousand (Journey North roost reports); immature stages: even a Mission over
 * hundreds of stems rarely finds more than a few hundred (Monarch Larva Monitoring Project densities,
 * usually well under one egg or larva per plant). Above it the count is flagged.
 */
export const COUNT_CEILINGS: Readonly<Record<number, number>> = {
  [Lifestage.Adult]: 10_000,
  [Lifestage.Eggs]: 1_000,
  [Lifestage.Caterpillar]: 1_000,
  [Lifestage.Chrysalis]: 200,
};

/**
 * Most eggs, or caterpillars, per milkweed stem inspected before a Mission's count is flagged: a
 * female lays about one egg per plant visit and larvae on one stem seldom exceed a handful
 * (Monarch Larva Monitoring Project protocol and densities), so 10 per stem is already exceptional.
 */
export const MAX_PER_STEM = 10;
const PER_STEM_STAGES: readonly number[] = [Lifestage.Eggs, Lifestage.Caterpillar];

/**
 * Days between a photo's EXIF date and the entered date beyond which it is flagged: EXIF holds the
 * camera's local time and the form a calendar day, so one day apart is normal around midnight.
 */
export const PHOTO_MAX_DAYS = 1;
/** Distance (km) between a photo's EXIF position and the entered point beyond which it is flagged. */
export const PHOTO_MAX_KM = 10;

/** What a photo's EXIF said (missing parts are null): day taken (yyyy-MM-dd) and position (WGS84 degrees). */
export interface PhotoFacts {
  taken_on: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The parts of a record the pure rules read. Dates yyyy-MM-dd, points WGS84 degrees. */
export interface QualityRecord {
  checklist_date: string;
  latitude: number;
  longitude: number;
  /** Milkweed stems inspected (Mission); null for a Flash. */
  stems_inspected: number | null;
  /** One per observation: the monarch life stage (null for a milkweed row), its count and its photos. */
  observations: { lifestage_id: number | null; numbers: number | null; photos?: readonly PhotoFacts[] }[];
}

/** Great-circle distance (km) between two WGS84 points (haversine, mean Earth radius 6371 km). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const dayNumber = (isoDay: string) => Math.round(Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000);

/** `date_future` after `today`, `date_before_1900` before 1900-01-01 (both yyyy-MM-dd). */
export function dateFlags(date: string, today: string): QualityFlag[] {
  if (date > today) return [{ code: 'date_future', params: { date } }];
  if (date < EARLIEST_USUAL_DATE) return [{ code: 'date_before_1900', params: { date } }];
  return [];
}

/** `out_of_season` when a life stage is not expected in the date's month at the latitude (`SEASON_TABLE`). */
export function seasonFlags(lifestageId: number | null, date: string, latitude: number): QualityFlag[] {
  const month = Number(date.slice(5, 7));
  if (lifestageId === null || inSeason(lifestageId, month, latitude)) return [];
  return [
    { code: 'out_of_season', params: { lifestage_id: lifestageId, month, latitude: Math.round(latitude * 10) / 10 } },
  ];
}

/**
 * `count_above_ceiling` over `COUNT_CEILINGS`; `count_per_stem` when eggs or caterpillars exceed
 * `MAX_PER_STEM` per stem inspected (Missions, `stems` > 0).
 */
export function countFlags(lifestageId: number | null, numbers: number | null, stems: number | null): QualityFlag[] {
  if (lifestageId === null || numbers === null) return [];
  const flags: QualityFlag[] = [];
  const ceiling = COUNT_CEILINGS[lifestageId];
  if (ceiling !== undefined && numbers > ceiling)
    flags.push({ code: 'count_above_ceiling', params: { lifestage_id: lifestageId, numbers, ceiling } });
  if (stems !== null && stems > 0 && PER_STEM_STAGES.includes(lifestageId) && numbers > MAX_PER_STEM * stems)
    flags.push({
      code: 'count_per_stem',
      params: { lifestage_id: lifestageId, numbers, stems, per_stem: Math.round((numbers / stems) * 10) / 10 },
    });
  return flags;
}

/**
 * `photo_date_far` when a photo's EXIF day is more than `PHOTO_MAX_DAYS` from the entered date,
 * `photo_place_far` when its EXIF position is more than `PHOTO_MAX_KM` from the entered point.
 * One flag of each kind per observation, for the farthest photo.
 */
export function photoFlags(
  photos: readonly PhotoFacts[],
  date: string,
  latitude: number,
  longitude: number,
): QualityFlag[] {
  let days = 0;
  let dayTaken = '';
  let km = 0;
  for (const p of photos) {
    if (p.taken_on) {
      const d = Math.abs(dayNumber(p.taken_on) - dayNumber(date));
      if (d > days) [days, dayTaken] = [d, p.taken_on];
    }
    if (p.latitude !== null && p.longitude !== null)
      km = Math.max(km, distanceKm(latitude, longitude, p.latitude, p.longitude));
  }
  const flags: QualityFlag[] = [];
  if (days > PHOTO_MAX_DAYS) flags.push({ code: 'photo_date_far', params: { photo_date: dayTaken, days } });
  if (km > PHOTO_MAX_KM) flags.push({ code: 'photo_place_far', params: { km: Math.round(km) } });
  return flags;
}

/**
 * Every rule that needs no database, for each observation of a record, in the record's order: the
 * date rules on every row, season and count rules on monarch rows, photo rules on rows with photos.
 * @param today yyyy-MM-dd (UTC, as the input schemas compare)
 */
export function recordFlags(record: QualityRecord, today: string): QualityFlag[][] {
  const dated = dateFlags(record.checklist_date, today);
  return record.observations.map((o) => [
    ...dated,
    ...seasonFlags(o.lifestage_id, record.checklist_date, record.latitude),
    ...countFlags(o.lifestage_id, o.numbers, record.stems_inspected),
    ...photoFlags(o.photos ?? [], record.checklist_date, record.latitude, record.longitude),
  ]);
}

/** The flags of several observations merged without repeats (same code and parameters), for one warning list. */
export function distinctFlags(lists: readonly (readonly QualityFlag[])[]): QualityFlag[] {
  const seen = new Map<string, QualityFlag>();
  for (const f of lists.flat()) seen.set(`${f.code}:${JSON.stringify(f.params)}`, f);
  return [...seen.values()];
}

/**
 * A comparable key of a record's monarch counts (life stage and number, sorted; milkweed rows
 * ignored), for the near-duplicate rule: two records with the same key counted the same.
 */
export function countsKey(observations: readonly { lifestage_id: number | null; numbers: number | null }[]): string {
  return observations
    .filter((o) => o.lifestage_id !== null)
    .map((o) => `${o.lifestage_id}:${o.numbers ?? ''}`)
    .sort()
    .join(',');
}

/** Distance (m) within which an earlier record of the same volunteer, same day and same counts is a near-duplicate. */
export const DUPLICATE_MAX_M = 100;
