import { createLoader, createSerializer } from 'nuqs';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  exploreParsers,
  exploreState,
  exploreValues,
  filtersToQuery,
  flaggedLeftOut,
  flaggedPatch,
  inExploreOrder,
  switchView,
  type ExploreState,
} from './explore-url';

// What nuqs does with the parsers on the page: read a query string, write values.
const load = createLoader(exploreParsers);
const parse = (qs: string) => exploreState(load(new URLSearchParams(qs)));
const serialize = createSerializer(exploreParsers);
const write = (state: ExploreState) => serialize(exploreValues(state)).replace(/^\?/, '');

describe('exploreParsers: reading the URL', () => {
  it('defaults to the list view, newest observed first, page 1 and no filters', () => {
    expect(parse('')).toEqual({ view: 'list', sort: 'observed', page: 1, filters: {} });
  });

  it('reads the view, the sort, the page and every filter with its type', () => {
    const state = parse(
      'view=map&sort=submitted&page=3&date_from=2024-06-01&date_to=2024-08-31&lifestage_id=3&milkweed_id=12&country_id=1&province_id=11&username=%20marie%20&kind=flash&with_photos=1&status=2',
    );
    expect(state).toEqual({
      view: 'map',
      sort: 'submitted',
      page: 3,
      filters: {
        date_from: '2024-06-01',
        date_to: '2024-08-31',
        lifestage_id: 3,
        milkweed_id: 12,
        country_id: 1,
        province_id: 11,
        username: 'marie',
        kind: 'flash',
        with_photos: true,
        status: 2,
      },
    });
    expect(parse('view=density').view).toBe('density');
    expect(parse('view=grid').view).toBe('grid');
  });

  it('drops each invalid value on its own and keeps the valid ones', () => {
    const state = parse(
      'view=table&sort=random&page=-2&date_from=2024-02-30&lifestage_id=7&milkweed_id=abc&country_id=2&province_id=0&kind=both&with_photos=yes&status=0',
    );
    expect(state).toEqual({ view: 'list', sort: 'observed', page: 1, filters: { country_id: 2 } });
  });

  it('refuses fractional, partly numeric and out-of-range numbers instead of rounding them', () => {
    expect(parse('page=2.5&lifestage_id=3abc&status=1.5&country_id=-1').filters).toEqual({});
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=1000001').page).toBe(1);
    expect(parse('page=1000000').page).toBe(1_000_000);
    expect(parse('page=').page).toBe(1);
    expect(parse('lifestage_id=4&status=6').filters).toEqual({ lifestage_id: 4, status: 6 });
  });

  it('ignores empty values and a date_to before date_from', () => {
    expect(parse('username=&date_from=2024-09-01&date_to=2024-08-01')).toEqual({
      view: 'list',
      sort: 'observed',
      page: 1,
      filters: { date_from: '2024-09-01' },
    });
    expect(parse('date_from=2024-08-01&date_to=2024-08-01').filters).toEqual({
      date_from: '2024-08-01',
      date_to: '2024-08-01',
    });
  });

  it('reads with_photos=1 or true as on, 0 or false as no filter', () => {
    expect(parse('with_photos=1').filters).toEqual({ with_photos: true });
    expect(parse('with_photos=true').filters).toEqual({ with_photos: true });
    expect(parse('with_photos=0').filters).toEqual({});
    expect(parse('with_photos=false').filters).toEqual({});
  });

  it('does not throw on odd input', () => {
    expect(() => parse('page=1e400&lifestage_id=%00&date_to=%E0%A4%A&username=' + 'x'.repeat(500))).not.toThrow();
    expect(parse('username=' + 'x'.repeat(101)).filters).toEqual({});
    expect(parse('username=' + 'x'.repeat(100)).filters).toEqual({ username: 'x'.repeat(100) });
  });
});

