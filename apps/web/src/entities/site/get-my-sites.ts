import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySite } from '@mm/shared';
import { api } from '../../lib/api-client';

/** `GET /api/sites/mine`: the places I surveyed before, most recently used first ("show my locations"). */
export const getMySites = () => api.get<MySite[]>('/sites/mine');

export const getMySitesQueryOptions = () => queryOptions({ queryKey: ['sites', 'mine'], queryFn: getMySites });

/** My sites, fetched only once `enabled` (when the user asks to see them). */
export const useMySites = (enabled: boolean) => useQuery({ ...getMySitesQueryOptions(), enabled });
