import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useParams } from 'react-router';
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

/** Props of {@link RouterAnchor}: an anchor's, with `to` an in-app path (resolved like React Router's `Link`). */
export type RouterAnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
};

/**
 * An in-app link: React Router's documented way to build one (`useHref` + `useLinkClickHandler`, the
 * click handling of its `Link`: plain left clicks navigate in the app, modified clicks and other
 * targets are left to the browser). Its `Link` also carries route prefetching for framework mode,
 * which this app does not use, and since React Router is one module that code would sit in the first
 * render's JavaScript. Works as MUI's `component`.
 */
export const RouterAnchor = forwardRef<HTMLAnchorElement, RouterAnchorProps>(function RouterAnchor(
  { to, replace, onClick, target, children, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
});

type LocaleLinkProps = Omit<RouterAnchorProps, 'to'> & { href: string };

/** A link built as sub-path, current locale, then href (spec §2). Works as MUI's `component`. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LocaleLinkProps>(function LocaleLink({ href, ...rest }, ref) {
  const to = useLocalePath();
  return <RouterAnchor ref={ref} to={to(href)} {...rest} />;
});
