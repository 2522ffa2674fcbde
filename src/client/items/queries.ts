// Sponsorship items and add-ons: what a tournament sells, what the signed-in buyer has bought, and buying them (R36, R37).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddonOrderInput, ItemPurchaseInput } from '../../shared/item-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type SponsorshipItem = ApiAnswer<'/api/items'>['items'][number];

export const itemsQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['items', tournamentId],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/items'>>(`/api/items?tournamentId=${tournamentId}`, { signal }),
    enabled: Boolean(tournamentId),
  });

export const myPurchasesQuery = queryOptions({
  queryKey: ['purchases', 'mine'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/items/purchases/mine'>>('/api/items/purchases/mine', { signal }).then((r) => r.purchases),
});

/** Uploads an image (the server checks and re-encodes it) and answers what it stored. */
export function uploadImage(file: File, purpose: 'logo' | 'hero' = 'logo') {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', purpose);
  return api<ApiAnswer<'/api/images', 'post'>>('/api/images', { form }).then((r) => r.image);
}

export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemPurchaseInput) => api<ApiAnswer<'/api/items/purchases', 'post'>>('/api/items/purchases', { body: input }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['items'] }), queryClient.invalidateQueries({ queryKey: ['purchases'] })]),
  });
}

export const teamAddonsQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'addons'],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/teams/:teamId/addons'>>(`/api/teams/${teamId}/addons`, { signal }),
  });

export function useOrderAddons(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddonOrderInput) =>
      api<ApiAnswer<'/api/teams/:teamId/addons', 'post'>>(`/api/teams/${teamId}/addons`, { body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'addons'] }),
        queryClient.invalidateQueries({ queryKey: ['purchases'] }),
      ]),
  });
}
