// The panel's entry (docs/adr/0040): a few KB without React. With a staff session stored, it shows a
// "loading" line and loads the panel at once; otherwise it draws the sign-in form first and fetches the
// panel while the form waits.
import { prefetchDashboard } from './dashboard-prefetch';
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
  showPanelLoading(root);
  if (opensDashboard()) prefetchDashboard();
  void loadPanel().then(({ startPanel }) => startPanel(root));
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
