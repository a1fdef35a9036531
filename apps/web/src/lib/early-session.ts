// Part of the start-up module (`src/main.tsx`, docs/adr/0033): no React, no app code, only the shared constants.
import { API_BASE } from '@mm/shared/constants';

let sent: { token: string; response: Promise<Response> } | undefined;

/**
 * Sends the start-up session check of spec §4 for a stored `token` (`POST /api/users/checksession`, with the
 * headers the app's API helper sends), from the start-up module: it is on its way while the app's code is
 * downloaded, not once it has been evaluated (a signed-in volunteer's first screen waits for its answer;
 * docs/adr/0043).
 * @param token the stored `oauth_token`
 * @param language the page's language (the `Language` header)
 * @returns the response, for the start-up module to see a refusal (docs/adr/0048); the app takes it with
 *   `takeSessionCheck`
 */
export function sendSessionCheck(token: string, language: string): Promise<Response> {
  const response = fetch(`${API_BASE}/users/checksession`, {
    method: 'POST',
    headers: { Authorization: token, Language: language, 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth_token: token }),
  });
  // Read by whoever takes it; never an unhandled rejection meanwhile.
  response.catch(() => undefined);
  sent = { token, response };
  return response;
}

/**
 * The response of the check `sendSessionCheck` sent for `token`, once; undefined when none was sent for it.
 * The caller reads it (and asks again through the API helper when it is not a 2xx answer).
 */
export function takeSessionCheck(token: string): Promise<Response> | undefined {
  if (sent?.token !== token) return undefined;
  const { response } = sent;
  sent = undefined;
  return response;
}
