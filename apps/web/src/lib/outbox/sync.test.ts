// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client';
import {
  OUTBOX_DB_NAME,
  REUPLOAD_AFTER_MS,
  classifyFailure,
  closeOutboxDb,
  entryBytes,
  forgetEntry,
  getEntry,
  getPhotoBlob,
  keepPhoto,
  listEntries,
  putEntry,
  removeEntry,
  syncOutbox,
  type NewOutboxEntry,
  type OutboxKind,
  type OutboxTransport,
} from './index';
import { pruneOutbox } from './prune';

const USER = 7;
const apiError = (status: number, message = 'refused', fields?: Record<string, string>) =>
  new ApiRequestError(status, { statusCode: status, error: 'x', message, fields });

/**
 * A stand-in for the server's two calls with its idempotency rule (one checklist per key), that can
 * be told to fail the next calls the way a network or the server does.
 */
function fakeServer() {
  const checklists = new Map<string, number>();
  const calls: string[] = [];
  const failures: (Error | undefined)[] = [];
  let uploads = 0;
  const transport: OutboxTransport = {
    upload(blob, fileName) {
      calls.push(`upload ${fileName}`);
      const failure = failures.shift();
      if (failure) return Promise.reject(failure);
      expect(blob.size).toBeGreaterThan(0);
      uploads += 1;
      return Promise.resolve({ photo_name: `00000000-0000-4000-8000-${String(uploads).padStart(12, '0')}.jpg` });
    },
    submit(kind: OutboxKind, payload) {
      const key = (payload as { idempotency_key: string }).idempotency_key;
      calls.push(`submit ${kind} ${key} ${JSON.stringify(payload)}`);
      const failure = failures.shift();
      if (failure) return Promise.reject(failure);
      const id = checklists.get(key) ?? checklists.size + 1;
      checklists.set(key, id);
      return Promise.resolve({ checklist_id: id });
    },
  };
  return { transport, checklists, calls, failures };
}

let clock = 0;
/** A Flash entry with one photo picked offline (its stand-in name is `{local_id}.jpg`). */
async function flashEntry(place: string, withPhoto = true, user = USER): Promise<NewOutboxEntry> {
  clock += 1;
  const key = crypto.randomUUID();
  const localId = crypto.randomUUID();
  if (withPhoto) await keepPhoto(localId, new File([new Uint8Array([0xff, 0xd8, clock])], `${place}.jpg`));
  const photos = withPhoto
    ? [
        {
          local_id: localId,
          photo_name: `${localId}.jpg`,
          uploaded_at: null,
          file_name: `${place}.jpg`,
          lifestage_id: 1,
        },
      ]
    : [];
  const entry: NewOutboxEntry = {
    id: key,
    kind: 'flash',
    user_id: user,
    payload: {
      idempotency_key: key,
      locality: place,
      photos: photos.map((p) => ({ photo_name: p.photo_name, lifestage_id: 1 })),
    },
    photos,
    form: { locality: place },
    summary: { place, date: '2025-07-01' },
  };
  await putEntry(entry);
  // Distinct creation times keep the order deterministic.
  await new Promise((r) => setTimeout(r, 2));
  return entry;
}

beforeEach(async () => {
  await closeOutboxDb();
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(OUTBOX_DB_NAME);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('deleteDatabase failed'));
  });
});
afterEach(() => closeOutboxDb());

