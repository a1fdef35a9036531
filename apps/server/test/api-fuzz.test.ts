import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats, { type FormatsPlugin } from 'ajv-formats';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrorSchema, Role } from '@mm/shared';
import { openDatabase } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed/seed-reference';
import { buildTestApp, multipart, signUp, submitFlash, type TestContext } from './helpers';

/**
 * Property-based fuzzing of the whole API: requests generated from the OpenAPI document
 * for every operation — strings with NUL, control characters and 5,000 characters, integers beyond
 * every column type, wrong types, missing and extra fields — sent anonymously, as a volunteer and
 * as an admin. Fails on any 5xx, any 4xx without the `{statusCode, error, message, fields?}` shape,
 * or a 2xx whose body is not what the operation documents: every JSON body is validated with ajv
 * against the response schema of its status in the OpenAPI document (the zod serializer checks the
 * route's own schema too, which would surface as a 500; ajv also catches a document that says
 * something else than what is sent).
 * Runs on its own database (created in the test PostgreSQL), so admin writes touch no other test.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}
interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Validators of the documented response bodies (OpenAPI 3.0: `nullable` is an ajv keyword too). */
const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module's `default` export.
(addFormats.default as FormatsPlugin)(ajv);
const validators = new Map<string, ValidateFunction>();
function responseValidator(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Operations per identity and number of generated requests for each (bounded: the whole test stays well under a minute). */
const RUNS_PER_OPERATION = 20;

const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f',
  '\u007f',
  '\u0085',
  'deux\nlignes',
  'tab\there',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '😀🦋',
  '\ud800',
  '',
  ' ',
  'x'.repeat(5000),
  '{"a":1}',
  '[0,24]',
  '["id","ASC"]',
  'null',
  '1e309',
  '-0',
  'NaN',
  '2024-02-30',
  '9999-12-31',
  '25:61',
];
const EDGE_NUMBERS = [
  0,
  -1,
  1,
  4,
  5,
  7,
  32_767,
  32_768,
  -32_769,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  348_762_023_026_556,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e20,
  1.5,
  -0.0001,
  91,
  -181,
];
const nastyString = fc.constantFrom(...NASTY_STRINGS);
const edgeNumber = fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.integer(), fc.double({ noNaN: true }));
const wrongType = fc.constantFrom<unknown>(null, 1, 'x', true, [], {}, [1, 'a'], { a: null });

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A string shaped like the schema asks, most of the time. */
function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.constantFrom('2024-07-01', '2023-12-31', '2030-01-01');
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 300));
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

function plausibleNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1000, -1e6);
  const max = Math.min(schema.maximum ?? schema.exclusiveMaximum ?? 1000, 1e6);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** Values for a JSON schema: valid-looking ones, edge and hostile ones, and the wrong type now and then. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.oneof(nastyString, edgeNumber, wrongType);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueFor(s, depth + 1)));
  if (schema.allOf) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nastyString);
  if (schema.enum) {
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: nastyString });
  }
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 1, arbitrary: wrongType }];
  for (const type of typesOf(schema)) {
    switch (type) {
      case 'string':
        options.push({ weight: 4, arbitrary: plausibleString(schema) }, { weight: 3, arbitrary: nastyString });
        break;
      case 'integer':
      case 'number':
        options.push(
          { weight: 4, arbitrary: plausibleNumber(schema, type === 'integer') },
          { weight: 3, arbitrary: edgeNumber },
        );
        break;
      case 'boolean':
        options.push({ weight: 4, arbitrary: fc.boolean() });
        break;
      case 'null':
        options.push({ weight: 1, arbitrary: fc.constant(null) });
        break;
      case 'array': {
        const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
        options.push({
          weight: 4,
          arbitrary: tuple
            ? fc.tuple(...tuple.map((s) => valueFor(s, depth + 1)))
            : fc.array(valueFor(schema.items as JsonSchema | undefined, depth + 1), { maxLength: 3 }),
        });
        break;
      }
      case 'object':
        options.push({ weight: 6, arbitrary: objectFor(schema, depth) });
        break;
      default:
    }
  }
  if (schema.nullable) options.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...options);
}

/** Objects with the schema's properties: required ones nearly always there, others often, plus a stray key sometimes. */
function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([key, child]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), valueFor(child, depth + 1))
      .map(([dice, value]) => ((required.has(key) ? dice < 9 : dice < 6) ? ([[key, value]] as const) : [])),
  );
  const stray = fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'a\u0000'), valueFor(undefined, depth + 1)), {
    freq: 8,
  });
  return fc.tuple(fc.tuple(...entries), stray).map(([picked, extra]) => {
    const object: Record<string, unknown> = Object.fromEntries(picked.flat());
    if (extra) object[extra[0]] = extra[1];
    return object;
  });
}

