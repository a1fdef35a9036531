// Reference lines of the Explore benchmark: what the same machine does at best, measured in
// the same run, so that the targets are ratios that do not move with the machine. A bare Fastify
// server answering the cached answers' bytes from memory (ceiling for cache hits); PostgreSQL's own
// `COPY (…) TO STDOUT` of the export's rows through pg-copy-streams (reference for the CSV export);
// the clustering computation alone, in this process, without HTTP (reference for cluster requests).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { to as copyTo } from 'pg-copy-streams';
import { tsImport } from 'tsx/esm/api';
import { mean, percentile } from './stats.mjs';
import { HOST, ROOT } from './server.mjs';

/**
 * Starts bench/lib/bare-server.mjs with `bodies` (name → UTF-8 text, content type and the other
 * headers to send) and waits for it to listen. GET `/bare/<name>` then answers that body (br or gzip
 * as accepted above 1 KB, made once) with those headers.
 * @param {Record<string, { body: string, contentType: string, headers?: Record<string, string> }>} bodies
 * @returns {Promise<{ baseUrl: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startBareServer(bodies) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-bare-'));
  const manifest = { bodies: {} };
  for (const [name, { body, contentType, headers = {} }] of Object.entries(bodies)) {
    const file = path.join(dir, `${name}.body`);
    writeFileSync(file, body);
    manifest.bodies[name] = { file, contentType, headers };
  }
  return startReferenceProcess('bare-server.mjs', dir, manifest);
}

/**
 * Starts bench/lib/cluster-route.mjs: GET `/bare-clusters?zoom&west&south&east&north` answers the
 * server's clustering (ClusterIndex over `sites`, overlap merge, same JSON) with `headers`, and
 * nothing else: the reference of the cache-missed cluster lines, measured like them.
 * @param {{ sites: object[], headers: Record<string, string> }} options `sites`: the public per-site aggregates
 * @returns {Promise<{ baseUrl: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startClusterRoute({ sites, headers }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mm-bench-clusters-'));
  const file = path.join(dir, 'sites.json');
  writeFileSync(file, JSON.stringify(sites));
  return startReferenceProcess('cluster-route.mjs', dir, { sites: file, headers }, 120_000);
}

/**
 * Spawns `bench/lib/<script> <dir>/manifest.json` and waits for its "listening <port>" line.
 * `stop` ends it and removes `dir`.
 */
