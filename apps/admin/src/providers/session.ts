import {
  DEFAULT_LOCALE,
  STORAGE_KEYS,
  normalizeLocale,
  toSessionUser,
  type Locale,
  type SessionUser,
} from '@mm/shared';

/**
 * The session the panel shares with the public site (same origin, same localStorage keys of
 * spec §3): signing in on the site signs in here, and the other way round.
 */
export const session = {
  token: (): string => localStorage.getItem(STORAGE_KEYS.token) ?? '',
  user(): SessionUser | undefined {
    try {
      // `sessionUserSchema.safeParse` without zod, which stays out of the panel's entry.
      return toSessionUser(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser) ?? 'null'));
    } catch {
      return undefined;
    }
  },
  save(token: string, user: SessionUser) {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.currentUser);
  },
  /** The site's language choice, else the browser's, else English. */
  language: (): Locale =>
    normalizeLocale(localStorage.getItem(STORAGE_KEYS.language)) ??
    normalizeLocale(navigator.language) ??
    DEFAULT_LOCALE,
  setLanguage: (lng: string) => {
    const locale = normalizeLocale(lng);
    if (locale) localStorage.setItem(STORAGE_KEYS.language, locale);
  },
};
