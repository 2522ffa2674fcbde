// Score entry (R21) and the staff score report (R22): which teams the user may score, a team's score sheet, saving it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Leaderboard, SaveScoresInput, ScoreEntryChoices, ScoreSheet } from '../../shared/tournament-day';
import { api } from '../lib/api';

/** Staff get every team of every tournament; a leader gets their own teams (the server decides, R9). */
export const scoreEntryChoicesQuery = queryOptions({
  queryKey: ['score-entry', 'choices'],
  queryFn: ({ signal }) => api<ScoreEntryChoices>('/api/score-entry/tournaments', { signal }),
});

/** A team's score sheet as it is saved now. */
export const fetchScoreSheet = (teamId: string, signal?: AbortSignal) => api<ScoreSheet>(`/api/teams/${teamId}/scores`, { signal });

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
    queryFn: ({ signal }) => api<Leaderboard>(`/api/admin/score-report/${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

/** Saves the team's whole sheet (it replaces the team's scores, R21); the boards that show the team are then out of date. */
export function useSaveScores(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveScoresInput) => api<ScoreSheet>(`/api/teams/${teamId}/scores`, { method: 'PUT', body: input }),
    onSuccess: (sheet) => {
      queryClient.setQueryData(scoreSheetQuery(teamId).queryKey, sheet);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'score-report'] }),
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
      ]);
    },
  });
}