/** A query or path value as text: scalars as they are, the rest as JSON (what `sort`/`range`/`filter` take). */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : (JSON.stringify(value) ?? String(value));

interface Identity {
  name: 'anonymous' | 'volunteer' | 'admin';
  token?: string;
}

interface GeneratedRequest {
  identity: Identity;
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}

function requestFor(op: Operation, identities: Identity[]): fc.Arbitrary<GeneratedRequest> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(...pathParams.map((p) => valueFor(p.schema).map(asText)));
  const queryValues = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.oneof(valueFor(p.schema), fc.json()).map(asText), { freq: p.required ? 10 : 2, nil: undefined }),
    ),
  );
  const content = op.requestBody?.content ?? {};
  const multipartBody = 'multipart/form-data' in content;
  const jsonSchema = content['application/json']?.schema;
  const body: fc.Arbitrary<unknown> = multipartBody
    ? fc.tuple(fc.constantFrom('file', 'photo', 'file\u0000', 'x'.repeat(300)), fc.uint8Array({ maxLength: 64 }))
    : jsonSchema
      ? valueFor(jsonSchema)
      : fc.constant(undefined);
  return fc
    .tuple(fc.constantFrom(...identities), pathValues, queryValues, body, fc.constantFrom('en', 'fr', 'es', 'xx'))
    .map(([identity, pathValue, queryValue, bodyValue, language]) => {
      let path = op.path;
      pathParams.forEach((p, i) => {
        path = path.replace(`{${p.name}}`, encodeURIComponent(pathValue[i] ?? ''));
      });
      const query = new URLSearchParams();
      queryParams.forEach((p, i) => {
        if (queryValue[i] !== undefined) query.set(p.name, queryValue[i]);
      });
      const headers: Record<string, string> = { Language: language };
      if (identity.token) headers.Authorization = identity.token;
      let payload: unknown = bodyValue;
      if (multipartBody) {
        const [field, bytes] = bodyValue as [string, Uint8Array];
        const form = multipart('photo.jpg', Buffer.from(bytes), 'image/jpeg');
        payload = Buffer.from(form.payload.toString('latin1').replace('name="file"', `name="${field}"`), 'latin1');
        Object.assign(headers, form.headers);
      } else if (bodyValue !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(bodyValue);
      }
      return { identity, url: query.size > 0 ? `${path}?${query}` : path, payload, headers };
    });
}

/** Writes that would end the identity's session for the rest of the run; fuzzed anonymously only. */
const SESSION_ENDING = new Set(['POST /api/users/signout', 'DELETE /api/users/myaccount']);

let ctx: TestContext;
let dropDatabase: () => Promise<void>;
let identities: Identity[];

