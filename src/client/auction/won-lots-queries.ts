// R55: a winner's lots and paying for them (signed in, or through a golfer's personal link), and the admin's results.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LotPaidInput } from '../../shared/auction-results-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type WonLots = ApiAnswer<'/api/won-lots/mine'>;
export type WonLot = WonLots['lots'][number];

/** Whose lots: the signed-in person's (`token` null), or a golfer's through their link. */
const lotsPath = (token: string | null) => (token ? `/api/won-lots/golfer/${encodeURIComponent(token)}` : '/api/won-lots/mine');

export const wonLotsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['won-lots', token ?? 'mine'],
    queryFn: ({ signal }) => api<WonLots>(lotsPath(token), { signal }),
  });

/** Opens one Stripe Checkout for every unpaid lot; the caller sends the browser to its url. */
export function usePayLots(token: string | null) {
  return useMutation({
    mutationFn: () => api<ApiAnswer<'/api/won-lots/mine/checkout', 'post'>>(`${lotsPath(token)}/checkout`, { method: 'POST' }),
  });
}

export type AuctionResults = ApiAnswer<'/api/admin/auction-results'>;
export type ResultLot = AuctionResults['lots'][number];

export const auctionResultsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['auction-results', tournamentId],
    queryFn: ({ signal }) => api<AuctionResults>(`/api/admin/auction-results?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export function useMarkLotPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lotId, input }: { lotId: string; input: LotPaidInput }) =>
      api<ApiAnswer<'/api/admin/auction-results/:lotId/paid', 'post'>>(`/api/admin/auction-results/${lotId}/paid`, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auction-results'] }),
  });
}
