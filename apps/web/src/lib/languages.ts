import type { Locale } from '@mm/shared';

/** Translation keys of each language's own name. */
export const languageLabelKeys: Record<Locale, string> = { en: 'nav.english', fr: 'nav.french', es: 'nav.spanish' };
