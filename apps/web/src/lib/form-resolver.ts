import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { V, describeIssue } from '@mm/shared';

/** The spec §5 messages that interpolate a limit ({{min}} or {{max}}). */
const WITH_LIMITS = new Set<string>([V.maxChars, V.minChars, V.numberMin]);

/** Separates a `validation.*` key from its interpolation values inside a form error message. */
const VALUES_MARK = '|';

/**
 * A form error message that carries its interpolation values, e.g. `validation.max_chars|max=200`,
 * so that "Maximum allowed characters are 200" can be shown instead of a bare key.
 */
export function encodeMessage(key: string, values: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${key}${VALUES_MARK}${query}` : key;
}

/** The key and values of a message made by {@link encodeMessage}; plain messages come back as they are. */
export function decodeMessage(message: string): { key: string; values: Record<string, string> } {
  const at = message.indexOf(VALUES_MARK);
  if (at < 0 || !message.startsWith('validation.')) return { key: message, values: {} };
  return { key: message.slice(0, at), values: Object.fromEntries(new URLSearchParams(message.slice(at + 1))) };
}

/**
 * react-hook-form resolver for a shared zod schema. Same behaviour as `zodResolver`, except that
 * each field error's message also carries the limits of its issue (`min`, `max`), which the
 * spec §5 messages interpolate.
 */
export function schemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      const described = describeIssue(issue);
      if (!WITH_LIMITS.has(described.key)) continue;
      const error = get(result.errors, issue.path.join('.')) as FieldError | undefined;
      if (error?.message === issue.message) error.message = encodeMessage(issue.message, described.values);
    }
    return result;
  };
}
