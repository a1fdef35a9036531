import type { ZodType } from 'zod';
import { controlCharIssues, jsonLimitIssue, multilinePaths, type IssueLike } from '@mm/shared';
import { RequestValidationError } from './errors';

/**
 * The validator of one route part (params, querystring, body, headers): the route's zod schema, then
 * the input rules every value obeys (`@mm/shared` input-rules: no control characters outside
 * multi-line text), on the raw value and on the parsed one (JSON decoded inside a query parameter).
 * A value nested deeper than `JSON_MAX_DEPTH` or holding more than `JSON_MAX_VALUES` values is refused
 * first, before any walk.
 * Failures are a `RequestValidationError` (400 with per-field messages); a field's control-character
 * message comes first.
 */
export function validatorFor(schema: ZodType, httpPart: string) {
  const multiline = multilinePaths(schema);
  return (data: unknown) => {
    // Headers carry no user text the app stores; the HTTP parser already refuses control characters there.
    // A value beyond the JSON limits is refused before anything walks it (a CPU bomb otherwise).
    const tooLarge = httpPart === 'headers' ? undefined : jsonLimitIssue(data);
    if (tooLarge) return { error: new RequestValidationError([tooLarge], httpPart) };
    const raw = httpPart === 'headers' ? [] : controlCharIssues(data, multiline);
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) {
      const parsed = raw.length > 0 || httpPart === 'headers' ? [] : controlCharIssues(result.data, multiline);
      const issues = [...raw, ...parsed];
      return issues.length > 0 ? { error: new RequestValidationError(issues, httpPart) } : { value: result.data };
    }
    const issues: IssueLike[] = [...raw, ...result.error.issues];
    return { error: new RequestValidationError(issues, httpPart) };
  };
}
