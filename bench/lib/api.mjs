// The few API calls the benchmarks need besides the measured ones, made the way the web app makes
// them (JSON, `Authorization: <oauth_token>`), so the benchmark depends only on the public API.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The token of the newest sign-up confirmation link the server of `dataDir` wrote to `email` in its
 * outbox (no SMTP configured). Quoted-printable soft line breaks and `=3D` are undone.
 * @param {string} dataDir
 * @param {string} email
 * @returns {Promise<string | undefined>}
 */
async function confirmationToken(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => []))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const raw = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!raw.includes(`To: ${email}`)) continue;
    const token = /\/users\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    if (token) return token;
  }
  return undefined;
}

/**
 * JSON request that fails loudly on an unexpected status.
 * @param {string} url
 * @param {{ method?: string, body?: unknown, token?: string, expect?: number }} [options]
 * @returns {Promise<any>} the parsed JSON answer
 */
export async function api(url, { method = 'GET', body, token, expect = 200 } = {}) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = token;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== expect)
    throw new Error(`${method} ${url}: expected ${expect}, got ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Signs up `count` new users through `POST /api/users/signup` and `POST /api/users/confirm` with the
 * link emailed to the server's outbox (argon2 hashing happens here, once per user, outside every
 * measured section).
 * @param {string} baseUrl
 * @param {number} count
 * @param {string} dataDir the server's DATA_DIR (its outbox holds the confirmation emails)
 * @returns {Promise<{ user_id: number, username: string, token: string }[]>}
 */
export async function signUpUsers(baseUrl, count, dataDir) {
  if (typeof dataDir !== 'string') throw new TypeError('signUpUsers: dataDir (the server DATA_DIR) is required');
  const run = randomBytes(3).toString('hex');
  const users = [];
  for (let i = 0; i < count; i++) {
    const username = `bench_${run}_${i}`;
    const password = randomBytes(12).toString('base64url');
    await api(`${baseUrl}/api/users/signup`, {
      method: 'POST',
      expect: 202,
      body: {
        username,
        first_name: 'Bench',
        last_name: `User ${i}`,
        email: `${username}@example.org`,
        password,
        confirm_password: password,
        language: 'en',
        newsletter: false,
      },
    });
    // The server's job queue sends the email a moment after the sign-up answers: wait up to 10 s.
    let token;
    for (const deadline = Date.now() + 10_000; !token && Date.now() < deadline;) {
      token = await confirmationToken(dataDir, `${username}@example.org`);
      if (!token) await new Promise((r) => setTimeout(r, 100));
    }
    if (!token) throw new Error(`no confirmation email to ${username}@example.org in ${dataDir}`);
    const r = await api(`${baseUrl}/api/users/confirm`, { method: 'POST', expect: 201, body: { token } });
    users.push({ user_id: r.user_id, username: r.username, token: r.oauth_token });
  }
  return users;
}

/**
 * Reference ids a Mission needs, from `GET /api/utilities/loadparams`: three milkweed species, an
 * abundance, a location size and Ontario (or the first province) with a point inside it.
 * @param {string} baseUrl
 * @returns {Promise<{ milkweedIds: number[], abundanceId: number, locationsizeId: number, provinceId: number }>}
 */
export async function missionReferences(baseUrl) {
  const p = await api(`${baseUrl}/api/utilities/loadparams`);
  if (p.milkweeds.length < 3 || p.abundances.length === 0 || p.locationsizes.length === 0 || p.provinces.length === 0) {
    throw new Error(
      'loadparams: reference data missing (need ≥ 3 milkweeds, an abundance, a location size, a province)',
    );
  }
  const province = p.provinces.find((x) => x.administrative === 'ON' && x.country_id === 1) ?? p.provinces[0];
  return {
    milkweedIds: p.milkweeds.slice(0, 3).map((m) => m.milkweed_id),
    abundanceId: p.abundances[0].id,
    locationsizeId: p.locationsizes[0].id,
    provinceId: province.province_id,
  };
}

/**
 * A valid Mission body (spec §1 four steps): a new site, yesterday 09:00–10:30 (never "in the
 * future" whatever the time zone), 3 milkweed rows × 4 life stages all counted (> 0), no photos.
 * The server writes 1 site + 1 checklist + 3 × (1 milkweed + 4 monarch) = 15 observation rows.
 * @param {{ milkweedIds: number[], abundanceId: number, locationsizeId: number, provinceId: number }} refs
 * @param {string} idempotencyKey a UUID, new for every submission
 * @returns {object}
 */
export function missionBody(refs, idempotencyKey) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  return {
    idempotency_key: idempotencyKey,
    site: {
      site_id: null,
      locality: 'Bench meadow, Rideau Canal',
      city: 'Ottawa',
      province_id: refs.provinceId,
      latitude: 45.4215,
      longitude: -75.6972,
    },
    checklist: { checklist_date: yesterday, start_time: '09:00', end_time: '10:30', participants: 2 },
    observation: {
      stems_inspected: 120,
      monarchs_seen: true,
      photos: [],
      comment: 'autocannon benchmark',
      milkweeds: refs.milkweedIds.map((milkweed_id, i) => ({
        milkweed_id,
        abundance_id: refs.abundanceId,
        locationsize_id: refs.locationsizeId,
        adults: 1 + i,
        eggs: 5 + i,
        caterpillars: 3 + i,
        chrysalises: 1,
      })),
    },
  };
}

/**
 * How many Missions the API lists for each user (`GET /api/checklists/mine?kind=mission`, paginator.total).
 * @param {string} baseUrl
 * @param {{ token: string }[]} users
 * @returns {Promise<number>} the sum over the users
 */
export async function countMissions(baseUrl, users) {
  let total = 0;
  for (const u of users) {
    const r = await api(`${baseUrl}/api/checklists/mine?kind=mission&page=1&limit=1`, { token: u.token });
    total += r.paginator.total;
  }
  return total;
}
