// The pages the single-page app answers, in the router's own patterns (client/routes.tsx and admin/admin-pages.tsx): the
// server answers 200 for an address one of them matches, and 404 for any other (the app shows its not-found page there).
// A test requests every route of the client's router (server/http/page-status.test.ts): a page missing here fails it.
import { matchPath } from './match-path';

/**
 * The first-run page (R50): a page only while its token is valid. The server answers it 200 then and 404 otherwise
 * (app.ts asks setup/service.ts), the page itself asks its API the same question.
 */
export const FIRST_RUN_PAGE = '/setup/:token';

/** The token of a first-run address, or null for any other address. */
export function firstRunToken(pathname: string): string | null {
  return matchPath({ path: FIRST_RUN_PAGE }, pathname)?.params.token ?? null;
}

const PAGES = [
  '/',
  '/register',
  '/register/scores/:teamId',
  '/register/payment',
  '/register/purchase-payment',
  '/leaderboard',
  '/results/:tournamentId',
  '/auction/:tournamentId',
  '/auction/:tournamentId/lots/:lotId',
  '/give',
  '/give/thanks',
  '/receipts/:paymentId',
  '/statement',
  '/golfer/:token',
  '/golfer/:token/paddle',
  '/paddle/:tournamentId',
  '/paddle/:tournamentId/tv',
  '/golfer/:token/lots',
  '/golfer/:token/lots/payment',
  '/auction/lots',
  '/auction/lots/payment',
  FIRST_RUN_PAGE,
  '/volunteer',
  '/volunteer/invitation/:token',
  '/volunteer/:tournamentId/check-in',
  '/volunteer/:tournamentId/scores',
  '/auth',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/admin/login',
];

/**
 * The admin area's pages under /admin ('' is its dashboard), in the nav's order: the client's ADMIN_PAGES
 * (client/admin/admin-pages.tsx) is keyed by these, so a page is named once for both the server and the router.
 */
export const ADMIN_PAGE_PATHS = [
  '',
  'teams',
  'payments',
  'gifts',
  'auction-results',
  'reports',
  'check-in',
  'badges',
  'golfer-answers',
  'pairing',
  'waitlist',
  'score-entry',
  'score-report',
  'volunteers',
  'side-games',
  'paddle-raise',
  'paddle-raise/keypad',
  'messages',
  'tournaments',
  'golf-courses',
  'sponsorship-levels',
  'items',
  'auction',
  'codes',
  'users',
  'data',
  'settings',
  'tournaments/:id/starting-sheet',
  'tournaments/:id/scorecards',
  'tournaments/:id/cart-signs',
] as const;
export type AdminPagePath = (typeof ADMIN_PAGE_PATHS)[number];

const PATTERNS = [...PAGES, ...ADMIN_PAGE_PATHS.map((page) => (page ? `/admin/${page}` : '/admin'))];

export function isClientPath(pathname: string): boolean {
  return pathname.startsWith('/') && PATTERNS.some((path) => matchPath({ path }, pathname) !== null);
}

/**
 * Where signing in goes on to when a page sent the visitor to /auth?next=<its path> ('Log in to bid'): that path when
 * it is one of the app's own pages, else null (the visitor's own page then, R10). Never another site, never /auth or
 * /logout again, and the path alone: nothing after it passes.
 */
export function returnPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const path = next.split(/[?#]/)[0]!;
  return path !== '/auth' && path !== '/logout' && isClientPath(path) ? path : null;
}
