import {
  API_BASE,
  EXPLORE_FILTER_KEYS,
  type CreateDownloadInput,
  type DownloadTicketResponse,
  type ExploreFilters,
} from '@mm/shared';
import { api } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/**
 * `GET /api/observations/download` URL for the Explore filters and the form's format and reason,
 * filters in the order Explore writes them; empty values are left out.
 */
export function downloadUrl(filters: ExploreFilters, input: CreateDownloadInput): string {
  const query = new URLSearchParams({ format: input.format });
  if (input.reason_id !== undefined) query.set('reason_id', String(input.reason_id));
  if (input.reason_text) query.set('reason_text', input.reason_text);
  for (const key of EXPLORE_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    query.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return `${API_BASE}/observations/download?${query}`;
}

/**
 * The download link for the signed-in user: a link cannot send the `Authorization` header, so a
 * signed-in user (an admin downloads every status) first gets a one-minute, single-use ticket for
 * exactly this download (`POST /api/observations/download/ticket`) and the link carries it.
 * Visitors get the plain link (the public set).
 * @throws ApiRequestError when the ticket is refused (e.g. 401 after the session ended)
 */
export async function signedDownloadUrl(filters: ExploreFilters, input: CreateDownloadInput): Promise<string> {
  const url = downloadUrl(filters, input);
  if (!storage.token()) return url;
  const query = Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));
  const { ticket } = await api.post<DownloadTicketResponse>('/observations/download/ticket', query);
  return `${url}&ticket=${encodeURIComponent(ticket)}`;
}

/**
 * Lets the browser fetch `url` as a file: the server streams it straight to disk, without the
 * page holding it in memory.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
