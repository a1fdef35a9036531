import {
  DUPLICATE_MAX_M,
  countsKey,
  distinctFlags,
  recordFlags,
  type PhotoFacts,
  type QualityFlag,
  type QualityPreviewInput,
  type QualityRecord,
} from '@mm/shared';
import type { Db, DbOrTx } from '../../db/client';
import { BORDER_TOLERANCE_KM, checkPlace, locateRegion } from '../../lib/province-locator';
import { qualityRepository as repo, type Twin } from './quality.repository';

const today = () => new Date().toISOString().slice(0, 10);
const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

/**
 * Border slack (km) of a stored point: the submission tolerance, the site's recorded uncertainty, or
 * the half-diagonal of the rounding cell of a coarse imported point (one decimal ≈ 7 km), whichever
 * is largest — the same slack the importer gave the record, so an accepted row is not flagged for it.
 */
function placeToleranceKm(lat: number, lng: number, uncertaintyM: number | null): number {
  const half = 0.5 * 10 ** -Math.min(decimals(lat), decimals(lng));
  const rounding = Math.hypot(half * 111.2, half * 111.2 * Math.cos((lat * Math.PI) / 180));
  return Math.max(BORDER_TOLERANCE_KM, rounding, (uncertaintyM ?? 0) / 1000);
}

/** `near_duplicate` naming the earliest earlier record with the same counts within `DUPLICATE_MAX_M`. */
const duplicateFlags = (twin: Twin | undefined): QualityFlag[] =>
  twin
    ? [{ code: 'near_duplicate', params: { checklist_id: twin.checklist_id, metres: Math.round(twin.metres) } }]
    : [];

/**
 * Quality flags (docs/quality-flags.md): the pure rules of `@mm/shared` plus the rules that
 * need the boundaries or the database (point outside the chosen province or outside Canada, the US
 * and Mexico; near-duplicate of the same volunteer's earlier record).
 */
