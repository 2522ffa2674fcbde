// The starting-hole draw (R20) and the printable sheets: the starting sheet and the teams' scorecards.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type StartingSheet = ApiAnswer<'/api/admin/tournaments/:id/starting-sheet'>;
export type StartingSheetTeam = StartingSheet['assignments'][number];
export type Scorecards = ApiAnswer<'/api/admin/tournaments/:id/scorecards'>;
export type Scorecard = Scorecards['teams'][number];

export const startingSheetQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'starting-sheet', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/tournaments/:id/starting-sheet'>>(`/api/admin/tournaments/${tournamentId}/starting-sheet`, { signal }),
  });

export const scorecardsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'scorecards', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/tournaments/:id/scorecards'>>(`/api/admin/tournaments/${tournamentId}/scorecards`, { signal }),
  });

/** Every tournament's teams, those without a starting hole and those with scores (admins: beside Assign Teams). */
export const drawStatusQuery = queryOptions({
  queryKey: ['admin', 'draw-status'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/starting-holes'>>('/api/admin/starting-holes', { signal }),
});

/** Draws every team's starting hole again. The sheets, the score-entry choices and the leaders' cards show the new holes. */
export function useAssignTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tournamentId: string) =>
      api<ApiAnswer<'/api/admin/tournaments/:id/assign-teams', 'post'>>(`/api/admin/tournaments/${tournamentId}/assign-teams`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: (sheet, tournamentId) => {
      queryClient.setQueryData(startingSheetQuery(tournamentId).queryKey, sheet);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'scorecards', tournamentId] }),
        queryClient.invalidateQueries({ queryKey: drawStatusQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ['score-entry'] }),
        queryClient.invalidateQueries({ queryKey: ['teams'] }),
      ]);
    },
  });
}
