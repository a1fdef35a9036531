import type { FieldValues, Resolver } from 'react-hook-form';
import type { LocateResult } from '../api/locate';
import type { PointPaths } from './point-area-resolver';

/**
 * `withPointAreaCheck` (point-area-resolver.ts) loaded at the first validation rather than with the
 * form's page: the Flash and Mission pages stay within their 250 KB first-render budget (docs/adr/0016).
 * Same arguments and results.
 */
export function lazyPointAreaCheck<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  paths: PointPaths,
  locate: (lat: number, lng: number) => Promise<LocateResult>,
): Resolver<V, C, O> {
  let checked: Promise<Resolver<V, C, O>> | undefined;
  return async (values, context, options) => {
    checked ??= import('./point-area-resolver').then((m) => m.withPointAreaCheck(resolver, paths, locate));
    return (await checked)(values, context, options);
  };
}
