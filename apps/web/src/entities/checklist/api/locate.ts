import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { locateResponseSchema } from '@mm/shared';
import { ApiRequestError, api } from '../../../lib/api-client';

export type LocateResult = z.infer<typeof locateResponseSchema>;

/**
 * The province (and its country) suggested for a WGS84 point from the province and state
 * boundaries (`GET /api/utilities/locate`); nulls outside Canada, the United States and Mexico.
 * When the server cannot be reached (no signal in the field, server down), the same lookup runs on
 * the device (`locate-on-device.ts`, loaded only then). A 4xx answer is not retried there.
 */
async function getLocate(lat: number, lng: number): Promise<LocateResult> {
  try {
    return await api.get<LocateResult>('/utilities/locate', { lat, lng });
  } catch (err) {
    if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) throw err;
    const { locateOnDevice } = await import('../lib/locate-on-device');
    return locateOnDevice(lat, lng);
  }
}

/** Cached for good: a point's suggested province does not change while the app runs. */
export const getLocateQueryOptions = (lat: number, lng: number) =>
  queryOptions({ queryKey: ['locate', lat, lng], queryFn: () => getLocate(lat, lng), staleTime: Infinity });
