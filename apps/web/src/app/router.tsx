import type { ComponentType } from 'react';
import {
  Navigate,
  Outlet,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  useParams,
  type RouteObject,
} from 'react-router';
import { LOCALES, SUB_PATH, normalizeLocale } from '@mm/shared';
import { useSession } from '../entities/session/session-context';
import { storage } from '../lib/storage';
import { ContentFallback } from '../features/content/components/content-fallback';
import { AppLayout } from './layout/app-layout';
import type { HeadHandle } from './layout/site-head';
import { NotFoundPage } from './routes/not-found';
import { PageFallback } from '../components/ui/page-fallback';

/** `/mmapp/` → `/mmapp/{mm_lang or en}` (spec §2: the default base route is /en). */
function RootRedirect() {
  return <Navigate to={`/${storage.language()}`} replace />;
}

/** Accepts en, fr, es; maps aliases (fr-CA) onto them; a path without a locale gets the stored one. */
function LocaleGate() {
  const { locale = '' } = useParams();
  const { pathname, search } = useLocation();
  if ((LOCALES as readonly string[]).includes(locale)) return <Outlet />;
  const alias = normalizeLocale(locale);
  const rest = alias ? pathname.slice(locale.length + 1) : pathname;
  return <Navigate to={`/${alias ?? storage.language()}${rest}${search}`} replace />;
}

/**
 * Access rule of spec §2: pages outside the open list send a visitor with no current user to sign-in. The server
 * renders the sign-in page for a visitor on the pages below it (`ssr/render-page.tsx`, docs/adr/0047).
 */
export function RequireUser() {
  const { user, signedOut } = useSession();
  const { locale } = useParams();
  const { pathname, search } = useLocation();
  // Signing out on a members-only page goes home (spec §4), not to the sign-in page.
  if (!user && signedOut) return <Navigate to={`/${locale}`} replace />;
  if (!user) {
    const back = encodeURIComponent(`${pathname}${search}`);
    return <Navigate to={`/${locale}/users/signin?next=${back}`} replace />;
  }
  return <Outlet />;
}

/**
 * A page loaded with its own code (a page loads only what it uses; the app's chunk holds the frame
 * and the not-found page). While it loads on a first visit, the frame shows `PageFallback`.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return {
    lazy: async () => ({ Component: (await load())[name] }),
    hydrateFallbackElement: <PageFallback />,
  };
}

// One import each for the pages two routes share.
const blitzPage = page(() => import('./routes/blitz'), 'BlitzPage');
const loadMySites = () => import('./routes/my-sites');
const loadSeasonReport = () => import('./routes/season-report');

/** Pages that render their own PageHead (description, alternates); the others get SiteHead's. */
const ownHead: HeadHandle = { ownHead: true };

/** The app's routes under `/mmapp` (the browser router's, and the server render's: `ssr/render-page.tsx`). */
export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    path: '/:locale',
    element: <LocaleGate />,
    children: [
      {
        element: <AppLayout />,
        children: [
          // The home page is a chunk of its own too: its code is not in the other pages' first load (docs/adr/0033).
          { index: true, handle: ownHead, ...page(() => import('./routes/home'), 'HomePage') },
          { path: 'users/signin', ...page(() => import('./routes/signin'), 'SigninPage') },
          { path: 'users/signup', ...page(() => import('./routes/signup'), 'SignupPage') },
          { path: 'users/confirm', ...page(() => import('./routes/confirm-signup'), 'ConfirmSignupPage') },
          { path: 'users/signout', ...page(() => import('./routes/signout'), 'SignoutPage') },
          { path: 'users/forgotpassword', ...page(() => import('./routes/forgot-password'), 'ForgotPasswordPage') },
          { path: 'users/resetpassword', ...page(() => import('./routes/reset-password'), 'ResetPasswordPage') },
          { path: 'users/profile/:username', ...page(() => import('./routes/public-profile'), 'PublicProfilePage') },
          // Monitored sites (docs/monitoring.md): the reminder email's opt-out link needs no sign-in;
          // it shares My sites' module.
          { path: 'users/reminders-off', ...page(loadMySites, 'RemindersOffPage') },
          { path: 'explore', ...page(() => import('./routes/explore'), 'ExplorePage') },
          { path: 'photos', ...page(() => import('./routes/photos'), 'PhotosPage') },
          { path: 'checklists/view', ...page(() => import('./routes/mission-details'), 'MissionDetailsPage') },
          { path: 'sites/:siteId', ...page(() => import('./routes/site-history'), 'SiteHistoryPage') },
          // A season report through its share link needs no sign-in (docs/monitoring.md "Season report").
          { path: 'report/:token', ...page(loadSeasonReport, 'SharedSeasonReportPage') },
          { path: 'print/:sheet', ...page(() => import('./routes/print-sheet'), 'PrintSheetRoute') },
          { path: 'downloads/:id', ...page(() => import('./routes/download-landing'), 'DownloadLandingPage') },
          { path: 'blitz', handle: ownHead, ...blitzPage },
          { path: 'blitz/:blitzId', handle: ownHead, ...blitzPage },
          { path: 'content/contact-us', ...page(() => import('./routes/contact-us'), 'ContactUsPage') },
          // Content pages are open to visitors (spec §1); the Markdown renderer and texts load with the page.
          {
            path: 'content/:slug',
            handle: ownHead,
            lazy: () => import('./routes/content').then((m) => ({ Component: m.ContentPage })),
            hydrateFallbackElement: <ContentFallback />,
          },
          {
            element: <RequireUser />,
            children: [
              { path: 'users/myprofile', ...page(() => import('./routes/my-profile'), 'MyProfilePage') },
              { path: 'submit/submit-data', ...page(() => import('./routes/submit-data'), 'SubmitDataPage') },
              { path: 'submit/flash', ...page(() => import('./routes/flash'), 'FlashPage') },
              {
                path: 'submit/flash/:checklistId',
                ...page(() => import('./routes/flash-detail'), 'FlashDetailPage'),
              },
              {
                path: 'submit/flash/:checklistId/edit',
                ...page(() => import('./routes/flash-edit'), 'FlashEditPage'),
              },
              {
                path: 'submit/flash-submissions',
                ...page(() => import('./routes/flash-submissions'), 'FlashSubmissionsPage'),
              },
              { path: 'submit/mission', ...page(() => import('./routes/mission'), 'MissionPage') },
              { path: 'submit/missions', ...page(() => import('./routes/missions'), 'MissionsPage') },
              { path: 'submit/sites', ...page(loadMySites, 'MySitesPage') },
              { path: 'submit/sites/report', ...page(loadSeasonReport, 'MySeasonReportPage') },
              { path: 'sites/:siteId/report', ...page(loadSeasonReport, 'SiteSeasonReportPage') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The browser router. On a page the server rendered, the lazy routes of the URL are loaded
 * first, so that the router's first render is the page itself, as on the server, and not its
 * `hydrateFallbackElement`.
 */
export async function createAppRouter(options: { serverRendered: boolean }) {
  if (options.serverRendered) {
    const matches = matchRoutes(routes, window.location, SUB_PATH) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, loaded, { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { basename: SUB_PATH });
}
