// Every API router with its path, in one table: app.ts mounts them from it, and its type holds every route's path, input and
// declared answers, from which the client reads its answer types (src/client/lib/api-types.ts, types only; decision 060).
import type { Hono } from 'hono';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { courseRoutes } from './courses/routes';
import { healthRoutes } from './health/routes';
import { registrationRoutes } from './registration/routes';
import { sponsorshipRoutes } from './sponsorship/routes';
import { teamRoutes } from './teams/routes';
import { tournamentRoutes } from './tournaments/routes';
import { adminTournamentRoutes } from './tournaments/admin-routes';
import { userRoutes } from './users/routes';
import { golferRoutes } from './check-in/routes';
import { dashboardRoutes } from './dashboard/routes';
import { paymentRoutes } from './payments/routes';
import { cardPaymentRoutes } from './payments/card-routes';
import { holdRoutes } from './holds/routes';
import { adminWaitlistRoutes, waitlistRoutes } from './waitlist/routes';
import { adminTeamRoutes } from './teams/admin-routes';
import { reportRoutes } from './reports/routes';
import { leaderboardRoutes } from './leaderboard/routes';
import { adminPaddleRaiseRoutes, paddleRaiseRoutes } from './paddle-raise/routes';
import { scoringRoutes } from './scoring/routes';
import { startingHoleRoutes } from './starting-holes/routes';
import { scoreSyncRoutes } from './scoring/score-sync-routes';
import { backupRoutes } from './backups/routes';
import { eventRoutes } from './events/routes';
import { receiptRoutes } from './receipts/routes';
import { adminDonationRoutes, donationRoutes, fundraisingRoutes } from './donations/routes';
import { imageRoutes } from './images/routes';
import { adminItemRoutes, itemRoutes } from './items/routes';
import { addonRoutes, adminAddonRoutes, golferAddonRoutes, teamAddonRoutes } from './addons/routes';
import { messageRoutes } from './messages/routes';
import { sideGameRoutes } from './side-games/routes';
import { adminGolferAnswerRoutes, adminGolferQuestionRoutes, golferAnswerRoutes } from './golfer-answers/routes';
import { pairingRoutes } from './pairing/routes';
import { setupRoutes } from './setup/routes';
import { settingsRoutes } from './settings/routes';
import { adminNextYearRoutes, resultsRoutes } from './next-year/routes';
import { adminVolunteerRoutes, volunteerRoutes } from './volunteers/routes';
import { adminAuctionRoutes, auctionRoutes } from './auction/lot-routes';
import { auctionResultRoutes, wonLotRoutes } from './auction/pay-routes';
import { adminCodeRoutes, pricingRoutes } from './pricing/routes';

/** Each API router and the path it is mounted at, in the order Hono matches them (app.ts mounts them in this order). */
export const API_ROUTERS = [
  ['/api/health', healthRoutes],
  ['/api/account', accountRoutes],
  ['/api/setup', setupRoutes],
  ['/api/auth', authRoutes],
  ['/api/tournaments', tournamentRoutes],
  ['/api/tournaments', fundraisingRoutes],
  ['/api/registrations', registrationRoutes],
  ['/api/teams', teamRoutes],
  ['/api/admin/sponsorship-levels', sponsorshipRoutes],
  ['/api/admin/courses', courseRoutes],
  ['/api/admin/tournaments', adminTournamentRoutes],
  ['/api/admin/users', userRoutes],
  ['/api/admin/golfers', golferRoutes],
  ['/api/admin/dashboard', dashboardRoutes],
  ['/api/admin/teams', adminTeamRoutes],
  ['/api/admin/teams', holdRoutes],
  ['/api/admin/payments', paymentRoutes],
  ['/api/payments', cardPaymentRoutes],
  ['/api/donations', donationRoutes],
  ['/api/admin/donations', adminDonationRoutes],
  ['/api/waitlist', waitlistRoutes],
  ['/api/admin/waitlist', adminWaitlistRoutes],
  ['/api/admin/backups', backupRoutes],
  ['/api/admin/settings', settingsRoutes],
  ['/api/admin/messages', messageRoutes],
  ['/api/won-lots', wonLotRoutes],
  ['/api/admin/auction-results', auctionResultRoutes],
  ['/api/images', imageRoutes],
  ['/api/items', itemRoutes],
  ['/api/admin', adminItemRoutes],
  ['/api/admin', adminCodeRoutes],
  ['/api/pricing', pricingRoutes],
  ['/api/addons', addonRoutes],
  ['/api/teams', teamAddonRoutes],
  ['/api/admin/golfers', golferAddonRoutes],
  ['/api/admin', adminAddonRoutes],
  ['/api/golfer-answers', golferAnswerRoutes],
  ['/api/admin/golfer-questions', adminGolferQuestionRoutes],
  ['/api/admin/golfer-answers', adminGolferAnswerRoutes],
  ['/api/admin/pairing', pairingRoutes],
  ['/api/admin', reportRoutes],
  ['/api/leaderboard', leaderboardRoutes],
  ['/api/paddle-raises', paddleRaiseRoutes],
  ['/api/admin/paddle-raises', adminPaddleRaiseRoutes],
  ['/api/auction', auctionRoutes],
  ['/api/admin/auction', adminAuctionRoutes],
  ['/api/events', eventRoutes],
  ['/api/admin', adminNextYearRoutes],
  ['/api/results', resultsRoutes],
  ['/api', receiptRoutes],
  ['/api/side-games', sideGameRoutes],
  ['/api', startingHoleRoutes],
  ['/api', scoringRoutes],
  ['/api', scoreSyncRoutes],
  ['/api/admin/volunteers', adminVolunteerRoutes],
  ['/api/volunteer', volunteerRoutes],
] as const;

/**
 * One router's routes under its mount path. A plain key rename, where Hono's own `.route()` typing (MergeSchemaPath) also
 * rewrites every input type: chaining the 22 routers that way doubled the type-check (docs/decisions/060).
 */
type Mounted<Prefix extends string, Router> =
  Router extends Hono<infer _Env, infer S, infer _Base>
    ? { [Path in keyof S & string as Path extends '/' ? Prefix : `${Prefix}${Path}`]: S[Path] }
    : never;

/** Every API route: `{ [path]: { [$method]: { input, output, status, … } } }`, one union member per router. */
export type ApiSchema = (typeof API_ROUTERS)[number] extends infer Entry
  ? Entry extends readonly [infer Prefix extends string, infer Router]
    ? Mounted<Prefix, Router>
    : never
  : never;
