// The Explore benchmark's data set: N observations (1,000,000 by default) whose places and seasons
// follow real sightings, loaded straight into PostgreSQL in a few large statements.
//
// Where and when: every checklist is anchored on one draw of the demo generator
// (apps/server/src/demo/demo-generator.ts, the one behind `npm run seed:demo`): life stage,
// week of the year, a hotspot active in that month, a point near it (kept on cells with real
// sightings) and a count, all from the model derived from /work/shared/data/observations. On top of
// that this file adds what the demo generator does not model: a few thousand observers with a
// long-tailed activity, sites revisited (a new checklist near existing sites mostly reuses one, Missions
// more than Flash sightings), Flash checklists (1–4 life stages, sometimes on a milkweed) and Missions
// (1–3 milkweed rows, each with the monarchs counted on it), statuses (mostly Pending / Vetted / Valid,
// a few % Invalid / Deleted / Test), a few deleted checklists, photo rows on ~10 % of the observations.
//
// How: numeric columns in typed arrays (little garbage at a million rows), then each table is written
// with `INSERT … SELECT … FROM unnest($1::int[], …)` batches of 100,000 rows (no COPY client needed),
// the secondary indexes dropped during the load and rebuilt after, foreign-key and notify triggers off
// for the loading session (`session_replication_role = replica`, when the role may), then `VACUUM ANALYZE`.
import { tsImport } from 'tsx/esm/api';

/** Observers who own the sites and checklists. */
const USER_COUNT = 3000;
/** Tables the load writes (secondary indexes dropped and rebuilt around it). */
const TABLES = ['sites', 'checklists', 'observations', 'photos'];
const BATCH_ROWS = 100_000;
/** Site grid (degrees, ≈ 5 km): a new checklist in a cell that already has sites reuses one of them. */
const SITE_CELL_DEG = 0.05;
const SITE_REUSE = { flash: 0.6, mission: 0.85 };
const FLASH_SHARE = 0.7;
const DAY_MS = 86_400_000;
/** NULL in an integer column. */
const NULL_INT = -2147483648;

const server = (rel) => tsImport(`../../apps/server/src/${rel}`, import.meta.url);

/**
 * A growable column: Int32Array (NULL_INT is NULL), Float64Array (NaN is NULL), Uint8Array for
 * booleans, or a plain array for text. `sql` is the expression inserted, over `u.<name>`.
 * @param {'int' | 'float8' | 'bool' | 'text'} kind
 * @param {string} [sql] e.g. "to_timestamp(u.created)"; default `u.<name>`
 */
function column(kind, sql) {
  const make = (n) =>
    kind === 'int'
      ? new Int32Array(n)
      : kind === 'float8'
        ? new Float64Array(n)
        : kind === 'bool'
          ? new Uint8Array(n)
          : new Array(n);
  const c = {
    kind,
    sql,
    n: 0,
    data: make(1 << 16),
    /** @param {number | string | boolean | null} v */
    push(v) {
      if (c.n === c.data.length) {
        const bigger = make(c.data.length * 2);
        if (kind === 'text') for (let i = 0; i < c.n; i++) bigger[i] = c.data[i];
        else bigger.set(c.data);
        c.data = bigger;
      }
      c.data[c.n++] =
        v === null
          ? kind === 'int'
            ? NULL_INT
            : kind === 'float8'
              ? Number.NaN
              : null
          : kind === 'bool'
            ? v
              ? 1
              : 0
            : v;
    },
  };
  return c;
}

/**
 * PostgreSQL array literal of rows [start, end) of a column, for an `unnest` parameter.
 * @returns {string}
 */
