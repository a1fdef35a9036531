import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadLanding } from '@mm/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/downloads/{id}`: a download's citation, filters, format, reason and licence mix. */
export const getDownload = (id: string) => api.get<DownloadLanding>(`/downloads/${encodeURIComponent(id)}`);

const getDownloadQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['downloads', id], queryFn: () => getDownload(id), retry: false, staleTime: 60_000 });

/** A download's landing data; `id` null waits. */
export const useDownload = (id: string | null) =>
  useQuery({ ...getDownloadQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