describe('exploreParsers: writing the URL', () => {
  it('leaves the defaults out', () => {
    expect(write({ view: 'list', sort: 'observed', page: 1, filters: {} })).toBe('');
    expect(write({ view: 'list', sort: 'observed', page: 0, filters: { with_photos: false, username: '' } })).toBe('');
  });

  it('writes view, sort, the filters in a fixed order, then page, with the formats the API reads', () => {
    expect(
      write({
        view: 'grid',
        sort: 'submitted',
        page: 4,
        filters: { with_photos: true, lifestage_id: 1, date_from: '2024-05-01', kind: 'mission' },
      }),
    ).toBe('view=grid&sort=submitted&date_from=2024-05-01&lifestage_id=1&kind=mission&with_photos=1&page=4');
  });

  it('round-trips every field', () => {
    const state: ExploreState = {
      view: 'density',
      sort: 'submitted',
      page: 2,
      filters: {
        date_from: '2023-05-01',
        date_to: '2023-10-10',
        lifestage_id: 4,
        milkweed_id: 7,
        country_id: 1,
        province_id: 45,
        username: 'Jean Gagnon',
        kind: 'mission',
        with_photos: true,
        status: 6,
      },
    };
    const qs = write(state);
    expect(qs).toBe(
      'view=density&sort=submitted&date_from=2023-05-01&date_to=2023-10-10&lifestage_id=4&milkweed_id=7&country_id=1&province_id=45&username=Jean+Gagnon&kind=mission&with_photos=1&status=6&page=2',
    );
    expect(parse(qs)).toEqual(state);
    for (const view of ['list', 'grid', 'map'] as const) expect(parse(write({ ...state, view })).view).toBe(view);
  });
});

describe('inExploreOrder', () => {
  it("puts Explore's keys in their order and keeps the others after them", () => {
    const search = new URLSearchParams('utm=x&page=2&username=ana&lifestage_id=2&view=map&date_from=2024-01-01');
    expect(inExploreOrder(search).toString()).toBe(
      'view=map&date_from=2024-01-01&lifestage_id=2&username=ana&page=2&utm=x',
    );
  });
});

describe('switchView', () => {
  it('changes only the view: every view shows the same filters, and the grid turns none on', () => {
    const list = { view: 'list', sort: 'observed', page: 3, filters: { lifestage_id: 2 } } as const;
    const grid = switchView(list, 'grid');
    expect(grid).toEqual({ ...list, view: 'grid' });
    expect(write(grid)).toBe('view=grid&lifestage_id=2&page=3');
    expect(switchView(grid, 'map')).toEqual({ ...list, view: 'map' });
    const photos = { ...list, filters: { with_photos: true } };
    expect(switchView(switchView(photos, 'grid'), 'list')).toEqual(photos);
  });
});

describe('filtersToQuery and activeFilterCount', () => {
  it('writes the filters as the URL does, leaving out unset and false values', () => {
    expect(filtersToQuery({ with_photos: false, username: 'ana', status: 4 })).toEqual({
      username: 'ana',
      status: '4',
    });
    expect(filtersToQuery({ with_photos: true, date_to: '2024-01-31', kind: 'flash' })).toEqual({
      date_to: '2024-01-31',
      kind: 'flash',
      with_photos: '1',
    });
    expect(activeFilterCount({ with_photos: false, username: 'ana', status: 4 })).toBe(2);
  });
});

describe("leave out flagged records: the URL and each view's default (docs/adr/0035)", () => {
  it('reads exclude_flagged=1 as leave out, 0 as keep, and writes both back', () => {
    expect(parse('exclude_flagged=1').filters).toEqual({ exclude_flagged: true });
    expect(parse('exclude_flagged=true').filters).toEqual({ exclude_flagged: true });
    expect(parse('exclude_flagged=0').filters).toEqual({ exclude_flagged: false });
    expect(parse('exclude_flagged=false').filters).toEqual({ exclude_flagged: false });
    expect(parse('exclude_flagged=maybe').filters).toEqual({});
    const state: ExploreState = { view: 'density', sort: 'observed', page: 1, filters: { exclude_flagged: false } };
    expect(write(state)).toBe('view=density&exclude_flagged=0');
    expect(write({ ...state, filters: { exclude_flagged: true } })).toBe('view=density&exclude_flagged=1');
    expect(filtersToQuery({ exclude_flagged: false, with_photos: false })).toEqual({ exclude_flagged: '0' });
  });

  it('leaves flagged records out of the density view and charts unless the URL says 0, and nowhere else unless it says 1', () => {
    expect(flaggedLeftOut({}, true)).toBe(true);
    expect(flaggedLeftOut({ exclude_flagged: false }, true)).toBe(false);
    expect(flaggedLeftOut({}, false)).toBe(false);
    expect(flaggedLeftOut({ exclude_flagged: true }, false)).toBe(true);
  });

  it("writes a view's default as no value and the other choice as 1 or 0", () => {
    expect(flaggedPatch(true, true)).toEqual({ exclude_flagged: undefined });
    expect(flaggedPatch(false, true)).toEqual({ exclude_flagged: false });
    expect(flaggedPatch(true, false)).toEqual({ exclude_flagged: true });
    expect(flaggedPatch(false, false)).toEqual({ exclude_flagged: undefined });
  });
});
