// Every screen of the portal. Pages beyond Home load on demand; admin code is only fetched by staff who open /admin.
// Declarative routing with the portal's own small router (router/, docs/decisions/064).
import { lazy as reactLazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from './router';
import { RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './pages/route-error';
import { PageSpinner } from './ui/spinner';

/**
 * A page loaded on demand, with every page's styles (all-pages.css) and react-query fetched beside its code: the first load
 * carries only what Home and the leaderboard need (index.css, docs/decisions/051 and 064).
 */
const lazy = (load: () => Promise<{ default: ComponentType }>) =>
  reactLazy(() =>
    Promise.all([load(), import('./lib/query-client'), import('./all-pages.css')]).then(([page, { withQueryClient }]) => ({
      default: withQueryClient(page.default),
    })),
  );

const RegisterPage = lazy(() => import('./registration/register-page').then((m) => ({ default: m.RegisterPage })));
const AuthPage = lazy(() => import('./auth/auth-page').then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() => import('./auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const LogoutPage = lazy(() => import('./auth/logout-page').then((m) => ({ default: m.LogoutPage })));
const AdminRoutes = lazy(() => import('./admin/admin-routes').then((m) => ({ default: m.AdminRoutes })));
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
// An unknown address's page on demand too: neither first load shows it (R41's 90 KB on a real day, docs/decisions/109).
const NotFoundPage = reactLazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const PaymentReturnPage = lazy(() => import('./registration/payment-return-page').then((m) => ({ default: m.PaymentReturnPage })));
const PurchaseReturnPage = lazy(() => import('./items/purchase-return-page').then((m) => ({ default: m.PurchaseReturnPage })));
const GivePage = lazy(() => import('./donations/give-page').then((m) => ({ default: m.GivePage })));
const GiveThanksPage = lazy(() => import('./donations/give-thanks-page').then((m) => ({ default: m.GiveThanksPage })));
const ReceiptPage = lazy(() => import('./receipts/receipt-page').then((m) => ({ default: m.ReceiptPage })));
const StatementPage = lazy(() => import('./receipts/statement-page').then((m) => ({ default: m.StatementPage })));
const GolferAnswerPage = lazy(() => import('./golfer-answers/golfer-answer-page').then((m) => ({ default: m.GolferAnswerPage })));
const PledgePage = lazy(() => import('./paddle-raise/pledge-page').then((m) => ({ default: m.PledgePage })));
const GolferPledgePage = lazy(() => import('./paddle-raise/pledge-page').then((m) => ({ default: m.GolferPledgePage })));
const PaddleTvPage = lazy(() => import('./paddle-raise/tv-page').then((m) => ({ default: m.PaddleTvPage })));
const YourLotsPage = lazy(() => import('./auction/your-lots-page').then((m) => ({ default: m.YourLotsPage })));
const LotsReturnPage = lazy(() => import('./auction/lots-return-page').then((m) => ({ default: m.LotsReturnPage })));
const SetupPage = lazy(() => import('./setup/setup-page').then((m) => ({ default: m.SetupPage })));
const VolunteerHomePage = lazy(() => import('./volunteers/volunteer-frame').then((m) => ({ default: m.VolunteerHomePage })));
const InvitationPage = lazy(() => import('./volunteers/invitation-page').then((m) => ({ default: m.InvitationPage })));
const VolunteerCheckInPage = lazy(() => import('./volunteers/volunteer-check-in-page').then((m) => ({ default: m.VolunteerCheckInPage })));
const VolunteerScoresPage = lazy(() => import('./volunteers/volunteer-scores-page').then((m) => ({ default: m.VolunteerScoresPage })));
const AuctionPage = lazy(() => import('./auction/auction-page').then((m) => ({ default: m.AuctionPage })));
const LotPage = lazy(() => import('./auction/lot-page').then((m) => ({ default: m.LotPage })));
const TeamScoresPage = lazy(() => import('./scoring/team-scores-page').then((m) => ({ default: m.TeamScoresPage })));

/**
 * Every page's address. The server answers 200 for these and 404 for any other (shared/client-paths.ts); a test requests
 * each of them (server/http/page-status.test.ts), so a page added here and not there fails it.
 */
export const PAGE_ROUTES = (
  <Route element={<RootLayout />}>
    <Route index element={<HomePage />} />
    <Route path="register" element={<RegisterPage />} />
    <Route path="register/scores/:teamId" element={<TeamScoresPage />} />
    <Route path="register/payment" element={<PaymentReturnPage />} />
    <Route path="register/purchase-payment" element={<PurchaseReturnPage />} />
    <Route path="leaderboard" element={<LeaderboardPage />} />
    <Route path="results/:tournamentId" element={<ResultsPage />} />
    <Route path="auction/:tournamentId" element={<AuctionPage />} />
    <Route path="auction/:tournamentId/lots/:lotId" element={<LotPage />} />
    <Route path="give" element={<GivePage />} />
    <Route path="give/thanks" element={<GiveThanksPage />} />
    <Route path="receipts/:paymentId" element={<ReceiptPage />} />
    <Route path="statement" element={<StatementPage />} />
    <Route path="golfer/:token" element={<GolferAnswerPage />} />
    <Route path="golfer/:token/paddle" element={<GolferPledgePage />} />
    <Route path="paddle/:tournamentId" element={<PledgePage />} />
    <Route path="paddle/:tournamentId/tv" element={<PaddleTvPage />} />
    <Route path="golfer/:token/lots" element={<YourLotsPage />} />
    <Route path="golfer/:token/lots/payment" element={<LotsReturnPage />} />
    <Route path="auction/lots" element={<YourLotsPage />} />
    <Route path="auction/lots/payment" element={<LotsReturnPage />} />
    <Route path="setup/:token" element={<SetupPage />} />
    <Route path="volunteer" element={<VolunteerHomePage />} />
    <Route path="volunteer/invitation/:token" element={<InvitationPage />} />
    <Route path="volunteer/:tournamentId/check-in" element={<VolunteerCheckInPage />} />
    <Route path="volunteer/:tournamentId/scores" element={<VolunteerScoresPage />} />
    <Route path="auth" element={<AuthPage />} />
    <Route path="logout" element={<LogoutPage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="reset-password" element={<ResetPasswordPage />} />
    <Route path="admin/login" element={<Navigate to="/auth" replace />} />
    <Route path="admin/*" element={<AdminRoutes />} />
    <Route path="*" element={<NotFoundPage />} />
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
