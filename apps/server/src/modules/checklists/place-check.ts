import type { DbOrTx } from '../../db/client';
import { HttpError, fieldError } from '../../lib/errors';
import { checkPlace, provinceLocator, regionCodeOf, type ProvinceRef } from '../../lib/province-locator';
import { provinceRefs } from '../utilities/utilities.service';

/** Translation keys (validation namespace) of the boundary checks, in packages/shared/locales. */
const PLACE_KEYS = {
  /** `{{field}}`, `{{province}}`: the point lies in another province or state. */
  otherProvince: 'validation.point_in_other_province',
  /** `{{field}}`: the point lies outside Canada, the United States and Mexico. */
  outsideArea: 'validation.point_outside_area',
} as const;

type ProvinceRow = ProvinceRef & { province: string };

/**
 * Boundary checks of submitted points (spec §3 Flash and Mission sites; README "Province
 * boundaries"), with the province rows read once per process (reference data seeded at start-up).
 */
export function createPlaceCheck(db: DbOrTx) {
  let locator:
    Promise<ReturnType<typeof provinceLocator<ProvinceRow>> & { byId: Map<number, ProvinceRow> }> | undefined;
  const get = () =>
    (locator ??= provinceRefs(db).then((rows) => ({
      ...provinceLocator(rows),
      byId: new Map(rows.map((r) => [r.province_id, r])),
    })));

  return {
    /**
     * Checks a point (WGS84 degrees) against the province it was filed under, with
     * `BORDER_TOLERANCE_KM` of slack at borders and coasts. An unknown province id passes (the
     * reference check names it).
     * @throws 400 on `province_id` naming the province the point lies in; 400 on `latitude` and
     *   `longitude` when it lies outside Canada, the United States and Mexico
     */
    async check(site: { province_id: number; latitude: number; longitude: number }): Promise<void> {
      const { byId, byCode } = await get();
      const chosen = byId.get(site.province_id);
      if (!chosen) return;
      const verdict = checkPlace(regionCodeOf(chosen), site.latitude, site.longitude);
      if (verdict.kind === 'elsewhere')
        throw fieldError('province_id', PLACE_KEYS.otherProvince, {
          province: byCode(verdict.code)?.province ?? verdict.code,
        });
      if (verdict.kind === 'outside')
        throw new HttpError(
          400,
          'errors.validation',
          {},
          {
            latitude: { key: PLACE_KEYS.outsideArea },
            longitude: { key: PLACE_KEYS.outsideArea },
          },
        );
    },

    /** The province and country of a point (WGS84 degrees); nulls outside Canada, the US and Mexico. */
    async locate(lat: number, lng: number): Promise<{ province_id: number | null; country_id: number | null }> {
      const hit = (await get()).locate(lat, lng);
      return { province_id: hit?.province_id ?? null, country_id: hit?.country_id ?? null };
    },
  };
}
