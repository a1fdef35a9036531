import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRegionLocator, type Admin1Topology } from '@mm/shared/geo';
import {
  BORDER_TOLERANCE_KM,
  COAST_TOLERANCE_KM,
  checkPlace,
  distanceToRegionKm,
  hasRegion,
  locateRegion,
  regionAt,
} from '../src/lib/province-locator';
import { countries, provinces } from '@mm/shared/reference-data';
import { ADMIN1_FILE, BORDERS_FILE } from '../src/db/seed/admin1-file';

describe('province boundaries (README "Province boundaries")', () => {
  it('hold one outline for each of the 13 provinces and territories, 50 states and DC, 32 Mexican states', () => {
    const code = new Map(countries.map((c) => [c.id, c.administrative]));
    const missing = provinces.filter((p) => !hasRegion(`${code.get(p.country_id)}-${p.administrative}`));
    expect(missing).toEqual([]);
    expect(provinces).toHaveLength(96);
    // The phone's file stays small (precached offline); the server's precise one under 2.5 MB.
    expect(statSync(ADMIN1_FILE).size).toBeLessThan(600_000);
    expect(statSync(BORDERS_FILE).size).toBeLessThan(2_500_000);
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
    expect(distanceToRegionKm(code, lat, lng)).toBeLessThan(COAST_TOLERANCE_KM);
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
});

/**
 * Street-level points on both sides of each border town named in docs/adr/0024 (city halls,
 * landmarks, downtown corners), against the server's precise boundaries and with the 500 m
 * tolerance: each lies in its own region, and filed under the region across the border it is refused.
 */
describe('borders to the street (docs/adr/0025-borders-to-the-street.md)', () => {
  // 'within' 500 m of the line (a riverbank, a street along the border): accepted under either side.
  const sides: [string, number, number, string, string, 'within' | 'beyond'][] = [
    // Ottawa River: the Canadian Museum of History and central Hull face Parliament and the National Gallery.
    ['Hull, Maison du citoyen', 45.4285, -75.713, 'CA-QC', 'CA-ON', 'beyond'],
    ['Gatineau, Canadian Museum of History', 45.4301, -75.7094, 'CA-QC', 'CA-ON', 'within'],
    ['Gatineau, 5 km inside', 45.47, -75.72, 'CA-QC', 'CA-ON', 'beyond'],
    ['Ottawa, National Gallery of Canada', 45.4295, -75.6988, 'CA-ON', 'CA-QC', 'within'],
    ['Ottawa, Parliament Hill', 45.4246, -75.699, 'CA-ON', 'CA-QC', 'within'],
    ['Ottawa, City Hall', 45.4208, -75.6901, 'CA-ON', 'CA-QC', 'beyond'],
    // Grenville (Québec) and Hawkesbury (Ontario), lower down the Ottawa River.
    ['Grenville', 45.628, -74.6, 'CA-QC', 'CA-ON', 'beyond'],
    ['Hawkesbury', 45.607, -74.605, 'CA-ON', 'CA-QC', 'beyond'],
    // Detroit River: Windsor's riverfront and downtown Detroit, about a kilometre apart.
    ['Windsor, riverfront', 42.3195, -83.04, 'CA-ON', 'US-MI', 'within'],
    ['Windsor, downtown', 42.3149, -83.0364, 'CA-ON', 'US-MI', 'beyond'],
    ['Detroit, Renaissance Center', 42.3293, -83.0398, 'US-MI', 'CA-ON', 'beyond'],
    ['Detroit, Campus Martius', 42.3315, -83.0466, 'US-MI', 'CA-ON', 'beyond'],
    // Rio Grande: El Paso's City Hall and San Jacinto Plaza, Ciudad Juárez's cathedral and Avenida Juárez.
    ['El Paso, City Hall', 31.7587, -106.49, 'US-TX', 'MX-CHH', 'beyond'],
    ['El Paso, San Jacinto Plaza', 31.759, -106.4885, 'US-TX', 'MX-CHH', 'beyond'],
    ['Ciudad Juárez, cathedral', 31.7392, -106.487, 'MX-CHH', 'US-TX', 'beyond'],
    ['Ciudad Juárez, Avenida Juárez', 31.744, -106.487, 'MX-CHH', 'US-TX', 'within'],
    // Niagara River below the Falls.
    ['Niagara Falls ON, Clifton Hill', 43.0918, -79.075, 'CA-ON', 'US-NY', 'beyond'],
    ['Niagara Falls ON, City Hall', 43.104, -79.079, 'CA-ON', 'US-NY', 'beyond'],
    ['Niagara Falls NY, City Hall', 43.0945, -79.056, 'US-NY', 'CA-ON', 'beyond'],
    ['Niagara Falls NY, casino', 43.088, -79.0603, 'US-NY', 'CA-ON', 'beyond'],
    // St. Marys River: Sault Ste. Marie's two downtowns.
    ['Sault Ste. Marie ON, Queen Street', 46.5118, -84.3303, 'CA-ON', 'US-MI', 'beyond'],
    ['Sault Ste. Marie ON, City Hall', 46.5098, -84.329, 'CA-ON', 'US-MI', 'beyond'],
    ['Sault Ste. Marie MI, City Hall', 46.4966, -84.344, 'US-MI', 'CA-ON', 'beyond'],
    ['Sault Ste. Marie MI, Soo Locks', 46.503, -84.352, 'US-MI', 'CA-ON', 'beyond'],
    // Lac-Mégantic and the Maine border crossing at Woburn / Coburn Gore.
    ['Lac-Mégantic, City Hall', 45.5781, -70.8848, 'CA-QC', 'US-ME', 'beyond'],
    ['Woburn', 45.385, -70.87, 'CA-QC', 'US-ME', 'beyond'],
    ['Coburn Gore', 45.392, -70.799, 'US-ME', 'CA-QC', 'beyond'],
    // Stanstead and Derby Line, a street apart.
    ['Stanstead, Dufferin Street', 45.0105, -72.0975, 'CA-QC', 'US-VT', 'beyond'],
    ['Derby Line, Main Street', 45.002, -72.099, 'US-VT', 'CA-QC', 'within'],
  ];

  it.each(sides)('%s (%f, %f) lies in %s; filed under %s, %s 500 m of the border', (...row) => {
    const [, lat, lng, code, across, distance] = row;
    expect(regionAt(lat, lng)).toBe(code);
    expect(locateRegion(lat, lng)).toBe(code);
    expect(checkPlace(code, lat, lng)).toEqual({ kind: 'inside' });
    expect(checkPlace(across, lat, lng)).toEqual(
      distance === 'within' ? { kind: 'inside' } : { kind: 'elsewhere', code },
    );
  });

  it('the phone file placed central Hull in Ontario; the server file does not (why the server checks on the precise one)', () => {
    const device = createRegionLocator(JSON.parse(readFileSync(ADMIN1_FILE, 'utf8')) as Admin1Topology);
    expect(device.regionAt(45.4285, -75.713)).toBe('CA-ON');
    expect(regionAt(45.4285, -75.713)).toBe('CA-QC');
  });

  it.each([
    // In the rivers themselves, within 500 m of either bank's region: a sighting from a bridge or a boat.
    ['the Ottawa River between Hull and Parliament', 45.4275, -75.705, 'CA-ON', 'CA-QC', 'beyond'],
    ['the Detroit River off the Renaissance Center', 42.324, -83.033, 'CA-ON', 'US-MI', 'beyond'],
    ['the Rio Grande at the Paso del Norte bridge', 31.748, -106.487, 'US-TX', 'MX-CHH', 'beyond'],
    ['the Haskell Free Library, astride the line', 45.0056, -72.0987, 'CA-QC', 'US-VT', 'beyond'],
  ])('accepts %s filed under either side', (_name, lat, lng, a, b) => {
    expect(checkPlace(a, lat, lng)).toEqual({ kind: 'inside' });
    expect(checkPlace(b, lat, lng)).toEqual({ kind: 'inside' });
  });

  it('keeps the tolerance at most 500 m across a border', () => {
    expect(BORDER_TOLERANCE_KM).toBeLessThanOrEqual(0.5);
  });
});
