// The Explore benchmark's ceiling for cached answers: a bare Fastify server, in its own
// Node process like the real server, answering fixed bodies from memory. Each body is compressed
// once at start (brotli quality 4 and gzip, as the API's cache does, for bodies of 1 KB and more) and
// the encoding is chosen per request from Accept-Encoding, with a fixed ETag and the headers the
// manifest gives (the API's security headers), so it sends the same bytes and headers a cache hit of
// the API sends, with no other work.
// Usage: node bench/lib/bare-server.mjs <manifest.json>; the manifest is
//   { "bodies": { "<name>": { "file": "<path of the body>", "contentType": "…", "headers": { … } } } }
// and GET /bare/<name> answers that body. Prints "listening <port>" once ready, on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';

const manifest = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = new Map(
  Object.entries(manifest.bodies).map(([name, { file, contentType, headers = {} }]) => {
    const body = readFileSync(file);
    const compress = body.length >= 1024;
    return [
      name,
      {
        contentType,
        headers,
        identity: body,
        br: compress ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : null,
        gzip: compress ? gzipSync(body) : null,
      },
    ];
  }),
);

/** The full header list of one body in one encoding, made once: the route writes it as it is. */
const headerList = (b, encoding, body) => [
  ...Object.entries(b.headers).flat(),
  'Content-Type',
  b.contentType,
  'ETag',
  '"bare-1"',
  'Cache-Control',
  'no-cache',
  'Vary',
  'accept-encoding',
  'Content-Length',
  String(body.length),
  ...(encoding ? ['Content-Encoding', encoding] : []),
];
for (const b of bodies.values())
  b.lists = {
    identity: headerList(b, null, b.identity),
    br: b.br && headerList(b, 'br', b.br),
    gzip: b.gzip && headerList(b, 'gzip', b.gzip),
  };

// The cheapest way Fastify can answer known bytes: route, then the ready-made headers and body written
// to the socket (the API's cache hits do the same, after their own checks).
const app = Fastify({ logger: false });
app.get('/bare/:name', (request, reply) => {
  const b = bodies.get(request.params.name);
  if (!b) return reply.code(404).send();
  const accept = request.headers['accept-encoding'] ?? '';
  const encoding = !b.br ? 'identity' : accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : 'identity';
  reply.hijack();
  reply.raw.writeHead(200, b.lists[encoding]);
  reply.raw.end(b[encoding]);
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
