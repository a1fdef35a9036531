import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/**
 * Draws the panel (react-admin) in `root`, replacing what is there (the sign-in form, docs/adr/0040).
 * @param root the page's `#root`
 */
export function startPanel(root: HTMLElement): void {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
