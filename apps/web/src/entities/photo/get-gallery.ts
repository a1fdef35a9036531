import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { GALLERY_PAGE_SIZE, type ExploreFilters, type GalleryResponse } from '@mm/shared';
import { api } from '../../lib/api-client';

/** The filters as query-string values (booleans as 1/0), without the unset ones. */
const toQuery = (filters: ExploreFilters) =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : (v as string | number)]),
  );

/**
 * One page of the photo gallery (`GET /api/photos/gallery`): photos of visible observations over
 * the Explore filters, newest first.
 * @param page 1-based; @param limit at most 50, default 24
 * @throws ApiRequestError 400 on a filter the server refuses
 */
export const getGallery = (filters: ExploreFilters, page: number, limit = GALLERY_PAGE_SIZE) =>
  api.get<GalleryResponse>('/photos/gallery', { ...toQuery(filters), page, limit });

/**
 * Pages from 1 on, for "Load more". Keyed under `['observations']`, which every save, edit and
 * delete invalidates, so a new sighting's photos show up.
 */
export const getGalleryQueryOptions = (filters: ExploreFilters) =>
  infiniteQueryOptions({
    queryKey: ['observations', 'gallery', toQuery(filters)],
    queryFn: ({ pageParam }) => getGallery(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.paginator.hasNext ? last.paginator.current + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export const useGallery = (filters: ExploreFilters) => useInfiniteQuery(getGalleryQueryOptions(filters));
