/** A staff member about to use the page: the first such event starts the panel (as the web app's `lib/on-demand.ts`). */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Resolves at the first sign that the page is about to be used: a pointer down, a touch, a key, a focus, or
 * the address changing (a link followed, the browser's back button). The dashboard's first screen is whole
 * without the panel (figures, lists, links), so the panel's code, most of the page's start-up work, runs
 * only then (docs/adr/0040, amendment "the dashboard before the panel").
 * @param win the page's window
 */
export function whenUsed(win: Window): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTENT_EVENTS) win.document.removeEventListener(type, go, true);
      win.removeEventListener('hashchange', go);
      resolve();
    };
    for (const type of INTENT_EVENTS) win.document.addEventListener(type, go, { capture: true, passive: true });
    win.addEventListener('hashchange', go);
  });
}

/**
 * Has the browser fetch the panel's files into its cache without running them (`<link rel="prefetch">`, the
 * lowest priority), so that the first use of the dashboard's first screen waits for their evaluation only.
 * The files are named in index.html by the build (`<meta name="mm-panel-files">`, `panel-files.ts`).
 * @param doc the page
 */
export function prefetchPanel(doc: Document): void {
  const files = doc.querySelector<HTMLMetaElement>('meta[name="mm-panel-files"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    // As the module scripts that will use them are fetched (CORS, same origin), so the cached copy matches.
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
}
