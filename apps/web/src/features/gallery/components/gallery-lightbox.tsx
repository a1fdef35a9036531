import { useMediaQuery } from '@mui/material';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox, { type Labels, type SlideImage, type SlideshowRef, type ZoomRef } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Download from 'yet-another-react-lightbox/plugins/download';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import { useIdle } from '../hooks/use-idle';
import { callLightboxCallback, type LightboxCallbacks } from './lightbox-callbacks';
import { LightboxExtras } from './lightbox-extras';
import { LIGHTBOX } from './lightbox-settings';
import { ZOOM_STEP, ZoomButtons, useTapToZoom } from './lightbox-zoom';
import './gallery-lightbox.css';

/** One photo as the lightbox shows it (spec §3 "Lightbox slide element", images only). */
export interface GallerySlide {
  id: number;
  /** Large variant URL. */
  src: string;
  /** Small variant URL, for the thumbnails strip. */
  thumbnail: string;
  /** Large variant size, px. */
  width: number;
  height: number;
  alt: string;
  title: string;
  description: string;
}

type ThumbnailsPosition = 'bottom' | 'left' | 'right';

export interface GalleryLightboxProps extends LightboxCallbacks {
  open: boolean;
  /** Slide shown on opening (0-based). */
  index: number;
  slides: readonly GallerySlide[];
  onClose: () => void;
  /** Where the thumbnails strip sits; bottom by default. */
  thumbnailsPosition?: ThumbnailsPosition;
}

/** Video is registered for video slides; the gallery has none yet. */
const PLUGINS = [Captions, Counter, Slideshow, Thumbnails, Download, Zoom, Fullscreen, Video];
/** Control bar order of spec §2: play/pause, thumbnails, download, zoom, fullscreen, close. */
const TOOLBAR = { buttons: ['slideshow', 'thumbnails', 'download', 'zoom', 'fullscreen', 'close'] } as const;
const STRIP = { bottom: 'bottom', left: 'start', right: 'end' } as const;

function useLabels(): Labels {
  const { t } = useTranslation('gallery');
  return useMemo(
    () => ({
      Play: t('lightbox.play'),
      Pause: t('lightbox.pause'),
      'Show thumbnails': t('lightbox.show_thumbnails'),
      'Hide thumbnails': t('lightbox.hide_thumbnails'),
      Download: t('lightbox.download'),
      'Zoom in': t('lightbox.zoom_in'),
      'Zoom out': t('lightbox.zoom_out'),
      'Enter Fullscreen': t('lightbox.enter_fullscreen'),
      'Exit Fullscreen': t('lightbox.exit_fullscreen'),
      Close: t('lightbox.close'),
      Next: t('lightbox.next'),
      Previous: t('lightbox.previous'),
      Lightbox: t('lightbox.name'),
      'Photo gallery': t('lightbox.carousel_label'),
      Carousel: t('lightbox.carousel_role'),
      Slide: t('lightbox.slide_role'),
      '{index} of {total}': t('lightbox.slide_of'),
      Thumbnails: t('lightbox.thumbnails'),
      Caption: t('lightbox.caption'),
    }),
    [t],
  );
}

/**
 * The full-screen photo viewer of spec §2 on yet-another-react-lightbox, configured with the
 * spec §9 constants (see `LIGHTBOX`). The library does the slides, wrap-around, swipe, keyboard,
 * zoom, thumbnails, slideshow, fullscreen, download, captions and counter; this adds the progress
 * bar, vertical-wheel and ArrowUp/ArrowDown navigation, the zoom cap, idle fading of the controls
 * and the four spec callbacks, each checked to be a function before it is called.
 */
