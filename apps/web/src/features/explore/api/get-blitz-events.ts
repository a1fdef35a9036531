import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlitzReport } from '@mm/shared';
import { api } from '../../../lib/api-client';

/** One event as `GET /api/blitz` lists it (no totals). */
export type BlitzEventSummary = BlitzReport['event'];

/**
 * `GET /api/blitz`: every Blitz event, newest first, without totals: the names of the `blitz_id`
 * filter's chip. A few events a year, cached for the session.
 */
const getBlitzEvents = () => api.get<BlitzEventSummary[]>('/blitz');

const getBlitzEventsQueryOptions = () =>
  queryOptions({ queryKey: ['blitz', 'events'], queryFn: getBlitzEvents, staleTime: 300_000 });

/** The events (asked for only where a `blitz_id` chip is drawn). */
export const useBlitzEvents = () => useQuery(getBlitzEventsQueryOptions());
