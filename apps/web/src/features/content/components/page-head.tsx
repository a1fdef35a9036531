import { SUB_PATH, type Locale } from '@mm/shared';
import { usePageTitle } from '../../../lib/page-title';
import { useSiteOrigin } from '../../../lib/server-render';

interface PageHeadProps {
  title: string;
  description: string;
  /** Path after the locale, e.g. `/content/faq`. */
  path: string;
  /** Languages the page exists in; each gets an `hreflang` alternate. */
  locales: readonly Locale[];
}

/**
 * The page's `<title>`, meta description and `hreflang` alternates. React 19 hoists `<meta>` and
 * `<link>` into `<head>` and removes them when the page unmounts; the title goes through
 * usePageTitle like every other page.
 */
export function PageHead({ title, description, path, locales }: PageHeadProps) {
  usePageTitle(title);
  const origin = useSiteOrigin();
  const url = (lng: Locale) => `${origin}${SUB_PATH}/${lng}${path}`;
  return (
    <>
      <meta name="description" content={description} />
      {locales.map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={url(lng)} />
      ))}
      {locales.includes('en') && <link rel="alternate" hrefLang="x-default" href={url('en')} />}
    </>
  );
}
