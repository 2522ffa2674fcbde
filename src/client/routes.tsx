// Every screen of the portal. Pages beyond Home load on demand; admin code is only fetched by staff who open /admin.
// Declarative routing: the data router would add 16 KB (gzip) to every first load for loaders we do not use.
import { lazy as reactLazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorBoundary } from './pages/route-error';
import { PageSpinner } from './ui/spinner';

/**
 * A page loaded on demand, with every page's styles (all-pages.css) fetched beside its code: the first load carries only
 * the styles of Home and the leaderboard (index.css, docs/decisions/051).
 */
const lazy: typeof reactLazy = (load) => reactLazy(() => Promise.all([load(), import('./all-pages.css')]).then(([page]) => page));

const RegisterPage = lazy(() => import('./register/register-page').then((m) => ({ default: m.RegisterPage })));
const AuthPage = lazy(() => import('./auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() => import('./auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./auth/logout-page').then((m) => ({ default: m.LogoutPage })));
const AdminLayout = lazy(() => import('./admin/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminHome = lazy(() => import('./admin/admin-home').then((m) => ({ default: m.AdminHome })));
const GolfersPage = lazy(() => import('./check-in/golfers-page').then((m) => ({ default: m.GolfersPage })));
const UsersPage = lazy(() => import('./users/users-page').then((m) => ({ default: m.UsersPage })));
const TournamentsPage = lazy(() => import('./tournaments/tournaments-page').then((m) => ({ default: m.TournamentsPage })));
const AdminOnly = lazy(() => import('./admin/admin-only').then((m) => ({ default: m.AdminOnly })));
const GolfCoursesPage = lazy(() => import('./courses/golf-courses-page').then((m) => ({ default: m.GolfCoursesPage })));
const SponsorshipLevelsPage = lazy(() => import('./sponsorship/sponsorship-levels-page').then((m) => ({ default: m.SponsorshipLevelsPage })));
const AdminTeamsPage = lazy(() => import('./teams/admin-teams-page').then((m) => ({ default: m.AdminTeamsPage })));
const PaymentsPage = lazy(() => import('./payments/payments-page').then((m) => ({ default: m.PaymentsPage })));
const ReportsPage = lazy(() => import('./reports/reports-page').then((m) => ({ default: m.ReportsPage })));
const LeaderboardPage = reactLazy(() => import('./leaderboard/leaderboard-page').then((m) => ({ default: m.LeaderboardPage })));
const PaymentReturnPage = lazy(() => import('./register/payment-return-page').then((m) => ({ default: m.PaymentReturnPage })));
const WaitlistPage = lazy(() => import('./waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage })));
const TeamScoresPage = lazy(() => import('./scoring/team-scores-page').then((m) => ({ default: m.TeamScoresPage })));
const ScoreEntryPage = lazy(() => import('./scoring/score-entry-page').then((m) => ({ default: m.ScoreEntryPage })));
const ScoreReportPage = lazy(() => import('./scoring/score-report-page').then((m) => ({ default: m.ScoreReportPage })));
const StartingSheetPage = lazy(() => import('./starting-holes/starting-sheet-page').then((m) => ({ default: m.StartingSheetPage })));
const ScorecardsPage = lazy(() => import('./starting-holes/scorecards-page').then((m) => ({ default: m.ScorecardsPage })));
const CartSignsPage = lazy(() => import('./starting-holes/cart-signs-page').then((m) => ({ default: m.CartSignsPage })));

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<HomePage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="register/scores/:teamId" element={<TeamScoresPage />} />
            <Route path="register/payment" element={<PaymentReturnPage />} />
            <Route path="leaderboard" element={<LeaderboardPage />} />
            <Route path="auth" element={<AuthPage />} />
            <Route path="logout" element={<LogoutPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="admin/login" element={<Navigate to="/auth" replace />} />
            <Route path="admin" element={<AdminLayout />}>
              <Route index element={<AdminHome />} />
              <Route path="check-in" element={<GolfersPage />} />
              <Route path="teams" element={<AdminTeamsPage />} />
              <Route path="waitlist" element={<WaitlistPage />} />
              <Route path="score-entry" element={<ScoreEntryPage />} />
              <Route path="score-report" element={<ScoreReportPage />} />
              <Route path="tournaments/:id/starting-sheet" element={<StartingSheetPage />} />
              <Route path="tournaments/:id/scorecards" element={<ScorecardsPage />} />
              <Route path="tournaments/:id/cart-signs" element={<CartSignsPage />} />
              <Route element={<AdminOnly />}>
                <Route path="payments" element={<PaymentsPage />} />
                <Route path="users" element={<UsersPage />} />
                <Route path="settings" element={<TournamentsPage />} />
                <Route path="golf-courses" element={<GolfCoursesPage />} />
                <Route path="sponsorship-levels" element={<SponsorshipLevelsPage />} />
                <Route path="reports" element={<ReportsPage />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
