import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers';

// The OpenAPI document as a contract (docs/internals.md, "API contract"; ADR 0026). Generic on purpose:
// a route added later is held to the same rules, and each failure names the route and what to add.

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
interface Document {
  info: { license?: { name: string } };
  servers?: Array<{ url: string }>;
  security?: unknown;
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let doc: Document;
let operations: Array<Operation & { method: string; path: string; where: string }>;
beforeAll(async () => {
  ctx = await buildTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json<Document>();
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      ...op,
      method: method.toUpperCase(),
      path: p,
      where: `${method.toUpperCase()} ${p} (its route's \`schema\` in apps/server/src/modules/*/*.routes.ts)`,
    })),
  );
});
afterAll(() => ctx.close());

const anonymousAllowed = (op: Operation) =>
  (op.security ?? []).length === 0 || op.security!.some((s) => !Object.keys(s).length);
const hasInput = (op: Operation) => (op.parameters ?? []).length > 0 || op.requestBody !== undefined;
/** A URL for an operation: each path parameter filled with a value of the right shape that names nothing. */
const urlOf = (p: string) =>
  p.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === 'id' && p.startsWith('/api/admin/failed-emails')
      ? '00000000-0000-4000-8000-000000000000'
      : name === 'segment'
        ? 'observations'
        : name === 'ns'
          ? 'common'
          : name === 'lng'
            ? 'en'
            : name === 'username' || name === 'reset_value'
              ? 'nobody'
              : '999999',
  );

/**
 * Path parameters that name no row: a reset link's token (an unknown one is answered with its reason,
 * or 400) and the upload segment (an enum: 400). Every other path parameter is looked up: 404.
 */
const NOT_LOOKED_UP = ['reset_value', 'segment'];

/** The operations that may lack a 4xx: those of .redocly.lint-ignore.yaml's operation-4xx-response list. */
function lintExceptions(): string[] {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../../.redocly.lint-ignore.yaml'), 'utf8');
  return [...text.matchAll(/'#\/paths\/([^/]+)\/(\w+)\/responses'/g)].map(
    ([, p, method]) => `${method!.toUpperCase()} ${p!.replaceAll('~1', '/')}`,
  );
}

describe('the OpenAPI document', () => {
  it('names its licence and a server, and declares no global security', () => {
    expect(doc.info.license?.name).toBe('MIT');
    expect(doc.servers?.[0]?.url).toBe('/');
    expect(doc.security).toBeUndefined();
  });

  it('gives every operation a unique camelCase operationId', () => {
    const missing = operations
      .filter((op) => !op.operationId)
      .map((op) => `add \`operationId: 'verbNoun'\` to ${op.where}`);
    expect(missing, missing.join('\n')).toEqual([]);
    const malformed = operations
      .filter((op) => !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId!))
      .map((op) => `${op.where}: operationId ${op.operationId} is not camelCase`);
    expect(malformed, malformed.join('\n')).toEqual([]);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const op of operations) {
      const other = seen.get(op.operationId!);
      if (other) duplicates.push(`operationId ${op.operationId} of ${op.where} is also ${other}'s: rename one`);
      seen.set(op.operationId!, `${op.method} ${op.path}`);
    }
    expect(duplicates, duplicates.join('\n')).toEqual([]);
    // Names generated clients already use: renaming one breaks them.
    expect(operations.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['submitFlash', 'submitMission', 'listObservations', 'listClusters', 'signIn', 'signUp']),
    );
  });

  it('documents no path with a trailing slash; the slash forms still answer as the canonical ones', async () => {
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual([]);
    expect(doc.paths['/api/observations']?.get?.operationId).toBe('listObservations');
    expect(doc.paths['/api/users']?.get?.operationId).toBe('listUsers');
    const canonical = await ctx.app.inject({ method: 'GET', url: '/api/observations?limit=2' });
    const slash = await ctx.app.inject({ method: 'GET', url: '/api/observations/?limit=2' });
    expect(canonical.statusCode).toBe(200);
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(canonical.json());
    for (const url of ['/api/users', '/api/users/'])
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
  });

  it('declares security on every operation, as the auth plugin enforces it', async () => {
    const undeclared = operations
      .filter((op) => op.security === undefined)
      .map((op) => `${op.where}: declare \`config: { auth: true }\` or a \`security\` in its schema`);
    expect(undeclared, undeclared.join('\n')).toEqual([]);
    const wrong: string[] = [];
    for (const op of operations) {
      const res = await ctx.app.inject({ method: op.method as 'GET', url: urlOf(op.path) });
      if (anonymousAllowed(op) && res.statusCode === 401)
        wrong.push(`${op.where} answers 401 without a session: give the route \`config: { auth: true }\``);
      if (!anonymousAllowed(op) && res.statusCode !== 401)
        wrong.push(`${op.where} answers ${res.statusCode} without a session, yet its security requires the token`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // The signed-in schemes name the scheme that exists.
    for (const op of operations)
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement)) expect(name).toBe('token');
  });

  it('documents the client errors of every operation with the shared error schema', () => {
    const problems: string[] = [];
    const exceptions = lintExceptions();
    for (const op of operations) {
      const codes = Object.keys(op.responses);
      const name = `${op.method} ${op.path}`;
      const needsNone = !hasInput(op) && anonymousAllowed(op) && !codes.includes('429');
      if (!codes.some((c) => c.startsWith('4')) && !(needsNone && exceptions.includes(name)))
        problems.push(`${op.where}: add its 4xx answers to \`response\` (e.g. 400: apiErrorSchema)`);
      if (codes.some((c) => c.startsWith('4')) && exceptions.includes(name))
        problems.push(`${name} now documents a 4xx: remove it from .redocly.lint-ignore.yaml`);
      if (op.parameters?.some((p) => p.in === 'path' && !NOT_LOOKED_UP.includes(p.name)) && !codes.includes('404'))
        problems.push(`${op.where}: it looks up a path parameter, add 404: apiErrorSchema`);
      if (!anonymousAllowed(op) && !codes.includes('401')) problems.push(`${op.where}: add 401: apiErrorSchema`);
      if (op.path.startsWith('/api/admin/') && !codes.includes('403'))
        problems.push(`${op.where}: add 403: apiErrorSchema`);
      for (const code of codes.filter((c) => c.startsWith('4')))
        for (const media of Object.values(op.responses[code]!.content ?? {}))
          if (!['statusCode', 'error', 'message'].every((k) => k in (media.schema?.properties ?? {})))
            problems.push(`${op.where}: its ${code} answer is not apiErrorSchema`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // The exception list names operations that exist.
    const names = operations.map((op) => `${op.method} ${op.path}`);
    for (const name of exceptions) expect(names).toContain(name);
  });
});
