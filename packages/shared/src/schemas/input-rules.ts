import { z } from 'zod';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES } from '../constants/index';
import { integerTypeOf as typeOf, maxOf, type IntegerColumn, type PgIntegerType } from '../constants/integer-columns';
import { V, type IssueLike } from './validation';

/**
 * Rules every request value obeys whatever its schema says, checked in one place:
 * the server's validator runs `controlCharIssues` on the params, query string and body of every route.
 *
 * - No control character (Unicode Cc: NUL, C0, DEL, C1) in any string or object key, except
 *   line feed, carriage return and tab in the multi-line text fields marked with `multiline()`.
 * - Integers are bounded by the PostgreSQL column they land in: `INTEGER_COLUMNS` below names the
 *   type of each integer field, and `columnInt` / `queryColumnInt` build the bounded schemas.
 */

/** Schemas of free text typed in a multi-line box (comments, bio, messages); line breaks and tabs allowed. */
export const multilineRegistry = z.registry<Record<string, never>>();

/** Marks a text schema as multi-line: it may hold `\n`, `\r` and `\t`, never other control characters. */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineRegistry.add(schema, {});
  return schema;
}

// `\p{Cc}` is U+0000–U+001F and U+007F–U+009F.
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** Whether a single-line (`multilineText` false) or multi-line value holds a refused control character. */
export function hasControlChars(value: string, multilineText = false): boolean {
  return (multilineText ? CONTROL_BUT_LINES : ANY_CONTROL).test(value);
}

/** Path of a value with array indices as `*`, e.g. `observation.milkweeds.*.comment`. */
type PathPattern = string;

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/**
 * The paths (`*` for any index or record key) of the multi-line fields of a schema: walks objects,
 * arrays, records, tuples, unions, intersections, pipes and the optional/nullable/default wrappers.
 */
export function multilinePaths(schema: z.ZodType): Set<PathPattern> {
  const found = new Set<PathPattern>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object' || !('_zod' in node)) return;
    if (multilineRegistry.has(node as z.ZodType)) found.add(path.join('.'));
    if (seen.has(node)) return;
    seen.add(node);
    const def = (node as ZodInternals)._zod.def;
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, [...path, key]);
        break;
      case 'array':
        walk(def.element, [...path, '*']);
        break;
      case 'record':
        walk(def.valueType, [...path, '*']);
        break;
      case 'tuple':
        for (const item of def.items as unknown[]) walk(item, [...path, '*']);
        break;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        break;
      case 'intersection':
        walk(def.left, path);
        walk(def.right, path);
        break;
      case 'pipe':
        walk(def.in, path);
        walk(def.out, path);
        break;
      default:
        if ('innerType' in def) walk(def.innerType, path);
    }
  };
  walk(schema, []);
  return found;
}

/** Whether a value's path (indices and keys) matches a pattern whose `*` stands for any one segment. */
function matches(patterns: ReadonlySet<PathPattern>, path: PropertyKey[]): boolean {
  for (const pattern of patterns) {
    const segments = pattern === '' ? [] : pattern.split('.');
    if (segments.length === path.length && segments.every((s, i) => s === '*' || s === String(path[i]))) return true;
  }
  return false;
}

/**
 * The issue of a value nested deeper than `JSON_MAX_DEPTH` or holding more than `JSON_MAX_VALUES`
 * values (`validation.json_too_deep` / `json_too_many_values`, `max` set), or undefined when it is within
 * both. Iterative, so a value nested thousands of levels deep (a few KB of `[[[[…`) costs one pass and
 * no stack; it stops at the first limit crossed. Run before any recursive walk of untrusted JSON.
 */
export function jsonLimitIssue(value: unknown): IssueLike | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let values = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= JSON_MAX_DEPTH) return { code: 'custom', path: [], message: V.jsonTooDeep, maximum: JSON_MAX_DEPTH };
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    values += children.length;
    if (values > JSON_MAX_VALUES)
      return { code: 'custom', path: [], message: V.jsonTooManyValues, maximum: JSON_MAX_VALUES };
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * One issue per string or object key holding a refused control character, at its path, with the
 * `validation.control_chars` message. `multilineFields` comes from `multilinePaths` of the value's schema.
 * A value beyond the JSON limits (`jsonLimitIssue`) gives that one issue and is not walked.
 */
export function controlCharIssues(value: unknown, multilineFields: ReadonlySet<PathPattern>): IssueLike[] {
  const tooLarge = jsonLimitIssue(value);
  if (tooLarge) return [tooLarge];
  const issues: IssueLike[] = [];
  const isPlainObject = (node: object) => {
    const proto: unknown = Object.getPrototypeOf(node);
    return proto === Object.prototype || proto === null;
  };
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (typeof node === 'string') {
      if (hasControlChars(node, matches(multilineFields, path)))
        issues.push({ code: 'custom', path, message: V.controlChars });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, i]));
    } else if (node && typeof node === 'object' && isPlainObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (hasControlChars(key)) issues.push({ code: 'custom', path, message: V.controlChars });
        else walk(child, [...path, key]);
      }
    }
  };
  walk(value, []);
  return issues;
}

export { INTEGER_COLUMNS, PG_INTEGER_RANGES, maxOf } from '../constants/integer-columns';
export type { IntegerColumn, PgIntegerType } from '../constants/integer-columns';

/**
 * A positive whole number that fits the column `column` (or the type given directly), e.g. an id
 * in a JSON body. Beyond the column's range: `validation.invalid` (400), never a database error.
 */
export const columnInt = (
  column: IntegerColumn | PgIntegerType,
  message: string = V.invalid,
  typeMessage: string = V.number,
) =>
  z
    .number(typeMessage)
    .int(typeMessage === V.number ? V.wholeNumber : typeMessage)
    .min(1, message)
    .max(maxOf(typeOf(column)), message);

/** `columnInt` for the query string and path parameters (text coerced to a number). */
export const queryColumnInt = (column: IntegerColumn | PgIntegerType, message: string = V.invalid) =>
  z.coerce
    .number(V.number)
    .int(V.wholeNumber)
    .min(1, message)
    .max(maxOf(typeOf(column)), message);