beforeAll(async () => {
  const base = new URL(inject('databaseUrl'));
  const name = `fuzz_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { db, pool } = await openDatabase(url.toString(), 2, true);
  await seedReferenceData(db);
  await pool.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  ctx = await buildTestApp({ SIGNIN_FAILURES_PER_HOUR: '100' }, url.toString());
  const volunteer = await signUp(ctx.app);
  const administrator = await signUp(ctx.app);
  await ctx.db.execute(sql`UPDATE users SET role_id = ${Role.Admin} WHERE user_id = ${administrator.userId}`);
  // Some rows for ids to land on: a checklist with its observation and site.
  await submitFlash(ctx.app, volunteer.token, {
    checklist_date: '2024-07-01',
    locality: 'Jardin',
    province_id: 11,
    latitude: 45.5,
    longitude: -73.6,
    adults: 2,
  });
  // The public archive GBIF reads, built as the job queue builds it (before that first build its URL answers a
  // documented 503, tested in public-archive.test.ts).
  await ctx.publicArchive.refresh();
  identities = [
    { name: 'anonymous' },
    { name: 'volunteer', token: volunteer.token },
    { name: 'admin', token: administrator.token },
  ];
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await dropDatabase?.();
});

describe('API fuzzing from the OpenAPI document', () => {
  it('never answers 5xx, always the JSON error shape on 4xx, documented bodies on 2xx', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(60);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    let checked = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const who = SESSION_ENDING.has(key) ? identities.slice(0, 1) : identities;
      await fc
        .assert(
          fc.asyncProperty(requestFor(op, who), async (req) => {
            const res = await ctx.app.inject({
              method: op.method as 'GET',
              url: req.url,
              headers: req.headers,
              payload: req.payload as string | undefined,
              remoteAddress: '10.99.0.1',
            });
            sent++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const sentBody = typeof req.payload === 'string' ? ` body ${req.payload.slice(0, 600)}` : '';
            const where = `${key} as ${req.identity.name}: ${req.url.slice(0, 200)}${sentBody} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) {
              failures.push(where);
              return false;
            }
            if (res.statusCode >= 400) {
              const parsed = apiErrorSchema.strict().safeParse(safeJson(res.body));
              if (!parsed.success || parsed.data.statusCode !== res.statusCode)
                failures.push(`bad error shape: ${where}`);
              return parsed.success;
            }
            const documented = op.responses?.[String(res.statusCode)];
            if (!documented) {
              failures.push(`undocumented status: ${where}`);
              return false;
            }
            const jsonSchema = documented.content?.['application/json']?.schema;
            if (documented.content && 'application/json' in documented.content && res.body !== '') {
              const isJson = String(res.headers['content-type']).startsWith('application/json');
              const parsed = safeJson(res.body);
              if (!isJson || parsed === undefined) {
                failures.push(`not JSON: ${where}`);
                return false;
              }
              if (jsonSchema) {
                const validate = responseValidator(`${key} ${res.statusCode}`, jsonSchema);
                checked++;
                if (!validate(parsed)) {
                  failures.push(`breaks its documented schema (${ajv.errorsText(validate.errors)}): ${where}`);
                  return false;
                }
              }
            }
            return true;
          }),
          { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    console.info(
      `API fuzz: ${operations.length} operations, ${sent} requests, ${checked} 2xx bodies validated against their documented schema; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it('refuses deep and wide JSON on every operation that takes JSON, as the JSON error shape', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
    );
    const jsonOperations = operations.filter((op) => op.requestBody?.content?.['application/json']);
    expect(jsonOperations.length).toBeGreaterThan(20);
    // 4,000 nested objects (28 KB: the CPU bomb of a recursive walk) and 20,000 values in one array.
    const deep = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;
    const wide = JSON.stringify({ a: Array.from({ length: 20_000 }, (_, i) => i) });
    const deepQuery = `filter=${encodeURIComponent(`${'['.repeat(3000)}${']'.repeat(3000)}`)}`;
    const failures: string[] = [];
    const refusedForSize = { deep: 0, wide: 0 };
    for (const op of jsonOperations) {
      const key = `${op.method} ${op.path}`;
      const url = op.path.replaceAll(/\{[^}]+\}/g, '1');
      const who = SESSION_ENDING.has(key) ? identities.slice(0, 1) : identities;
      for (const identity of who) {
        for (const [kind, payload] of [
          ['deep', deep],
          ['wide', wide],
        ] as const) {
          const headers: Record<string, string> = { 'content-type': 'application/json', Language: 'fr' };
          if (identity.token) headers.Authorization = identity.token;
          const res = await ctx.app.inject({
            method: op.method as 'POST',
            url,
            headers,
            payload,
            remoteAddress: '10.99.0.2',
          });
          const body = safeJson(res.body) as { message?: string } | undefined;
          const where = `${kind} body to ${key} as ${identity.name} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500 || res.statusCode < 400) failures.push(where);
          else if (!apiErrorSchema.strict().safeParse(body).success) failures.push(`bad error shape: ${where}`);
          else if (res.statusCode === 400) {
            const expected = kind === 'deep' ? 'imbriquée sur plus de 32 niveaux' : 'contient plus de 10000 valeurs';
            if (body?.message?.includes(expected)) refusedForSize[kind]++;
          }
        }
      }
    }
    // JSON in the query string (react-admin's `filter`) is bounded the same way.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/observations?${deepQuery}`,
      headers: { Authorization: identities[2]!.token!, Language: 'en' },
    });
    expect(listed.statusCode).toBe(400);
    expect(listed.json<{ message: string }>().message).toContain('nested more than 32 levels');
    expect(failures).toEqual([]);
    // Every operation refuses them for their size at least for the identity it lets in.
    expect(refusedForSize.deep).toBeGreaterThanOrEqual(jsonOperations.length);
    expect(refusedForSize.wide).toBeGreaterThanOrEqual(jsonOperations.length);
  }, 120_000);

  it('validates bodies with the documented schemas (a body breaking one is caught)', () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
    const schema = doc.paths['/api/users/signup']?.post?.responses?.['202']?.content?.['application/json']?.schema;
    expect(schema).toBeDefined();
    const validate = responseValidator('signup-probe', schema as JsonSchema);
    expect(validate({ confirmation_sent: true })).toBe(true);
    expect(validate({ confirmation_sent: false })).toBe(false);
    expect(validate({ user_id: 1, username: 'a', role_id: 3, oauth_token: 'x' })).toBe(false);
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
