import {
  STORAGE_KEYS,
  USER_COOKIE,
  toSessionUser,
  normalizeLocale,
  DEFAULT_LOCALE,
  type Locale,
  type SessionUser,
} from '@mm/shared';

/** Browser storage of spec §3 "Stored items": token, current user, language, parameters. */
export const storage = {
  token: (): string => localStorage.getItem(STORAGE_KEYS.token) ?? '',
  setToken: (token: string) => localStorage.setItem(STORAGE_KEYS.token, token),

  currentUser(): SessionUser | undefined {
    const raw = localStorage.getItem(STORAGE_KEYS.currentUser);
    if (!raw) return undefined;
    try {
      return toSessionUser(JSON.parse(raw));
    } catch {
      return undefined;
    }
  },
  setCurrentUser: (user: SessionUser) => localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user)),
  clearSession() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.currentUser);
  },

  language: (): Locale => normalizeLocale(localStorage.getItem(STORAGE_KEYS.language)) ?? DEFAULT_LOCALE,
  setLanguage: (lng: Locale) => localStorage.setItem(STORAGE_KEYS.language, lng),

  /** Sign-out (spec §4): all local storage goes, and the `mm_user` cookie. */
  clearAll() {
    localStorage.clear();
    document.cookie = `${USER_COOKIE}=; Max-Age=0; path=/`;
  },
};
