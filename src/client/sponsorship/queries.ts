// The sponsorship level catalogue's server state (admin): the list and the calls that change it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SponsorshipLevelValues } from '../../shared/sponsorship-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type SponsorshipLevel = ApiAnswer<'/api/admin/sponsorship-levels'>['levels'][number];

const BASE = '/api/admin/sponsorship-levels';

export const sponsorshipLevelsQuery = queryOptions({
  queryKey: ['admin', 'sponsorship-levels'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/sponsorship-levels'>>(BASE, { signal }).then((r) => r.levels),
});

/** Creates a level, or saves the one with `id`. */
export function useSaveLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SponsorshipLevelValues }) =>
      api<ApiAnswer<'/api/admin/sponsorship-levels', 'post'>>(id ? `${BASE}/${id}` : BASE, { method: id ? 'PUT' : 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipLevelsQuery.queryKey }),
  });
}

export function useDeleteLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`${BASE}/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorshipLevelsQuery.queryKey }),
  });
}
