// Score entry (R21) and the staff score report (R22): which teams the user may score, a team's score sheet. Saves go
// through the phone's outbox (outbox.ts).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type ScoreSheet = ApiAnswer<'/api/teams/:teamId/scores'>;

/** Staff get every team of every tournament; a leader gets their own teams (the server decides, R9). */
export const scoreEntryChoicesQuery = queryOptions({
  queryKey: ['score-entry', 'choices'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/score-entry/tournaments'>>('/api/score-entry/tournaments', { signal }),
});

/** A team's score sheet as it is saved now. */
export const fetchScoreSheet = (teamId: string, signal?: AbortSignal) =>
  api<ApiAnswer<'/api/teams/:teamId/scores'>>(`/api/teams/${teamId}/scores`, { signal });

export const scoreSheetQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['score-entry', 'sheet', teamId],
    queryFn: ({ signal }) => fetchScoreSheet(teamId, signal),
    // The form holds what is typed; a background refetch must not look like fresh data to reset it with.
    staleTime: Infinity,
  });

export const scoreReportQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'score-report', tournamentId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/score-report/:tournamentId'>>(`/api/admin/score-report/${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

/** Every change to a team's scores, oldest first (staff, R32). */
export const scoreHistoryQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['admin', 'score-report', 'history', teamId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/score-history/:teamId'>>(`/api/admin/score-history/${teamId}`, { signal }),
    enabled: Boolean(teamId),
  });
