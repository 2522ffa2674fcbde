// The team dashboard's server state: tournaments, levels, the leader's teams, and the calls that change them.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../shared/account-schemas';
import type { CheckoutInput } from '../../shared/payment-schemas';
import type { EditTeamInput, MultiTeamInput, SinglePlaceInput } from '../../shared/team-schemas';
import { useReads } from '../lib/first-load-reads';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { untilPaid } from '../payments/checkout-progress';

// The answers' shapes come from the routes' declarations (docs/decisions/060).
export type ActiveTournament = ApiAnswer<'/api/tournaments/active'>['tournaments'][number];
export type OfferedLevel = ApiAnswer<'/api/tournaments/:id/levels'>['levels'][number];
export type TeamSummary = ApiAnswer<'/api/teams/mine'>['teams'][number];
export type TeamDetail = ApiAnswer<'/api/teams/:id'>['team'];
export type RegistrationAnswer = ApiAnswer<'/api/registrations', 'post'>;
export type CheckoutStatus = ApiAnswer<'/api/payments/checkout/:sessionId'>;

export const activeTournamentsQuery = queryOptions({
  queryKey: ['tournaments', 'active'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/tournaments/active'>>('/api/tournaments/active', { signal }),
});

export const levelsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'levels'],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/tournaments/:id/levels'>>(`/api/tournaments/${tournamentId}/levels`, { signal }).then((r) => r.levels),
    enabled: Boolean(tournamentId),
  });

export const myTeamsQuery = queryOptions({
  queryKey: ['teams', 'mine'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/teams/mine'>>('/api/teams/mine', { signal }).then((r) => r.teams),
});

export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: ['teams', id],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/teams/:id'>>(`/api/teams/${id}`, { signal }).then((r) => r.team),
  });

export function useRegisterTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    // One Idempotency-Key per submitted form (R27): a retry of the same submission is answered, not registered again.
    // `offer`: a waitlist offer's token (R25), whose kept places this registration uses.
    mutationFn: ({ input, key, offer }: { input: MultiTeamInput; key: string; offer?: string }) =>
      api<RegistrationAnswer>(`/api/registrations${offer ? `?offer=${encodeURIComponent(offer)}` : ''}`, {
        body: input,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: ['teams'] })
        .then(() => queryClient.invalidateQueries({ queryKey: ['tournaments'] }))
        .then(() => queryClient.invalidateQueries({ queryKey: ['waitlist'] })),
  });
}

/** R43: a single place, by the same path as a team (Idempotency-Key, card or hold). */
export function useRegisterSingle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: SinglePlaceInput; key: string }) =>
      api<RegistrationAnswer>('/api/registrations/single', { body: input, headers: { 'Idempotency-Key': key } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ['teams'] }).then(() => queryClient.invalidateQueries({ queryKey: ['tournaments'] })),
  });
}

export function useUpdateTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditTeamInput) => api<ApiAnswer<'/api/teams/:id', 'put'>>(`/api/teams/${id}`, { method: 'PUT', body: input }),
    onSuccess: ({ team }) => {
      queryClient.setQueryData(teamQuery(id).queryKey, team);
      return queryClient.invalidateQueries({ queryKey: myTeamsQuery.queryKey });
    },
  });
}

export function useUpdateProfile() {
  const reads = useReads();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      api<ApiAnswer<'/api/account/profile', 'put'>>('/api/account/profile', { method: 'PUT', body: input }),
    onSuccess: ({ me }) => reads.me.set(me),
  });
}

/** 'Pay now' (R23): a Stripe Checkout Session for the leader's unpaid teams, with the card fee if they cover it (R58); the browser then goes to its page. */
export function usePayNow() {
  return useMutation({
    mutationFn: (body: CheckoutInput) => api<ApiAnswer<'/api/payments/checkout', 'post'>>('/api/payments/checkout', { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** The return page asks until the webhook has confirmed the money (every 2 s, for up to 2 minutes). */
export const checkoutStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout', sessionId],
    queryFn: ({ signal }) => api<CheckoutStatus>(`/api/payments/checkout/${encodeURIComponent(sessionId)}`, { signal }),
    refetchInterval: untilPaid,
  });