describe('outbox sync', () => {
  it('uploads each photo, then submits the entries oldest first with the server photo names, once each', async () => {
    const server = fakeServer();
    const a = await flashEntry('Parc A');
    const b = await flashEntry('Parc B', false);
    const c = await flashEntry('Parc C');
    const report = await syncOutbox(USER, server.transport);
    expect(report.stopped).toBeUndefined();
    expect(report.sent.map((e) => e.summary.place)).toEqual(['Parc A', 'Parc B', 'Parc C']);
    expect(server.calls.map((c) => c.split(' ').slice(0, 2).join(' '))).toEqual([
      'upload Parc',
      'submit flash',
      'submit flash',
      'upload Parc',
      'submit flash',
    ]);
    // The stand-in name never reaches the server.
    expect(server.calls[1]).toContain('00000000-0000-4000-8000-000000000001.jpg');
    expect(server.calls[1]).not.toContain(a.photos[0]?.photo_name);
    const stored = await listEntries();
    expect(stored.map((e) => [e.state, e.checklist_id])).toEqual([
      ['sent', 1],
      ['sent', 2],
      ['sent', 3],
    ]);
    // Sent entries no longer hold their photo files.
    expect(await getPhotoBlob(c.photos[0]?.local_id ?? '')).toBeUndefined();
    // A second pass sends nothing.
    await syncOutbox(USER, server.transport);
    expect(server.calls).toHaveLength(5);
    expect(server.checklists.size).toBe(3);
    expect(b.id).toBe((await getEntry(b.id))?.id);
  });

  it('stops when the network drops, keeps the entry waiting with its key, and does not upload a photo twice', async () => {
    const server = fakeServer();
    const a = await flashEntry('Parc A');
    await flashEntry('Parc B');
    // The upload of A works, then its submit finds no network (fetch failed: status 0).
    server.failures.push(undefined, apiError(0));
    const first = await syncOutbox(USER, server.transport);
    expect(first.stopped).toBe('network');
    expect(first.sent).toHaveLength(0);
    const waiting = await getEntry(a.id);
    expect(waiting?.state).toBe('waiting');
    expect(waiting?.photos[0]?.uploaded_at).not.toBeNull();
    expect(waiting?.photos[0]?.photo_name).toBe('00000000-0000-4000-8000-000000000001.jpg');

    const second = await syncOutbox(USER, server.transport);
    expect(second.sent.map((e) => e.summary.place)).toEqual(['Parc A', 'Parc B']);
    const submits = server.calls.filter((c) => c.startsWith(`submit flash ${a.id}`));
    expect(submits).toHaveLength(2);
    expect(submits[0]).toBe(submits[1]);
    expect(server.calls.filter((c) => c === 'upload Parc A.jpg')).toHaveLength(1);
    expect(server.checklists.size).toBe(2);
  });

  it('a server error (503) or rate limit (429) waits for the next pass like a lost network', async () => {
    const server = fakeServer();
    await flashEntry('Parc A', false);
    server.failures.push(apiError(503));
    expect((await syncOutbox(USER, server.transport)).stopped).toBe('network');
    server.failures.push(apiError(429));
    expect((await syncOutbox(USER, server.transport)).stopped).toBe('network');
    expect((await syncOutbox(USER, server.transport)).sent).toHaveLength(1);
  });

  it('a refused entry keeps its data and reason, does not block the next ones, and goes again after an edit with the same key', async () => {
    const server = fakeServer();
    const a = await flashEntry('Parc A', false);
    await flashEntry('Parc B', false);
    server.failures.push(apiError(400, 'Some fields need your attention.', { province_id: 'Province is required.' }));
    const report = await syncOutbox(USER, server.transport);
    expect(report.refused.map((e) => e.summary.place)).toEqual(['Parc A']);
    expect(report.sent.map((e) => e.summary.place)).toEqual(['Parc B']);
    const refused = await getEntry(a.id);
    expect(refused?.state).toBe('refused');
    expect(refused?.error).toEqual({
      status: 400,
      message: 'Some fields need your attention.',
      fields: { province_id: 'Province is required.' },
    });
    expect(refused?.form).toEqual({ locality: 'Parc A' });
    // A refused entry is not retried as it is.
    await syncOutbox(USER, server.transport);
    expect(server.calls.filter((c) => c.includes(a.id))).toHaveLength(1);

    await putEntry({ ...a, payload: { ...(a.payload as object), province_id: 11 }, form: { locality: 'Parc A, QC' } });
    const edited = await getEntry(a.id);
    expect(edited?.state).toBe('waiting');
    expect(edited?.created_at).toBe(refused?.created_at);
    const again = await syncOutbox(USER, server.transport);
    expect(again.sent.map((e) => e.id)).toEqual([a.id]);
    expect(server.calls.at(-1)).toContain('"province_id":11');
  });

  it('an expired session (401) keeps every entry waiting with the reason, until a sync with a valid session', async () => {
    const server = fakeServer();
    const a = await flashEntry('Parc A', false);
    await flashEntry('Parc B', false);
    server.failures.push(apiError(401, 'Please sign in to continue.'));
    const report = await syncOutbox(USER, server.transport);
    expect(report.stopped).toBe('session');
    expect((await listEntries()).map((e) => e.state)).toEqual(['waiting', 'waiting']);
    expect((await getEntry(a.id))?.error?.status).toBe(401);
    expect((await syncOutbox(USER, server.transport)).sent).toHaveLength(2);
  });

  it('sends only the signed-in volunteer’s entries, and resends one left "sending" by a closed tab', async () => {
    const server = fakeServer();
    const other = await flashEntry('Autre', false, 99);
    const mine = await flashEntry('Mine', false);
    const { updateEntry } = await import('./outbox');
    await updateEntry(mine.id, (e) => ({ ...e, state: 'sending' }));
    const report = await syncOutbox(USER, server.transport);
    expect(report.sent.map((e) => e.id)).toEqual([mine.id]);
    expect((await getEntry(other.id))?.state).toBe('waiting');
  });

  it('two syncs started together send each entry once', async () => {
    const server = fakeServer();
    await flashEntry('Parc A');
    await flashEntry('Parc B');
    const [r1, r2] = await Promise.all([syncOutbox(USER, server.transport), syncOutbox(USER, server.transport)]);
    expect(r1).toBe(r2);
    expect(server.calls.filter((c) => c.startsWith('submit'))).toHaveLength(2);
    expect(server.calls.filter((c) => c.startsWith('upload'))).toHaveLength(2);
  });

  it('uploads again a photo uploaded before the server’s 24 h clean-up could drop it', async () => {
    const server = fakeServer();
    const a = await flashEntry('Parc A');
    const photo = a.photos[0];
    if (!photo) throw new Error('photo expected');
    const old = {
      ...photo,
      photo_name: '11111111-1111-4111-8111-111111111111.jpg',
      uploaded_at: Date.now() - REUPLOAD_AFTER_MS - 1,
    };
    await putEntry({
      ...a,
      photos: [old],
      payload: { ...(a.payload as object), photos: [{ photo_name: old.photo_name, lifestage_id: 1 }] },
    });
    await syncOutbox(USER, server.transport);
    expect(server.calls[0]).toBe('upload Parc A.jpg');
    expect(server.calls[1]).toContain('00000000-0000-4000-8000-000000000001.jpg');
    expect(server.calls[1]).not.toContain(old.photo_name);
  });
});

