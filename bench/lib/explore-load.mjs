// Load generators of the Explore benchmark: autocannon against the API (a request builder decides
// each request's path and headers, so every request can miss or hit the HTTP cache on purpose), the
// same page views replayed straight through `pg`, and a timed CSV download with the server's RSS sampled.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { mean, percentile } from './stats.mjs';

/** Largest value of a long list (spreading 100,000+ values into Math.max overflows the stack). */
const maxOf = (values) =>
  values.length === 0 ? Number.NaN : values.reduce((m, v) => (v > m ? v : m), Number.NEGATIVE_INFINITY);

/**
 * @typedef {{ rps: number, requests: number, durationS: number, p50: number, p95: number, p99: number, max: number, mean: number,
 *   unexpected: number, errors: number, timeouts: number, statuses: Record<string, number>, bytesPerResponse: number }} LoadResult
 *   rates in req/s, latencies in ms
 */

/**
 * Closed-loop HTTP load: `connections` keep-alive connections, each sending its next request when the
 * previous one is answered, for `durationS` seconds. Latency of every answer, exact percentiles.
 * @param {{ baseUrl: string, connections: number, durationS: number, build: (n: number) => { path: string, headers?: Record<string, string> }, expect?: number }} options
 *   `build(n)`: path and extra headers of the n-th request (n from 0); `expect`: the status that counts as an answer (200)
 * @returns {Promise<LoadResult>}
 */
