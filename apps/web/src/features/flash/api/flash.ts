import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubmitFlashInput } from '@mm/shared';
import { api } from '../../../lib/api-client';

export interface UploadedPhoto {
  photo_path: string;
  photo_name: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Saves a new Flash submission (`POST /api/observations/submit_flash` → 201); idempotent on `idempotency_key`.
 * @throws ApiRequestError 400 with per-field messages
 */
export const submitFlash = (input: SubmitFlashInput) =>
  api.post<{ checklist_id: number }>('/observations/submit_flash', input);

/** Uploads one observation photo into the temporary area; progress 0–1. */
export const uploadObservationPhoto = (file: File, onProgress: (fraction: number) => void) =>
  api.upload<UploadedPhoto>('/photos/uploadphotos/observations', file, onProgress);

/** Client configuration (map tile URL, version), fetched once per session. */
export const getClientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['clientconfig'],
    queryFn: () => api.get<{ map_tile_url: string; version: string }>('/utilities/clientconfig'),
    staleTime: Infinity,
  });

/** The client configuration, as a query. */
export const useClientConfig = () => useQuery(getClientConfigQueryOptions());
