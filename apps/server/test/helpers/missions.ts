/**
 * Fixtures the report tests share (Blitz totals, the density view, the season report): Missions made
 * through the API as a volunteer makes them, and the reference ids those tests look up by code.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LoadParams } from '@mm/shared';

/** One milkweed row of a Mission: its monarch counts, 0 when left out. */
export type MissionRow = { adults?: number; eggs?: number; caterpillars?: number; chrysalises?: number };

/** A picture of a Mission (spec §3): an uploaded photo's name, its life stage and its milkweed row (0-based). */
export type MissionPhoto = { photo_name: string; lifestage_id: number; milkweed_index: number };

/**
 * Submits a Mission (spec §7 `POST /api/observations/submit_mission`) as the holder of `token` and
 * answers its checklist id; the test fails unless the API answers 201. The visit is on `date`
 * (yyyy-MM-dd) from 09:00 to 10:00 with one participant, at `site` (a new place: locality, city,
 * province_id, latitude, longitude…; or an existing site_id with its place), `stems` stems inspected
 * and monarchs seen; one milkweed row of `milkweedId` (abundance 2, location size 1) per entry of `rows`.
 */
export async function submitMission(
  app: FastifyInstance,
  token: string,
  mission: {
    site: Record<string, unknown>;
    date: string;
    stems: number;
    milkweedId: number;
    rows: MissionRow[];
    photos?: MissionPhoto[];
  },
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/observations/submit_mission',
    headers: { Authorization: token },
    payload: {
      idempotency_key: randomUUID(),
      site: mission.site,
      checklist: { checklist_date: mission.date, start_time: '09:00', end_time: '10:00', participants: 1 },
      observation: {
        stems_inspected: mission.stems,
        monarchs_seen: true,
        milkweeds: mission.rows.map((r) => ({
          milkweed_id: mission.milkweedId,
          abundance_id: 2,
          locationsize_id: 1,
          adults: 0,
          eggs: 0,
          caterpillars: 0,
          chrysalises: 0,
          ...r,
        })),
        photos: mission.photos ?? [],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ checklist_id: number }>().checklist_id;
}

/**
 * The reference data (`GET /api/utilities/loadparams`), with the look-ups the report tests make:
 * a province or state by its code ('QC', 'MN'; the test fails on an unknown code) and the id of
 * Common milkweed (Asclepias syriaca), the species of their milkweed rows.
 */
export async function referenceData(app: FastifyInstance) {
  const params = (await app.inject({ method: 'GET', url: '/api/utilities/loadparams' })).json<LoadParams>();
  const province = (code: string) => {
    const found = params.provinces.find((p) => p.administrative === code);
    expect(found, `province ${code}`).toBeDefined();
    return found!;
  };
  const syriaca = params.milkweeds.find((m) => m.latin_name === 'Asclepias syriaca')!.milkweed_id;
  return { params, province, syriaca };
}
