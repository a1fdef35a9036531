import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { locateResponseSchema } from '@mm/shared';
import { api } from '../../../lib/api-client';

export type LocateResult = z.infer<typeof locateResponseSchema>;

/**
 * The province (and its country) suggested for a WGS84 point from the seeded bounding boxes
 * (`GET /api/utilities/locate`); nulls outside Canada, the United States and Mexico.
 */
export const getLocate = (lat: number, lng: number) => api.get<LocateResult>('/utilities/locate', { lat, lng });

/** Cached for good: a point's suggested province does not change while the app runs. */
export const getLocateQueryOptions = (lat: number, lng: number) =>
  queryOptions({ queryKey: ['locate', lat, lng], queryFn: () => getLocate(lat, lng), staleTime: Infinity });
