import {
  STORAGE_KEYS,
  USER_COOKIE,
  toSessionUser,
  normalizeLocale,
  DEFAULT_LOCALE,
  type Locale,
  type SessionUser,
} from '@mm/shared';

/** A server render renders for a visitor with nothing stored: an empty store that stays empty. */
const nothingStored: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
};
const local = () => (typeof localStorage === 'undefined' ? nothingStored : localStorage);

/** Browser storage of spec §3 "Stored items": token, current user, language, parameters. */
export const storage = {
  token: (): string => local().getItem(STORAGE_KEYS.token) ?? '',
  setToken: (token: string) => local().setItem(STORAGE_KEYS.token, token),

  currentUser(): SessionUser | undefined {
    const raw = local().getItem(STORAGE_KEYS.currentUser);
    if (!raw) return undefined;
    try {
      return toSessionUser(JSON.parse(raw));
    } catch {
      return undefined;
    }
  },
  /**
   * Keeps the signed-in user, and the `mm_user` cookie (spec §3) that tells the server not to render
   * pages for a visitor: a signed-in volunteer's pages are drawn in the browser only.
   */
  setCurrentUser(user: SessionUser) {
    local().setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
    document.cookie = `${USER_COOKIE}=1; Max-Age=31536000; path=/; SameSite=Lax`;
  },
  clearSession() {
    local().removeItem(STORAGE_KEYS.token);
    local().removeItem(STORAGE_KEYS.currentUser);
    document.cookie = `${USER_COOKIE}=; Max-Age=0; path=/`;
  },

  language: (): Locale => normalizeLocale(local().getItem(STORAGE_KEYS.language)) ?? DEFAULT_LOCALE,
  setLanguage: (lng: Locale) => local().setItem(STORAGE_KEYS.language, lng),

  /** Sign-out (spec §4): all local storage goes, and the `mm_user` cookie. */
  clearAll() {
    local().clear();
    document.cookie = `${USER_COOKIE}=; Max-Age=0; path=/`;
  },
};