export function createQualityService(db: Db) {
  // Reference rows, seeded at start-up: read once per process.
  let provinces: Promise<{ names: Map<string, string>; codes: Map<number, string> }> | undefined;
  const reference = () =>
    (provinces ??= repo.provinces(db).then((rows) => ({
      names: new Map(rows.map((r) => [r.code, r.province])),
      codes: new Map(rows.map((r) => [r.province_id, r.code])),
    })));
  const provinceName = async (code: string) => (await reference()).names.get(code) ?? code;

  /**
   * `place_other_province` (with the province the point lies in) or `place_outside_area` for a point
   * (WGS84 degrees) filed under a region (ISO 3166-2, null when none), with `placeToleranceKm` of slack.
   */
  async function placeFlags(
    regionCode: string | null,
    lat: number,
    lng: number,
    uncertaintyM: number | null,
  ): Promise<QualityFlag[]> {
    const tolerance = placeToleranceKm(lat, lng, uncertaintyM);
    if (regionCode === null)
      return locateRegion(lat, lng, tolerance) ? [] : [{ code: 'place_outside_area', params: {} }];
    const verdict = checkPlace(regionCode, lat, lng, tolerance);
    if (verdict.kind === 'outside') return [{ code: 'place_outside_area', params: {} }];
    if (verdict.kind === 'elsewhere')
      return [
        {
          code: 'place_other_province',
          params: { province: await provinceName(verdict.code), chosen: await provinceName(regionCode) },
        },
      ];
    return [];
  }

  /**
   * The flags of a record not yet written (or an edit of `exceptChecklistId`): per observation (`own`)
   * and for the whole record (`shared`: place and near-duplicate rules).
   */
  async function flagsOfUnwritten(
    userId: number,
    record: QualityRecord,
    provinceId: number,
    uncertaintyM: number | null,
    exceptChecklistId: number | null,
  ): Promise<{ own: QualityFlag[][]; shared: QualityFlag[] }> {
    const regionCode = (await reference()).codes.get(provinceId) ?? null;
    const twin = await repo.twinOfSubmission(
      db,
      {
        userId,
        date: record.checklist_date,
        latitude: record.latitude,
        longitude: record.longitude,
        key: countsKey(record.observations),
        exceptChecklistId,
      },
      DUPLICATE_MAX_M,
    );
    return {
      own: recordFlags(record, today()),
      shared: [
        ...(await placeFlags(regionCode, record.latitude, record.longitude, uncertaintyM)),
        ...duplicateFlags(twin),
      ],
    };
  }

  return {
    /**
     * Computes and stores the flags of every observation of the checklists, from what the database
     * holds now; run inside the transaction that wrote them (submission, import batch, correction).
     */
    async recompute(tx: DbOrTx, checklistIds: number[]): Promise<void> {
      const ids = [...new Set(checklistIds)];
      const facts = await repo.checklistFacts(tx, ids);
      const twins = new Map((await repo.earliestTwins(tx, ids, DUPLICATE_MAX_M)).map((t) => [t.later_id, t]));
      const rows: { observation_id: number; flags: QualityFlag[] }[] = [];
      for (const c of facts) {
        const shared = [
          ...(await placeFlags(c.region_code, c.latitude, c.longitude, c.coordinate_uncertainty_m)),
          ...duplicateFlags(twins.get(c.checklist_id)),
        ];
        const own = recordFlags(c, today());
        c.observations.forEach((o, i) =>
          rows.push({ observation_id: o.observation_id, flags: [...(own[i] ?? []), ...shared] }),
        );
      }
      await repo.writeFlags(tx, rows);
    },

    /**
     * Recomputes every record (with an id above `afterId`), `batch` checklists per transaction in id
     * order: rows written before the flags existed, or after a change of the rules.
     * @returns how many checklists were checked
     */
    async recomputeAll(
      { batch = 500, afterId = 0 }: { batch?: number; afterId?: number } = {},
      progress?: (done: number) => void,
    ): Promise<number> {
      let done = 0;
      let after = afterId;
      for (;;) {
        const ids = await repo.checklistIdsAfter(db, after, batch);
        if (ids.length === 0) return done;
        await db.transaction((tx) => this.recompute(tx, ids));
        done += ids.length;
        after = ids[ids.length - 1] ?? after;
        progress?.(done);
      }
    },

    /** Recomputes every checklist held by a site (after its place was corrected). */
    async recomputeSite(tx: DbOrTx, siteId: number): Promise<void> {
      await this.recompute(tx, await repo.checklistsOfSite(tx, siteId));
    },

    /**
     * The flags a submission would get, before it is sent (`POST /api/quality/preview`): every rule,
     * the volunteer's own photos' EXIF read from their uploads, without repeats.
     */
    async preview(userId: number, input: QualityPreviewInput): Promise<QualityFlag[]> {
      const photos = await repo.photoFacts(
        db,
        userId,
        input.observations.flatMap((o) => o.photo_names),
      );
      const observations = input.observations.map((o) => ({
        lifestage_id: o.lifestage_id,
        numbers: o.numbers,
        photos: o.photo_names.map((n) => photos.get(n)).filter((p): p is PhotoFacts => p !== undefined),
      }));
      const record = { ...input, stems_inspected: input.stems_inspected ?? null, observations };
      const { own, shared } = await flagsOfUnwritten(
        userId,
        record,
        input.province_id,
        null,
        input.checklist_id ?? null,
      );
      return distinctFlags([...own, shared]);
    },

    /**
     * Each observation's flags for a new record about to be written at a new site (the same as
     * `recompute` would store right after), so the insert stores them in the same statement.
     * @param record point (WGS84 degrees), date, effort and observations in insert order, no photos
     * @param uncertaintyM the new site's coordinate uncertainty (metres), null when unknown
     * @returns one list per observation, in `record.observations` order
     */
    async flagsOfNewRecord(
      userId: number,
      record: QualityRecord,
      provinceId: number,
      uncertaintyM: number | null,
    ): Promise<QualityFlag[][]> {
      const { own, shared } = await flagsOfUnwritten(userId, record, provinceId, uncertaintyM, null);
      return own.map((flags) => [...flags, ...shared]);
    },
  };
}
export type QualityService = ReturnType<typeof createQualityService>;
