// The admin dashboard's one call: active tournaments and the chosen one's figures.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { DashboardTournament, DashboardStats, Dashboard } from '../../shared/api-types';

export type { DashboardTournament, DashboardStats, Dashboard };

export const dashboardQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', tournamentId],
    queryFn: ({ signal }) => api<Dashboard>(`/api/admin/dashboard${tournamentId ? `?tournamentId=${encodeURIComponent(tournamentId)}` : ''}`, { signal }),
    placeholderData: (previous) => previous,
  });
