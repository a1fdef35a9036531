import { describe, expect, it } from 'vitest';
import { EXPLORE_FILTER_KEYS, exploreFiltersSchema, parseExploreFilter } from '../src';

/** The zod-free reading of a filter answers exactly what the filter's schema answers. */
const zodAnswer = (key: keyof typeof exploreFiltersSchema.shape, raw: string) => {
  const r = exploreFiltersSchema.shape[key].safeParse(raw);
  return r.success ? r.data : undefined;
};

const SAMPLES = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '4',
  '5',
  '6',
  '7',
  '-1',
  '1.5',
  ' 3 ',
  '1e1',
  '0x10',
  '32767',
  '32768',
  '2147483647',
  '2147483648',
  'true',
  'false',
  'yes',
  'flash',
  'mission',
  'Flash',
  '2024-02-29',
  '2023-02-29',
  '2021-04-31',
  '2021-1-05',
  ' marie.tremblay ',
  'x'.repeat(100),
  'x'.repeat(101),
  '-73.6,45.4,-73.5,45.6',
  '-73.6,45.6,-73.5,45.4',
  '170,-10,-170,10',
  '181,0,0,0',
  '1e2,0,0,0',
  '-73.6,45.4,-73.5',
  'a,b,c,d',
];

describe('parseExploreFilter agrees with exploreFiltersSchema', () => {
  for (const key of [...EXPLORE_FILTER_KEYS, 'bbox'] as const) {
    it.each(SAMPLES)(`${key} %j`, (raw) => {
      expect(parseExploreFilter(key, raw)).toEqual(zodAnswer(key, raw));
    });
  }
});
