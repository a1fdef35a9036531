import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@mm/shared';
import { loadContent } from '../pages';

/** The Markdown of a content page, loaded once per page and language (texts never change at run time). */
export const getContentQueryOptions = (slug: string, lng: Locale) =>
  queryOptions({
    queryKey: ['content', slug, lng],
    queryFn: () => loadContent(slug, lng),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useContent = (slug: string, lng: Locale, enabled = true) =>
  useQuery({ ...getContentQueryOptions(slug, lng), enabled });
