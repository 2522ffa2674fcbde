// Every page but Home, the leaderboard and the results (routes.tsx): one chunk of their own, loaded when the address is
// none of those three, so that the first load of Home and /leaderboard carries none of these declarations (R41's 90 KB on a
// real day, docs/decisions/109). Pages load on demand from here, as before.
import { lazy as reactLazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from './router';

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

/** The pages under the top level's splat; the last one answers every unknown address. */
export const MORE_ROUTES = (
  <>
    <Route path="register" element={<RegisterPage />} />
    <Route path="register/scores/:teamId" element={<TeamScoresPage />} />
    <Route path="register/payment" element={<PaymentReturnPage />} />
    <Route path="register/purchase-payment" element={<PurchaseReturnPage />} />
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
  </>
);

export function MoreRoutes() {
  return <Routes>{MORE_ROUTES}</Routes>;
}
