import { Stack, Typography } from '@mui/material';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryResponse, LoadParams } from '@mm/shared';
import { PageFallback } from '../../../components/ui/page-fallback';
import { getGalleryQueryOptions } from '../../../entities/photo/get-gallery';
import { usePhotoCaption } from '../hooks/use-photo-caption';
import { GalleryGrid } from './gallery-grid';

/**
 * Query key of the provinces the first photos are in (names in the page's language), which the server puts
 * in the cache with the photos (`ssr/render-page.tsx`) so that their captions name the province.
 */
export const FIRST_PAGE_PROVINCES_KEY = ['gallery', 'first-page-provinces'] as const;

/**
 * What the server renders of the gallery at its plain address (`/photos`, no query string), and what the
 * browser keeps on screen until the app starts (docs/adr/0039): the count and the first thumbnails (the
 * data the server rendered them with, in the query cache under the gallery's own key), captioned with
 * the names of their provinces (FIRST_PAGE_PROVINCES_KEY). A photo pressed before the app runs is pressed again
 * on the app's tile (`data-replay` on each tile, `lib/on-demand.ts`); one pressed once the app runs but before it
 * has drawn its own grid (its first render is a transition) is handed to `onOpen`. Without that data, the loading
 * screen as before.
 * @param onOpen a photo was pressed on this first screen: its `id`
 */
export function GalleryFirstPage({ onOpen }: { onOpen: (photoId: number) => void }) {
  const { t } = useTranslation('gallery');
  const queryClient = useQueryClient();
  const captionOf = usePhotoCaption(queryClient.getQueryData<LoadParams['provinces']>(FIRST_PAGE_PROVINCES_KEY));
  const cached = queryClient.getQueryData<InfiniteData<GalleryResponse>>(getGalleryQueryOptions({}).queryKey);
  const first = cached?.pages[0];
  const openPhoto = useCallback((index: number) => first && onOpen(first.data[index]!.id), [first, onOpen]);
  if (!first) return <PageFallback />;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" sx={{ minHeight: '1.57em' }}>
        {t('count', { count: first.paginator.total })}
      </Typography>
      <GalleryGrid photos={first.data} captionOf={captionOf} onOpen={openPhoto} />
    </Stack>
  );
}
