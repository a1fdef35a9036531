import { API_BASE } from '@mm/shared';
import { session } from './providers/session';

let early: Promise<unknown> | undefined;

/**
 * Asks for the dashboard's figures (`GET /api/admin/dashboard`, the stored session's token and language, as
 * the data provider would) while the panel's code is still loading, so that the dashboard need not wait for
 * react-admin to start before its request (docs/adr/0040). Called by the entry when it opens on the dashboard.
 * @returns the answer's body, or undefined when the request failed or was refused (the entry's first screen
 *   is drawn from it: `dashboard-first-screen.ts`)
 */
export function prefetchDashboard(): Promise<unknown> {
  early = fetch(`${API_BASE}/admin/dashboard`, {
    headers: { Accept: 'application/json', Authorization: session.token(), Language: session.language() },
  })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
  return early;
}

/**
 * The early answer, once (later reads go through react-admin's data provider): the body, or undefined when
 * none was asked for or it failed (a session refused, no network), in which case the caller asks itself so
 * that react-admin sees the error.
 */
export function takePrefetchedDashboard(): Promise<unknown> {
  const answer = early ?? Promise.resolve(undefined);
  early = undefined;
  return answer;
}
