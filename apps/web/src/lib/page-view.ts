import { API_BASE, PAGE_VIEW_PATH_MAX } from '@mm/shared/constants';

/** The path and query the start-up module counted, before the app ran (docs/adr/0033); null otherwise. */
let sentAtStart: string | null = null;

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
 * Counts the page view of a page the server rendered for reading, whose app may never start (docs/adr/0033):
 * from the start-up module, without React. The app's `usePageViews` then does not count it again.
 */
export function sendFirstPageView(): void {
  if (import.meta.env.MODE === 'mock' || import.meta.env.MODE === 'test') return;
  sentAtStart = `${window.location.pathname}${window.location.search}`;
  sendPageView(sentAtStart);
}

/** The path and query counted by {@link sendFirstPageView}, if it was called. */
export const pageViewSentAtStart = (): string | null => sentAtStart;
