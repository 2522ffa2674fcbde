// The admin Teams page's server state: the paged list, one team, the Add Team options, and the admin's changes.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateTeamInput, SortDirection, TeamSort } from '../../shared/admin-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export interface TeamListParams {
  tournamentId: string;
  status: string;
  q: string;
  sort: TeamSort;
  dir: SortDirection;
  page: number;
}
export type AdminTeamDetail = ApiAnswer<'/api/admin/teams/:id'>['team'];

/** The list's query string; the CSV export takes the same one without the page. */
export function teamListSearch({ page, ...filters }: TeamListParams, withPage = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (withPage) params.set('page', String(page));
  return params.toString();
}

export const adminTeamsQuery = (params: TeamListParams) =>
  queryOptions({
    queryKey: ['admin', 'teams', 'list', params],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/teams'>>(`/api/admin/teams?${teamListSearch(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const adminTeamQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'teams', 'detail', id],
    queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/teams/:id'>>(`/api/admin/teams/${id}`, { signal }),
  });

export const teamFormOptionsQuery = queryOptions({
  queryKey: ['admin', 'teams', 'form-options'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/admin/teams/form-options'>>('/api/admin/teams/form-options', { signal }),
});

/** Every admin figure that a team change can move: the lists, the dashboard, the ledger. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useSetTeamStatus(id: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (status: PaymentStatus) => api(`/api/admin/teams/${id}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/teams/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminTeamQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export function useCreateTeam() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: AdminCreateTeamInput) => api<ApiAnswer<'/api/admin/teams', 'post'>>('/api/admin/teams', { body: input }),
    onSuccess: invalidate,
  });
}
