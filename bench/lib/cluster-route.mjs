// The Explore benchmark's reference for cache-missed map clusters: a bare Fastify route, in its own
// Node process like the real server, answering GET /bare-clusters?zoom&west&south&east&north with
// the server's own clustering (ClusterIndex over the same public per-site aggregates, the overlap
// merge, the same JSON text) and the headers the manifest gives (the API's security headers). It is
// measured with the same autocannon settings and the same panned viewports as the API's line, so
// the API's p95 divided by this route's p95 is what the API adds (validation, hooks, data version,
// response-cache bookkeeping) on whatever machine runs it.
// Usage: node bench/lib/cluster-route.mjs <manifest.json>; the manifest is
//   { "sites": "<path of a JSON array of SiteAggregate>", "headers": { … } }
// Prints "listening <port>" once ready, on 127.0.0.1.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';

const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const [{ ClusterIndex }, { mergeOverlapping }] = await Promise.all([
  tsImport('../../apps/server/src/modules/explore/cluster-index.ts', import.meta.url),
  tsImport('../../apps/server/src/modules/explore/cluster-merge.ts', import.meta.url),
]);
const index = new ClusterIndex(JSON.parse(readFileSync(manifest.sites, 'utf8')));
const fixed = Object.entries(manifest.headers ?? {}).flat();
const contentType = 'application/json; charset=utf-8';

const app = Fastify({ logger: false });
app.get('/bare-clusters', (request, reply) => {
  const q = request.query;
  const v = {
    zoom: Number(q.zoom),
    west: Number(q.west),
    south: Number(q.south),
    east: Number(q.east),
    north: Number(q.north),
  };
  const body = Buffer.from(index.clustersJson(v, (c) => mergeOverlapping(c, v.zoom)));
  reply.hijack();
  reply.raw.writeHead(200, [...fixed, 'Content-Type', contentType, 'Content-Length', String(body.length)]);
  reply.raw.end(body);
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
