// Shapes the API answers with, shared by the server and the client.
import type { Role } from './roles';

/** Every error the API sends has this shape (one error model, STYLE.md). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface Me {
  user: { id: string; email: string; role: Role; emailVerified: boolean };
  profile: { firstName: string; lastName: string; company: string };
}

// The Golfers page (check-in).
export interface Golfer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** R29: null when the golfer has none. */
  handicapIndex: number | null;
  teamId: string;
  teamName: string;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInBy: string | null;
}
export interface GolferPage {
  golfers: Golfer[];
  total: number;
  checkedIn: number;
  page: number;
  pageSize: number;
}

// The Users page.
export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
  teamsLed: number;
}
export interface UserPage {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

// The Golf courses page.
export interface GolfCourse {
  id: string;
  name: string;
  totalHoles: number;
  description: string;
  parTotal: number;
  slope: number;
  rating: number | null;
}
export interface Hole {
  holeNumber: number;
  par: number;
  strokeIndex: number | null;
}

// The admin Dashboard.
export interface DashboardTournament {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
}
export interface DashboardStats {
  /** Teams holding a place: every team but the expired ones (R24). */
  totalTeams: number;
  /** Teams whose hold ran out (R24), counted apart. */
  expired: number;
  /** What the expired teams' records were worth: never expected money. */
  expiredCents: number;
  paid: number;
  /** pending plus hold (SPEC.md §4). */
  pendingHold: number;
  inProgress: number;
  /** Teams whose golfers (at least one) are all checked in (R19). */
  checkedIn: number;
  /** Sum of the tournament's payment records, less expired ones and refunds. */
  expectedCents: number;
  /** Sum of its payment records in state paid, less refunds. */
  receivedCents: number;
  outstandingCents: number;
}
export interface Dashboard {
  tournaments: DashboardTournament[];
  tournament: DashboardTournament | null;
  stats: DashboardStats | null;
  currency: string;
}