async function startReferenceProcess(script, dir, manifest, timeoutMs = 60_000) {
  const manifestFile = path.join(dir, 'manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'lib', script), manifestFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += String(c)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  let timer;
  let port;
  try {
    port = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c) => {
        out += String(c);
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${stderr.slice(0, 500)}`)));
      timer = setTimeout(() => reject(new Error(`${script} did not listen within ${timeoutMs} ms`)), timeoutMs);
    });
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return { baseUrl: `http://${HOST}:${port}`, pid: child.pid, stop };
}

/**
 * The SQL text of a Drizzle query with its parameters written in as literals (COPY takes none).
 * @param {import('pg').ClientBase} client for escapeLiteral
 * @param {{ sql: string, params: unknown[] }} q
 */
function inlineParams(client, q) {
  return q.sql.replace(/\$(\d+)/g, (_, i) => {
    const v = q.params[Number(i) - 1];
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (Array.isArray(v)) return client.escapeLiteral(`{${v.join(',')}}`);
    return client.escapeLiteral(String(v));
  });
}

/**
 * `COPY (<the CSV export's query>) TO STDOUT (FORMAT csv, HEADER)` through pg-copy-streams: the same
 * rows, columns and order as the public CSV export (downloads repository `occurrencesQuery`, public
 * statuses, generalised positions, sort by observation date), formatted by PostgreSQL and read to the
 * end by this process.
 * @param {{ pool: import('pg').Pool }} options
 * @returns {Promise<{ ms: number, firstByteMs: number, bytes: number, lines: number, sql: string }>}
 */
export async function copyExport({ pool }) {
  const [{ PgDialect }, { downloadsRepository }, visibility] = await Promise.all([
    import('drizzle-orm/pg-core'),
    tsImport('../../apps/server/src/modules/downloads/downloads.repository.ts', import.meta.url),
    tsImport('../../apps/server/src/db/visibility.ts', import.meta.url),
  ]);
  const statuses = visibility.visibleStatuses(null);
  const q = new PgDialect().sqlToQuery(
    downloadsRepository.occurrencesQuery({}, statuses, visibility.positionsFor(null), 'observed'),
  );
  const client = await pool.connect();
  try {
    const text = inlineParams(client, q);
    const t0 = performance.now();
    const stream = client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT csv, HEADER)`));
    let firstByteMs = Number.NaN;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of stream) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { ms: performance.now() - t0, firstByteMs, bytes, lines, sql: text };
  } finally {
    client.release();
  }
}

/**
 * The cluster computation alone, in this process: the public per-site aggregates read once (as the
 * server does per data version), a ClusterIndex built from them, then `clustersJson` with the overlap
 * merge for the same panned viewports the HTTP line asks, one after the other, for `durationS`.
 * @param {{ pool: import('pg').Pool, panned: () => { zoom: number, west: string, south: string, east: string, north: string },
 *   durationS: number, index?: object }} options `index`: a ClusterIndex built by an earlier call (built here when absent)
 * @returns {Promise<{ index: object, buildMs: number, rps: number, requests: number, p50: number, p95: number, p99: number, mean: number }>} times in ms
 */
export async function clusterReference({ pool, panned, durationS, index: kept }) {
  const [{ drizzle }, schema, { exploreMapRepository }, { ClusterIndex }, { mergeOverlapping }, visibility] =
    await Promise.all([
      import('drizzle-orm/node-postgres'),
      tsImport('../../apps/server/src/db/schema.ts', import.meta.url),
      tsImport('../../apps/server/src/modules/explore/explore-map.repository.ts', import.meta.url),
      tsImport('../../apps/server/src/modules/explore/cluster-index.ts', import.meta.url),
      tsImport('../../apps/server/src/modules/explore/cluster-merge.ts', import.meta.url),
      tsImport('../../apps/server/src/db/visibility.ts', import.meta.url),
    ]);
  let buildMs = 0;
  let index = kept?.index;
  let rows = kept?.rows;
  if (!index) {
    const db = drizzle(pool, { schema });
    const t0 = performance.now();
    rows = await exploreMapRepository.siteAggregates(
      db,
      {},
      visibility.visibleStatuses(null),
      visibility.positionsFor(null),
    );
    index = new ClusterIndex(rows);
    buildMs = performance.now() - t0;
  }
  const latencies = [];
  const t0 = performance.now();
  const end = t0 + durationS * 1000;
  while (performance.now() < end) {
    const v = panned();
    const q = {
      zoom: v.zoom,
      west: Number(v.west),
      south: Number(v.south),
      east: Number(v.east),
      north: Number(v.north),
    };
    const started = performance.now();
    index.clustersJson(q, (c) => mergeOverlapping(c, q.zoom));
    latencies.push(performance.now() - started);
    // Let timers (the CPU meter, sockets) run now and then, as a server would between requests.
    if (latencies.length % 200 === 0) await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    index: { index, rows },
    buildMs,
    rps: latencies.length / seconds,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    mean: mean(latencies),
  };
}

/**
 * the clustering trial: supercluster (a well-kept library) over the same public per-site
 * aggregates, answering the same panned viewports with the same JSON shape (count = observations, the
 * one observation id when count is 1, the checklist when all share one, bounds) and the same overlap
 * merge, alone in this process. Its clusters are not the grid's (supercluster greedily joins points
 * within `radius` px, positions weighted by observations): a trial of speed, not of identical answers.
 * @param {{ rows: object[], panned: () => { zoom: number, west: string, south: string, east: string, north: string },
 *   durationS: number, index?: object }} options `index`: a Supercluster built by an earlier call
 * @returns {Promise<{ index: object, buildMs: number, rps: number, p50: number, p95: number, clusters: number }>} times in ms
 */
export async function superclusterTrial({ rows, panned, durationS, index: kept }) {
  const [{ default: Supercluster }, { mergeOverlapping }] = await Promise.all([
    import('supercluster'),
    tsImport('../../apps/server/src/modules/explore/cluster-merge.ts', import.meta.url),
  ]);
  let buildMs = 0;
  let index = kept;
  if (!index) {
    const t0 = performance.now();
    // Radius 64 of a 512 extent = 32 px on 256-px tiles: the half-width of the grid's ≈ 64 px cells.
    index = new Supercluster({
      radius: 64,
      extent: 512,
      maxZoom: 20,
      map: (p) => ({
        count: p.count,
        observation_id: p.observation_id,
        checklist_min: p.checklist_min,
        checklist_max: p.checklist_max,
        lat: p.latitude * p.count,
        lng: p.longitude * p.count,
        west: p.longitude,
        south: p.latitude,
        east: p.longitude,
        north: p.latitude,
      }),
      reduce: (a, b) => {
        a.count += b.count;
        a.observation_id = Math.min(a.observation_id, b.observation_id);
        a.checklist_min = Math.min(a.checklist_min, b.checklist_min);
        a.checklist_max = Math.max(a.checklist_max, b.checklist_max);
        a.lat += b.lat;
        a.lng += b.lng;
        a.west = Math.min(a.west, b.west);
        a.south = Math.min(a.south, b.south);
        a.east = Math.max(a.east, b.east);
        a.north = Math.max(a.north, b.north);
      },
    });
    index.load(
      rows.map((r) => ({
        type: 'Feature',
        properties: r,
        geometry: { type: 'Point', coordinates: [r.longitude, r.latitude] },
      })),
    );
    buildMs = performance.now() - t0;
  }
  const toCluster = (f) => {
    const p = f.properties;
    const cluster = p.cluster;
    const count = p.count;
    return {
      latitude: cluster ? p.lat / count : p.latitude,
      longitude: cluster ? p.lng / count : p.longitude,
      count,
      observation_id: count === 1 ? p.observation_id : null,
      checklist_id: p.checklist_min === p.checklist_max ? p.checklist_min : null,
      bounds: cluster
        ? { west: p.west, south: p.south, east: p.east, north: p.north }
        : { west: p.longitude, south: p.latitude, east: p.longitude, north: p.latitude },
    };
  };
  const latencies = [];
  let clusters = 0;
  const t0 = performance.now();
  const end = t0 + durationS * 1000;
  while (performance.now() < end) {
    const v = panned();
    const started = performance.now();
    const found = index
      .getClusters([Number(v.west), Number(v.south), Number(v.east), Number(v.north)], v.zoom)
      .map(toCluster)
      .sort((a, b) => b.count - a.count);
    const merged = mergeOverlapping(found, v.zoom);
    JSON.stringify({ clusters: merged, total: merged.reduce((sum, c) => sum + c.count, 0) });
    latencies.push(performance.now() - started);
    clusters = merged.length;
    if (latencies.length % 200 === 0) await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    index,
    buildMs,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    clusters,
  };
}
