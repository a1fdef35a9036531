/** Business constants of spec §9, shared by server and web. */

/** Sub-path under which the single-page app lives (spec §2, §9). */
export const SUB_PATH = '/mmapp';
/** Base path of every API call (spec §7, §9). */
export const API_BASE = '/api';
/** Supported UI languages; the first is the default and fallback (spec §1, §9). */
export const LOCALES = ['en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Aliases accepted in URLs and headers and mapped onto a supported locale (spec §1: fr-CA). */
export const LOCALE_ALIASES: Record<string, Locale> = {
  'fr-ca': 'fr',
  'fr-fr': 'fr',
  'en-ca': 'en',
  'en-us': 'en',
  'es-mx': 'es',
};

/** ISO date format used in forms and API payloads (spec §9). */
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_ZONE = 'utc';

export const INITIAL_PAGE = 1;
export const INITIAL_PAGE_LIMIT = 20;
/** Page size of the observation list (spec §7, §9). */
export const OBSERVATION_PAGE_SIZE = 50;

/** Default map centre, in northern Quebec (spec §1, §9), WGS84 degrees. */
export const DEFAULT_MAP_CENTER = { lat: 51.996, lng: -74.781 } as const;
export const DEFAULT_MAP_ZOOM = 4;
/**
 * Diameter of a map cluster bubble, px: grows with the logarithm of its count (2 → 33, 100 → 48,
 * 10 000 → 66). The web draws bubbles this size; the server merges clusters whose bubbles would overlap.
 */
export const clusterDiameter = (count: number) => Math.round(30 + 9 * Math.log10(Math.max(1, count)));

/** Browser storage keys and cookie (spec §3, §9). */
export const STORAGE_KEYS = {
  params: 'mmparams',
  language: 'mm_lang',
  token: 'oauth_token',
  currentUser: 'currentUser',
} as const;
export const USER_COOKIE = 'mm_user';

/**
 * Deepest nesting of arrays and objects a request value may have. The app's deepest body (a Mission:
 * checklist → observations → milkweeds → fields) is 5 levels; the limit leaves room for clients that
 * wrap it, and keeps every later walk of the value (the input rules, zod) short.
 */
export const JSON_MAX_DEPTH = 32;
/** Most values (array items and object members, at every level) a request value may hold. */
export const JSON_MAX_VALUES = 10_000;

export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 16;
/** Largest accepted image upload, bytes (spec §5, §9: 10MB). */
/**
 * Most metres of `coordinate_uncertainty_m` a submission may give (a point clicked on a map of a whole
 * country). A constant here, not beside its schema, so the web app's map code reads it without zod.
 */
export const MAX_COORDINATE_UNCERTAINTY_M = 100_000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * The file picker's `accept`: formats the server decodes, iPhone HEIC/HEIF included (the server
 * decodes them with libheif-js; the extensions are listed too, as some browsers give HEIC files no type).
 */
export const PHOTO_INPUT_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
export const USERNAME_SEARCH_LIMIT = 100;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const APP_VERSION = '3.0.0';
export const COPYRIGHT_YEAR = 2022;
/** Below or at this width (px) the header collapses into the small-screen menu (spec §9). */
export const SMALL_SCREEN_BREAKPOINT = 767;

/** Translation loader retry policy (spec §9): up to 5 retries, delay doubling from 350 ms. */
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_MS = 350;

/** Translation namespaces served by the locale loader. */
export const I18N_NAMESPACES = [
  'common',
  'validation',
  'mission',
  'gallery',
  'account',
  'downloads',
  'explore',
  'content',
  'blitz',
] as const;
export type I18nNamespace = (typeof I18N_NAMESPACES)[number];

/**
 * Maps any locale spelling (fr-CA, FR, es-MX …) onto a supported locale, or undefined.
 */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase();
  if ((LOCALES as readonly string[]).includes(lower)) return lower as Locale;
  return LOCALE_ALIASES[lower];
}

/** Longest counted page-view address (the `page_views.path` column is varchar(512); `pageViewBodySchema`). */
export const PAGE_VIEW_PATH_MAX = 512;
