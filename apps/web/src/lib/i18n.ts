import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  API_BASE,
  DEFAULT_LOCALE,
  I18N_NAMESPACES,
  LOCALES,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_MS,
  type Locale,
} from '@mm/shared';

/**
 * i18next with the spec §7 loader (`/api/localetranslations/getjsonfile/web/{ns}/{lng}`),
 * retrying up to 5 times with a delay doubling from 350 ms (spec §9).
 */
export function initI18n(lng: Locale) {
  return i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...I18N_NAMESPACES],
      defaultNS: 'common',
      maxRetries: TRANSLATION_MAX_RETRIES,
      retryTimeout: TRANSLATION_RETRY_MS,
      interpolation: { escapeValue: false },
      backend: { loadPath: `${API_BASE}/localetranslations/getjsonfile/web/{{ns}}/{{lng}}` },
      react: { useSuspense: true },
    });
}