export function GalleryLightbox({
  open,
  index,
  slides,
  onClose,
  thumbnailsPosition = 'bottom',
  ...callbacks
}: GalleryLightboxProps) {
  const labels = useLabels();
  const mobile = useMediaQuery(`(max-width:${LIGHTBOX.mobileBreakpoint}px)`, { noSsr: true });
  const idle = useIdle(open && !mobile, LIGHTBOX.hideControlsAfterMs, LIGHTBOX.idleThrottleMs);
  const [playing, setPlaying] = useState(false);
  const [maxZoomRatio, setMaxZoomRatio] = useState<number>(LIGHTBOX.zoom.max);
  const slideshow = useRef<SlideshowRef>(null);
  const zoomRef = useRef<ZoomRef>(null);
  const toggleZoom = useTapToZoom(zoomRef, open);
  const zoom = useRef(1);
  const current = useRef(index);
  const isZoomed = useCallback(() => zoom.current !== 1, []);

  const reportCount = useEffectEvent((total: number) => callLightboxCallback(callbacks, 'onCountSlides', total));
  useEffect(() => {
    if (open) reportCount(slides.length);
  }, [open, slides.length]);

  const yarlSlides = useMemo(
    () =>
      slides.map((s): SlideImage => ({
        src: s.src,
        width: s.width,
        height: s.height,
        alt: s.alt,
        thumbnail: s.thumbnail,
        title: s.title,
        description: s.description,
        download: { url: s.src, filename: `${LIGHTBOX.downloadedFileName}-${s.id}.jpg` },
      })),
    [slides],
  );

  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={yarlSlides}
      plugins={PLUGINS}
      labels={labels}
      toolbar={TOOLBAR}
      className={idle ? 'mm-lightbox mm-lightbox--idle' : 'mm-lightbox'}
      carousel={{ finite: false, imageFit: 'contain' }}
      controller={{ closeOnBackdropClick: true, closeOnEscape: true }}
      thumbnails={{
        position: STRIP[thumbnailsPosition],
        width: LIGHTBOX.thumbnails.width,
        height: mobile ? LIGHTBOX.thumbnails.mobileHeight : LIGHTBOX.thumbnails.height,
        gap: LIGHTBOX.thumbnails.gap,
        border: 0,
        borderRadius: 0,
        padding: 0,
        imageFit: 'cover',
        vignette: false,
        showToggle: true,
      }}
      slideshow={{ ref: slideshow, autoplay: false, delay: LIGHTBOX.autoplayMs }}
      zoom={{
        ref: zoomRef,
        minZoom: LIGHTBOX.zoom.min,
        zoomInMultiplier: ZOOM_STEP,
        // A click on the photo toggles zoom (spec §2, `useTapToZoom`): the library's double-click zoom is off.
        doubleClickDelay: 0,
        doubleTapDelay: 0,
        maxZoomPixelRatio: maxZoomRatio,
        // ctrl + one wheel notch (deltaY 100) scales by 1 + 100 / factor: 1.5 with a 0.5 step.
        wheelZoomDistanceFactor: 100 / LIGHTBOX.zoom.wheelStep,
      }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      on={{
        click: toggleZoom,
        view: ({ index: shown }) => {
          current.current = shown;
          callLightboxCallback(callbacks, 'onSlideChange', shown);
        },
        entered: () =>
          callLightboxCallback(callbacks, 'onLightboxOpened', { index: current.current, total: slides.length }),
        exited: () => {
          setPlaying(false);
          callLightboxCallback(callbacks, 'onLightboxClosed');
        },
        slideshowStart: () => setPlaying(true),
        slideshowStop: () => setPlaying(false),
        // Spec §4: entering fullscreen turns autoplay off.
        enterFullscreen: () => slideshow.current?.pause(),
        zoom: ({ zoom: level }) => {
          zoom.current = level;
        },
      }}
      render={{
        buttonZoom: (zoomState) => <ZoomButtons zoom={zoomState} />,
        controls: () => <LightboxExtras playing={playing} isZoomed={isZoomed} onMaxZoomRatio={setMaxZoomRatio} />,
      }}
    />
  );
}
