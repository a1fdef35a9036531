import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { LOCALES, SUB_PATH } from '@mm/shared';
import { useSiteOrigin } from '../../lib/server-render';

/** Route `handle` of pages that render their own PageHead (home, content pages). */
export interface HeadHandle {
  ownHead?: boolean;
}

/**
 * "each page sets its title, meta description, lang and hreflang alternates": for every
 * page without its own PageHead, the site description and one `hreflang` alternate per language
 * (plus x-default, English) for the same path. The title comes from each page's usePageTitle and
 * `lang` from AppLayout. React 19 hoists these tags into `<head>` and removes them on unmount.
 */
export function SiteHead() {
  const { t } = useTranslation();
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const matches = useMatches();
  if (matches.some((m) => (m.handle as HeadHandle | undefined)?.ownHead)) return null;
  // `/fr/explore` → `/explore`: each language goes in front.
  const rest = pathname.replace(/^\/[^/]+/, '');
  const url = (lng: string) => `${origin}${SUB_PATH}/${lng}${rest}`;
  return (
    <>
      <meta name="description" content={t('app.description')} />
      {LOCALES.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={url(lng)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url('en')} />
    </>
  );
}
