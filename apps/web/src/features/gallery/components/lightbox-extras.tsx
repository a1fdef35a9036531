import { useEffect, useRef } from 'react';
import {
  EVENT_ON_KEY_DOWN,
  EVENT_ON_WHEEL,
  isImageSlide,
  useController,
  useLightboxState,
} from 'yet-another-react-lightbox';
import { LIGHTBOX } from './lightbox-settings';

interface LightboxExtrasProps {
  /** The slideshow is playing: show the progress bar. */
  playing: boolean;
  /** Zoom is active (not 1): wheel and ArrowUp/ArrowDown pan instead of navigating. */
  isZoomed: () => boolean;
  /** Receives the Zoom plugin's `maxZoomPixelRatio` that caps the current slide at `LIGHTBOX.zoom.max`. */
  onMaxZoomRatio: (ratio: number) => void;
}

/**
 * What yet-another-react-lightbox does not do itself, rendered inside its controller
 * (`render.controls`): the slideshow progress bar, vertical-wheel and ArrowUp/ArrowDown navigation
 * (spec §2), and a fixed maximum zoom (the library caps image zoom by pixel ratio, not by scale).
 */
export function LightboxExtras({ playing, isZoomed, onMaxZoomRatio }: LightboxExtrasProps) {
  const { subscribeSensors, prev, next, slideRect } = useController();
  const { currentSlide, globalIndex } = useLightboxState();
  const lastWheel = useRef(0);
  const lastKey = useRef(0);

  useEffect(
    () =>
      subscribeSensors(EVENT_ON_WHEEL, (event) => {
        // Horizontal wheels swipe in the library; ctrl + wheel (and pinch) zooms.
        if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX) || isZoomed()) return;
        const now = Date.now();
        const quiet = now - lastWheel.current >= LIGHTBOX.wheelDebounceMs;
        lastWheel.current = now;
        if (!quiet) return;
        if (event.deltaY > 0) next();
        else prev();
      }),
    [subscribeSensors, prev, next, isZoomed],
  );

  useEffect(
    () =>
      subscribeSensors(EVENT_ON_KEY_DOWN, (event) => {
        if ((event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || isZoomed()) return;
        event.preventDefault();
        const now = Date.now();
        if (now - lastKey.current < LIGHTBOX.keyboardThrottleMs) return;
        lastKey.current = now;
        if (event.key === 'ArrowUp') next();
        else prev();
      }),
    [subscribeSensors, prev, next, isZoomed],
  );

  // Max zoom = ratio / fit, where fit is the image's scale when contained in the slide area.
  useEffect(() => {
    if (
      !currentSlide ||
      !isImageSlide(currentSlide) ||
      !currentSlide.width ||
      !currentSlide.height ||
      slideRect.width <= 0 ||
      slideRect.height <= 0
    )
      return;
    const fit = Math.min(1, slideRect.width / currentSlide.width, slideRect.height / currentSlide.height);
    onMaxZoomRatio(LIGHTBOX.zoom.max * fit);
  }, [currentSlide, slideRect.width, slideRect.height, onMaxZoomRatio]);

  if (!playing) return null;
  return (
    <div className="mm-lightbox-progress" aria-hidden="true">
      <div
        key={globalIndex}
        className="mm-lightbox-progress__fill"
        style={{ animationDuration: `${LIGHTBOX.autoplayMs}ms` }}
      />
    </div>
  );
}