function arrayLiteral(c, start, end) {
  const d = c.data;
  const parts = new Array(end - start);
  for (let i = start; i < end; i++) {
    const v = d[i];
    if (c.kind === 'int') parts[i - start] = v === NULL_INT ? 'NULL' : String(v);
    else if (c.kind === 'float8') parts[i - start] = Number.isNaN(v) ? 'NULL' : String(v);
    else if (c.kind === 'bool') parts[i - start] = v ? 't' : 'f';
    else parts[i - start] = v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}

const SQL_TYPE = { int: 'int', float8: 'float8', bool: 'bool', text: 'text' };

/**
 * Writes the columns into `table` in batches of BATCH_ROWS rows.
 * @param {import('pg').ClientBase} client
 * @param {string} table
 * @param {Record<string, ReturnType<typeof column>>} columns
 */
async function insertColumns(client, table, columns) {
  const names = Object.keys(columns);
  const n = columns[names[0]].n;
  const text =
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.map((name) => columns[name].sql ?? `u.${name}`).join(', ')} ` +
    `FROM unnest(${names.map((name, i) => `$${i + 1}::${SQL_TYPE[columns[name].kind]}[]`).join(', ')}) AS u(${names.join(', ')})`;
  for (let start = 0; start < n; start += BATCH_ROWS) {
    const end = Math.min(n, start + BATCH_ROWS);
    await client.query(
      text,
      names.map((name) => arrayLiteral(columns[name], start, end)),
    );
  }
}

/** Timestamps travel as whole seconds since 1970 (int: cheap to print), as `to_timestamp(seconds)`. */
const timestamp = (name) => `to_timestamp(u.${name})`;
const clockTime = (name) => `make_time(u.${name} / 60, u.${name} % 60, 0)`;

/**
 * The rows of the data set, as columns per table. A plain function rather than part of the async
 * loader: V8 optimises this hot loop far better outside a resumable (async) function.
 */
function generateRows({
  generateDemoSightings,
  locator,
  mulberry32,
  WeightedTable,
  userIds,
  milkweedIds,
  abundanceIds,
  locationsizeIds,
  target,
  seed,
}) {
  // Long-tailed activity (Zipf-like, s = 0.9): a few very active observers, many occasional ones.
  const userTable = new WeightedTable(
    userIds.map((_, i) => i),
    userIds.map((_, i) => 1 / (i + 1) ** 0.9),
  );
  const random = mulberry32(seed ^ 0x6d6f6e61);
  const pick = (list) => list[Math.floor(random() * list.length)];

  const site = {
    site_id: column('int'),
    user_id: column('int'),
    locality: column('text'),
    city: column('text'),
    province_id: column('int'),
    country_id: column('int'),
    latitude: column('float8'),
    longitude: column('float8'),
    created: column('int', timestamp('created')),
    updated: column('int', timestamp('updated')),
  };
  const cl = {
    checklist_id: column('int'),
    user_id: column('int'),
    site_id: column('int'),
    checklist_date: column('int', "DATE '1970-01-01' + u.checklist_date"),
    start_time: column('int', clockTime('start_time')),
    end_time: column('int', clockTime('end_time')),
    participants: column('int'),
    checklisttype_id: column('int'),
    submittype_id: column('int'),
    is_flash: column('bool'),
    comment: column('text'),
    stems_inspected: column('int'),
    isdeleted: column('bool'),
    created: column('int', timestamp('created')),
    updated: column('int', timestamp('updated')),
  };
  const ob = {
    observation_id: column('int'),
    checklist_id: column('int'),
    milkweed_id: column('int'),
    lifestage_id: column('int'),
    numbers: column('int'),
    abundance_id: column('int'),
    locationsize_id: column('int'),
    observationstatus_id: column('int'),
    basisofrecord_id: column('int'),
    dateidentified: column('int', timestamp('dateidentified')),
    observation_created: column('int', timestamp('observation_created')),
    updated: column('int', timestamp('updated')),
    // The checklist's date, as the trigger of migration 0016 sets it (triggers are off while loading).
    observed_on: column('int', "DATE '1970-01-01' + u.observed_on"),
  };
  const ph = {
    observation_id: column('int'),
    observation_lifestage_id: column('int'),
    photo_path: column('text'),
    photo_name: column('text'),
    user_id: column('int'),
    mime_type: column('text'),
    width: column('int'),
    height: column('int'),
    bytes: column('int'),
    created: column('int', timestamp('created')),
    updated: column('int', timestamp('updated')),
  };
  /** Per site: owner (index into userIds) and earliest checklist time, filled as sites are made and used. */
  const siteOwner = [];
  const siteFirst = [];

  /** Site grid cell → site indexes; region (1°) → observers (indexes into userIds) active there. */
  const siteCells = new Map();
  const regionUsers = new Map();
  let missions = 0;
  const statusCounts = {};

  const newSite = (lat, lng, locality) => {
    const regionKey = `${Math.floor(lat)}:${Math.floor(lng)}`;
    let region = regionUsers.get(regionKey);
    if (!region) regionUsers.set(regionKey, (region = { list: [], set: new Set() }));
    let u;
    // Mostly observers already active in the region (people survey near home), earlier ones more.
    if (region.list.length > 0 && random() < 0.85) u = region.list[Math.floor(region.list.length * random() ** 2)];
    else {
      u = userTable.pick(random());
      if (!region.set.has(u)) {
        region.set.add(u);
        region.list.push(u);
      }
    }
    const box = locator.locate(lat, lng);
    const i = siteOwner.length;
    siteOwner.push(u);
    siteFirst.push(Number.POSITIVE_INFINITY);
    site.site_id.push(i + 1);
    site.user_id.push(userIds[u]);
    site.locality.push(locality ? `${locality} — site ${i + 1}` : `Site ${i + 1}`);
    site.city.push(locality);
    site.province_id.push(box?.province_id ?? null);
    site.country_id.push(box?.country_id ?? null);
    site.latitude.push(lat);
    site.longitude.push(lng);
    return i;
  };

  /** A small count ≥ 1 (geometric, mean ≈ 2) for life stages beyond the anchor's. */
  const smallCount = () => 1 + Math.floor(-Math.log(1 - random()) * 1.2);
  const otherStage = () => {
    const r = random();
    return r < 0.271 ? 1 : r < 0.707 ? 2 : r < 0.951 ? 3 : 4;
  };
  /** Statuses: a few % Invalid / Deleted / Test; among the public ones older years are more often vetted or validated. */
  const statusFor = (age) => {
    const r = random();
    if (r < 0.025) return 5;
    if (r < 0.04) return 3;
    if (r < 0.05) return 6;
    const pending = Math.max(0.1, 0.6 - 0.05 * age);
    const r2 = random();
    return r2 < pending ? 1 : r2 < pending + 0.25 ? 2 : 4;
  };

  let obsCount = 0;
  // As many anchors as observations at most (each checklist has ≥ 1); the loop stops at `target`.
  for (const s of generateDemoSightings(target, seed)) {
    if (obsCount >= target) break;
    const isFlash = random() < FLASH_SHARE;
    const cellKey = `${Math.floor(s.decimalLatitude / SITE_CELL_DEG)}:${Math.floor(s.decimalLongitude / SITE_CELL_DEG)}`;
    let cell = siteCells.get(cellKey);
    if (!cell) siteCells.set(cellKey, (cell = []));
    let siteIndex;
    if (cell.length > 0 && random() < (isFlash ? SITE_REUSE.flash : SITE_REUSE.mission)) siteIndex = pick(cell);
    else {
      siteIndex = newSite(s.decimalLatitude, s.decimalLongitude, s.locality);
      cell.push(siteIndex);
    }
    const userId = userIds[siteOwner[siteIndex]];

    const checklistId = cl.checklist_id.n + 1;
    const dateMs = Date.parse(`${s.eventDate}T00:00:00Z`);
    const age = Math.max(0, 2024 - Number(s.eventDate.slice(0, 4)));
    // Submitted the same day most of the time, otherwise days to weeks later; 08:00–22:00 Eastern.
    const delayDays = random() < 0.6 ? 0 : Math.min(365, Math.floor(-Math.log(1 - random()) * 7));
    const createdMs = dateMs + delayDays * DAY_MS + Math.floor((13 + random() * 14) * 3_600_000);
    const createdS = Math.floor(createdMs / 1000);
    if (createdS < siteFirst[siteIndex]) siteFirst[siteIndex] = createdS;
    const start = 8 * 60 + Math.floor(random() * 9 * 60);
    cl.checklist_id.push(checklistId);
    cl.user_id.push(userId);
    cl.site_id.push(siteIndex + 1);
    cl.checklist_date.push(dateMs / DAY_MS);
    cl.start_time.push(isFlash && random() < 0.5 ? null : start);
    cl.end_time.push(isFlash ? null : Math.min(23 * 60 + 59, start + 15 + Math.floor(random() * 105)));
    cl.participants.push(isFlash ? null : 1 + Math.floor(random() * 4));
    cl.checklisttype_id.push(isFlash ? 3 : 2);
    const sr = random();
    cl.submittype_id.push(sr < 0.7 ? 1 : sr < 0.95 ? 2 : 4);
    cl.is_flash.push(isFlash);
    cl.comment.push(random() < 0.08 ? `Seen near ${s.locality ?? 'the site'}, sunny, light wind` : null);
    cl.stems_inspected.push(isFlash ? null : 10 + Math.floor(random() * 290));
    cl.isdeleted.push(random() < 0.004);
    cl.created.push(createdS);
    cl.updated.push(createdS);
    const checklistStatus = statusFor(age);

    /** [milkweed_id, lifestage_id, numbers, abundance_id, locationsize_id] */
    const rows = [];
    if (isFlash) {
      const milkweed = random() < 0.3 ? pick(milkweedIds) : null;
      const counts = [0, 0, 0, 0];
      counts[s.lifestage_id - 1] = Math.max(1, s.individualCount);
      for (let k = 0; k < 3; k++) if (random() < 0.12) counts[otherStage() - 1] ||= smallCount();
      for (let stage = 1; stage <= 4; stage++)
        if (counts[stage - 1] > 0) rows.push([milkweed, stage, counts[stage - 1], null, null]);
    } else {
      missions++;
      const patches = 1 + (random() < 0.35 ? 1 : 0) + (random() < 0.1 ? 1 : 0);
      for (let p = 0; p < patches; p++) {
        const milkweed = pick(milkweedIds);
        const abundance = pick(abundanceIds);
        const size = pick(locationsizeIds);
        rows.push([milkweed, null, 0, abundance, size]);
        const counts = [0, 0, 0, 0];
        if (p === 0) counts[s.lifestage_id - 1] = Math.max(1, s.individualCount);
        for (let k = 0; k < 2; k++) if (random() < 0.25) counts[otherStage() - 1] ||= smallCount();
        for (let stage = 1; stage <= 4; stage++)
          if (counts[stage - 1] > 0) rows.push([milkweed, stage, counts[stage - 1], abundance, size]);
      }
    }
    const take = Math.min(rows.length, target - obsCount);
    for (let k = 0; k < take; k++) {
      const [milkweed, stage, numbers, abundance, size] = rows[k];
      const observationId = ++obsCount;
      const status = random() < 0.9 ? checklistStatus : statusFor(age);
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
      const photos = random() < (stage === null ? 0.03 : 0.11) ? (random() < 0.2 ? 2 : 1) : 0;
      const identified =
        status === 2 || status === 4 || status === 5 ? createdS + (1 + Math.floor(random() * 60)) * 86_400 : null;
      ob.observation_id.push(observationId);
      ob.checklist_id.push(checklistId);
      ob.milkweed_id.push(milkweed);
      ob.lifestage_id.push(stage);
      ob.numbers.push(numbers);
      ob.abundance_id.push(abundance);
      ob.locationsize_id.push(size);
      ob.observationstatus_id.push(status);
      ob.basisofrecord_id.push(photos > 0 ? 3 : 1);
      ob.dateidentified.push(identified);
      ob.observation_created.push(createdS);
      ob.updated.push(identified ?? createdS);
      ob.observed_on.push(dateMs / DAY_MS);
      for (let p = 1; p <= photos; p++) {
        ph.observation_id.push(observationId);
        ph.observation_lifestage_id.push(stage);
        ph.photo_path.push('observations');
        ph.photo_name.push(`bench-${observationId}-${p}.jpg`);
        ph.user_id.push(userId);
        ph.mime_type.push('image/jpeg');
        ph.width.push(2048);
        ph.height.push(1536);
        ph.bytes.push(250_000 + Math.floor(random() * 750_000));
        ph.created.push(createdS - 600);
        ph.updated.push(createdS);
      }
    }
  }
  for (let i = 0; i < siteFirst.length; i++) {
    site.created.push(siteFirst[i]);
    site.updated.push(siteFirst[i]);
  }
  return { site, cl, ob, ph, missions, statusCounts, obsCount };
}

/**
 * Generates and loads the data set into an empty (migrated, reference-seeded) Mission Monarch database.
 * @param {{ pool: import('pg').Pool, observations: number, seed: number, log: (msg: string) => void }} options
 * @returns {Promise<{ users: number, sites: number, checklists: number, missions: number, observations: number, photos: number,
 *   statusCounts: Record<string, number>, indexes: string[], generateMs: number, loadMs: number, indexMs: number, analyzeMs: number }>} times in ms
 */
export async function loadExploreData({ pool, observations: target, seed, log }) {
  const [{ generateDemoSightings }, { provinceLocator }, { mulberry32 }, { WeightedTable }] = await Promise.all([
    server('demo/demo-generator.ts'),
    server('lib/province-locator.ts'),
    server('demo/prng.ts'),
    server('demo/weighted-table.ts'),
  ]);
  const client = await pool.connect();
  try {
    const t0 = performance.now();
    const existing = await client.query(
      'SELECT (SELECT count(*) FROM observations)::int AS observations, (SELECT count(*) FROM checklists)::int AS checklists',
    );
    if (existing.rows[0].observations > 0 || existing.rows[0].checklists > 0)
      throw new Error('the database already holds observations: load into a fresh one');
    const locator = provinceLocator(
      (
        await client.query(
          'SELECT p.province_id, p.country_id, p.administrative, c.administrative AS country_code FROM provinces p JOIN countries c ON c.id = p.country_id',
        )
      ).rows,
    );
    const milkweedIds = (
      await client.query('SELECT milkweed_id FROM milkweed_species WHERE NOT isdeleted ORDER BY milkweed_id')
    ).rows.map((r) => r.milkweed_id);
    const abundanceIds = (await client.query('SELECT id FROM abundances WHERE NOT isdeleted ORDER BY id')).rows.map(
      (r) => r.id,
    );
    const locationsizeIds = (
      await client.query('SELECT id FROM locationsizes WHERE NOT isdeleted ORDER BY id')
    ).rows.map((r) => r.id);

    // Observers: one statement; the passwords are not argon2 hashes, nobody signs in as them.
    const users = await client.query(`
      INSERT INTO users (username, password, email, first_name, last_name, language, role_id)
      SELECT 'bench_' || lpad(g::text, 5, '0'), '!bench', 'bench_' || g || '@bench.invalid', 'Bench', 'Observer ' || g, (ARRAY['en','fr','es'])[1 + g % 3], 3
      FROM generate_series(1, ${USER_COUNT}) g
      RETURNING user_id`);
    const userIds = users.rows.map((r) => r.user_id);

    const { site, cl, ob, ph, missions, statusCounts, obsCount } = generateRows({
      generateDemoSightings,
      locator,
      mulberry32,
      WeightedTable,
      userIds,
      milkweedIds,
      abundanceIds,
      locationsizeIds,
      target,
      seed,
    });
    const generateMs = performance.now() - t0;
    log(
      `generated ${obsCount} observations, ${cl.checklist_id.n} checklists (${missions} Missions), ${site.site_id.n} sites, ` +
        `${ph.observation_id.n} photos, ${USER_COUNT} users in ${(generateMs / 1000).toFixed(1)} s; loading …`,
    );

    const t1 = performance.now();
    const superuser =
      (await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0]?.rolsuper === true;
    // Foreign keys are checked by triggers: off for this session only (the ids are consistent by construction).
    if (superuser) await client.query('SET session_replication_role = replica');
    const indexes = await client.query(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
       WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [TABLES],
    );
    for (const ix of indexes.rows) await client.query(`DROP INDEX ${ix.name}`);
    await insertColumns(client, 'sites', site);
    await insertColumns(client, 'checklists', cl);
    await insertColumns(client, 'observations', ob);
    await insertColumns(client, 'photos', ph);
    const loadMs = performance.now() - t1;

    const t2 = performance.now();
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const ix of indexes.rows) await client.query(ix.def);
    for (const [table, id] of [
      ['sites', 'site_id'],
      ['checklists', 'checklist_id'],
      ['observations', 'observation_id'],
      ['photos', 'id'],
    ]) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${id}'), (SELECT coalesce(max(${id}), 0) + 1 FROM ${table}), false)`,
      );
    }
    if (superuser) await client.query('SET session_replication_role = DEFAULT');
    const indexMs = performance.now() - t2;

    const t3 = performance.now();
    // VACUUM sets the visibility map (index-only scans), ANALYZE the planner statistics.
    for (const table of ['users', ...TABLES]) await client.query(`VACUUM (ANALYZE) ${table}`);
    await client.query('CHECKPOINT');
    const analyzeMs = performance.now() - t3;
    return {
      users: USER_COUNT,
      sites: site.site_id.n,
      checklists: cl.checklist_id.n,
      missions,
      observations: obsCount,
      photos: ph.observation_id.n,
      statusCounts,
      indexes: indexes.rows.map((r) => r.name),
      generateMs,
      loadMs,
      indexMs,
      analyzeMs,
    };
  } finally {
    client.release();
  }
}
