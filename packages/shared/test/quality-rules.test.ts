import { describe, expect, it } from 'vitest';
import {
  COUNT_CEILINGS,
  Lifestage,
  MAX_PER_STEM,
  countFlags,
  countsKey,
  dateFlags,
  distanceKm,
  distinctFlags,
  inSeason,
  photoFlags,
  qualityFlagMessage,
  recordFlags,
  seasonFlags,
} from '../src';

const codes = (flags: { code: string }[]) => flags.map((f) => f.code);

describe('date rules', () => {
  it('flags a date after today, not today itself', () => {
    expect(dateFlags('2026-11-24', '2026-11-23')).toEqual([{ code: 'date_future', params: { date: '2026-11-24' } }]);
    expect(dateFlags('2026-11-23', '2026-11-23')).toEqual([]);
  });
  it('flags a date before 1900-01-01, not 1900-01-01 itself', () => {
    expect(codes(dateFlags('1899-12-31', '2026-11-23'))).toEqual(['date_before_1900']);
    expect(dateFlags('1900-01-01', '2026-11-23')).toEqual([]);
    expect(codes(dateFlags('1850-07-01', '2026-11-23'))).toEqual(['date_before_1900']);
  });
});

describe('season rule (latitude band × month)', () => {
  it('eggs north of 40° N: May–September only', () => {
    expect(inSeason(Lifestage.Eggs, 4, 46.8)).toBe(false);
    expect(inSeason(Lifestage.Eggs, 5, 46.8)).toBe(true);
    expect(inSeason(Lifestage.Eggs, 9, 46.8)).toBe(true);
    expect(inSeason(Lifestage.Eggs, 10, 46.8)).toBe(false);
    expect(seasonFlags(Lifestage.Eggs, '2026-01-15', 46.81)).toEqual([
      { code: 'out_of_season', params: { lifestage_id: 2, month: 1, latitude: 46.8 } },
    ]);
  });
  it('uses the band by latitude: 40° N is northern, just below is the middle band', () => {
    expect(inSeason(Lifestage.Eggs, 3, 40)).toBe(false);
    expect(inSeason(Lifestage.Eggs, 3, 39.99)).toBe(true);
    expect(inSeason(Lifestage.Eggs, 2, 39.99)).toBe(false);
    expect(inSeason(Lifestage.Eggs, 12, 39.99)).toBe(false);
    expect(inSeason(Lifestage.Eggs, 11, 39.99)).toBe(true);
  });
  it('adults: April–November north of 40° N, all year further south (Californian and Mexican overwintering)', () => {
    expect(inSeason(Lifestage.Adult, 3, 45)).toBe(false);
    expect(inSeason(Lifestage.Adult, 4, 45)).toBe(true);
    expect(inSeason(Lifestage.Adult, 11, 45)).toBe(true);
    expect(inSeason(Lifestage.Adult, 12, 45)).toBe(false);
    expect(inSeason(Lifestage.Adult, 1, 36.6)).toBe(true);
    expect(inSeason(Lifestage.Adult, 1, 19.6)).toBe(true);
  });
  it('caterpillars and chrysalises north of 40° N: May–October; nothing is out of season south of 30° N', () => {
    expect(inSeason(Lifestage.Caterpillar, 10, 45)).toBe(true);
    expect(inSeason(Lifestage.Caterpillar, 11, 45)).toBe(false);
    expect(inSeason(Lifestage.Chrysalis, 4, 45)).toBe(false);
    expect(inSeason(Lifestage.Eggs, 1, 29.99)).toBe(true);
    expect(seasonFlags(null, '2026-01-15', 46.8)).toEqual([]);
  });
});

