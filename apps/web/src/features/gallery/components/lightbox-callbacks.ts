/**
 * The four lightbox callbacks of spec §3 ("Callbacks: onSlideChange, onLightboxOpened,
 * onLightboxClosed, onCountSlides"), reported from the library's `on.view`, `on.entered` and
 * `on.exited` and from the slide count.
 */
export interface LightboxCallbacks {
  /** The shown slide changed, opening included: its 0-based index. */
  onSlideChange?: (index: number) => void;
  /** The lightbox finished opening on slide `index` of `total` (spec §4). */
  onLightboxOpened?: (opened: { index: number; total: number }) => void;
  /** The lightbox finished closing. */
  onLightboxClosed?: () => void;
  /** How many slides the lightbox holds: on opening and whenever the count changes while open. */
  onCountSlides?: (total: number) => void;
}
export type LightboxCallbackName = keyof LightboxCallbacks;

/** `typeof`, with null told apart from objects. */
const typeName = (value: unknown) => (value === null ? 'null' : typeof value);

/**
 * Calls `callbacks[name](...args)` when it is a function. An absent callback is skipped quietly;
 * anything else is not called, and a console error names the callback and the type received
 * (spec §5 and §8: "each of the four callbacks must be a function").
 */
export function callLightboxCallback<K extends LightboxCallbackName>(
  callbacks: LightboxCallbacks,
  name: K,
  ...args: Parameters<NonNullable<LightboxCallbacks[K]>>
): void {
  const callback: unknown = callbacks[name];
  if (callback === undefined) return;
  if (typeof callback !== 'function') {
    console.error(`Lightbox: ${name} must be a function, received ${typeName(callback)}.`);
    return;
  }
  (callback as (...values: unknown[]) => void)(...args);
}
