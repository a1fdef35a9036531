import { Navigate, Outlet, createBrowserRouter, useLocation, useParams } from 'react-router';
import { LOCALES, SUB_PATH, normalizeLocale } from '@mm/shared';
import { useSession } from '../entities/session/session-context';
import { storage } from '../lib/storage';
import { ContentFallback } from '../features/content/components/content-fallback';
import { AppLayout } from './layout/app-layout';
import type { HeadHandle } from './layout/site-head';
import { ExplorePage } from './routes/explore';
import { FlashPage } from './routes/flash';
import { FlashDetailPage } from './routes/flash-detail';
import { FlashEditPage } from './routes/flash-edit';
import { FlashSubmissionsPage } from './routes/flash-submissions';
import { MissionPage } from './routes/mission';
import { MissionDetailsPage } from './routes/mission-details';
import { MissionsPage } from './routes/missions';
import { HomePage } from './routes/home';
import { MyProfilePage } from './routes/my-profile';
import { NotFoundPage } from './routes/not-found';
import { PhotosPage } from './routes/photos';
import { ContactUsPage } from './routes/contact-us';
import { ForgotPasswordPage } from './routes/forgot-password';
import { PublicProfilePage } from './routes/public-profile';
import { ResetPasswordPage } from './routes/reset-password';
import { SigninPage } from './routes/signin';
import { SignoutPage } from './routes/signout';
import { SignupPage } from './routes/signup';
import { SubmitDataPage } from './routes/submit-data';

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

/** Access rule of spec §2: pages outside the open list send a visitor with no current user to sign-in. */
function RequireUser() {
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

/** Pages that render their own PageHead (description, alternates); the others get SiteHead's. */
const ownHead: HeadHandle = { ownHead: true };

export const router = createBrowserRouter(
  [
    { path: '/', element: <RootRedirect /> },
    {
      path: '/:locale',
      element: <LocaleGate />,
      children: [
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <HomePage />, handle: ownHead },
            { path: 'users/signin', element: <SigninPage /> },
            { path: 'users/signup', element: <SignupPage /> },
            { path: 'users/signout', element: <SignoutPage /> },
            { path: 'users/forgotpassword', element: <ForgotPasswordPage /> },
            { path: 'users/resetpassword', element: <ResetPasswordPage /> },
            { path: 'users/profile/:username', element: <PublicProfilePage /> },
            { path: 'explore', element: <ExplorePage /> },
            { path: 'photos', element: <PhotosPage /> },
            { path: 'checklists/view', element: <MissionDetailsPage /> },
            { path: 'content/contact-us', element: <ContactUsPage /> },
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
                { path: 'users/myprofile', element: <MyProfilePage /> },
                { path: 'submit/submit-data', element: <SubmitDataPage /> },
                { path: 'submit/flash', element: <FlashPage /> },
                { path: 'submit/flash/:checklistId', element: <FlashDetailPage /> },
                { path: 'submit/flash/:checklistId/edit', element: <FlashEditPage /> },
                { path: 'submit/flash-submissions', element: <FlashSubmissionsPage /> },
                { path: 'submit/mission', element: <MissionPage /> },
                { path: 'submit/missions', element: <MissionsPage /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: SUB_PATH },
);
