import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@mm/shared';
import {
  clustersUrl,
  compactCountBySpec,
  groupedCount,
  islandLabel,
  numberSpec,
  parseIslandData,
  type IslandLabels,
} from './island-text';

const EN: IslandLabels = {
  cluster_one: '{{count, number}} observation: zoom in',
  cluster_other: '{{count, number}} observations: zoom in',
  total_other: '{{count, number}} observations in this area',
};

/** Counts around every rounding and grouping edge, up to the hundreds of millions. */
const COUNTS = [
  0, 1, 7, 999, 1000, 1049, 1050, 1234, 1949, 1950, 9949, 9950, 9999, 10_000, 12_345, 99_949, 99_950, 123_456, 999_949,
  999_950, 999_999, 1_000_000, 1_049_999, 1_050_000, 1_234_567, 12_345_678, 99_950_000, 123_456_789, 999_949_999,
];

describe('numberSpec, groupedCount and compactCountBySpec write counts as Intl does', () => {
  it.each([...LOCALES])('in %s', (lng) => {
    const spec = numberSpec(lng);
    const plain = new Intl.NumberFormat(lng);
    const compact = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 });
    // Every count from 0 to 20,000 and the edges above.
    const counts = [...Array.from({ length: 20_001 }, (_, i) => i), ...COUNTS];
    for (const n of counts) {
      expect(groupedCount(spec, n), `${lng} ${n}`).toBe(plain.format(n));
      expect(compactCountBySpec(spec, n, lng), `${lng} ${n} compact`).toBe(compact.format(n));
    }
  });

  it('leaves a billion and more, and a missing spec, to Intl', () => {
    expect(compactCountBySpec(undefined, 1234, 'fr')).toBe(
      new Intl.NumberFormat('fr', { notation: 'compact', maximumFractionDigits: 1 }).format(1234),
    );
    expect(compactCountBySpec(numberSpec('en'), 2_500_000_000, 'en')).toBe('2.5B');
  });
});

describe('islandLabel', () => {
  it('writes the singular and plural forms with the count’s digit groups', () => {
    const spec = numberSpec('en');
    expect(islandLabel(EN, spec, 'cluster', 1, 'en')).toBe('1 observation: zoom in');
    expect(islandLabel(EN, spec, 'cluster', 42, 'en')).toBe('42 observations: zoom in');
    expect(islandLabel(EN, spec, 'cluster', 12_345, 'en')).toBe('12,345 observations: zoom in');
    expect(islandLabel(EN, undefined, 'cluster', 12_345, 'en')).toBe('12,345 observations: zoom in');
  });

  it('falls back to the "other" form, and to nothing without the template', () => {
    expect(islandLabel(EN, numberSpec('en'), 'total', 1, 'en')).toBe('1 observations in this area');
    expect(islandLabel(EN, numberSpec('en'), 'checklist_marker', 3, 'en')).toBe('');
  });

  it('can read "many" as "other": the map labels write both alike in every language', () => {
    const locales = path.resolve(import.meta.dirname, '../../../../../../packages/shared/locales');
    for (const lng of LOCALES) {
      const map = (JSON.parse(readFileSync(path.join(locales, lng, 'explore.json'), 'utf8')) as { map: IslandLabels })
        .map;
      for (const key of ['cluster', 'cluster_same_place', 'checklist_marker', 'total'])
        if (map[`${key}_many`] !== undefined) expect(map[`${key}_many`], `${lng} ${key}`).toBe(map[`${key}_other`]);
    }
  });
});

describe('parseIslandData', () => {
  it('reads the JSON the server writes, and nothing from a missing or broken attribute', () => {
    expect(parseIslandData(JSON.stringify(EN))).toEqual(EN);
    expect(parseIslandData(undefined)).toBeUndefined();
    expect(parseIslandData('{oops')).toBeUndefined();
    expect(parseIslandData('null')).toBeUndefined();
  });
});

describe('clustersUrl', () => {
  it('asks as the app does: the viewport’s fields in their order, no filter', () => {
    expect(clustersUrl({ zoom: 3, west: -120.5, east: -30, south: 20, north: 70.25 })).toBe(
      '/api/observations/clusters?zoom=3&west=-120.5&east=-30&south=20&north=70.25',
    );
  });
});