export async function httpLoad({ baseUrl, connections, durationS, build, expect = 200 }) {
  const latencies = [];
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration: durationS,
    timeout: 10,
    setupClient(client) {
      client.on('response', (_status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
    },
    requests: [
      {
        method: 'GET',
        setupRequest(req) {
          const r = build(n++);
          return { ...req, path: r.path, headers: { ...req.headers, ...(r.headers ?? {}) } };
        },
      },
    ],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
  const answered = statuses[String(expect)] ?? 0;
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: answered / result.duration,
    requests,
    durationS: result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: maxOf(latencies),
    mean: mean(latencies),
    unexpected: requests - answered,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    bytesPerResponse: requests ? result.throughput.total / requests : 0,
  };
}

/**
 * Closed-loop load without HTTP: `connections` workers each awaiting `run(n)` then starting the next.
 * @param {{ connections: number, durationS: number, run: (n: number) => Promise<void> }} options
 * @returns {Promise<LoadResult>}
 */
export async function directLoad({ connections, durationS, run }) {
  const latencies = [];
  let n = 0;
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + durationS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await run(n++);
          latencies.push(performance.now() - started);
        } catch (err) {
          if (errors++ === 0)
            console.error(`[bench] direct query failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    rps: latencies.length / seconds,
    requests: latencies.length,
    durationS: seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: maxOf(latencies),
    mean: mean(latencies),
    unexpected: 0,
    errors,
    timeouts: 0,
    statuses: {},
    bytesPerResponse: 0,
  };
}

/**
 * The SQL statements the server runs for each Explore list page, captured from the server's own code
 * (observations service and repository, imported through tsx, with a data version that never changes,
 * as the server's own is during the run, and no list rows kept in memory) at the pool: every `query`
 * call, Drizzle's and the named (prepared) statements the repository sends itself, with its name, text,
 * parameters and row mode. In the steady state of a list whose rows are not in memory: each page is
 * asked twice and the second call's statements are kept (the list's total and page ids, which the
 * service keeps per data version, are not re-read; the rows are). Returns a function that runs
 * the statements of page `page` one after the other with bare `pg`, as the service does — named
 * statements stay named, so PostgreSQL plans them once per connection here too.
 * @param {{ pool: import('pg').Pool, databaseUrl: string, filters: Record<string, unknown>, limit: number, pages: number }} options
 * @returns {Promise<{ statements: Map<number, { query: string, config: object }[]>, run: (page: number) => Promise<void> }>}
 */
export async function directListReplay({ pool, databaseUrl, filters, limit, pages }) {
  const [{ drizzle }, schema, { createExploreService }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    tsImport('../../apps/server/src/db/schema.ts', import.meta.url),
    tsImport('../../apps/server/src/modules/explore/explore.service.ts', import.meta.url),
  ]);
  const pg = (await import('pg')).default;
  const capturePool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let captured = [];
  const poolQuery = capturePool.query.bind(capturePool);
  capturePool.query = (config, values, ...rest) => {
    const c = typeof config === 'string' ? { text: config, values } : { ...config, values: config.values ?? values };
    captured.push({
      query: c.text,
      config: { name: c.name, text: c.text, values: c.values ? [...c.values] : undefined, rowMode: c.rowMode },
    });
    return poolQuery(config, values, ...rest);
  };
  const db = drizzle(capturePool, { schema });
  const fixedVersion = { current: () => 1, bump: () => {}, close: async () => {} };
  // Rows are not kept in memory: every page runs the SQL that builds it, as the server does for rows it has not kept.
  const service = createExploreService(db, fixedVersion, { rowCacheBytes: 0 });
  const statements = new Map();
  try {
    for (let page = 1; page <= pages; page++) {
      const query = { ...filters, page, limit, sort: 'observed' };
      await service.list(null, query);
      captured = [];
      await service.list(null, query);
      statements.set(page, captured);
      captured = [];
    }
  } finally {
    await capturePool.end();
  }
  return {
    statements,
    run: async (page) => {
      for (const s of statements.get(page)) await pool.query(s.config);
    },
  };
}

/**
 * VmRSS of a process (bytes), or NaN when it is gone or /proc is missing.
 * @param {number} pid
 * @returns {number}
 */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The server's live V8 heap (bytes) from its `/api/metrics` (`nodejs_heap_size_used_bytes`), or NaN.
 * @param {string} baseUrl
 * @returns {Promise<number>}
 */
async function heapUsedBytes(baseUrl) {
  try {
    const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
    return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/**
 * Downloads `path` in full, counting bytes and lines, while sampling the server's RSS every 200 ms and its
 * live V8 heap every second (RSS growing while the heap stays flat is memory V8 or the allocator has not
 * handed back yet, not objects the download keeps).
 * @param {{ baseUrl: string, path: string, pid: number, timeoutMs?: number }} options
 * @returns {Promise<{ available: boolean, status: number, message?: string, ms?: number, firstByteMs?: number, bytes?: number, lines?: number,
 *   rss?: { start: number, peak: number, end: number, samples: number }, heapUsed?: { start: number, peak: number },
 *   contentType?: string }>} times in ms, sizes in bytes
 */
export async function timedDownload({ baseUrl, path, pid, timeoutMs = 120_000 }) {
  const samples = [];
  const sample = () => samples.push(rssBytes(pid));
  sample();
  const timer = setInterval(sample, 200);
  const heapSamples = [await heapUsedBytes(baseUrl)];
  let downloading = true;
  const heapSampler = (async () => {
    while (downloading) {
      await new Promise((r) => setTimeout(r, 1000));
      if (downloading) heapSamples.push(await heapUsedBytes(baseUrl));
    }
  })();
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) {
      const body = await res.text();
      return { available: false, status: res.status, message: body.slice(0, 200) };
    }
    const firstByteMs = performance.now() - t0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    const ms = performance.now() - t0;
    sample();
    downloading = false;
    await heapSampler;
    const valid = samples.filter(Number.isFinite);
    const heapValid = heapSamples.filter(Number.isFinite);
    return {
      available: true,
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      ms,
      firstByteMs,
      bytes,
      lines,
      rss: {
        start: valid[0],
        peak: maxOf(valid),
        end: valid[valid.length - 1],
        samples: valid.length,
        // Peak over the first quarter of the samples (buffers and V8's young generation reach their
        // working size there) and over the rest: memory that grows with the rows shows in the second.
        firstQuarterPeak: maxOf(valid.slice(0, Math.max(1, Math.ceil(valid.length / 4)))),
        restPeak: maxOf(valid.slice(Math.max(1, Math.ceil(valid.length / 4)))),
      },
      heapUsed: { start: heapValid[0] ?? Number.NaN, peak: heapValid.length ? maxOf(heapValid) : Number.NaN },
    };
  } finally {
    clearInterval(timer);
    downloading = false;
  }
}
