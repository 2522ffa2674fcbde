// Every screen of the portal: Home, the leaderboard and the results here; every other page in more-routes.tsx, loaded on demand
// (admin code only for staff who open /admin). Declarative routing with the portal's own small router (router/, decision 064).
import { lazy as reactLazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from './router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './pages/route-error';
import { PageSpinner } from './ui/spinner';

// Home and the leaderboard: on demand too, without react-query (docs/decisions/064): each page's first load carries only its own code.
// The leaderboard's document carries a style sheet of its own, without Home's classes (`<style data-page-sheet>`, server
// http/static-assets.ts PAGE_SHEETS): Home opened from there brings all-pages.css (a superset, in Tailwind's order).
const homeLacksStyles = () => typeof document !== 'undefined' && document.querySelector('style[data-page-sheet]') !== null;
const HomePage = reactLazy(() =>
  Promise.all([import('./pages/home-page'), homeLacksStyles() ? import('./all-pages.css') : null]).then(([m]) => ({ default: m.HomePage })),
);
// R59's results: rendered on the server like the leaderboard, without react-query; every page's styles come with it in the browser.
const ResultsPage = reactLazy(() =>
  Promise.all([import('./results/results-page'), typeof document === 'undefined' ? null : import('./all-pages.css')]).then(([m]) => ({
    default: m.ResultsPage,
  })),
);
const LeaderboardPage = reactLazy(() => import('./leaderboard/leaderboard-page').then((m) => ({ default: m.LeaderboardPage })));
// Every other page's route, the unknown address's page among them, in a chunk of its own (more-routes.tsx): neither first
// load carries them (R41's 90 KB on a real day, docs/decisions/109).
const MoreRoutes = reactLazy(() => import('./more-routes').then((m) => ({ default: m.MoreRoutes })));
/**
 * Every page's address (with more-routes.tsx's). The server answers 200 for these and 404 for any other
 * (shared/client-paths.ts); a test requests each of them (server/http/page-status.test.ts), so a page added here and not
 * there fails it.
 */
export const PAGE_ROUTES = (
  <Route element={<RootLayout />}>
    <Route index element={<HomePage />} />
    <Route path="leaderboard" element={<LeaderboardPage />} />
    <Route path="results/:tournamentId" element={<ResultsPage />} />
    <Route path="*" element={<MoreRoutes />} />
  </Route>
);

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>{PAGE_ROUTES}</Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
