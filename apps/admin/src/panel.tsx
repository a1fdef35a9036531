import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SessionUser } from '@mm/shared';
import { App } from './app';
import { trustSignedInUser, trustStoredSession } from './providers/auth-provider';

/**
 * Draws the panel (react-admin) in `root`, replacing what is there (the sign-in form, docs/adr/0040).
 * @param root the page's `#root`
 * @param signedIn the user the sign-in form has just signed in, if it did; else the stored session is
 *   trusted for the first screen and verified in the background
 */
export function startPanel(root: HTMLElement, signedIn?: SessionUser): void {
  if (signedIn) trustSignedInUser(signedIn);
  else trustStoredSession();
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
