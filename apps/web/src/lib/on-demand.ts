/**
 * When the app starts on a page the server rendered for reading (docs/adr/0033): the page is whole and
 * usable without it (text, images, links, the language links), so its code is loaded only once a
 * visitor is about to use something that needs it, or once a part that needs it comes into view.
 * Written without React: it runs before any of the app's code is loaded. Loaded by the start-up module
 * only on such a page (a page the browser draws does not need it).
 */
import { registerServiceWorker } from './register-service-worker';
import { readySignInForm } from './sign-in-first';

/** How a server-rendered page wants the app started (`data-hydrate` on `#root`, written by the server). */
export type HydrateWhen = 'now' | 'visible' | 'interaction';

/** A visitor about to use the page: the first one starts loading the app's code. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Elements (`data-when-visible`) whose coming into view starts the app: parts drawn from live data. */
const WHEN_VISIBLE_SELECTOR = '[data-when-visible]';

/**
 * What a press before the app runs is kept for: a button (menu, drawer), pressed again once the app runs it, and a
 * select (MUI's, `role="combobox"`: the Flash form's, docs/adr/0049), opened once the app runs it.
 */
const REPLAYED = 'button, [role="button"], [role="combobox"]';

/** Keys that open a select (MUI's `role="combobox"`), which no click follows: held like a press, then sent again. */
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowDown', 'ArrowUp']);

/** A press held before the app runs: the element, and the key when it was pressed from the keyboard on a select. */
interface HeldPress {
  target: HTMLElement;
  key?: string;
}

/**
 * A part that works before the app (`data-island`: Explore's map, docs/adr/0042): presses in it are its
 * own (its markers, its zoom buttons), not held.
 */
const ISLAND = '[data-island]';

/**
 * Resolves once the app should start on a page rendered for reading: at the first sign of use
 * (pointer down, touch, key, focus), or, with `visible`, when an element marked `data-when-visible`
 * comes within `marginPx` of the screen. A press on a button meanwhile is held (its default and
 * the page's other listeners skipped) and returned, to be pressed again once the app runs it.
 * @param doc the page
 * @param when `visible` or `interaction`
 * @param marginPx how far below the screen a marked element counts as in view
 * @returns `start`: resolves when the app should start (or once `startNow()` is called); `heldPress()`: the
 *   button or select last pressed before, if any (perhaps since replaced by the app: {@link replayTarget}), with the
 *   key that opened the select from the keyboard
 */
function waitForDemand(
  doc: Document,
  when: Exclude<HydrateWhen, 'now'>,
  marginPx = 200,
): { start: Promise<void>; startNow: () => void; heldPress: () => HeldPress | undefined } {
  let held: HeldPress | undefined;
  let running = false;
  let startNow: () => void = () => undefined;
  const onClick = (event: Event) => {
    if (running) return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(REPLAYED) : null;
    if (!target || target.closest(ISLAND)) return;
    // A button that opens a file chooser (`data-opens-file`, its input's id: the Flash form's "Add a picture",
    // docs/adr/0049) opens it now, in the press's own event: Chromium refuses a chooser to a press replayed more than
    // 5 s later. The chosen files wait in the input, which the app reads once it runs.
    const fileInput = target.dataset.opensFile ? doc.getElementById(target.dataset.opensFile) : null;
    if (fileInput instanceof HTMLInputElement) fileInput.click();
    else held = { target };
    event.preventDefault();
    event.stopPropagation();
  };
  // A key that opens a select: a select's keyboard use makes no click (a button's Enter and Space do, held above).
  const onKeyDown = (event: KeyboardEvent) => {
    if (running || !OPENING_KEYS.has(event.key)) return;
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="combobox"]') : null;
    if (!target || target.closest(ISLAND)) return;
    held = { target, key: event.key };
    event.preventDefault();
    event.stopPropagation();
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKeyDown, true);
  const start = new Promise<void>((resolve) => {
    let observer: IntersectionObserver | undefined;
    const go = () => {
      for (const type of INTENT_EVENTS) doc.removeEventListener(type, go, true);
      observer?.disconnect();
      resolve();
    };
    startNow = go;
    for (const type of INTENT_EVENTS) doc.addEventListener(type, go, { capture: true, passive: true });
    const marked = when === 'visible' ? [...doc.querySelectorAll(WHEN_VISIBLE_SELECTOR)] : [];
    if (marked.length > 0 && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
        rootMargin: `0px 0px ${marginPx}px 0px`,
      });
      for (const el of marked) observer.observe(el);
    } else if (when === 'visible') go();
  });
  return {
    start,
    startNow: () => startNow(),
    heldPress: () => {
      running = true;
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('keydown', onKeyDown, true);
      return held;
    },
  };
}

