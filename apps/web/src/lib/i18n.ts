import i18next, { type BackendModule, type ReadCallback, type Services } from 'i18next';
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
 * i18next-http-backend, loaded on its first use: a page that came with its translations (most first
 * visits) never needs it, and it stays out of the first screen's JavaScript.
 */
class LazyHttpBackend implements BackendModule {
  static type = 'backend' as const;
  type = 'backend' as const;
  private backend?: Promise<BackendModule>;
  private args: [Services, object, object] | undefined;

  init(services: Services, backendOptions: object, i18nextOptions: object) {
    this.args = [services, backendOptions, i18nextOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    this.backend ??= import('i18next-http-backend').then(({ default: HttpBackend }) => {
      const backend = new HttpBackend() as BackendModule;
      if (this.args) backend.init(...this.args);
      return backend;
    });
    this.backend.then(
      (b) => b.read(language, namespace, callback),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  }
}

/** Where the spec §7 loader reads namespace `ns` of language `lng` (also the service worker's cache key). */
export const translationUrl = (ns: string, lng: string) =>
  `${API_BASE}/localetranslations/getjsonfile/web/${ns}/${lng}`;

/** The translations index.html carries for its language (`<script type="application/json" id="mm-i18n">`). */
interface PageTranslations {
  lng: Locale;
  resources: Record<string, Record<string, unknown>>;
}

/**
 * The translations the server wrote into index.html for the page's language, or undefined
 * (dev server, mock mode, a page cached without them, unreadable JSON).
 */
function pageTranslations(doc: Document = document): PageTranslations | undefined {
  const text = doc.getElementById('mm-i18n')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<PageTranslations>;
    return parsed.lng && (LOCALES as readonly string[]).includes(parsed.lng) && parsed.resources
      ? { lng: parsed.lng, resources: parsed.resources }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * i18next with the spec §7 loader (`/api/localetranslations/getjsonfile/web/{ns}/{lng}`),
 * retrying up to 5 times with a delay doubling from 350 ms (spec §9). Translations that came with
 * the page (`pageTranslations`) are used at once, so the first screen renders without waiting for
 * them; anything else (another language, the fallback language) still loads over HTTP.
 */
export function initI18n(lng: Locale, preloaded: PageTranslations | undefined = pageTranslations()) {
  const ready = i18next
    .use(LazyHttpBackend)
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
      backend: { loadPath: translationUrl('{{ns}}', '{{lng}}') },
      react: { useSuspense: true },
      partialBundledLanguages: true,
    });
  // Marks the store ready before the backend's first answer (the language's own bundles are complete;
  // the fallback language's load in the background).
  if (preloaded) i18next.hydrate({ [preloaded.lng]: preloaded.resources }, lng);
  return ready;
}
