// The admin Tournaments page's server state: the list, one tournament, the course and level choices, and the saves.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Format } from '../../shared/formats';
import type { TournamentInput } from '../../shared/tournament-schemas';
import { api } from '../lib/api';

export interface AdminTournamentItem {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
  active: boolean;
  maxTeams: number | null;
  courseId: string | null;
  courseName: string | null;
  teamsRegistered: number;
  format: Format;
  bestBalls: number;
  netScoring: boolean;
  singleGroupHoles: number[];
}
export interface OfferedLevel {
  id: string;
  levelId: string;
  name: string;
  priceCents: number;
  maxTeams: number;
  teamsRegistered: number;
}
export interface AdminTournament extends Omit<AdminTournamentItem, 'courseName'> {
  levels: OfferedLevel[];
}
export interface LevelChoice {
  id: string;
  name: string;
  description: string;
  maxTeams: number;
}
export interface CourseChoice {
  id: string;
  name: string;
  totalHoles: number;
  parTotal: number;
}

export const tournamentsQuery = queryOptions({
  queryKey: ['admin', 'tournaments'],
  queryFn: ({ signal }) => api<{ tournaments: AdminTournamentItem[]; currency: string }>('/api/admin/tournaments', { signal }),
});

export const tournamentQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tournaments', id],
    queryFn: ({ signal }) => api<{ tournament: AdminTournament }>(`/api/admin/tournaments/${id}`, { signal }).then((r) => r.tournament),
  });

// The Sponsorship Levels and Golf Courses pages own these lists; the form only reads them, under keys of its own.
export const levelChoicesQuery = queryOptions({
  queryKey: ['admin', 'tournament-form', 'levels'],
  queryFn: ({ signal }) => api<{ levels: LevelChoice[] }>('/api/admin/sponsorship-levels', { signal }).then((r) => r.levels),
});

export const courseChoicesQuery = queryOptions({
  queryKey: ['admin', 'tournament-form', 'courses'],
  queryFn: ({ signal }) => api<{ courses: CourseChoice[] }>('/api/admin/courses', { signal }).then((r) => r.courses),
});

/** After a save, the admin list and the leaders' tournament and level lists are out of date. */
function useInvalidateTournaments() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'tournaments'] }), queryClient.invalidateQueries({ queryKey: ['tournaments'] })]);
}

export function useSaveTournament(id: string | null) {
  const invalidate = useInvalidateTournaments();
  return useMutation({
    mutationFn: (input: TournamentInput) =>
      api<{ tournament: AdminTournament }>(id ? `/api/admin/tournaments/${id}` : '/api/admin/tournaments', { method: id ? 'PUT' : 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useSetTournamentActive() {
  const invalidate = useInvalidateTournaments();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => api(`/api/admin/tournaments/${id}/active`, { method: 'PATCH', body: { active } }),
    onSuccess: invalidate,
  });
}
