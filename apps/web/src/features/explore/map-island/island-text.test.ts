import { describe, expect, it } from 'vitest';
import { clustersUrl, islandLabel, parseIslandLabels } from './island-text';

const EN = {
  cluster_one: '{{count, number}} observation: zoom in',
  cluster_many: '{{count, number}} observations: zoom in',
  cluster_other: '{{count, number}} observations: zoom in',
  total_other: '{{count, number}} observations in this area',
};
const FR = {
  cluster_one: '{{count, number}} observation : zoomer',
  cluster_many: '{{count, number}} d’observations : zoomer',
  cluster_other: '{{count, number}} observations : zoomer',
};

describe('islandLabel', () => {
  it('writes the singular and plural forms as i18next would', () => {
    expect(islandLabel(EN, 'cluster', 1, 'en')).toBe('1 observation: zoom in');
    expect(islandLabel(EN, 'cluster', 42, 'en')).toBe('42 observations: zoom in');
  });

  it('groups the digits of a count from 1,000 by the language', () => {
    expect(islandLabel(EN, 'cluster', 12345, 'en')).toBe('12,345 observations: zoom in');
    expect(islandLabel(FR, 'cluster', 12345, 'fr')).toBe(`12${'\u202f'}345 observations : zoomer`);
  });

  it('uses the language’s other plural forms (French "many" for a million)', () => {
    expect(islandLabel(FR, 'cluster', 1_000_000, 'fr')).toBe(`1${'\u202f'}000${'\u202f'}000 d’observations : zoomer`);
  });

  it('falls back to the "other" form, and to nothing without the template', () => {
    expect(islandLabel(EN, 'total', 1, 'en')).toBe('1 observations in this area');
    expect(islandLabel(EN, 'checklist_marker', 3, 'en')).toBe('');
  });
});

describe('parseIslandLabels', () => {
  it('reads the JSON the server writes, and nothing from a missing or broken attribute', () => {
    expect(parseIslandLabels(JSON.stringify(EN))).toEqual(EN);
    expect(parseIslandLabels(undefined)).toEqual({});
    expect(parseIslandLabels('{oops')).toEqual({});
    expect(parseIslandLabels('null')).toEqual({});
  });
});

describe('clustersUrl', () => {
  it('asks as the app does: the viewport’s fields in their order, no filter', () => {
    expect(clustersUrl({ zoom: 3, west: -120.5, east: -30, south: 20, north: 70.25 })).toBe(
      '/api/observations/clusters?zoom=3&west=-120.5&east=-30&south=20&north=70.25',
    );
  });
});
