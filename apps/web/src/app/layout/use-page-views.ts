import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageViewSentAtStart, sendPageView } from '../../lib/page-view';

export { sendPageView };

/** A navigation must hold this long (ms) to count, so redirects (sign-in gate, locale alias) count once, at their end. */
const SETTLE_MS = 300;

/**
 * Counts each client-side navigation once, from the app shell (page views): the first page
 * load and every later change of path or query, after it settled for {@link SETTLE_MS}.
 * Off in mock mode (no server) and in unit tests.
 */
function usePageViews(): void {
  const { pathname, search } = useLocation();
  // A page the start-up module counted already (a server-rendered page read before the app ran) is not counted twice.
  const lastReported = useRef<string | null>(pageViewSentAtStart());
  useEffect(() => {
    if (import.meta.env.MODE === 'mock' || import.meta.env.MODE === 'test') return;
    // Keyed on path and query: a fragment change (the skip link's #main) is not a new page.
    const key = `${pathname}${search}`;
    if (lastReported.current === key) return;
    const timer = window.setTimeout(() => {
      lastReported.current = key;
      sendPageView(`${window.location.pathname}${window.location.search}`);
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}

/**
 * {@link usePageViews} as a component that draws nothing, so that AppLayout can load it after the
 * first render: the first view is counted once the navigation settled anyway.
 */
export function PageViews(): null {
  usePageViews();
  return null;
}
