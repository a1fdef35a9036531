// The panel's entry (docs/adr/0040): a few KB without React. With a staff session stored, it loads the panel
// at once, except on the dashboard, which it draws itself from its early answer and leaves to the panel once
// the page is used; otherwise it draws the sign-in form first and fetches the panel while the form waits.
import { prefetchDashboard } from './dashboard-prefetch';
import { prefetchPanel, whenUsed } from './on-demand';
import { session } from './providers/session';
import { signIn, signedInAsStaff } from './providers/sign-in';
import { showPanelLoading, showSignInForm } from './sign-in-form';

/** `load`, called once: later calls share its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

const root = document.getElementById('root') as HTMLElement;
/** Whether the address opens the dashboard, the panel's first screen. */
const opensDashboard = () => /^(#\/?(dashboard)?)?$/.test(window.location.hash);

/**
 * The panel and, when the address opens the dashboard, the dashboard's chunk beside it rather than after
 * it: one round trip less before the dashboard's figures.
 */
const loadPanel = once(() => {
  if (opensDashboard()) void import('./dashboard');
  return import('./panel');
});

if (signedInAsStaff()) {
  let started = false;
  const start = once(async () => {
    started = true;
    (await loadPanel()).startPanel(root);
  });
  showPanelLoading(root);
  if (opensDashboard()) {
    // The dashboard's first screen without the panel (its figures, lists and the menu as links): the panel's
    // evaluation and react-admin's start are most of the page's start-up work, and the screen is whole
    // without them. A refused or failed request (a revoked session, no network) starts the panel at once,
    // which signs out or shows the error.
    void whenUsed(window).then(start);
    const user = session.user();
    Promise.all([prefetchDashboard(), import('./dashboard-first-screen')]).then(
      ([body, { isDashboard, showDashboardFirstScreen }]) => {
        if (started) return;
        if (user && isDashboard(body) && opensDashboard()) {
          showDashboardFirstScreen(root, body, user, session.language());
          // The panel's code into the cache while the screen is read, so that its first use waits less.
          if ('requestIdleCallback' in window) requestIdleCallback(() => prefetchPanel(document));
          else setTimeout(() => prefetchPanel(document), 200);
        } else void start();
      },
      () => void start(),
    );
  } else void start();
} else {
  showSignInForm(root, {
    async submit(username, password) {
      const user = await signIn(username, password);
      // Signed out in the panel before (`#/login`): the panel opens on its dashboard, else where the address says.
      if (window.location.hash.startsWith('#/login')) window.location.hash = '#/';
      (await loadPanel()).startPanel(root, user);
    },
  });
  // The panel's code downloads once the form is on screen, while the admin types.
  if ('requestIdleCallback' in window) requestIdleCallback(() => void loadPanel());
  else setTimeout(() => void loadPanel(), 200);
}
