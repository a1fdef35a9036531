import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { translator } from './i18n';

type SetHeaders = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The security headers a helmet middleware sets, collected once at start-up from a stand-in
 * response (they depend on the configuration only, never on the request).
 */
export function collectSecurityHeaders(setHeaders: SetHeaders): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader: (name: string) => headers.get(name),
  };
  setHeaders({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return [...headers];
}

const answers: Record<string, { status: number; reason: string; key: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', key: 'errors.headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', key: 'errors.request_timeout' },
};
const badRequest = { status: 400, reason: 'Bad Request', key: 'errors.bad_request' };

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (`clientError`: a malformed
 * request line or header, headers or URL over Node's 16 KB limit, a request too slow to arrive):
 * the app's JSON error shape `{statusCode, error, message}` in English (the headers could not be
 * read, so neither could the language), the security headers, `Connection: close`, nothing of the
 * input echoed. 431 for headers too large, 408 for a timeout, 400 otherwise.
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Socket,
  securityHeaders: [string, string][],
): void {
  // Nothing can be written to a connection reset or already answered: just drop it.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, key } = answers[err.code ?? ''] ?? badRequest;
  const body = JSON.stringify({ statusCode: status, error: reason, message: translator('en')(key) });
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    ...securityHeaders.map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
