import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LOCALE, I18N_NAMESPACES, LOCALES, normalizeLocale, type Locale } from '@mm/shared';

const require = createRequire(import.meta.url);
/** Folder of the shared locale files: `<locale>/<namespace>.json`. */
export const localesDir = path.join(path.dirname(require.resolve('@mm/shared/package.json')), 'locales');

const resources = Object.fromEntries(
  LOCALES.map((lng) => [
    lng,
    Object.fromEntries(
      I18N_NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8'))]),
    ),
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  ns: [...I18N_NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Every web namespace of one language (`{ common: {…}, explore: {…} … }`), as the translation loader
 * serves them one by one; index.html carries them for the first paint (plugins/static-files.ts).
 */
export function webResources(lng: Locale): Record<string, unknown> {
  return resources[lng] as Record<string, unknown>;
}

/** A translator fixed to one language; keys are `namespace:key` or `validation.key` style. */
export function translator(lng: Locale): TFunction {
  return instance.getFixedT(lng);
}

/**
 * The language of a request: the spec's `Language` header (en, fr, es, fr-CA), else Accept-Language, else en.
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const header = headers.language;
  const explicit = normalizeLocale(Array.isArray(header) ? header[0] : header);
  if (explicit) return explicit;
  const accept = headers['accept-language'];
  const first = (Array.isArray(accept) ? accept[0] : accept)?.split(',')[0]?.split(';')[0];
  return normalizeLocale(first) ?? normalizeLocale(first?.slice(0, 2)) ?? DEFAULT_LOCALE;
}
