import { useEffect, useRef, type RefObject } from 'react';
import { IconButton, createIcon, type Label, type ZoomRef } from 'yet-another-react-lightbox';

// The Zoom plugin's own glyphs (Material "zoom_in" and "zoom_out"), which it does not export.
const LENS =
  'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z';
const ZoomInIcon = createIcon(
  'ZoomIn',
  <>
    <path d={LENS} />
    <path d="M12 10h-2v2H9v-2H7V9h2V7h1v2h2v1z" />
  </>,
);
const ZoomOutIcon = createIcon('ZoomOut', <path d={`${LENS}M7 9h5v1H7z`} />);

// Keys of the lightbox's `labels` (translated in `useLabels`), not the text shown.
const ZOOM_IN: Label = 'Zoom in';
const ZOOM_OUT: Label = 'Zoom out';

/** A pointer that moved farther than this between press and release (px) panned or swiped: no toggle. */
const TAP_SLOP_PX = 10;

/** The Zoom plugin's `zoomInMultiplier` (its default): each Zoom in doubles the scale. */
export const ZOOM_STEP = 2;

/** True when the photo is shown larger or smaller than its fitted size. */
const isZoomed = (zoom: number) => Math.abs(zoom - 1) > 1e-3;

/**
 * The toolbar's zoom control (`render.buttonZoom`): Zoom in while the photo can grow, and Zoom out only
 * while it is zoomed in (spec §2 "Zoom out (only while zoomed)"), one step at a time down to the fitted
 * size, where it goes away and hands the focus to Zoom in. Labels come from the lightbox's `labels`.
 */
export function ZoomButtons({ zoom }: { zoom: ZoomRef }) {
  const zoomInButton = useRef<HTMLButtonElement>(null);
  const zoomOut = () => {
    const target = Math.max(1, zoom.zoom / ZOOM_STEP);
    zoom.changeZoom(target);
    if (!isZoomed(target)) zoomInButton.current?.focus();
  };
  return (
    <>
      <IconButton
        ref={zoomInButton}
        label={ZOOM_IN}
        icon={ZoomInIcon}
        disabled={zoom.disabled || zoom.zoom >= zoom.maxZoom}
        onClick={zoom.zoomIn}
      />
      {zoom.zoom > 1 && !zoom.disabled && <IconButton label={ZOOM_OUT} icon={ZoomOutIcon} onClick={zoomOut} />}
    </>
  );
}

/**
 * Spec §2 "clicking the image toggles zoom and pan": a tap or click on the shown photo zooms it in
 * (one `zoomIn` step), or back to its fitted size when zoomed. Returns the `on.click` handler for
 * the lightbox. A press that moved more than `TAP_SLOP_PX` (a pan of the zoomed photo, a swipe)
 * is not a tap; the library's own double-click zoom is turned off (`doubleClickDelay: 0`) so that two
 * taps are two toggles.
 */
export function useTapToZoom(zoomRef: RefObject<ZoomRef | null>, open: boolean): () => void {
  const moved = useRef(false);
  useEffect(() => {
    if (!open) return;
    let start: { x: number; y: number } | undefined;
    const down = (e: PointerEvent) => {
      start = { x: e.clientX, y: e.clientY };
      moved.current = false;
    };
    const move = (e: PointerEvent) => {
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > TAP_SLOP_PX) moved.current = true;
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointermove', move, true);
    return () => {
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointermove', move, true);
    };
  }, [open]);
  return () => {
    const zoom = zoomRef.current;
    if (!zoom || zoom.disabled || moved.current) return;
    if (isZoomed(zoom.zoom)) zoom.changeZoom(1);
    else zoom.zoomIn();
  };
}
