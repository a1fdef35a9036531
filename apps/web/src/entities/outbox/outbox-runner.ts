import { SUB_PATH } from '@mm/shared';
import { ApiRequestError, api } from '../../lib/api-client';
import {
  forgetEntry,
  getEntry,
  putEntry,
  removeEntry,
  syncOutbox,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxError,
  type OutboxTransport,
  type SyncReport,
} from '../../lib/outbox';
import { storage } from '../../lib/storage';

/** The real API calls of the outbox: photo upload (spec §7 `uploadphotos/observations`), then the submit. */
export const apiTransport: OutboxTransport = {
  upload: (blob, fileName) =>
    api.upload<{ photo_name: string }>(
      '/photos/uploadphotos/observations',
      blob instanceof File ? blob : new File([blob], fileName, { type: blob.type }),
    ),
  submit: (kind, payload) =>
    api.post<{ checklist_id: number }>(
      kind === 'flash' ? '/observations/submit_flash' : '/observations/submit_mission',
      payload,
    ),
};

type ReportListener = (report: SyncReport, quietIds: ReadonlySet<string>) => void;
const reportListeners = new Set<ReportListener>();

/**
 * Entries being submitted by their open form right now: the form tells the volunteer how they ended,
 * so no report toasts them, whichever send reports them (the form's own, or one started meanwhile by
 * the `online` event or the service worker's Background Sync, which joins the same run).
 */
const formOwned = new Set<string>();
/** Reports already told to the listeners. */
const announced = new WeakSet<SyncReport>();

/** Hears every sync's report (the app toasts sent entries); `quietIds` are announced by their form instead. */
export function onSyncReport(listener: ReportListener): () => void {
  reportListeners.add(listener);
  return () => reportListeners.delete(listener);
}

/**
 * Sends the signed-in volunteer's waiting entries now (when the browser says it is online) and
 * tells the report listeners. Signed out: nothing is sent; the entries wait for the next sign-in.
 */
export async function sendOutboxNow(): Promise<SyncReport | undefined> {
  const user = storage.currentUser();
  if (!user || !storage.token() || !navigator.onLine) return undefined;
  const report = await syncOutbox(user.user_id, apiTransport);
  // Calls made while a run is on (the `online` event, the worker's Background Sync, a form) share its
  // report: it is told once, not once per caller (two toasts of the same news).
  if (!announced.has(report)) {
    announced.add(report);
    const quiet = new Set(formOwned);
    reportListeners.forEach((l) => l(report, quiet));
  }
  return report;
}

/** Asks the service worker for a Background Sync when the network returns (where the browser has it). */
async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration(`${SUB_PATH}/`);
  // Background Sync is not in every browser (nor in TypeScript's DOM types): look before using it.
  if (!registration || !('sync' in registration)) return;
  const sync = registration.sync as { register(tag: string): Promise<void> };
  await sync.register('mm-outbox').catch(() => undefined);
}

/** How a submission through the outbox ended for the form that made it. */
export type OutboxOutcome =
  { state: 'sent'; checklist_id: number } | { state: 'refused'; error: ApiRequestError } | { state: 'waiting' };

const asApiError = (e: OutboxError) =>
  new ApiRequestError(e.status, { statusCode: e.status, error: '', message: e.message, fields: e.fields });

/**
 * Saves a new submission in the outbox (keyed by its idempotency key) and sends the queue at once
 * when there is network. The form learns whether it was sent (then it leaves the outbox), refused
 * (with the server's error, to show on its fields), or is waiting on this device (no network, a
 * server error, an expired session). A submission refused online straight from its form leaves the
 * outbox too (its errors show in the form, as before the outbox; the form keeps its
 * photos); an entry that already waited in the outbox (reopened to fix it) stays there, refused.
 */
export async function submitThroughOutbox(entry: NewOutboxEntry): Promise<OutboxOutcome> {
  const queuedBefore = (await getEntry(entry.id)) !== undefined;
  formOwned.add(entry.id);
  try {
    await putEntry(entry);
    void requestBackgroundSync();
    await sendOutboxNow();
    const after: OutboxEntry | undefined = await getEntry(entry.id);
    if (after?.state === 'sent' && after.checklist_id !== undefined) {
      // Sent straight from its form: it never waited, so it does not stay in the device's list.
      await removeEntry(entry.id);
      return { state: 'sent', checklist_id: after.checklist_id };
    }
    if (after?.state === 'refused' && after.error) {
      if (!queuedBefore) await forgetEntry(entry.id);
      return { state: 'refused', error: asApiError(after.error) };
    }
    return { state: 'waiting' };
  } finally {
    formOwned.delete(entry.id);
  }
}
