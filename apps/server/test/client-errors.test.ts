import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers';

/**
 * Requests Node's HTTP parser refuses before Fastify ("every error, router errors included,
 * goes through the app's error handler with its JSON shape and security headers and without echoing
 * input"), over a real socket.
 */
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** Sends raw bytes and answers everything the server wrote until it closed the connection. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests refused by the HTTP parser', () => {
  const cases: [string, string, number][] = [
    ['a malformed request line', 'BLAH <script>alert(1)</script>\r\n\r\n', 400],
    ['a malformed header', 'GET / HTTP/1.1\r\nHost: x\r\nBad <b>Header</b>\r\n\r\n', 400],
    ['a bad Content-Length', 'POST /api/users/signin HTTP/1.1\r\nHost: x\r\nContent-Length: abc<i>\r\n\r\n', 400],
    ['a 20 KB path', `GET /api/users/profile/${'<q>'.repeat(7000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a 20 KB header', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'<q>'.repeat(7000)}\r\n\r\n`, 431],
  ];
  for (const [what, bytes, status] of cases) {
    it(`answers ${what} with ${status}, the JSON error shape and the security headers, echoing nothing`, async () => {
      const answer = parse(await raw(bytes));
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeDefined();
      expect(answer.headers.connection).toBe('close');
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
      expect(body.statusCode).toBe(status);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(answer.body).not.toMatch(/<|script|abc|q>/);
    });
  }

  it('answers a path over the router limit (414) the same way, through the error handler', async () => {
    const answer = parse(
      await raw(`GET /api/users/profile/${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    expect(answer.status).toBe(414);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: 'The address is too long.',
    });
  });
});
