// The pairing page's read and its one change (R43).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PairingInput } from '../../shared/pairing';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type PairingBoard = ApiAnswer<'/api/admin/pairing'>;

export const pairingQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'pairing', tournamentId],
    queryFn: ({ signal }) => api<PairingBoard>(`/api/admin/pairing?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export function usePlaceSingles(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PairingInput) => api<ApiAnswer<'/api/admin/pairing', 'post'>>('/api/admin/pairing', { body: input }),
    // The teams' lists and counts change too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'pairing', tournamentId] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'teams'] }),
      ]),
  });
}
