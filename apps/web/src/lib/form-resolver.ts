import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { describeIssue } from '@mm/shared';
import { encodeMessage } from './form-message';

export { decodeMessage, encodeMessage } from './form-message';

/**
 * The web forms' zod error map (ADR 0020). zod calls it for each issue whose check set no message of
 * its own, and it answers the spec §5 translation key for the issue with its limits, e.g.
 * `validation.max_chars|max=200`; `useFieldError` translates that at render time with the field's
 * label, in the current language. Checks that carry their own key (`V.required` …) keep it.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  const { key, values } = describeIssue(issue);
  return encodeMessage(key, values);
};

/**
 * react-hook-form resolver for a shared zod schema: @hookform/resolvers' `zodResolver` parsing with
 * {@link formErrorMap}, so that a field error's message is a translation key with its limits.
 */
export function schemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema as never, { error: formErrorMap }) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
}
