// Gifts (R35) and raised (R38): the public reads (the wall, raised against the goal), a gift by card, the return page's
// question, and staff's offline gifts.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { untilPaid } from '../payments/checkout-progress';

export type Raised = ApiAnswer<'/api/tournaments/:id/raised'>;
export type Donors = ApiAnswer<'/api/tournaments/:id/donors'>['donors'];

export const raisedQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'raised'],
    queryFn: ({ signal }) => api<Raised>(`/api/tournaments/${tournamentId}/raised`, { signal }),
    enabled: Boolean(tournamentId),
  });

export const donorsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['tournaments', tournamentId, 'donors'],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/tournaments/:id/donors'>>(`/api/tournaments/${tournamentId}/donors`, { signal }).then((r) => r.donors),
    enabled: Boolean(tournamentId),
  });

/** The return pages' question about a session of purchases (a gift, items, add-ons: all purchases, docs/decisions/071). */
export const purchaseCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['donations', 'checkout', sessionId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/donations/checkout/:sessionId'>>(`/api/donations/checkout/${sessionId}`, { signal }),
    refetchInterval: untilPaid,
  });

/** The gift by card: the answer's URL is Stripe's payment page. The body's amount is in currency units ("50.00"). */
export function useGiveByCard() {
  return useMutation({
    mutationFn: (body: { tournamentId: string; amount: string; name: string; email: string; dedication: string; showName: boolean }) =>
      api<ApiAnswer<'/api/donations', 'post'>>('/api/donations', { body }),
  });
}

export const giftsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'donations', tournamentId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/donations'>>(`/api/admin/donations?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export function useRecordGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<ApiAnswer<'/api/admin/donations', 'post'>>('/api/admin/donations', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['tournaments'] });
    },
  });
}
