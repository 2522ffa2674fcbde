// The admin area's pages, one entry each, keyed by its address under /admin (shared/client-paths.ts names them for the
// server too): its label in the nav (none: reached from another page, like the printable sheets), who may open it (R8), the
// page itself, loaded on demand, and whether it picks a tournament. The nav and the routes are both made from this list, so
// adding a page is one entry here and its path in client-paths.ts.
import {
  Award,
  ClipboardList,
  ClipboardPen,
  CreditCard,
  DatabaseBackup,
  FileChartColumn,
  Gavel,
  HandHeart,
  HandHelping,
  IdCard,
  Flag,
  Hourglass,
  Handshake,
  LandPlot,
  LayoutDashboard,
  ListOrdered,
  Ticket,
  TicketPercent,
  Mail,
  Settings,
  Trophy,
  UserCheck,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType } from 'react';
import { ADMIN_PAGE_PATHS, type AdminPagePath } from '../../shared/client-paths';
import type { Access } from '../../shared/roles';

export interface AdminPage {
  /** Under /admin: '' is the Dashboard at /admin itself. */
  path: AdminPagePath;
  access: Extract<Access, 'staff' | 'admin'>;
  page: ComponentType;
  /** Shown in the nav when set (with its icon); `end`: marked only on its exact address. */
  nav?: { label: string; icon: LucideIcon; end?: boolean };
  /** The page picks a tournament (useChosenTournament): the nav's link carries the last choice (docs/decisions/102). */
  picksTournament?: true;
}

