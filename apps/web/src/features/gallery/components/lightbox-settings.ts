/**
 * Lightbox constants of spec §9, as this app configures yet-another-react-lightbox with them.
 * `hideControlsAfterMs` is the spec's `hideControlsAfter` setting, which it leaves to the page.
 */
export const LIGHTBOX = {
  /** At or below this width (px) the arrows are hidden, controls never fade and thumbnails are 60 px high. */
  mobileBreakpoint: 768,
  /** A burst of wheel events moves one slide; the next burst needs this much quiet first (ms). */
  wheelDebounceMs: 150,
  /** ArrowUp / ArrowDown navigation at most once per this many ms. */
  keyboardThrottleMs: 300,
  thumbnails: { width: 80, height: 80, mobileHeight: 60, gap: 1 },
  zoom: { min: 0.5, max: 6, wheelStep: 0.5 },
  /** Slideshow interval and progress-bar duration (ms). */
  autoplayMs: 3000,
  hideControlsAfterMs: 3000,
  idleThrottleMs: 50,
  /** Downloads are saved as `{downloadedFileName}-{photo id}.jpg` (spec §7). */
  downloadedFileName: 'mission-monarch',
} as const;
