import { Button, Stack, Typography } from '@mui/material';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIFESTAGE_IDS, type GalleryPhoto, type LifestageId } from '@mm/shared';
import { useGallery } from '../../features/gallery/api/get-gallery';
import { GalleryGrid } from '../../features/gallery/components/gallery-grid';
import type { GallerySlide } from '../../features/gallery/components/gallery-lightbox';
import { GalleryEmpty, GalleryError, GallerySkeleton } from '../../features/gallery/components/gallery-states';
import { LifestageFilter } from '../../features/gallery/components/lifestage-filter';
import { usePhotoCaption, type PhotoCaption } from '../../features/gallery/hooks/use-photo-caption';
import { useParamsData } from '../../features/params/api/get-params';
import { usePageTitle } from '../../lib/page-title';

// The viewer and its library load when the first photo is opened.
const GalleryLightbox = lazy(() => import('../../features/gallery/components/gallery-lightbox').then((m) => ({ default: m.GalleryLightbox })));

/** Showing one of the last this-many loaded photos in the viewer loads the next page. */
const PREFETCH_MARGIN = 3;

const parseLifestage = (value: string | null): LifestageId | undefined => LIFESTAGE_IDS.find((id) => String(id) === value);

const toSlide = (p: GalleryPhoto, c: PhotoCaption): GallerySlide => ({
  id: p.id,
  src: p.large,
  thumbnail: p.small,
  width: p.width,
  height: p.height,
  alt: c.alt,
  title: `${c.stage} · ${c.date}`,
  description: [c.place, c.observer].filter(Boolean).join(' · '),
});

/**
 * Photo gallery (`/photos?lifestage_id=`, public): photos of the visible observations, newest
 * first, 24 at a time with "Load more"; a photo opens the full-screen viewer (spec §1, §2).
 */
export function PhotosPage() {
  const { t } = useTranslation('gallery');
  usePageTitle(t('title'));
  const [search, setSearch] = useSearchParams();
  const lifestage = parseLifestage(search.get('lifestage_id'));
  const filters = useMemo(() => (lifestage ? { lifestage_id: lifestage } : {}), [lifestage]);
  const gallery = useGallery(filters);
  const captionOf = usePhotoCaption(useParamsData().data?.provinces);
  const [viewer, setViewer] = useState<{ open: boolean; index: number } | null>(null);
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const lastViewed = useRef(0);

  const photos = useMemo(() => gallery.data?.pages.flatMap((p) => p.data) ?? [], [gallery.data]);
  const total = gallery.data?.pages.at(-1)?.paginator.total ?? 0;
  const slides = useMemo(() => photos.map((p) => toSlide(p, captionOf(p))), [photos, captionOf]);
  const loadMore = () => void gallery.fetchNextPage();
  const setLifestage = (value: LifestageId | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set('lifestage_id', String(value));
    else next.delete('lifestage_id');
    setSearch(next);
  };

  let body;
  if (gallery.isPending) body = <GallerySkeleton />;
  else if (gallery.isError && photos.length === 0) body = <GalleryError onRetry={() => void gallery.refetch()} />;
  else if (photos.length === 0) body = <GalleryEmpty filtered={lifestage !== undefined} onShowAll={() => setLifestage(undefined)} />;
  else {
    body = (
      <Stack spacing={2} sx={{ opacity: gallery.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        <GalleryGrid
          photos={photos}
          captionOf={captionOf}
          onOpen={(index) => setViewer({ open: true, index })}
          tileRef={(index, el) => {
            tiles.current[index] = el;
          }}
        />
        <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
          <Typography variant="body2" color="text.secondary">{t('shown', { shown: photos.length, total })}</Typography>
          {gallery.isFetchNextPageError && <GalleryError onRetry={loadMore} />}
          {gallery.hasNextPage && (
            <Button variant="outlined" onClick={loadMore} disabled={gallery.isFetchingNextPage}>
              {gallery.isFetchingNextPage ? t('loading') : t('load_more')}
            </Button>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">{t('title')}</Typography>
      <Typography>{t('lead')}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <LifestageFilter value={lifestage} onChange={setLifestage} />
        {gallery.data && <Typography variant="subtitle2" aria-live="polite">{t('count', { count: total })}</Typography>}
      </Stack>
      {body}
      {viewer && (
        <Suspense fallback={null}>
          <GalleryLightbox
            open={viewer.open}
            index={viewer.index}
            slides={slides}
            onClose={() => setViewer({ ...viewer, open: false })}
            onSlideChange={(index) => {
              lastViewed.current = index;
              if (index >= slides.length - PREFETCH_MARGIN && gallery.hasNextPage && !gallery.isFetchingNextPage) loadMore();
            }}
            onLightboxClosed={() => tiles.current[lastViewed.current]?.focus()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
