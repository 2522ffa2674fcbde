// The waitlist's server state (R25): the leader's entries and offers, joining, passing an offer on.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistInput } from '../../shared/waitlist-schemas';
import { api } from '../lib/api';

export interface WaitlistEntry {
  id: string;
  status: 'waiting' | 'offered';
  teamsWanted: number;
  contactName: string;
  contactEmail: string;
  offerToken: string | null;
  offerExpiresAt: string | null;
  createdAt: string;
  levelId: string;
  levelName: string;
  tournamentId: string;
  tournamentName: string;
  position: number;
}

export const myWaitlistQuery = queryOptions({
  queryKey: ['waitlist', 'mine'],
  queryFn: ({ signal }) => api<{ entries: WaitlistEntry[] }>('/api/waitlist/mine', { signal }).then((r) => r.entries),
});

export const offerQuery = (token: string) =>
  queryOptions({
    queryKey: ['waitlist', 'offer', token],
    queryFn: ({ signal }) => api<{ offer: WaitlistEntry }>(`/api/waitlist/offers/${encodeURIComponent(token)}`, { signal }).then((r) => r.offer),
    retry: false,
  });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinWaitlistInput) => api<{ id: string; position: number }>('/api/waitlist', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}

export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(`/api/waitlist/offers/${encodeURIComponent(token)}/decline`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['waitlist'] }),
  });
}
