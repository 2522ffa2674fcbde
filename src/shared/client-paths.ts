// The pages the single-page app answers, in the router's own patterns (client/routes.tsx and admin/admin-pages.tsx): the
// server answers 200 for an address one of them matches, and 404 for any other (the app shows its not-found page there).
// A test requests every route of the client's router (server/http/page-status.test.ts): a page missing here fails it.
import { matchPath } from './match-path';

const PAGES = [
  '/',
  '/register',
  '/register/scores/:teamId',
  '/register/payment',
  '/leaderboard',
  '/give',
  '/give/thanks',
  '/receipts/:paymentId',
  '/statement',
  '/golfer/:token',
  '/auth',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/admin/login',
];

/** The admin area's pages under /admin ('' is its dashboard), as ADMIN_PAGES lists them. */
const ADMIN_PAGES = [
  '',
  'teams',
  'payments',
  'gifts',
  'reports',
  'check-in',
  'golfer-answers',
  'pairing',
  'waitlist',
  'score-entry',
  'score-report',
  'side-games',
  'messages',
  'tournaments',
  'golf-courses',
  'sponsorship-levels',
  'items',
  'users',
  'data',
  'settings',
  'tournaments/:id/starting-sheet',
  'tournaments/:id/scorecards',
  'tournaments/:id/cart-signs',
];

const PATTERNS = [...PAGES, ...ADMIN_PAGES.map((page) => (page ? `/admin/${page}` : '/admin'))];

export function isClientPath(pathname: string): boolean {
  return pathname.startsWith('/') && PATTERNS.some((path) => matchPath({ path }, pathname) !== null);
}
