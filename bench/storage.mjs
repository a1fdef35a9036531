#!/usr/bin/env node
// `npm run bench:storage`: photo upload and /attachments serving with each storage driver.
// For each driver — disk ($DATA_DIR/uploads) and S3 (the test S3 server, @20minutes/s3rver, in a
// process of its own on 127.0.0.1) — the real server starts on a fresh embedded PostgreSQL, then:
//   1. the fixture JPEG is uploaded --uploads times one after the other (wall time per upload);
//   2. autocannon reads one photo's `small` and `large` for --duration s each with --connections
//      keep-alive connections (200 answers/s, exact latency percentiles);
//   3. the same `small` with its ETag in If-None-Match (304 answers/s).
// Figures are printed; nothing is written to BENCHMARKS.md by the script. No target: a comparison.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { signUpUsers } from './lib/api.mjs';
import { httpLoad } from './lib/explore-load.mjs';
import { uploadPhotos } from './lib/photos.mjs';
import { fmt, log, runBenchmark } from './lib/runner.mjs';
import { ROOT, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '20' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
  },
});
const uploads = Number(values.uploads);
const durationS = Number(values.duration);
const connections = Number(values.connections);
const PHOTO = 'fixtures/photos/squirrel_berkeley_canon600d_gps.jpg';

/** The test S3 server in a child process; resolves to its `S3_*` variables and a stop function. */
async function startS3() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/helpers/s3-server-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await createInterface({ input: child.stdout })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value]);
  return {
    env: JSON.parse(line),
    pid: child.pid,
    stop: () => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')),
  };
}

async function measure(name, env) {
  const server = await startServer({ env: { ...env, NODE_NO_WARNINGS: '1' } });
  try {
    const [user] = await signUpUsers(server.baseUrl, 1, server.dataDir);
    const jpeg = readFileSync(`${ROOT}/${PHOTO}`);
    const up = await uploadPhotos({ baseUrl: server.baseUrl, token: user.token, jpeg, count: uploads });
    if (up.failures.length) throw new Error(`${name}: upload failures: ${up.failures.join('; ')}`);
    const res = await fetch(`${server.baseUrl}/api/photos/uploadphotos/observations`, {
      method: 'POST',
      headers: { Authorization: user.token },
      body: (() => {
        const f = new FormData();
        f.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'IMG.jpg');
        return f;
      })(),
    });
    const { photo_name } = await res.json();
    const small = `/attachments/observations_temp/small/${photo_name}`;
    const large = `/attachments/observations_temp/large/${photo_name}`;
    const etag = (await fetch(`${server.baseUrl}${small}`)).headers.get('etag');
    const load = (path, headers, expect) =>
      httpLoad({ baseUrl: server.baseUrl, connections, durationS, build: () => ({ path, headers }), expect });
    const smallLoad = await load(small, {}, 200);
    const largeLoad = await load(large, {}, 200);
    const revalidate = await load(small, { 'if-none-match': etag }, 304);
    return { name, up, smallLoad, largeLoad, revalidate };
  } finally {
    await server.stop();
  }
}

runBenchmark(async () => {
  log(`photo ${PHOTO}; ${uploads} uploads; serving ${durationS} s × ${connections} connections per line`);
  const results = [await measure('disk', {})];
  const s3 = await startS3();
  try {
    results.push(await measure('S3 (s3rver, own process)', s3.env));
  } finally {
    await s3.stop();
  }
  console.log(
    '\n| driver | upload p50 / p95 (ms) | small 200/s (p50 / p95 ms) | large 200/s (p50 / p95 ms) | small 304/s (p50 ms) |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of results) {
    const line = (l) =>
      `${fmt(l.rps, 0)} (${fmt(l.p50, 1)} / ${fmt(l.p95, 1)})${l.unexpected ? `, ${l.unexpected} unexpected` : ''}`;
    console.log(
      `| ${r.name} | ${fmt(r.up.p50, 0)} / ${fmt(r.up.p95, 0)} | ${line(r.smallLoad)} | ${line(r.largeLoad)} | ${fmt(r.revalidate.rps, 0)} (${fmt(r.revalidate.p50, 1)}) |`,
    );
  }
  console.log(
    `\nbytes per answer: small ${fmt(results[0].smallLoad.bytesPerResponse, 0)}, large ${fmt(results[0].largeLoad.bytesPerResponse, 0)}`,
  );
  return results.every((r) => r.smallLoad.unexpected + r.largeLoad.unexpected + r.revalidate.unexpected === 0);
}, 600_000);
