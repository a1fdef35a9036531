import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ExploreFilters, ExploreSort } from '@mm/shared';
import {
  exploreSearch,
  exploreStateNow,
  parseExploreSearch,
  switchView,
  type ExploreState,
  type ExploreView,
} from '../utils/explore-url';

export interface ExploreUrl extends ExploreState {
  /** Changes the view; opening the grid turns "with photos" on (see `switchView`). */
  setView: (view: ExploreView) => void;
  /** Changes the list order and goes back to page 1. */
  setSort: (sort: ExploreSort) => void;
  /** Replaces the filters and goes back to page 1. */
  setFilters: (filters: ExploreFilters) => void;
  /** Changes some filters (undefined clears one) and goes back to page 1. */
  patchFilters: (patch: Partial<ExploreFilters>) => void;
  setPage: (page: number) => void;
}

/**
 * The Explore state kept in the page URL (`?view=…&date_from=…&page=…`), so that a reload or a
 * shared link shows the same thing. View and page changes add a history entry; filter changes
 * replace the current one, so Back does not step through every keystroke of a username.
 */
export function useExploreUrl(): ExploreUrl {
  const [search, setSearch] = useSearchParams();
  // Keyed on the query text: `search` is a new object on every render.
  const key = search.toString();
  const state = useMemo(() => parseExploreSearch(new URLSearchParams(key)), [key]);

  const go = useCallback(
    (next: ExploreState, replace: boolean) => setSearch(exploreSearch(next), { replace, preventScrollReset: true }),
    [setSearch],
  );
  const setView = useCallback((view: ExploreView) => go(switchView(exploreStateNow(), view), false), [go]);
  const setFilters = useCallback(
    (filters: ExploreFilters) => go({ ...exploreStateNow(), filters, page: 1 }, true),
    [go],
  );
  const patchFilters = useCallback(
    (patch: Partial<ExploreFilters>) => {
      const now = exploreStateNow();
      const filters: Record<string, unknown> = { ...now.filters, ...patch };
      for (const k of Object.keys(filters)) if (filters[k] === undefined) delete filters[k];
      go({ ...now, filters: filters, page: 1 }, true);
    },
    [go],
  );
  const setPage = useCallback((page: number) => go({ ...exploreStateNow(), page }, false), [go]);
  const setSort = useCallback((sort: ExploreSort) => go({ ...exploreStateNow(), sort, page: 1 }, false), [go]);
  return { ...state, setView, setSort, setFilters, patchFilters, setPage };
}
