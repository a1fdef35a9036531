import { Box, Button, Stack, Typography } from '@mui/material';
import {
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useQueryStates } from 'nuqs';
import { useTranslation } from 'react-i18next';
import type { ExploreFilters, GalleryPhoto, LifestageId } from '@mm/shared';
import { AfterHydration } from '../../components/ui/after-hydration';
import { DateRangeFilter } from '../../features/explore/components/date-range-filter';
import { ExploreUrlAdapter } from '../../features/explore/components/explore-url-adapter';
import { PlaceFilter } from '../../features/explore/components/place-filter';
import { UsernameFilter } from '../../features/explore/components/username-filter';
import {
  exploreFilterParsers,
  exploreFilters,
  filterValues,
  filtersToQuery,
} from '../../features/explore/utils/explore-url';
import { useGallery } from '../../entities/photo/get-gallery';
import { GalleryFirstPage } from '../../features/gallery/components/gallery-first-page';
import { GalleryGrid } from '../../features/gallery/components/gallery-grid';
import type { GallerySlide } from '../../features/gallery/components/gallery-lightbox';
import { GalleryEmpty, GalleryError, GallerySkeleton } from '../../features/gallery/components/gallery-states';
import { LifestageFilter } from '../../features/gallery/components/lifestage-filter';
import { usePhotoCaption, type PhotoCaption } from '../../features/gallery/hooks/use-photo-caption';
import { usePreparedWhenIdle } from '../../features/gallery/hooks/use-prepared-when-idle';
import { useParamsData } from '../../entities/params/get-params';
import { usePageTitle } from '../../lib/page-title';

// The viewer and its library load once the photos are shown and the browser is idle (mounted closed, see
// `Photos`), or at the first photo opened before that.
const GalleryLightbox = lazy(() =>
  import('../../features/gallery/components/gallery-lightbox').then((m) => ({ default: m.GalleryLightbox })),
);

/** The place filter's lists before the reference data have come. */
const NO_PLACES = { countries: [], provinces: [] };

/** Each filter change adds a history entry; React Router navigates (see `useExploreUrl`). */
const URL_OPTIONS = { history: 'push', shallow: false } as const;

/** Showing one of the last this-many loaded photos in the viewer loads the next page. */
const PREFETCH_MARGIN = 3;

const toSlide = (p: GalleryPhoto, c: PhotoCaption): GallerySlide => ({
  id: p.id,
  src: p.large,
  thumbnail: p.small,
  width: p.width,
  height: p.height,
  alt: c.alt,
  title: `${c.stage} · ${c.date}`,
  description: [c.place, c.observer, c.license].filter(Boolean).join(' · '),
});

/**
 * Photo gallery (`/photos?lifestage_id=&date_from=&date_to=&country_id=&province_id=&username=`,
 * public): photos of the visible observations over the Explore filters in the URL (any of them, as
 * Explore writes them; life stage, dates, place and observer have controls here), newest first, 24
 * at a time with "Load more"; a photo opens the full-screen viewer (spec §1, §2).
 */
export function PhotosPage() {
  const { t } = useTranslation('gallery');
  usePageTitle(t('title'));
  // A photo pressed on the server-drawn first photos once they answer, before the app has drawn its own grid
  // (a transition that may take a while on a slow phone): the grid opens it in the viewer when it comes.
  const [pressed, setPressed] = useState<number>();
  // The server renders the title and lead, and at the plain address the first photos (`GalleryFirstPage`,
  // docs/adr/0039); filters and photos follow once the page has hydrated.
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <Typography>{t('lead')}</Typography>
      <AfterHydration fallback={<GalleryFirstPage onOpen={setPressed} />}>
        <ExploreUrlAdapter>
          <Photos pressed={pressed} />
        </ExploreUrlAdapter>
      </AfterHydration>
    </Stack>
  );
}

/**
 * The gallery once the app runs.
 * @param pressed `id` of a photo pressed on the first screen before this was drawn: opened once it is shown
 */