describe('outbox store', () => {
  it('forgetting an entry (refused straight from its form) keeps its photo files for the form', async () => {
    const entry = await flashEntry('Parc refusé');
    const localId = entry.photos[0]?.local_id ?? '';
    await forgetEntry(entry.id);
    expect(await getEntry(entry.id)).toBeUndefined();
    expect(await listEntries()).toEqual([]);
    expect((await getPhotoBlob(localId))?.size).toBe(3);
  });

  it('deleting an entry deletes its photo files; pruning drops old sent entries and unused old photos', async () => {
    const a = await flashEntry('Parc A');
    await removeEntry(a.id);
    expect(await getEntry(a.id)).toBeUndefined();
    expect(await getPhotoBlob(a.photos[0]?.local_id ?? '')).toBeUndefined();

    const server = fakeServer();
    const b = await flashEntry('Parc B', false);
    await syncOutbox(USER, server.transport);
    await keepPhoto('draft-photo', new File([new Uint8Array([1])], 'draft.jpg'));
    await keepPhoto('orphan', new File([new Uint8Array([1])], 'orphan.jpg'));
    await pruneOutbox(() => new Set(['draft-photo']), 0, -1);
    expect(await getEntry(b.id)).toBeUndefined();
    expect(await getPhotoBlob('draft-photo')).toBeDefined();
    expect(await getPhotoBlob('orphan')).toBeUndefined();
  });

  it('asks for the files to keep only when an old unused file is there to delete', async () => {
    await keepPhoto('recent', new File([new Uint8Array([1])], 'recent.jpg'));
    let asked = 0;
    const keep = () => {
      asked += 1;
      return new Set<string>();
    };
    await pruneOutbox(keep);
    expect(asked).toBe(0);
    expect(await getPhotoBlob('recent')).toBeDefined();
    await pruneOutbox(keep, 0, -1);
    expect(asked).toBe(1);
    expect(await getPhotoBlob('recent')).toBeUndefined();
  });

  it('classifies failures: no answer and 5xx wait, 401 asks for a session, other 4xx refuse', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(classifyFailure(apiError(0))).toEqual({ kind: 'network' });
    expect(classifyFailure(apiError(502))).toEqual({ kind: 'network' });
    expect(classifyFailure(apiError(401)).kind).toBe('session');
    for (const status of [400, 403, 409, 413, 415]) expect(classifyFailure(apiError(status)).kind).toBe('refused');
  });

  it('tells the bytes the files of an entry take on this device; a photo whose file is gone counts 0', async () => {
    await keepPhoto('a', new File([new Uint8Array(412_345)], 'a.jpg', { type: 'image/jpeg' }));
    await keepPhoto('b', new File([new Uint8Array(1_000)], 'b.jpg', { type: 'image/jpeg' }));
    const photo = (local_id: string) => ({
      local_id,
      photo_name: `${local_id}.jpg`,
      uploaded_at: null,
      file_name: `${local_id}.jpg`,
      lifestage_id: 1,
    });
    expect(await entryBytes({ photos: [photo('a'), photo('b'), photo('gone')] })).toBe(413_345);
    expect(await entryBytes({ photos: [] })).toBe(0);
  });
});
