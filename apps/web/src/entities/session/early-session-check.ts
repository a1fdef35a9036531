import { takeSessionCheck } from '../../lib/early-session';
import { storage } from '../../lib/storage';
import { checkSession, type CheckSessionAnswer } from './auth-api';

/**
 * The start-up session check of spec §4: the start-up module sent it while the app's code was
 * downloading (docs/adr/0043); else it is sent as soon as this module is evaluated (`app/start.tsx`
 * imports it before the rest of the app). A signed-in volunteer's first screen is the loading screen
 * until this answer (spec §4 "Loading").
 */
let early: { token: string; answer: Promise<CheckSessionAnswer> } | undefined;
const token = storage.token();
if (token) {
  // The start-up module's check when it has a 2xx answer; anything else (a refusal, no network) is asked
  // again through the API helper, which turns it into the errors the session expects (ApiRequestError,
  // the expiry notice).
  const sent = takeSessionCheck(token)?.then((res) => (res.ok ? (res.json() as Promise<CheckSessionAnswer>) : null));
  early = {
    token,
    answer: Promise.resolve(sent).then(
      (a) => a ?? checkSession(token),
      () => checkSession(token),
    ),
  };
  // Handled by whoever takes it; never an unhandled rejection meanwhile.
  early.answer.catch(() => undefined);
}

/**
 * The early check's answer when it was sent for `token`, once: a later check asks the server again.
 * @returns the pending answer (rejects as `checkSession` does), or undefined
 */
export function takeEarlySessionCheck(forToken: string): Promise<CheckSessionAnswer> | undefined {
  if (early?.token !== forToken) return undefined;
  const { answer } = early;
  early = undefined;
  return answer;
}