function Photos({ pressed }: { pressed?: number }) {
  const { t } = useTranslation('gallery');
  const [values, setValues] = useQueryStates(exploreFilterParsers, URL_OPTIONS);
  const filters = useMemo(() => exploreFilters(values), [values]);
  const lifestage = filters.lifestage_id as LifestageId | undefined;
  // Drawn again in a background render when the reference data arrive (main thread).
  const params = useDeferredValue(useParamsData().data);
  const gallery = useGallery(filters);
  const captionOf = usePhotoCaption(params?.provinces);
  const [viewer, setViewer] = useState({ open: false, index: 0 });
  const tiles = useRef<(HTMLButtonElement | null)[]>([]);
  const lastViewed = useRef(0);

  // The photos are drawn in a background render that yields to the browser (main thread).
  const data = useDeferredValue(gallery.data);
  const photos = useMemo(() => data?.pages.flatMap((p) => p.data) ?? [], [data]);
  const total = data?.pages.at(-1)?.paginator.total ?? 0;
  const slides = useMemo(() => photos.map((p) => toSlide(p, captionOf(p))), [photos, captionOf]);
  // The viewer is mounted closed (it draws nothing) once photos are shown and the browser is idle, so that a
  // tap only opens it: no code to fetch and evaluate then (docs/adr/0039, "The lightbox").
  const prepared = usePreparedWhenIdle(photos.length > 0);
  // Opened in a transition: the tap's own task only schedules it, so the press is painted at once and the
  // viewer's first render (its slides, thumbnails and toolbar) yields to the browser (docs/adr/0039).
  const openViewer = useCallback((index: number) => startTransition(() => setViewer({ open: true, index })), []);
  const toOpen = useRef(pressed);
  useEffect(() => {
    if (toOpen.current === undefined || photos.length === 0) return;
    const index = photos.findIndex((p) => p.id === toOpen.current);
    toOpen.current = undefined;
    if (index >= 0) openViewer(index);
  }, [photos, openViewer]);
  const keepTile = useCallback((index: number, el: HTMLButtonElement | null) => {
    tiles.current[index] = el;
  }, []);
  const loadMore = () => void gallery.fetchNextPage();
  /**
   * Changes some filters, on top of nuqs's latest ones (queued changes included); the URL holds them
   * in Explore's order (`inExploreOrder`), so links from Explore and back agree.
   */
  const patchFilters = (patch: Partial<ExploreFilters>) =>
    void setValues((now) => filterValues({ ...exploreFilters(now), ...patch }));
  const setLifestage = (lifestage_id: LifestageId | undefined) => patchFilters({ lifestage_id });
  const filtered = Object.keys(filtersToQuery(filters)).length > 0;

  let body;
  if (!data && !gallery.isError) body = <GallerySkeleton />;
  else if (gallery.isError && photos.length === 0) body = <GalleryError onRetry={() => void gallery.refetch()} />;
  else if (photos.length === 0) body = <GalleryEmpty filtered={filtered} onShowAll={() => void setValues(null)} />;
  else {
    body = (
      <Stack spacing={2} sx={{ opacity: gallery.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        <GalleryGrid photos={photos} captionOf={captionOf} onOpen={openViewer} tileRef={keepTile} />
        <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('shown', { shown: photos.length, total })}
          </Typography>
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
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
        <LifestageFilter value={lifestage} onChange={setLifestage} />
        {/* Always there (empty until the count comes), so a phone's wrapped line is reserved (CLS). */}
        <Typography variant="subtitle2" aria-live="polite" sx={{ minHeight: '1.57em' }}>
          {data ? t('count', { count: total }) : ''}
        </Typography>
      </Stack>
      {/* minmax(0, …) as on Explore: the date pickers' own width must not widen a phone's page. */}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        <DateRangeFilter from={filters.date_from} to={filters.date_to} onChange={patchFilters} />
        {/* Drawn at once with empty lists until the reference data come: its room is kept (CLS). */}
        <PlaceFilter
          params={params ?? NO_PLACES}
          countryId={filters.country_id}
          provinceId={filters.province_id}
          onChange={patchFilters}
        />
        <UsernameFilter value={filters.username} onChange={(username) => patchFilters({ username })} />
      </Box>
      {body}
      {(prepared || viewer.open) && (
        <Suspense fallback={null}>
          <GalleryLightbox
            open={viewer.open}
            index={viewer.index}
            slides={slides}
            onClose={() => setViewer({ ...viewer, open: false })}
            onSlideChange={(index) => {
              lastViewed.current = index;
              if (index >= slides.length - PREFETCH_MARGIN && gallery.hasNextPage && !gallery.isFetchingNextPage)
                loadMore();
            }}
            onLightboxClosed={() => tiles.current[lastViewed.current]?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
