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
  queryFn: ({ signal }) => api<{ tournaments: ActiveTournament[]; currency: string; cardPayments: boolean; holdHours: number }>('/api/tournaments/active', { signal }),
});

export interface RegistrationAnswer {
  teams: { id: string; name: string }[];
  totalCents: number;
  holdUntil: string | null;
  /** Card payments on (R23): the Stripe payment page to go to. */
  checkoutUrl?: string;
  checkoutError?: string;
}

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
    // One Idempotency-Key per submitted form (R27): a retry of the same submission is answered, not registered again.
    // `offer`: a waitlist offer's token (R25), whose kept places this registration uses.
    mutationFn: ({ input, key, offer }: { input: MultiTeamInput; key: string; offer?: string }) =>
      api<RegistrationAnswer>(`/api/registrations${offer ? `?offer=${encodeURIComponent(offer)}` : ''}`, { body: input, headers: { 'Idempotency-Key': key } }),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['teams'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['tournaments'] }))
        .then(() => queryClient.invalidateQueries({ queryKey: ['waitlist'] })),
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

/** 'Pay now' (R23): a Stripe Checkout Session for the leader's unpaid teams; the browser then goes to its page. */
export function usePayNow() {
  return useMutation({
    mutationFn: (teamIds: string[]) => api<{ url: string; sessionId: string; amountCents: number }>('/api/payments/checkout', { body: { teamIds } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export interface CheckoutStatus {
  paid: boolean;
  amountCents: number;
  teams: { id: string; name: string; paymentStatus: PaymentStatus }[];
}

/** The return page asks until the webhook has confirmed the money (every 2 s, for up to 2 minutes). */
export const checkoutStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout', sessionId],
    queryFn: ({ signal }) => api<CheckoutStatus>(`/api/payments/checkout/${encodeURIComponent(sessionId)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.paid || query.state.dataUpdateCount > 60 ? false : 2000),
  });
