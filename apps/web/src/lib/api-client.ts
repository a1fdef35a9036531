import { API_BASE, toApiError, type ApiError } from '@mm/shared';
import { storage } from './storage';

/** A failed API call: the HTTP status and the server's `{statusCode, error, message, fields?}` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
  }
}

/**
 * Calls whose 401 is not about the stored session: a wrong password at sign-in, and the sign-out
 * that revokes the token (already gone or not).
 */
const CREDENTIAL_PATHS = new Set(['/users/signin', '/users/signout']);
const expiryListeners = new Set<() => void>();

/**
 * Hears that the server no longer accepts the stored token: any call made with a token answered 401
 * (revoked, expired, signed out in another browser), outside `CREDENTIAL_PATHS`. The session (entities/
 * session) forgets the token and the user then, so the app offers to sign in again instead of
 * retrying with a token that will never work (docs/internals.md "Outbox").
 * @returns a function that stops listening
 */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/** Tells the expiry listeners when a call made with a token came back 401. */
function noticeExpiry(status: number, path: string, token: string): void {
  if (status === 401 && token !== '' && !CREDENTIAL_PATHS.has(path)) expiryListeners.forEach((l) => l());
}

function headers(json: boolean): Record<string, string> {
  return {
    Authorization: storage.token(),
    Language: storage.language(),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

async function parse<T>(res: Response): Promise<T> {
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    throw new ApiRequestError(
      res.status,
      toApiError(body) ?? { statusCode: res.status, error: res.statusText, message: res.statusText },
    );
  }
  return body as T;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const sent = headers(body !== undefined);
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  noticeExpiry(res.status, path.split('?')[0] ?? path, sent.Authorization ?? '');
  return parse<T>(res);
}

/**
 * The spec §7 API helper: every call carries `Authorization` (stored token, maybe empty) and
 * `Language`; callers receive the response body; failures throw ApiRequestError.
 */
export const api = {
  get: <T>(path: string, query?: Record<string, string | number | undefined>) => {
    const qs = query
      ? new URLSearchParams(
          Object.entries(query)
            .filter((e): e is [string, string | number] => e[1] !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    return request<T>('GET', qs && qs.size > 0 ? `${path}?${qs}` : path);
  },
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),

  /** GET of a file that needs the `Authorization` header (a plain link cannot send it), as a Blob. */
  async blob(path: string): Promise<Blob> {
    const sent = headers(false);
    const res = await fetch(`${API_BASE}${path}`, { headers: sent });
    noticeExpiry(res.status, path, sent.Authorization ?? '');
    if (!res.ok) await parse<never>(res);
    return res.blob();
  },

  /**
   * GET whose answer the caller reads itself (a file with meaningful headers, e.g. `X-Download-Id`),
   * with `Authorization` and `Language`; the body is left unread.
   * @throws ApiRequestError on a non-2xx answer, with the server's error body
   */
  async response(path: string): Promise<Response> {
    const sent = headers(false);
    const res = await fetch(`${API_BASE}${path}`, { headers: sent });
    noticeExpiry(res.status, path, sent.Authorization ?? '');
    if (!res.ok) await parse<never>(res);
    return res;
  },

  /** Multipart upload of one file (field `file`) with progress 0–1; XHR because fetch cannot report upload progress. */
  upload<T>(path: string, file: File, onProgress?: (fraction: number) => void): Promise<T> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const token = storage.token();
      xhr.open('POST', `${API_BASE}${path}`);
      xhr.setRequestHeader('Authorization', token);
      xhr.setRequestHeader('Language', storage.language());
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
      xhr.onerror = () => reject(new ApiRequestError(0, { statusCode: 0, error: 'Network', message: 'network' }));
      xhr.onload = () => {
        noticeExpiry(xhr.status, path, token);
        parse<T>(new Response(xhr.responseText || null, { status: xhr.status, statusText: xhr.statusText })).then(
          resolve,
          reject,
        );
      };
      const form = new FormData();
      form.append('file', file);
      xhr.send(form);
    });
  },
};
