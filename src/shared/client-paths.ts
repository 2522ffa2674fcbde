// The paths the single-page app answers; anything else is the not-found page (and a 404 from the server).
const EXACT = new Set([
  '/',
  '/register',
  '/register/payment',
  '/auth',
  '/logout',
  '/admin/login',
  '/leaderboard',
  '/forgot-password',
  '/reset-password',
]);

export function isClientPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return EXACT.has(path) || path === '/admin' || path.startsWith('/admin/') || /^\/(register\/scores|golfer)\/[^/]+$/.test(path);
}
