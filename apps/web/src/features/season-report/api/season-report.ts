import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSeasonShareInput, SeasonReport, SeasonShare } from '@mm/shared';
import { api } from '../../../lib/api-client';

/**
 * Which report: one of my sites (`siteId`), all my sites (`mine`), or a shared one (`token`) —
 * `GET /api/sites/:id/season-report`, `GET /api/sites/season-report` or `GET /api/season-reports/:token`.
 */
export type SeasonReportSource =
  { kind: 'site'; siteId: number; year: number } | { kind: 'mine'; year: number } | { kind: 'shared'; token: string };

/**
 * A season report (docs/monitoring.md "Season report").
 * @throws ApiRequestError 404 when the site is not mine, or the link is unknown or revoked
 */
const getSeasonReport = (source: SeasonReportSource) =>
  source.kind === 'site'
    ? api.get<SeasonReport>(`/sites/${source.siteId}/season-report`, { year: source.year })
    : source.kind === 'mine'
      ? api.get<SeasonReport>('/sites/season-report', { year: source.year })
      : api.get<SeasonReport>(`/season-reports/${encodeURIComponent(source.token)}`);

/** Kept under `['season-report', …]`; making or revoking a link refreshes the owner's report. */
const getSeasonReportQueryOptions = (source: SeasonReportSource) =>
  queryOptions({
    queryKey: ['season-report', source],
    queryFn: () => getSeasonReport(source),
  });

export const useSeasonReport = (source: SeasonReportSource) => useQuery(getSeasonReportQueryOptions(source));

/** `POST /api/sites/season-report/share`: the report's public link (the same one again while it lives). */
const createSeasonShare = (input: CreateSeasonShareInput) => api.post<SeasonShare>('/sites/season-report/share', input);

/** `DELETE /api/sites/season-report/share/:token`: the link answers "not found" from then on. */
const revokeSeasonShare = (token: string) =>
  api.delete<null>(`/sites/season-report/share/${encodeURIComponent(token)}`);

/** Makes or revokes a share link (`token` given: revoke), then reloads the owner's reports. */
export function useSeasonShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { make: CreateSeasonShareInput } | { revoke: string }) =>
      'make' in change ? createSeasonShare(change.make) : revokeSeasonShare(change.revoke),
    onSettled: () => client.invalidateQueries({ queryKey: ['season-report'] }),
  });
}
