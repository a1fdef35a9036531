import { forwardRef, type ComponentProps } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@mm/shared';

/** The locale of the current URL (`/mmapp/{locale}/…`), English when absent. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return normalizeLocale(locale) ?? DEFAULT_LOCALE;
}

/** Builds an in-app href as current locale + href (spec §2); the router adds the `/mmapp` sub-path. */
export function useLocalePath(): (href: string) => string {
  const locale = useLocale();
  return (href: string) =>
    href === '/' || href === '' ? `/${locale}` : `/${locale}${href.startsWith('/') ? href : `/${href}`}`;
}

type LocaleLinkProps = Omit<ComponentProps<typeof RouterLink>, 'to'> & { href: string };

/** A link built as sub-path, current locale, then href (spec §2). Works as MUI's `component`. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LocaleLinkProps>(function LocaleLink({ href, ...rest }, ref) {
  const to = useLocalePath();
  return <RouterLink ref={ref} to={to(href)} {...rest} />;
});
