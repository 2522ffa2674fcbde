// The waitlist's server state (R25): the leader's entries and offers, joining, passing an offer on.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinWaitlistInput } from '../../shared/waitlist-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type WaitlistEntry = ApiAnswer<'/api/waitlist/mine'>['entries'][number];

export const myWaitlistQuery = queryOptions({
  queryKey: ['waitlist', 'mine'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/waitlist/mine'>>('/api/waitlist/mine', { signal }).then((r) => r.entries),
});

export const offerQuery = (token: string) =>
  queryOptions({
    queryKey: ['waitlist', 'offer', token],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/waitlist/offers/:token'>>(`/api/waitlist/offers/${encodeURIComponent(token)}`, { signal }).then((r) => r.offer),
    retry: false,
  });

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinWaitlistInput) => api<ApiAnswer<'/api/waitlist', 'post'>>('/api/waitlist', { body: input }),
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
