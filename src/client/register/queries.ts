// The team dashboard's server state: tournaments, levels, the leader's teams, and the calls that change them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../shared/api-types';
import type { ProfileInput } from '../../shared/account-schemas';
import type { EditTeamInput, MultiTeamInput } from '../../shared/team-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { meQuery } from '../auth/session';
import { api } from '../lib/api';

export interface ActiveTournament {
  id: string;
  name: string;
  startDate: string;
  endDate: string | null;
  maxTeams: number | null;
  /** Registration closes at the editing lock (R17). */
  registrationOpen: boolean;
}
export interface OfferedLevel {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  maxTeams: number;
  placesLeft: number;
}
export interface TeamSummary {
  id: string;
  name: string;
  company: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  paymentStatus: PaymentStatus;
  holdUntil: string | null;
  createdAt: string;
  startingHole: number | null;
  startGroup: 'A' | 'B' | null;
  playerCount: number;
  editable: boolean;
  /** hasCourse: whether scores can be entered yet (the tournament has a course). */
  tournament: { id: string; name: string; startDate: string; endDate: string | null; hasCourse: boolean };
  level: { name: string; priceCents: number } | null;
}
export interface TeamDetail extends TeamSummary {
  players: { id: string; firstName: string; lastName: string; email: string; phone: string; handicapIndex: number | null }[];
}

export const activeTournamentsQuery = queryOptions({
  queryKey: ['tournaments', 'active'],
  queryFn: ({ signal }) => api<{ tournaments: ActiveTournament[]; currency: string }>('/api/tournaments/active', { signal }),
});

export const levelsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'levels'],
    queryFn: ({ signal }) => api<{ levels: OfferedLevel[] }>(`/api/tournaments/${tournamentId}/levels`, { signal }).then((r) => r.levels),
    enabled: Boolean(tournamentId),
  });

export const myTeamsQuery = queryOptions({
  queryKey: ['teams', 'mine'],
  queryFn: ({ signal }) => api<{ teams: TeamSummary[] }>('/api/teams/mine', { signal }).then((r) => r.teams),
});

export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: ['teams', id],
    queryFn: ({ signal }) => api<{ team: TeamDetail }>(`/api/teams/${id}`, { signal }).then((r) => r.team),
  });

export function useRegisterTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MultiTeamInput) => api<{ teams: { id: string; name: string }[]; totalCents: number; holdUntil: string | null }>('/api/registrations', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['teams'] }).then(() => queryClient.invalidateQueries({ queryKey: ['tournaments'] })),
  });
}

export function useUpdateTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditTeamInput) => api<{ team: TeamDetail }>(`/api/teams/${id}`, { method: 'PUT', body: input }),
    onSuccess: ({ team }) => {
      queryClient.setQueryData(teamQuery(id).queryKey, team);
      return queryClient.invalidateQueries({ queryKey: myTeamsQuery.queryKey });
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api<{ me: Me }>('/api/account/profile', { method: 'PUT', body: input }),
    onSuccess: ({ me }) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
