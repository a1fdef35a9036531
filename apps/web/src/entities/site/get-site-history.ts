import { useQuery } from '@tanstack/react-query';
import type { SiteHistory } from '@mm/shared';
import { api } from '../../lib/api-client';

/**
 * A site and its visits, newest first, with counts per life stage and ISO week
 * (`GET /api/sites/:id/history`); a private site comes generalised unless the requester owns it or is an admin.
 * @throws ApiRequestError 404 when the site has no visit the requester may see
 */
const getSiteHistory = (siteId: number) => api.get<SiteHistory>(`/sites/${siteId}/history`);

/** Keyed `['sites', id, 'history']`; idle for a non-id. */
export const useSiteHistory = (siteId: number | null) =>
  useQuery({
    queryKey: ['sites', siteId, 'history'],
    queryFn: () => getSiteHistory(siteId ?? 0),
    enabled: siteId !== null && Number.isInteger(siteId) && siteId > 0,
  });
