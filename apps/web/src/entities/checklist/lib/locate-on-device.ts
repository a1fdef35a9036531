import admin1Url from '@mm/shared/geo/admin1.json?url';
import { createRegionLocator, regionCodeOf, type Admin1Topology, type RegionLocator } from '@mm/shared/geo';
import { getParams } from '../../params/get-params';
import type { LocateResult } from '../api/locate';

let locator: Promise<RegionLocator> | undefined;

/**
 * The province and state boundaries (the server's file, ≈ 130 KB gzip, precached by the service
 * worker with the app shell), indexed once per page.
 */
function load(): Promise<RegionLocator> {
  locator ??= fetch(admin1Url)
    .then((res) => {
      if (!res.ok) throw new Error(`boundaries: HTTP ${res.status}`);
      return res.json() as Promise<Admin1Topology>;
    })
    .then(createRegionLocator)
    .catch((err: unknown) => {
      locator = undefined; // try again next time (e.g. once the network is back)
      throw err;
    });
  return locator;
}

/**
 * The province (and its country) suggested for a WGS84 point on the device itself, with the same
 * boundaries and rule as `GET /api/utilities/locate` (the region containing the point, else the
 * nearest within 3 km): the suggestion still works with no network in the field.
 * Province rows come from the reference data (`loadparams`, kept offline by the service worker).
 * @returns nulls outside Canada, the United States and Mexico
 */
export async function locateOnDevice(lat: number, lng: number): Promise<LocateResult> {
  const [regions, params] = await Promise.all([load(), getParams()]);
  const code = regions.locateRegion(lat, lng);
  const countryCode = new Map(params.countries.map((c) => [c.id, c.administrative]));
  const province = params.provinces.find(
    (p) =>
      regionCodeOf({ administrative: p.administrative, country_code: countryCode.get(p.country_id) ?? '' }) === code,
  );
  return { province_id: province?.province_id ?? null, country_id: province?.country_id ?? null };
}
