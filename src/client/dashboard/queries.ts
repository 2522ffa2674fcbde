// The admin dashboard's one call: active tournaments and the chosen one's figures.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';

export interface DashboardTournament {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
}
export interface DashboardStats {
  totalTeams: number;
  paid: number;
  pendingHold: number;
  inProgress: number;
  checkedIn: number;
  expectedCents: number;
  receivedCents: number;
  outstandingCents: number;
}
export interface Dashboard {
  tournaments: DashboardTournament[];
  tournament: DashboardTournament | null;
  stats: DashboardStats | null;
  currency: string;
}

export const dashboardQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', tournamentId],
    queryFn: ({ signal }) => api<Dashboard>(`/api/admin/dashboard${tournamentId ? `?tournamentId=${encodeURIComponent(tournamentId)}` : ''}`, { signal }),
    placeholderData: (previous) => previous,
  });