/** Each page by its path (shared/client-paths.ts names them for the server too). */
const PAGES: Record<AdminPagePath, Omit<AdminPage, 'path'>> = {
  '': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Dashboard', icon: LayoutDashboard, end: true },
    page: lazy(() => import('./admin-home').then((m) => ({ default: m.AdminHome }))),
  },
  teams: {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Teams', icon: Users },
    page: lazy(() => import('../teams/admin-teams-page').then((m) => ({ default: m.AdminTeamsPage }))),
  },
  payments: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Payments', icon: CreditCard },
    page: lazy(() => import('../payments/payments-page').then((m) => ({ default: m.PaymentsPage }))),
  },
  gifts: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Gifts', icon: HandHeart },
    page: lazy(() => import('../donations/gifts-page').then((m) => ({ default: m.GiftsPage }))),
  },
  'auction-results': {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Auction Results', icon: Gavel },
    page: lazy(() => import('../auction/auction-results-page').then((m) => ({ default: m.AuctionResultsPage }))),
  },
  reports: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Reports', icon: FileChartColumn },
    page: lazy(() => import('../reports/reports-page').then((m) => ({ default: m.ReportsPage }))),
  },
  'check-in': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Golfers', icon: UserCheck },
    page: lazy(() => import('../check-in/golfers-page').then((m) => ({ default: m.GolfersPage }))),
  },
  // R61: name badges with the check-in QR, printed on Avery 5392 sheets.
  badges: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Badges', icon: IdCard },
    page: lazy(() => import('../badges/badges-page').then((m) => ({ default: m.BadgesPage }))),
  },
  'golfer-answers': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Golfer Answers', icon: ClipboardList },
    page: lazy(() => import('../golfer-answers/golfer-answers-page').then((m) => ({ default: m.GolferAnswersPage }))),
  },
  pairing: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Pairing', icon: Handshake },
    page: lazy(() => import('../pairing/pairing-page').then((m) => ({ default: m.PairingPage }))),
  },
  waitlist: {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Waitlist', icon: Hourglass },
    page: lazy(() => import('../waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage }))),
  },
  'score-entry': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Score Entry', icon: ClipboardPen },
    page: lazy(() => import('../scoring/score-entry-page').then((m) => ({ default: m.ScoreEntryPage }))),
  },
  'score-report': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Score Report', icon: ListOrdered },
    page: lazy(() => import('../scoring/score-report-page').then((m) => ({ default: m.ScoreReportPage }))),
  },
  volunteers: {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Volunteers', icon: HandHelping },
    page: lazy(() => import('../volunteers/volunteers-admin-page').then((m) => ({ default: m.VolunteersAdminPage }))),
  },
  'side-games': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Side Games', icon: Flag },
    page: lazy(() => import('../side-games/side-games-page').then((m) => ({ default: m.SideGamesPage }))),
  },
  'paddle-raise': {
    access: 'staff',
    picksTournament: true,
    nav: { label: 'Paddle raise', icon: Gavel },
    page: lazy(() => import('../paddle-raise/paddle-raise-page').then((m) => ({ default: m.PaddleRaisePage }))),
  },
  'paddle-raise/keypad': {
    access: 'staff',
    picksTournament: true,
    page: lazy(() => import('../paddle-raise/keypad-page').then((m) => ({ default: m.KeypadPage }))),
  },
  messages: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Messages', icon: Mail },
    page: lazy(() => import('../messages/messages-page').then((m) => ({ default: m.MessagesPage }))),
  },
  tournaments: {
    access: 'admin',
    nav: { label: 'Tournaments', icon: Trophy },
    page: lazy(() => import('../tournaments/tournaments-page').then((m) => ({ default: m.TournamentsPage }))),
  },
  'golf-courses': {
    access: 'admin',
    nav: { label: 'Golf Courses', icon: LandPlot },
    page: lazy(() => import('../courses/golf-courses-page').then((m) => ({ default: m.GolfCoursesPage }))),
  },
  'sponsorship-levels': {
    access: 'admin',
    nav: { label: 'Sponsorship Levels', icon: Award },
    page: lazy(() => import('../sponsorship/sponsorship-levels-page').then((m) => ({ default: m.SponsorshipLevelsPage }))),
  },
  items: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Items & Add-ons', icon: Ticket },
    page: lazy(() => import('../items/admin-items-page').then((m) => ({ default: m.AdminItemsPage }))),
  },
  auction: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Auction', icon: Gavel },
    page: lazy(() => import('../auction/admin-auction-page').then((m) => ({ default: m.AdminAuctionPage }))),
  },
  codes: {
    access: 'admin',
    picksTournament: true,
    nav: { label: 'Codes', icon: TicketPercent },
    page: lazy(() => import('../pricing/admin-codes-page').then((m) => ({ default: m.AdminCodesPage }))),
  },
  users: {
    access: 'admin',
    nav: { label: 'Users', icon: UsersRound },
    page: lazy(() => import('../users/users-page').then((m) => ({ default: m.UsersPage }))),
  },
  data: {
    access: 'admin',
    nav: { label: 'Data', icon: DatabaseBackup },
    page: lazy(() => import('../backups/data-page').then((m) => ({ default: m.DataPage }))),
  },
  settings: {
    access: 'admin',
    nav: { label: 'Settings', icon: Settings },
    page: lazy(() => import('../settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
  },
  // Printable sheets, opened from a tournament's row.
  'tournaments/:id/starting-sheet': {
    access: 'staff',
    page: lazy(() => import('../starting-holes/starting-sheet-page').then((m) => ({ default: m.StartingSheetPage }))),
  },
  'tournaments/:id/scorecards': {
    access: 'staff',
    page: lazy(() => import('../starting-holes/scorecards-page').then((m) => ({ default: m.ScorecardsPage }))),
  },
  'tournaments/:id/cart-signs': {
    access: 'staff',
    page: lazy(() => import('../starting-holes/cart-signs-page').then((m) => ({ default: m.CartSignsPage }))),
  },
};

/** In the nav's order. */
export const ADMIN_PAGES: AdminPage[] = ADMIN_PAGE_PATHS.map((path) => ({ path, ...PAGES[path] }));

/** The address of a page, for links: '/admin' or '/admin/teams'. */
export const adminHref = (page: AdminPage) => (page.path ? `/admin/${page.path}` : '/admin');
