import en from '@mm/shared/locales/en/admin-sign-in.json';
import es from '@mm/shared/locales/es/admin-sign-in.json';
import fr from '@mm/shared/locales/fr/admin-sign-in.json';
import { session } from './providers/session';
import { SignInError } from './providers/sign-in';
import { el } from './dom';

const STRINGS = { en, fr, es };

export interface SignInFormOptions {
  /**
   * Signs in with what was typed; resolves once the panel may show, rejects with a `SignInError`
   * (its reason or the server's message is shown under the fields; any other error reads as `failed`).
   */
  submit: (username: string, password: string) => Promise<unknown>;
}

/**
 * What a signed-in staff member sees while the panel's code loads (a line of text, so that the page is not
 * blank for the seconds react-admin takes on a phone), in the site's last language.
 * @param container emptied and given the line; the panel replaces it when it starts
 */
export function showPanelLoading(container: HTMLElement): void {
  const lng = session.language();
  document.documentElement.lang = lng;
  container.replaceChildren(el('p', { class: 'mm-panel-loading', role: 'status' }, STRINGS[lng].loading));
}

/**
 * The panel's sign-in form, drawn with the DOM alone (its styles: `.mm-sign-in` in index.html) so that it
 * shows before react-admin and MUI have loaded (docs/adr/0040). Used twice: by the entry when no staff
 * session is stored, and as react-admin's login page once the panel runs (after signing out).
 * In the site's last language (localStorage `mm_lang`, else the browser's).
 * @param container emptied and given the form
 * @returns a function that removes the form
 */
export function showSignInForm(container: HTMLElement, { submit }: SignInFormOptions): () => void {
  const lng = session.language();
  const t = STRINGS[lng];
  document.documentElement.lang = lng;
  const username = el('input', {
    id: 'mm-sign-in-username',
    name: 'username',
    autocomplete: 'username',
    autocapitalize: 'none',
    spellcheck: 'false',
    required: '',
  });
  const password = el('input', {
    id: 'mm-sign-in-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: '',
  });
  const message = el('p', { class: 'mm-sign-in-error', role: 'alert' });
  const button = el('button', { type: 'submit' }, t.submit);
  const form = el(
    'form',
    { class: 'mm-sign-in-card', 'aria-labelledby': 'mm-sign-in-title' },
    el('h1', { id: 'mm-sign-in-title' }, t.title),
    el('label', { for: username.id }, t.username),
    username,
    el('label', { for: password.id }, t.password),
    password,
    message,
    button,
  );
  const main = el('main', { class: 'mm-sign-in' }, form);

  let busy = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    message.textContent = '';
    form.setAttribute('aria-busy', 'true');
    button.textContent = t.signing_in;
    submit(username.value.trim(), password.value).then(
      () => undefined,
      (error: unknown) => {
        busy = false;
        form.removeAttribute('aria-busy');
        button.textContent = t.submit;
        const reason = error instanceof SignInError ? error.reason : 'failed';
        message.textContent = (error instanceof SignInError && error.serverMessage) || t[reason];
        password.select();
      },
    );
  });

  container.replaceChildren(main);
  username.focus();
  return () => main.remove();
}
