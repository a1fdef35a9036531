import { storage } from '../../lib/storage';
import { checkSession, type CheckSessionAnswer } from './auth-api';

/**
 * The start-up session check of spec §4, sent as soon as this module is evaluated: `main.tsx`
 * imports it before the rest of the app, so for a stored session the request is on its way while
 * the app's code is still being evaluated, instead of after it (a signed-in volunteer's
 * first screen is the loading screen until this answer, spec §4 "Loading").
 */
let early: { token: string; answer: Promise<CheckSessionAnswer> } | undefined;
const token = storage.token();
if (token) {
  early = { token, answer: checkSession(token) };
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
