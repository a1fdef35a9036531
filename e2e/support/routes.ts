import { CONTENT_PAGE_SLUGS } from './content';

/** The app's locales, in the order the tests visit them. */
export const LOCALES = ['en', 'fr', 'es'] as const;

/**
 * Routes open to visitors, after the locale (`/mmapp/{lng}`): every public screen of the app, for the
 * checks run on all of them (accessibility, layout on a narrow phone).
 * @param username a public profile to show
 * @param checklistId a Mission or Flash checklist to show
 */
export const publicRoutes = (username: string, checklistId: number) => [
  '',
  ...['contact-us', ...CONTENT_PAGE_SLUGS].map((slug) => `/content/${slug}`),
  '/explore',
  '/explore?view=grid',
  '/explore?view=map',
  '/photos',
  '/blitz',
  '/print/flash-form',
  '/print/mission-form',
  '/print/monarch-id',
  '/print/milkweed-id',
  '/users/signin',
  '/users/signup',
  '/users/forgotpassword',
  '/users/resetpassword?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  `/users/profile/${username}`,
  `/checklists/view?id=${checklistId}`,
  '/no-such-page',
];
