import { act, renderHook, waitFor } from '@testing-library/react';
import { withNuqsTestingAdapter, type UrlUpdateEvent } from 'nuqs/adapters/testing';
import { describe, expect, it } from 'vitest';
import { inExploreOrder } from '../utils/explore-url';
import { useExploreUrl } from './use-explore-url';

/** The hook on a page whose URL starts as `search`; `updates` lists each URL written, with its history mode. */
function setup(search = '') {
  const updates: { query: string; history: string }[] = [];
  const onUrlUpdate = ({ queryString, options }: UrlUpdateEvent) =>
    updates.push({ query: queryString.replace(/^\?/, ''), history: options.history });
  const hook = renderHook(() => useExploreUrl(), {
    wrapper: withNuqsTestingAdapter({
      searchParams: search,
      hasMemory: true,
      onUrlUpdate,
      processUrlSearchParams: inExploreOrder,
    }),
  });
  return { ...hook, updates };
}

describe('useExploreUrl', () => {
  it('reads the state from the URL, dropping invalid values', () => {
    const { result } = setup('?view=map&page=3&lifestage_id=9&country_id=2&with_photos=0&sort=nope');
    expect(result.current).toMatchObject({ view: 'map', sort: 'observed', page: 3, filters: { country_id: 2 } });
  });

  it('adds a history entry for a page or view change, keeping the filters', async () => {
    const { result, updates } = setup('?username=ana');
    act(() => result.current.setPage(2));
    await waitFor(() => expect(updates).toEqual([{ query: 'username=ana&page=2', history: 'push' }]));
    expect(result.current.page).toBe(2);
    act(() => result.current.setView('map'));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ query: 'view=map&username=ana&page=2', history: 'push' });
  });

  it('opening the grid changes only the view: the filters and page stay, "with photos" stays off', async () => {
    const { result, updates } = setup('?lifestage_id=2&page=3');
    act(() => result.current.setView('grid'));
    await waitFor(() => expect(updates).toEqual([{ query: 'view=grid&lifestage_id=2&page=3', history: 'push' }]));
    expect(result.current).toMatchObject({ view: 'grid', page: 3, filters: { lifestage_id: 2 } });
    act(() => result.current.setView('map'));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ query: 'view=map&lifestage_id=2&page=3', history: 'push' });
    expect(result.current.filters).toEqual({ lifestage_id: 2 });
  });

  it('replaces the history entry for a filter change, and goes back to page 1', async () => {
    const { result, updates } = setup('?view=map&page=4&country_id=1');
    act(() => result.current.patchFilters({ province_id: 11 }));
    await waitFor(() =>
      expect(updates).toEqual([{ query: 'view=map&country_id=1&province_id=11', history: 'replace' }]),
    );
    expect(result.current).toMatchObject({ view: 'map', page: 1, filters: { country_id: 1, province_id: 11 } });
  });

  it('a sort change adds a history entry and goes back to page 1; the default sort is left out', async () => {
    const { result, updates } = setup('?page=2');
    act(() => result.current.setSort('submitted'));
    await waitFor(() => expect(updates).toEqual([{ query: 'sort=submitted', history: 'push' }]));
    act(() => result.current.setSort('observed'));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ query: '', history: 'push' });
  });

  it('setFilters replaces every filter, dropping the invalid values the URL held', async () => {
    const { result, updates } = setup('?view=map&username=ana&lifestage_id=9&page=2');
    act(() => result.current.setFilters({ kind: 'flash' }));
    await waitFor(() => expect(updates).toEqual([{ query: 'view=map&kind=flash', history: 'replace' }]));
    act(() => result.current.setFilters({}));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ query: 'view=map', history: 'replace' });
    expect(result.current.filters).toEqual({});
  });

  it('two filter changes in the same tick both stay, and a filter just removed does not come back', async () => {
    const { result, updates } = setup('?lifestage_id=3');
    act(() => {
      result.current.patchFilters({ lifestage_id: undefined });
      result.current.patchFilters({ country_id: 1 });
      result.current.patchFilters({ username: 'ana' });
    });
    await waitFor(() => expect(updates).toEqual([{ query: 'country_id=1&username=ana', history: 'replace' }]));
    expect(result.current.filters).toEqual({ country_id: 1, username: 'ana' });
  });

  it('a filter change and a page change in the same tick add one history entry', async () => {
    const { result, updates } = setup('?page=2');
    act(() => {
      result.current.patchFilters({ kind: 'mission' });
      result.current.setPage(3);
    });
    await waitFor(() => expect(updates).toEqual([{ query: 'kind=mission&page=3', history: 'push' }]));
  });

  it('clears a filter set to undefined, an empty username or with_photos off', async () => {
    const { result, updates } = setup('?username=ana&with_photos=1&status=2');
    act(() => result.current.patchFilters({ username: '', with_photos: undefined, status: undefined }));
    await waitFor(() => expect(updates).toEqual([{ query: '', history: 'replace' }]));
    expect(result.current.filters).toEqual({});
  });
});
