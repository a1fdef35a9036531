import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { get, set } from 'react-hook-form';
import type { LocateResult } from '../api/locate';

/** Where a form keeps its point and province, as react-hook-form paths (`latitude`, `site.latitude` …). */
export interface PointPaths {
  latitude: string;
  longitude: string;
  province: string;
}

/** The key of the server's refusal of such a point (`place-check.ts`), shown on the latitude. */
const OUTSIDE_AREA_KEY = 'validation.point_outside_area';

/**
 * Adds the server's place rule to a form's resolver (Flash, Mission Step 1): a point outside
 * Canada, the United States and Mexico is refused on its latitude ("Latitude: this point lies outside
 * Canada, the United States and Mexico."), at the first submit, rather than asking first for a
 * province that no point there can have ("Province is required."). Which region holds the point is
 * answered by `locate` (the cached `GET /api/utilities/locate`, or the same lookup on the device
 * offline); when it cannot answer, the schema's errors stand as they are and the server decides.
 * @param resolver the form's schema resolver
 * @param paths where the form keeps the point and the province
 * @param locate the province (nulls outside the three countries) of a WGS84 point in degrees
 * @returns a resolver with the same results, plus that latitude error (without the province's) when the point lies outside
 */
export function withPointAreaCheck<V extends FieldValues, C, O>(
  resolver: Resolver<V, C, O>,
  paths: PointPaths,
  locate: (lat: number, lng: number) => Promise<LocateResult>,
): Resolver<V, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const lat: unknown = get(values, paths.latitude);
    const lng: unknown = get(values, paths.longitude);
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng))
      return result;
    const errors = result.errors as FieldErrors<V>;
    if (get(errors, paths.latitude) || get(errors, paths.longitude)) return result;
    const hit = await locate(lat, lng).catch(() => undefined);
    if (!hit || hit.province_id !== null) return result;
    // The resolver's errors are its own fresh object (DOM refs inside: not cloned).
    const next = errors as Record<string, unknown>;
    set(next, paths.latitude, { type: 'outside_area', message: OUTSIDE_AREA_KEY });
    // No province can be right for such a point: the volunteer is asked to move it first.
    const at = paths.province.lastIndexOf('.');
    const parent: unknown = at < 0 ? next : get(next, paths.province.slice(0, at));
    if (parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[paths.province.slice(at + 1)];
    return { values: {}, errors: next } as Awaited<ReturnType<Resolver<V, C, O>>>;
  };
}
