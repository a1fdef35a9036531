import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { link, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/availability';
import { localStorage } from '../src/lib/storage';
import { createPhotosService } from '../src/modules/photos/photos.service';
import { buildTestApp, multipart, signUp, type TestContext } from './helpers';

const photo = readFileSync(
  path.resolve(import.meta.dirname, '../../../fixtures/photos/agama_lizard_kenya_kodak_gps_south.jpg'),
);
let ctx: TestContext;
let token: string;
let qc: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  token = (await signUp(ctx.app)).token;
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json();
  qc = params.provinces.find((p: { administrative: string }) => p.administrative === 'QC').province_id;
});
afterAll(() => ctx.close());

const file = (dir: string, size: string, name: string) => path.join(ctx.uploadsDir, dir, size, name);

async function submitWithPhoto(key = randomUUID()) {
  const body = multipart('agama.jpg', photo);
  const up = await ctx.app.inject({
    method: 'POST',
    url: '/api/photos/uploadphotos/observations',
    headers: { Authorization: token, ...body.headers },
    payload: body.payload,
  });
  const name = up.json<{ photo_name: string }>().photo_name;
  const payload = {
    idempotency_key: key,
    checklist_date: '2026-08-02',
    locality: 'Jardin',
    province_id: qc,
    latitude: 46.81,
    longitude: -71.21,
    adults: 1,
    eggs: 0,
    caterpillars: 0,
    chrysalises: 0,
    photos: [{ photo_name: name, lifestage_id: 1 }],
  };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/observations/submit_flash',
    headers: { Authorization: token },
    payload,
  });
  return { res, name, payload };
}

describe('photo files (issue 14)', () => {
  it('places both files before answering and drops the temporary names', async () => {
    const { res, name } = await submitWithPhoto();
    expect(res.statusCode).toBe(201);
    for (const size of ['large', 'small']) {
      expect(existsSync(file('observations', size, name))).toBe(true);
      expect(existsSync(file('observations_temp', size, name))).toBe(false);
    }
  });

  it('a retry with the same key finishes an interrupted move and makes a lost small again', async () => {
    const { res, name, payload } = await submitWithPhoto();
    const id = res.json<{ checklist_id: number }>().checklist_id;
    // As a crash could leave it with a non-atomic move: large only in the temporary area, small gone.
    await link(file('observations', 'large', name), file('observations_temp', 'large', name)).catch(() => undefined);
    await rm(file('observations', 'large', name));
    await rm(file('observations', 'small', name));
    const retry = await ctx.app.inject({
      method: 'POST',
      url: '/api/observations/submit_flash',
      headers: { Authorization: token },
      payload,
    });
    expect(retry.json()).toEqual({ checklist_id: id });
    expect(existsSync(file('observations', 'large', name))).toBe(true);
    expect(existsSync(file('observations', 'small', name))).toBe(true);
  });

  it('the reconciliation repairs what it can and reports the rest, deleting no row', async () => {
    const repairable = await submitWithPhoto();
    const lost = await submitWithPhoto();
    await rm(file('observations', 'small', repairable.name));
    await rm(file('observations', 'large', lost.name));
    await rm(file('observations', 'small', lost.name));
    const report = await createPhotosService(ctx.db, localStorage(ctx.uploadsDir)).reconcile();
    expect(report.repaired).toBeGreaterThanOrEqual(1);
    expect(report.missing).toBeGreaterThanOrEqual(1);
    expect(existsSync(file('observations', 'small', repairable.name))).toBe(true);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/checklists/${lost.res.json<{ checklist_id: number }>().checklist_id}`,
    });
    expect(detail.statusCode).toBe(200);
  });

  it('tells database unavailability from other errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
