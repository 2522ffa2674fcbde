// The admin Tournaments page's server state: the list, one tournament, the course and level choices, and the saves.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyTournamentInput, TournamentInput } from '../../shared/tournament-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type AdminTournamentItem = ApiAnswer<'/api/admin/tournaments'>['tournaments'][number];
export type AdminTournament = ApiAnswer<'/api/admin/tournaments/:id'>['tournament'];
/** A level as the tournament offers it (its price and places), not the catalogue's level. */
export type OfferedLevel = AdminTournament['levels'][number];
export type LevelChoice = ApiAnswer<'/api/admin/sponsorship-levels'>['levels'][number];
export type CourseChoice = ApiAnswer<'/api/admin/courses'>['courses'][number];

export const tournamentsQuery = queryOptions({
  queryKey: ['admin', 'tournaments'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/tournaments'>>('/api/admin/tournaments', { signal }),
});

export const tournamentQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tournaments', id],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/tournaments/:id'>>(`/api/admin/tournaments/${id}`, { signal }).then((r) => r.tournament),
  });

// The Sponsorship Levels and Golf Courses pages own these lists; the form only reads them, under keys of its own.
export const levelChoicesQuery = queryOptions({
  queryKey: ['admin', 'tournament-form', 'levels'],
  queryFn: ({ signal }) =>
    api<ApiAnswer<'/api/admin/sponsorship-levels'>>('/api/admin/sponsorship-levels', { signal }).then((r) => r.levels),
});

export const courseChoicesQuery = queryOptions({
  queryKey: ['admin', 'tournament-form', 'courses'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/courses'>>('/api/admin/courses', { signal }).then((r) => r.courses),
});

/** After a save, the admin list and the leaders' tournament and level lists are out of date. */
function useInvalidateTournaments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'tournaments'] }),
      queryClient.invalidateQueries({ queryKey: ['tournaments'] }),
    ]);
}

export function useSaveTournament(id: string | null) {
  const invalidate = useInvalidateTournaments();
  return useMutation({
    mutationFn: (input: TournamentInput) =>
      api<ApiAnswer<'/api/admin/tournaments/:id', 'put'>>(id ? `/api/admin/tournaments/${id}` : '/api/admin/tournaments', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

export function useSetTournamentActive() {
  const invalidate = useInvalidateTournaments();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api(`/api/admin/tournaments/${id}/active`, { method: 'PATCH', body: { active } }),
    onSuccess: invalidate,
  });
}

/** R59: copy a tournament's setup into a new one. */
export function useCopyTournament(id: string) {
  const invalidate = useInvalidateTournaments();
  return useMutation({
    mutationFn: (input: CopyTournamentInput) =>
      api<ApiAnswer<'/api/admin/tournaments/:id/copy', 'post'>>(`/api/admin/tournaments/${id}/copy`, { body: input }),
    onSuccess: invalidate,
  });
}

/** R59: queue the thank-you of a finished tournament. */
export function useSendThankYou() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<ApiAnswer<'/api/admin/tournaments/:id/thank-you', 'post'>>(`/api/admin/tournaments/${id}/thank-you`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
