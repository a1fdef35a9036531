import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { V, describeIssue } from '@mm/shared';
import { encodeMessage } from './form-message';

export { decodeMessage, encodeMessage } from './form-message';

/** The spec §5 messages that interpolate a limit ({{min}} or {{max}}). */
const WITH_LIMITS = new Set<string>([V.maxChars, V.minChars, V.numberMin]);

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
      const error = get<typeof result.errors, FieldError | undefined>(result.errors, issue.path.join('.'));
      if (error?.message === issue.message) error.message = encodeMessage(issue.message, described.values);
    }
    return result;
  };
}