/**
 * Resolves once the app runs the page (`<html data-app="ready">`, set by AppProviders after hydration).
 * @param doc the page
 */
function appReady(doc: Document): Promise<void> {
  const html = doc.documentElement;
  if (html.dataset.app === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (html.dataset.app !== 'ready') return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-app'] });
  });
}

/** How long a press held on a server-drawn element (`data-replay`) waits for the app's own element (ms). */
const REPLAY_WAIT_MS = 3000;

/**
 * The element to press again once the app runs: the held one, or, when it carries `data-replay` (a part
 * of a page's first screen that the app draws anew: Explore's and the gallery's, docs/adr/0039), the
 * app's element with the same `data-replay` once it is there (at most REPLAY_WAIT_MS).
 * @param doc the page
 * @param held the button pressed before the app ran
 * @returns the element to press, or undefined when there is none
 */
function replayTarget(doc: Document, held: HTMLElement): Promise<HTMLElement | undefined> {
  const key = held.dataset.replay;
  if (!key) return Promise.resolve(held.isConnected ? held : undefined);
  const selector = `[data-replay="${CSS.escape(key)}"]`;
  const drawn = () => [...doc.querySelectorAll<HTMLElement>(selector)].find((el) => el !== held);
  const found = drawn();
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const el = drawn();
      if (!el) return;
      observer.disconnect();
      resolve(el);
    });
    observer.observe(doc.body, { childList: true, subtree: true });
    // Settled already when the app's element came: then this does nothing.
    setTimeout(() => {
      observer.disconnect();
      resolve(held.isConnected ? held : undefined);
    }, REPLAY_WAIT_MS);
  });
}

/**
 * Presses again a button or select pressed before the app ran: a select (MUI's) opens on a mouse button going down,
 * not on a click, or on the key pressed on it, sent again with the select focused.
 * @param target the element pressed, as the app now runs it
 * @param key the key pressed on a select, when it was the keyboard
 */
function pressAgain(target: HTMLElement, key?: string): void {
  if (target.getAttribute('role') !== 'combobox') target.click();
  else if (key) {
    target.focus();
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  } else target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
}

/**
 * Tells the app of a field focused before it ran: React listens for `focusin`, and the field's focus came before
 * its listeners, so MUI would draw it unfocused (no coloured outline, label in grey) until the next focus. No real
 * blur and focus: the caret and selection stay where they are.
 * @param doc the page
 */
function announceFocus(doc: Document): void {
  const field = doc.activeElement;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

/**
 * Runs a page rendered for reading until its app starts (`src/main.tsx`): marks it `<html data-app="on-demand">`,
 * counts its page view (in the next task), registers the service worker (offline use) when idle, and starts the app
 * (`loadApp`) on demand ({@link waitForDemand}), then presses again a button pressed meanwhile ({@link replayTarget}).
 * @param doc the page
 * @param when `visible` or `interaction` (`data-hydrate` on `#root`)
 * @param loadApp loads and starts the app; resolves once it is started
 * @param sessionCheck the start-up session check of a stored token (`lib/early-session.ts`), if one was sent
 */
export function startOnDemand(
  doc: Document,
  when: Exclude<HydrateWhen, 'now'>,
  loadApp: () => Promise<void>,
  sessionCheck?: Promise<Response>,
): void {
  // e2e/support/app.ts waits for either this or `ready`.
  doc.documentElement.dataset.app = 'on-demand';
  // The sign-in page (docs/adr/0047) and a form drawn for a session (the Flash form, docs/adr/0049): readied for
  // use before the app.
  const root = doc.getElementById('root');
  if (root && (root.dataset.signIn !== undefined || root.dataset.session !== undefined)) readySignInForm(doc, root);
  const demand = waitForDemand(doc, when);
  // Each in a task of its own after this one (docs/adr/0046): at a phone's speed every few milliseconds of
  // one task count towards its Total Blocking Time. The page view is counted once its code arrives; the service worker
  // (offline use) is registered once the page has settled and the browser is idle, whether or not the app starts.
  // Imported here, not statically: this module then runs as soon as it arrives (its listeners hold a press),
  // without waiting for a second file; the app shares `page-view` (it must not count the view again).
  void import('./page-view').then((m) => m.sendFirstPageView());
  registerServiceWorker();
  // A page drawn for a session (docs/adr/0048): its due notice shown now; a refused session starts the app.
  if (root?.dataset.session !== undefined && sessionCheck)
    void import('./signed-in-first').then((m) => m.readySignedInPage(doc, sessionCheck, demand.startNow));
  void demand.start.then(async () => {
    await loadApp();
    await appReady(doc);
    announceFocus(doc);
    const held = demand.heldPress();
    const target = held && (await replayTarget(doc, held.target));
    if (target) pressAgain(target, held.key);
  });
}
