import { EXPLORE_FILTER_KEYS, type CreateDownloadInput, type ExploreFilters } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * `/observations/download?…` (under the API base) for the Explore filters and the form's format,
 * reason, statuses, (archive only) GBIF-sourced records, flagged records left out or not, and (admins)
 * exact positions; filters in the order Explore writes them; empty values are left out.
 */
export function downloadPath(filters: ExploreFilters, input: CreateDownloadInput): string {
  const query = new URLSearchParams({ format: input.format });
  if (input.reason_id !== undefined) query.set('reason_id', String(input.reason_id));
  if (input.reason_text) query.set('reason_text', input.reason_text);
  query.set('statuses', [...input.statuses].sort((a, b) => a - b).join(','));
  if (input.format === 'dwca' && input.include_gbif) query.set('include_gbif', '1');
  if (input.exact_positions) query.set('exact_positions', '1');
  // The dialog's "Leave out flagged records" box, which starts as Explore's filter, decides.
  const chosen: ExploreFilters = { ...filters, exclude_flagged: input.exclude_flagged ? true : undefined };
  for (const key of EXPLORE_FILTER_KEYS) {
    const value = chosen[key];
    if (value === undefined || value === '') continue;
    query.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return `/observations/download?${query}`;
}

/** A download as received: its public id (landing page) and its file. */
export interface ReceivedDownload {
  id: string;
  fileName: string;
  file: Blob;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Downloads the file as the signed-in user (the request carries `Authorization`, so an admin gets
 * every status) and reports its id (`X-Download-Id`) as soon as the answer starts, before the body
 * has arrived. Chromium and Firefox keep a large body on disk rather than in memory.
 * @throws ApiRequestError when the server refuses (400 with `fields`, 503 when busy)
 */
export async function fetchDownload(
  filters: ExploreFilters,
  input: CreateDownloadInput,
  onStarted: (id: string) => void,
): Promise<ReceivedDownload> {
  const res = await api.response(downloadPath(filters, input));
  const id = res.headers.get('X-Download-Id') ?? '';
  onStarted(id);
  const file = await res.blob();
  return { id, file, fileName: attachmentName(res.headers.get('Content-Disposition'), 'mission-monarch-download') };
}

/** Hands a received file to the browser, which saves it under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go once the browser has started saving it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
