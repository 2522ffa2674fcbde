// The admin area's pages, one entry each: its address under /admin, its label in the nav (none: reached from another
// page, like the printable sheets), who may open it (R8) and the page itself, loaded on demand. The nav and the routes
// are both made from this list, so adding a page is one entry.
import {
  Award,
  ClipboardList,
  ClipboardPen,
  CreditCard,
  DatabaseBackup,
  FileChartColumn,
  HandHeart,
  Flag,
  Hourglass,
  Handshake,
  LandPlot,
  LayoutDashboard,
  ListOrdered,
  Ticket,
  Mail,
  Settings,
  Trophy,
  UserCheck,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType } from 'react';
import type { Access } from '../../shared/roles';

export interface AdminPage {
  /** Under /admin: '' is the Dashboard at /admin itself. */
  path: string;
  access: Extract<Access, 'staff' | 'admin'>;
  page: ComponentType;
  /** Shown in the nav when set (with its icon); `end`: marked only on its exact address. */
  nav?: { label: string; icon: LucideIcon; end?: boolean };
}

/** In the nav's order. */
export const ADMIN_PAGES: AdminPage[] = [
  {
    path: '',
    access: 'staff',
    nav: { label: 'Dashboard', icon: LayoutDashboard, end: true },
    page: lazy(() => import('./admin-home').then((m) => ({ default: m.AdminHome }))),
  },
  {
    path: 'teams',
    access: 'staff',
    nav: { label: 'Teams', icon: Users },
    page: lazy(() => import('../teams/admin-teams-page').then((m) => ({ default: m.AdminTeamsPage }))),
  },
  {
    path: 'payments',
    access: 'admin',
    nav: { label: 'Payments', icon: CreditCard },
    page: lazy(() => import('../payments/payments-page').then((m) => ({ default: m.PaymentsPage }))),
  },
  {
    path: 'gifts',
    access: 'admin',
    nav: { label: 'Gifts', icon: HandHeart },
    page: lazy(() => import('../donations/gifts-page').then((m) => ({ default: m.GiftsPage }))),
  },
  {
    path: 'reports',
    access: 'admin',
    nav: { label: 'Reports', icon: FileChartColumn },
    page: lazy(() => import('../reports/reports-page').then((m) => ({ default: m.ReportsPage }))),
  },
  {
    path: 'check-in',
    access: 'staff',
    nav: { label: 'Golfers', icon: UserCheck },
    page: lazy(() => import('../check-in/golfers-page').then((m) => ({ default: m.GolfersPage }))),
  },
  {
    path: 'golfer-answers',
    access: 'staff',
    nav: { label: 'Golfer Answers', icon: ClipboardList },
    page: lazy(() => import('../golfer-answers/golfer-answers-page').then((m) => ({ default: m.GolferAnswersPage }))),
  },
  {
    path: 'pairing',
    access: 'admin',
    nav: { label: 'Pairing', icon: Handshake },
    page: lazy(() => import('../pairing/pairing-page').then((m) => ({ default: m.PairingPage }))),
  },
  {
    path: 'waitlist',
    access: 'staff',
    nav: { label: 'Waitlist', icon: Hourglass },
    page: lazy(() => import('../waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage }))),
  },
  {
    path: 'score-entry',
    access: 'staff',
    nav: { label: 'Score Entry', icon: ClipboardPen },
    page: lazy(() => import('../scoring/score-entry-page').then((m) => ({ default: m.ScoreEntryPage }))),
  },
  {
    path: 'score-report',
    access: 'staff',
    nav: { label: 'Score Report', icon: ListOrdered },
    page: lazy(() => import('../scoring/score-report-page').then((m) => ({ default: m.ScoreReportPage }))),
  },
  {
    path: 'side-games',
    access: 'staff',
    nav: { label: 'Side Games', icon: Flag },
    page: lazy(() => import('../side-games/side-games-page').then((m) => ({ default: m.SideGamesPage }))),
  },
  {
    path: 'messages',
    access: 'admin',
    nav: { label: 'Messages', icon: Mail },
    page: lazy(() => import('../messages/messages-page').then((m) => ({ default: m.MessagesPage }))),
  },
  {
    path: 'tournaments',
    access: 'admin',
    nav: { label: 'Tournaments', icon: Trophy },
    page: lazy(() => import('../tournaments/tournaments-page').then((m) => ({ default: m.TournamentsPage }))),
  },
  {
    path: 'golf-courses',
    access: 'admin',
    nav: { label: 'Golf Courses', icon: LandPlot },
    page: lazy(() => import('../courses/golf-courses-page').then((m) => ({ default: m.GolfCoursesPage }))),
  },
  {
    path: 'sponsorship-levels',
    access: 'admin',
    nav: { label: 'Sponsorship Levels', icon: Award },
    page: lazy(() => import('../sponsorship/sponsorship-levels-page').then((m) => ({ default: m.SponsorshipLevelsPage }))),
  },
  {
    path: 'items',
    access: 'admin',
    nav: { label: 'Items & Add-ons', icon: Ticket },
    page: lazy(() => import('../items/admin-items-page').then((m) => ({ default: m.AdminItemsPage }))),
  },
  {
    path: 'users',
    access: 'admin',
    nav: { label: 'Users', icon: UsersRound },
    page: lazy(() => import('../users/users-page').then((m) => ({ default: m.UsersPage }))),
  },
  {
    path: 'data',
    access: 'admin',
    nav: { label: 'Data', icon: DatabaseBackup },
    page: lazy(() => import('../backups/data-page').then((m) => ({ default: m.DataPage }))),
  },
  {
    path: 'settings',
    access: 'admin',
    nav: { label: 'Settings', icon: Settings },
    page: lazy(() => import('../settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
  },
  // Printable sheets, opened from a tournament's row.
  {
    path: 'tournaments/:id/starting-sheet',
    access: 'staff',
    page: lazy(() => import('../starting-holes/starting-sheet-page').then((m) => ({ default: m.StartingSheetPage }))),
  },
  {
    path: 'tournaments/:id/scorecards',
    access: 'staff',
    page: lazy(() => import('../starting-holes/scorecards-page').then((m) => ({ default: m.ScorecardsPage }))),
  },
  {
    path: 'tournaments/:id/cart-signs',
    access: 'staff',
    page: lazy(() => import('../starting-holes/cart-signs-page').then((m) => ({ default: m.CartSignsPage }))),
  },
];

/** The address of a page, for links: '/admin' or '/admin/teams'. */
export const adminHref = (page: AdminPage) => (page.path ? `/admin/${page.path}` : '/admin');
