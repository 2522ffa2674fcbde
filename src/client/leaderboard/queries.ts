// The public leaderboards (R22): every active tournament's board, kept current by the server's event stream.
import { queryOptions } from '@tanstack/react-query';
import type { PublicLeaderboards } from '../../shared/tournament-day';
import { api } from '../lib/api';

export const leaderboardsQuery = queryOptions({
  queryKey: ['leaderboard'],
  queryFn: ({ signal }) => api<PublicLeaderboards>('/api/leaderboard', { signal }),
});

export const leaderboardEventsUrl = (tournamentId: string) => `/api/leaderboard/${tournamentId}/events`;
