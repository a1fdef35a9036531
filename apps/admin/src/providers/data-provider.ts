import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, fetchUtils, type DataProvider } from 'react-admin';
import { API_BASE, type AdminDashboard, type AdminDownloadsPerReason, type StatusChange } from '@mm/shared';
import { session } from './session';

/** The panel's language, read at each request (the `Language` header of spec §7). */
let currentLocale = () => session.language() as string;
export const followLocale = (get: () => string) => {
  currentLocale = get;
};

/**
 * fetchJson with the session token and language; an API 400 with `fields` becomes react-admin's
 * `{ errors }` so each message shows under its input.
 */
async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Authorization', session.token());
  headers.set('Language', currentLocale());
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    const body =
      err instanceof HttpError
        ? (err.body as { fields?: Record<string, string>; message?: string } | undefined)
        : undefined;
    if (err instanceof HttpError && body?.fields)
      throw new HttpError(body.message ?? err.message, err.status, { errors: body.fields });
    throw err;
  }
}

export interface MonarchDataProvider extends DataProvider {
  /** `POST /api/admin/observations/status`: one status for many observations, all or nothing (409 names the first refused). */
  setStatus: (change: StatusChange) => Promise<{ data: number[] }>;
  /** `GET /api/admin/dashboard`. */
  dashboard: () => Promise<AdminDashboard>;
  /** `POST /api/admin/failed-emails/{id}/retry`: sends a failed email again. */
  retryFailedEmail: (id: string) => Promise<void>;
  /** `DELETE /api/admin/failed-emails/{id}`: dismisses a failed email unsent. */
  dismissFailedEmail: (id: string) => Promise<void>;
  /** `GET /api/admin/downloads/per-reason` (admin only). */
  downloadsPerReason: (period: 'week' | 'month', periods: number) => Promise<AdminDownloadsPerReason>;
}

const ADMIN_API = `${API_BASE}/admin`;
const rest = simpleRestProvider(ADMIN_API, httpClient);

/** ra-data-simple-rest over `/api/admin`, plus the vetting and dashboard calls. */
export const dataProvider: MonarchDataProvider = {
  ...rest,
  setStatus: async (change) =>
    (await httpClient(`${ADMIN_API}/observations/status`, { method: 'POST', body: JSON.stringify(change) })).json as {
      data: number[];
    },
  dashboard: async () => (await httpClient(`${ADMIN_API}/dashboard`)).json as AdminDashboard,
  retryFailedEmail: async (id) => {
    await httpClient(`${ADMIN_API}/failed-emails/${encodeURIComponent(id)}/retry`, { method: 'POST' });
  },
  dismissFailedEmail: async (id) => {
    await httpClient(`${ADMIN_API}/failed-emails/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
  downloadsPerReason: async (period, periods) =>
    (await httpClient(`${ADMIN_API}/downloads/per-reason?period=${period}&periods=${periods}`))
      .json as AdminDownloadsPerReason,
};
