import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * `schemaResolver` (lib/form-resolver) for a schema that loads after the form renders: zod,
 * the shared schemas and the zod resolver (≈ 27 KB gzip) are not part of a page's first render. The
 * load starts at once (when the form creates its resolver), so it is normally done before the first
 * validation; a validation that comes earlier waits for it. Same results as `schemaResolver(schema)`.
 * @param load resolves the schema, typically `() => import('../../../lib/shared-schemas').then((m) => m.signinInputSchema)`
 * @returns a react-hook-form resolver (async); a failed load rejects the validation (form submit error)
 */
export function lazySchemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  load: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  type R = Resolver<z.input<S>, unknown, z.output<S>>;
  const ready: Promise<R> = Promise.all([import('./form-resolver'), load()]).then(
    ([{ schemaResolver }, schema]) => schemaResolver(schema as S) as R,
  );
  // A failed load (offline before the chunk was cached) surfaces at validation, not as an unhandled rejection.
  ready.catch(() => undefined);
  return async (values, context, options) => (await ready)(values, context, options);
}
