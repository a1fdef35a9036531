import { describe, expect, it } from 'vitest';
import { activeFilterCount, exploreSearch, filtersToQuery, parseExploreSearch, switchView } from './explore-url';

const parse = (qs: string) => parseExploreSearch(new URLSearchParams(qs));

describe('parseExploreSearch', () => {
  it('defaults to the list view, page 1 and no filters', () => {
    expect(parse('')).toEqual({ view: 'list', sort: 'observed', page: 1, filters: {} });
  });

  it('reads the view, the page and every filter with its type', () => {
    const state = parse(
      'view=map&page=3&date_from=2024-06-01&date_to=2024-08-31&lifestage_id=3&milkweed_id=12&country_id=1&province_id=11&username=%20marie%20&kind=flash&with_photos=1&status=2',
    );
    expect(state).toEqual({
      view: 'map',
      sort: 'observed',
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
  });

  it('drops each invalid value on its own and keeps the valid ones', () => {
    const state = parse(
      'view=table&page=-2&date_from=2024-02-30&lifestage_id=7&milkweed_id=abc&country_id=2&kind=both&with_photos=yes&status=0',
    );
    expect(state).toEqual({ view: 'list', sort: 'observed', page: 1, filters: { country_id: 2 } });
  });

  it('ignores empty values, fractional pages and a date_to before date_from', () => {
    expect(parse('username=&page=2.5&date_from=2024-09-01&date_to=2024-08-01')).toEqual({
      view: 'list',
      sort: 'observed',
      page: 1,
      filters: { date_from: '2024-09-01' },
    });
  });

  it('reads with_photos=true as on and with_photos=0 as no filter', () => {
    expect(parse('with_photos=true').filters).toEqual({ with_photos: true });
    expect(parse('with_photos=0').filters).toEqual({});
  });

  it('does not throw on odd input', () => {
    expect(() => parse('page=1e400&lifestage_id=%00&username=' + 'x'.repeat(500))).not.toThrow();
    expect(parse('username=' + 'x'.repeat(101)).filters).toEqual({});
  });
});

describe('exploreSearch', () => {
  it('writes view, filters in a fixed order, then page; defaults are left out', () => {
    expect(exploreSearch({ view: 'list', sort: 'observed', page: 1, filters: {} }).toString()).toBe('');
    const search = exploreSearch({
      view: 'grid',
      sort: 'submitted',
      page: 4,
      filters: { with_photos: true, lifestage_id: 1, date_from: '2024-05-01', kind: 'mission' },
    });
    expect(search.toString()).toBe(
      'view=grid&sort=submitted&date_from=2024-05-01&lifestage_id=1&kind=mission&with_photos=1&page=4',
    );
  });

  it('opens the grid with photos only, which the visitor may turn off there (issue 19)', () => {
    const list = { view: 'list', sort: 'observed', page: 3, filters: { lifestage_id: 2 } } as const;
    const grid = switchView(list, 'grid');
    expect(grid).toEqual({ view: 'grid', sort: 'observed', page: 1, filters: { lifestage_id: 2, with_photos: true } });
    expect(exploreSearch(grid).toString()).toBe('view=grid&lifestage_id=2&with_photos=1');
    // Turned off on the grid, it stays off while the grid is shown, and leaving the grid changes nothing else.
    const off = { ...grid, filters: { lifestage_id: 2 } };
    expect(switchView(off, 'grid')).toEqual(off);
    expect(switchView(grid, 'map')).toEqual({ ...grid, view: 'map' });
    expect(switchView(list, 'map')).toEqual({ ...list, view: 'map' });
  });

  it('reads the sort, newest observed first unless asked otherwise', () => {
    expect(parseExploreSearch(new URLSearchParams('sort=submitted')).sort).toBe('submitted');
    expect(parseExploreSearch(new URLSearchParams('sort=random')).sort).toBe('observed');
    expect(parseExploreSearch(new URLSearchParams('view=density')).view).toBe('density');
  });

  it('round-trips through parseExploreSearch', () => {
    const state = {
      view: 'map' as const,
      sort: 'submitted' as const,
      page: 2,
      filters: { date_to: '2023-10-10', province_id: 45, username: 'Jean Gagnon', with_photos: true },
    };
    expect(parseExploreSearch(exploreSearch(state))).toEqual(state);
  });
});

describe('filtersToQuery and activeFilterCount', () => {
  it('leaves out unset and false values', () => {
    expect(filtersToQuery({ with_photos: false, username: 'ana', status: 4 })).toEqual({
      username: 'ana',
      status: '4',
    });
    expect(activeFilterCount({ with_photos: false, username: 'ana', status: 4 })).toBe(2);
  });
});
