import { afterEach, describe, expect, it } from 'vitest';
import { readySignInForm } from './sign-in-first';

/** The parts of the server's sign-in page these rules act on: `#root`, a field in its form control, the form. */
function serverSignInPage(address?: string): { root: HTMLElement; input: HTMLInputElement; form: HTMLFormElement } {
  document.body.innerHTML = `<div id="root" data-ssr="" data-hydrate="interaction" data-sign-in=""${
    address ? ` data-address="${address}"` : ''
  }><form><div class="MuiFormControl-root"><label for="u">Username</label><input id="u" name="username"></div>
  <button type="submit">Sign in</button></form></div>`;
  const root = document.getElementById('root') as HTMLElement;
  return { root, input: root.querySelector('input')!, form: root.querySelector('form')! };
}

describe('readySignInForm (the server-rendered sign-in page before the app runs)', () => {
  afterEach(() => {
    delete document.documentElement.dataset.app;
    history.replaceState(null, '', '/');
  });

  it("shows the sign-in page's address on a members-only page, as the app's redirect would", () => {
    history.replaceState(null, '', '/mmapp/en/submit/flash');
    const { root } = serverSignInPage('/mmapp/en/users/signin?next=%2Fen%2Fsubmit%2Fflash');
    readySignInForm(document, root);
    expect(`${location.pathname}${location.search}`).toBe('/mmapp/en/users/signin?next=%2Fen%2Fsubmit%2Fflash');
  });

  it('keeps the address of /users/signin itself', () => {
    history.replaceState(null, '', '/mmapp/fr/users/signin?next=%2Ffr%2Fsubmit%2Fmission');
    const { root } = serverSignInPage();
    readySignInForm(document, root);
    expect(`${location.pathname}${location.search}`).toBe('/mmapp/fr/users/signin?next=%2Ffr%2Fsubmit%2Fmission');
  });

  it('marks a field holding text until the app runs, and refuses the browser its own sending of the form', () => {
    const { root, input, form } = serverSignInPage();
    document.documentElement.dataset.app = 'on-demand';
    readySignInForm(document, root);
    const control = input.closest('.MuiFormControl-root')!;
    input.value = 'marie';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(control.hasAttribute('data-filled')).toBe(true);
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(control.hasAttribute('data-filled')).toBe(false);
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    // Once the app runs, its own handler decides.
    document.documentElement.dataset.app = 'ready';
    const late = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
  });
});
