import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, GalleryResponse, LoadParams, MyProfile, UploadPhotoResponse } from '@mm/shared';
import { buildTestApp, multipart, photosDir, signUp, submitFlash, type TestContext } from './helpers';

/** "Licences": chosen in the profile, fixed on each record at submission, shown and exported. */
let ctx: TestContext;
let volunteer: { token: string; userId: number; username: string };
let qc: number;

const setLicense = (license: unknown, language = 'en') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/users/updateprofile',
    headers: { Authorization: volunteer.token, Language: language },
    payload: { license },
  });
const flash = async (photo?: string) =>
  submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2026-06-10',
    locality: 'Parc Jarry',
    province_id: qc,
    latitude: 45.53,
    longitude: -73.63,
    adults: 1,
    photos: photo ? [{ photo_name: photo, lifestage_id: 1 }] : [],
  });
const detail = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/checklists/${id}` })).json<{ license: string }>();

beforeAll(async () => {
  ctx = await buildTestApp();
  volunteer = await signUp(ctx.app);
  const params = (await ctx.app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  qc = params.provinces.find((p) => p.administrative === 'QC')!.province_id;
});
afterAll(() => ctx.close());

describe('record licences', () => {
  it('defaults to CC BY 4.0 and refuses a licence GBIF does not accept, naming the field', async () => {
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/api/users/myprofile', headers: { Authorization: volunteer.token } })
    ).json<MyProfile>();
    expect(me.profile?.license).toBe('CC-BY-4.0');
    expect((await detail(await flash())).license).toBe('CC-BY-4.0');
    const bad = await setLicense('CC-BY-SA-4.0', 'fr');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiError>().fields ?? {})).toEqual(['license']);
  });

  it('stores the chosen licence on each record at submission and keeps it when the profile changes', async () => {
    expect((await setLicense('CC-BY-NC-4.0')).statusCode).toBe(204);
    const body = multipart(
      'genoa_nikon_d3100_gps.jpg',
      await readFile(path.join(photosDir, 'genoa_nikon_d3100_gps.jpg')),
    );
    const photo = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/photos/uploadphotos/observations',
        headers: { ...body.headers, Authorization: volunteer.token },
        payload: body.payload,
      })
    ).json<UploadPhotoResponse>();
    const nc = await flash(photo.photo_name);
    expect((await setLicense('CC0-1.0')).statusCode).toBe(204);
    const cc0 = await flash();
    expect((await detail(nc)).license).toBe('CC-BY-NC-4.0');
    expect((await detail(cc0)).license).toBe('CC0-1.0');

    const gallery = (
      await ctx.app.inject({ method: 'GET', url: `/api/photos/gallery?username=${volunteer.username}` })
    ).json<GalleryResponse>();
    expect(gallery.data.map((p) => p.license)).toEqual(['CC-BY-NC-4.0']);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/observations/download?format=csv&reason_id=1&username=${volunteer.username}`,
      remoteAddress: '10.18.0.2', // its own address: downloads are limited per IP across test files
    });
    const rows = parse<{ license: string }>(csv.body, { columns: true, bom: true });
    expect(rows.map((r) => r.license).sort()).toEqual([
      'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
      'http://creativecommons.org/licenses/by/4.0/legalcode',
      'http://creativecommons.org/publicdomain/zero/1.0/legalcode',
    ]);
  });
});
