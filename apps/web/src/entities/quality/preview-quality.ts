import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QualityPreviewInput, qualityPreviewResponseSchema } from '@mm/shared';
import { api } from '../../lib/api-client';

export type QualityPreviewResponse = z.infer<typeof qualityPreviewResponseSchema>;

/**
 * The quality flags (docs/quality-flags.md) an unsent Flash or Mission record would get,
 * from every rule including those only the server can run: the point against the province
 * boundaries, a near-duplicate of the volunteer's earlier records, the EXIF of their uploaded photos
 * (`POST /api/quality/preview`, signed in). Writes nothing.
 * @throws ApiRequestError 400 on a record the input schema refuses, 401 when signed out
 */
const previewQuality = (input: QualityPreviewInput) => api.post<QualityPreviewResponse>('/quality/preview', input);

/**
 * One preview per distinct record, asked again when a form shows it anew (the volunteer may have
 * sent a twin since); never retried — a failed preview simply shows no server warning.
 */
export const qualityPreviewQueryOptions = (input: QualityPreviewInput) =>
  queryOptions({
    queryKey: ['quality-preview', input],
    queryFn: () => previewQuality(input),
    retry: false,
  });
