import { convertRaTranslationsToI18next, useI18nextProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import enAdmin from '@mm/shared/locales/en/admin.json';
import esAdmin from '@mm/shared/locales/es/admin.json';
import frAdmin from '@mm/shared/locales/fr/admin.json';
// Only the quality flags' reasons: a named import lets the build leave the rest of common.json out.
import { quality as enQuality } from '@mm/shared/locales/en/common.json';
import { quality as esQuality } from '@mm/shared/locales/es/common.json';
import { quality as frQuality } from '@mm/shared/locales/fr/common.json';
import { LOCALES } from '@mm/shared';
import spanishMessages from '../i18n/ra-language-spanish';
import { session } from './session';

type Messages = { [key: string]: string | Messages };

/**
 * French and Spanish plurals have a `many` form (1 000 000 items) that react-admin's packages do
 * not carry: it reads as `_other`.
 */
function withManyForms(messages: Messages): Messages {
  const out: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') out[key] = withManyForms(value);
    else {
      out[key] = value;
      if (key.endsWith('_other') && !(key.replace(/_other$/, '_many') in messages))
        out[key.replace(/_other$/, '_many')] = value;
    }
  }
  return out;
}

/**
 * react-admin's own strings merged with ours (`mm.*`, `resources.*` from packages/shared/locales/{lng}/admin.json)
 * and the quality flags' reasons (`quality.*`), shared with the web app's common.json.
 */
const translation = (ra: object, ours: object, quality: object) =>
  withManyForms({
    ...(convertRaTranslationsToI18next(ra) as Messages),
    ...(ours as Messages),
    quality: quality as Messages,
  });

const resources = {
  en: { translation: translation(englishMessages, enAdmin, enQuality) },
  fr: { translation: translation(frenchMessages, frAdmin, frQuality) },
  es: { translation: translation(spanishMessages, esAdmin, esQuality) },
};
const NAMES: Record<(typeof LOCALES)[number], string> = { en: 'English', fr: 'Français', es: 'Español' };
const availableLocales = LOCALES.map((locale) => ({ locale, name: NAMES[locale] }));
const options = {
  resources,
  lng: session.language(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
};

/** The panel's i18n provider (ra-i18n-i18next), in the language the site last used; undefined while it starts. */
export const useMonarchI18nProvider = () => useI18nextProvider({ options, availableLocales });
