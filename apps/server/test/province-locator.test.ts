import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BORDER_TOLERANCE_KM,
  checkPlace,
  distanceToRegionKm,
  hasRegion,
  locateRegion,
  regionAt,
} from '../src/lib/province-locator';
import { countries, provinces } from '@mm/shared/reference-data';
import { ADMIN1_FILE } from '../src/db/seed/admin1-file';

describe('province boundaries (README "Province boundaries")', () => {
  it('hold one outline for each of the 13 provinces and territories, 50 states and DC, 32 Mexican states', () => {
    const code = new Map(countries.map((c) => [c.id, c.administrative]));
    const missing = provinces.filter((p) => !hasRegion(`${code.get(p.country_id)}-${p.administrative}`));
    expect(missing).toEqual([]);
    expect(provinces).toHaveLength(96);
    // Small enough to ship with the server and the phone app (read at start-up, precached offline).
    expect(statSync(ADMIN1_FILE).size).toBeLessThan(600_000);
  });

  it.each([
    // Ottawa River: Gatineau (Hull) and downtown Ottawa face each other.
    ['Gatineau, Hull', 45.4765, -75.7013, 'CA-QC'],
    ['Ottawa, Centretown', 45.4215, -75.6972, 'CA-ON'],
    // Detroit River: Windsor downtown and Detroit downtown, ≈ 2 km apart.
    ['Windsor', 42.3149, -83.0364, 'CA-ON'],
    ['Detroit', 42.3314, -83.0458, 'US-MI'],
    // Rio Grande at El Paso.
    ['Ciudad Juárez', 31.72, -106.46, 'MX-CHH'],
    ['El Paso, downtown', 31.7619, -106.485, 'US-TX'],
    // Lake of the Woods: Kenora, Warroad and the Northwest Angle (Minnesota, reached through Manitoba).
    ['Kenora', 49.767, -94.4894, 'CA-ON'],
    ['Warroad', 48.905, -95.3144, 'US-MN'],
    ['Northwest Angle', 49.346, -95.07, 'US-MN'],
    ['Winnipeg', 49.8951, -97.1384, 'CA-MB'],
  ])('%s (%f, %f) lies in %s', (_name, lat, lng, code) => {
    expect(regionAt(lat, lng)).toBe(code);
    expect(locateRegion(lat, lng)).toBe(code);
    expect(checkPlace(code, lat, lng)).toEqual({ kind: 'inside' });
  });

  it.each([
    ['Halifax harbour', 44.64, -63.56, 'CA-NS'],
    ['Tofino waterfront', 49.153, -125.9066, 'CA-BC'],
  ])('places a coastal point (%s, %f, %f) just off the simplified shore in %s', (_name, lat, lng, code) => {
    expect(regionAt(lat, lng)).toBeUndefined();
    expect(distanceToRegionKm(code, lat, lng)).toBeLessThan(BORDER_TOLERANCE_KM);
    expect(locateRegion(lat, lng)).toBe(code);
    expect(checkPlace(code, lat, lng)).toEqual({ kind: 'inside' });
  });

  it.each([
    ['at sea, 40° N 50° W', 40, -50],
    ['in Kenya, near Nakuru', -0.3713, 36.056417],
    ['in Madrid', 40.4469, -3.7247],
  ])('finds no province %s', (_name, lat, lng) => {
    expect(regionAt(lat, lng)).toBeUndefined();
    expect(locateRegion(lat, lng)).toBeUndefined();
    expect(checkPlace('CA-QC', lat, lng)).toEqual({ kind: 'outside' });
  });

  it('names the province a point lies in when it is filed under another, beyond the tolerance', () => {
    expect(checkPlace('US-MN', 49.8951, -97.1384)).toEqual({ kind: 'elsewhere', code: 'CA-MB' });
    // Chelsea, 7.5 km north of the Ottawa River, filed as Ontario.
    expect(checkPlace('CA-ON', 45.5, -75.78)).toEqual({ kind: 'elsewhere', code: 'CA-QC' });
    // South Windsor, 6.6 km from Michigan, filed as Michigan.
    expect(checkPlace('US-MI', 42.27, -83.0)).toEqual({ kind: 'elsewhere', code: 'CA-ON' });
    // Southern Ciudad Juárez, 5.8 km from Texas, filed as Texas.
    expect(checkPlace('US-TX', 31.69, -106.42)).toEqual({ kind: 'elsewhere', code: 'MX-CHH' });
  });

  it('accepts either side within the tolerance of a border (sources and simplification differ by a few hundred metres)', () => {
    expect(distanceToRegionKm('CA-ON', 45.4765, -75.7013)).toBeLessThan(BORDER_TOLERANCE_KM);
    expect(checkPlace('CA-ON', 45.4765, -75.7013)).toEqual({ kind: 'inside' });
    expect(checkPlace('US-MI', 42.3149, -83.0364)).toEqual({ kind: 'inside' });
  });
});
