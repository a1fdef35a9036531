/**
 * The sign-in page rendered by the server (`data-sign-in` on `#root`, docs/adr/0047), before its app runs.
 * Written without React, run by `lib/on-demand.ts` (the app starts on demand there as on a content page; a visitor
 * with a stored session gets the app at once, `src/main.tsx`).
 */

/**
 * Readies the server's sign-in form, or a form it drew for a session (the Flash form, docs/adr/0049), for use before
 * the app runs: on a members-only page, shows the sign-in
 * page's address (`data-address`), as the app's redirect would (spec §2); keeps a field's label up once it
 * holds text (`data-filled`, styles.css); and keeps the browser from sending the form itself (its fields would
 * go into the address): a press on "Sign in" is held and pressed again once the app runs (`lib/on-demand.ts`).
 * @param doc the page
 * @param root `#root`, holding the server's markup
 */
export function readySignInForm(doc: Document, root: HTMLElement): void {
  if (root.dataset.address) history.replaceState(null, '', root.dataset.address);
  const running = () => doc.documentElement.dataset.app === 'ready';
  doc.addEventListener('input', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || running()) return;
    field.closest('.MuiFormControl-root')?.toggleAttribute('data-filled', field.value !== '');
  });
  doc.addEventListener(
    'submit',
    (event) => {
      if (!running()) event.preventDefault();
    },
    true,
  );
}
