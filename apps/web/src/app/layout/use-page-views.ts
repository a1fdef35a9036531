import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { API_BASE, PAGE_VIEW_PATH_MAX } from '@mm/shared';

/** A navigation must hold this long (ms) to count, so redirects (sign-in gate, locale alias) count once, at their end. */
const SETTLE_MS = 300;

/**
 * Reports one page view (spec §7: path and query) to `POST /api/utilities/pageview`: a beacon
 * (it survives the page being left) or, where beacons are missing or refused, a keepalive fetch.
 * No cookie or identifier is sent. Errors are ignored: analytics never disturb the visitor.
 * @param path `/mmapp/…` path and query, at most 512 characters (longer ones are not sent)
 */
export function sendPageView(path: string): void {
  if (path.length > PAGE_VIEW_PATH_MAX) return;
  const url = `${API_BASE}/utilities/pageview`;
  const body = JSON.stringify({ path });
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))
    )
      return;
  } catch {
    // Some browsers refuse non-form beacon bodies: fall back to fetch.
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

/**
 * Counts each client-side navigation once, from the app shell (issue 6 page views): the first page
 * load and every later change of path or query, after it settled for {@link SETTLE_MS}.
 * Off in mock mode (no server) and in unit tests.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const lastReported = useRef<string | null>(null);
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
 * first render (issue 13): the first view is counted once the navigation settled anyway.
 */
export function PageViews(): null {
  usePageViews();
  return null;
}
