import { useQueryStates } from 'nuqs';
import { startTransition, useCallback, useMemo } from 'react';
import type { ExploreFilters, ExploreSort } from '@mm/shared';
import {
  exploreParsers,
  exploreState,
  exploreValues,
  switchView,
  type ExploreState,
  type ExploreView,
} from '../utils/explore-url';

export interface ExploreUrl extends ExploreState {
  /**
   * Changes the view and keeps the filters and page (see `switchView`). The new view is drawn in a
   * transition (a background render that yields to the browser): switching to the grid draws 50 cards,
   * ≈ 0.3 s of a throttled phone's main thread, which must not delay the press's next paint (INP).
   */
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
 * Not shallow: React Router navigates on every change, so that what reads its location (page views,
 * the language switch) sees it, as with `setSearchParams`.
 */
const URL_OPTIONS = { shallow: false } as const;

/**
 * The Explore state kept in the page URL (`?view=…&date_from=…&page=…`, see `exploreParsers`), so
 * that a reload or a shared link shows the same thing. View and page changes add a history entry;
 * filter changes replace the current one, so Back does not step through every keystroke of a username.
 * Each change builds on nuqs's latest state, queued changes included, so two filters picked in quick
 * succession (before React renders the first) both stay.
 */
export function useExploreUrl(): ExploreUrl {
  const [values, setValues] = useQueryStates(exploreParsers, URL_OPTIONS);
  const state = useMemo(() => exploreState(values), [values]);

  const go = useCallback(
    (change: (now: ExploreState) => ExploreState, history: 'push' | 'replace') =>
      void setValues((now) => exploreValues(change(exploreState(now))), { history }),
    [setValues],
  );
  const setView = useCallback(
    (view: ExploreView) => startTransition(() => go((now) => switchView(now, view), 'push')),
    [go],
  );
  const setFilters = useCallback(
    (filters: ExploreFilters) => go((now) => ({ ...now, filters, page: 1 }), 'replace'),
    [go],
  );
  const patchFilters = useCallback(
    (patch: Partial<ExploreFilters>) =>
      go((now) => ({ ...now, filters: { ...now.filters, ...patch }, page: 1 }), 'replace'),
    [go],
  );
  const setPage = useCallback((page: number) => go((now) => ({ ...now, page }), 'push'), [go]);
  const setSort = useCallback((sort: ExploreSort) => go((now) => ({ ...now, sort, page: 1 }), 'push'), [go]);
  return { ...state, setView, setSort, setFilters, patchFilters, setPage };
}