describe('count rules', () => {
  it('flags a count above the per-stage ceiling, not at it', () => {
    for (const [stage, ceiling] of Object.entries(COUNT_CEILINGS)) {
      expect(countFlags(Number(stage), ceiling, null)).toEqual([]);
      expect(codes(countFlags(Number(stage), ceiling + 1, null))).toEqual(['count_above_ceiling']);
    }
    expect(countFlags(Lifestage.Caterpillar, 100_000, null)[0]?.params).toEqual({
      lifestage_id: 3,
      numbers: 100_000,
      ceiling: 1000,
    });
  });
  it('flags eggs or caterpillars over 10 per stem inspected, not exactly 10', () => {
    expect(countFlags(Lifestage.Eggs, MAX_PER_STEM * 3, 3)).toEqual([]);
    expect(countFlags(Lifestage.Eggs, MAX_PER_STEM * 3 + 1, 3)).toEqual([
      { code: 'count_per_stem', params: { lifestage_id: 2, numbers: 31, stems: 3, per_stem: 10.3 } },
    ]);
    expect(codes(countFlags(Lifestage.Caterpillar, 11, 1))).toEqual(['count_per_stem']);
  });
  it('leaves adults, chrysalises, Flash records (no stems) and missing counts out of the per-stem rule', () => {
    expect(countFlags(Lifestage.Adult, 50, 1)).toEqual([]);
    expect(countFlags(Lifestage.Chrysalis, 50, 1)).toEqual([]);
    expect(countFlags(Lifestage.Eggs, 50, null)).toEqual([]);
    expect(countFlags(Lifestage.Eggs, null, 1)).toEqual([]);
    expect(countFlags(null, 0, 1)).toEqual([]);
  });
});

describe('photo rules', () => {
  const at = (taken_on: string | null, latitude: number | null = null, longitude: number | null = null) => ({
    taken_on,
    latitude,
    longitude,
  });
  it('flags an EXIF day more than one day from the entered date, not one day', () => {
    expect(photoFlags([at('2026-07-14'), at('2026-07-16')], '2026-07-15', 46.8, -71.2)).toEqual([]);
    expect(photoFlags([at('2026-07-13')], '2026-07-15', 46.8, -71.2)).toEqual([
      { code: 'photo_date_far', params: { photo_date: '2026-07-13', days: 2 } },
    ]);
  });
  it('flags an EXIF position more than 10 km from the entered point, not 9.9 km', () => {
    const north = (km: number) => 46.8 + km / 111.195;
    expect(photoFlags([at(null, north(9.9), -71.2)], '2026-07-15', 46.8, -71.2)).toEqual([]);
    expect(photoFlags([at(null, north(10.1), -71.2)], '2026-07-15', 46.8, -71.2)).toEqual([
      { code: 'photo_place_far', params: { km: 10 } },
    ]);
  });
  it('ignores photos without EXIF', () => {
    expect(photoFlags([at(null)], '2026-07-15', 46.8, -71.2)).toEqual([]);
  });
});

describe('recordFlags, countsKey, distanceKm', () => {
  it('gives every row the date flags and monarch rows their own, in row order', () => {
    const flags = recordFlags(
      {
        checklist_date: '1850-01-10',
        latitude: 46.8,
        longitude: -71.2,
        stems_inspected: 2,
        observations: [
          { lifestage_id: null, numbers: 0 },
          { lifestage_id: 2, numbers: 30 },
        ],
      },
      '2026-11-23',
    );
    expect(flags.map(codes)).toEqual([['date_before_1900'], ['date_before_1900', 'out_of_season', 'count_per_stem']]);
    expect(distinctFlags(flags).map((f) => f.code)).toEqual(['date_before_1900', 'out_of_season', 'count_per_stem']);
  });
  it('compares counts whatever the row order, milkweed rows ignored', () => {
    expect(
      countsKey([
        { lifestage_id: 2, numbers: 3 },
        { lifestage_id: null, numbers: 0 },
        { lifestage_id: 1, numbers: 1 },
      ]),
    ).toBe(
      countsKey([
        { lifestage_id: 1, numbers: 1 },
        { lifestage_id: 2, numbers: 3 },
      ]),
    );
    expect(countsKey([{ lifestage_id: 1, numbers: 1 }])).not.toBe(countsKey([{ lifestage_id: 1, numbers: 2 }]));
  });
  it('measures great-circle distances', () => {
    expect(distanceKm(46.8, -71.2, 46.8, -71.2)).toBe(0);
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.19, 1);
  });
});

describe('qualityFlagMessage', () => {
  const t = (key: string, params: Record<string, unknown> = {}) =>
    `${key}${Object.entries(params)
      .map(([k, v]) => ` ${k}=${String(v)}`)
      .join('')}`;
  it('names the month in the language and the province when given, else the latitude', () => {
    const flag = { code: 'out_of_season' as const, params: { lifestage_id: 2, month: 1, latitude: 46.8 } };
    expect(qualityFlagMessage(flag, t, 'fr', 'Québec')).toBe(
      'quality.messages.out_of_season stage=quality.stages.2 month=janvier place=Québec',
    );
    expect(qualityFlagMessage(flag, t, 'en')).toBe(
      'quality.messages.out_of_season_lat stage=quality.stages.2 month=January latitude=46.8',
    );
  });
});
