// The Users page's server state: one page of users, and the calls that create, re-role and delete.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../shared/roles';
import type { CreateUserInput } from '../../shared/user-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type UserPage = ApiAnswer<'/api/admin/users'>;
export type AdminUser = UserPage['users'][number];

export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', { q, page }],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/users'>>(`/api/admin/users?${new URLSearchParams({ q, page: String(page) })}`, { signal }),
    placeholderData: keepPreviousData,
  });

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api<ApiAnswer<'/api/admin/users', 'post'>>('/api/admin/users', { body: input }),
    onSuccess: invalidate,
  });
}

export function useChangeRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api<ApiAnswer<'/api/admin/users/:id/role', 'patch'>>(`/api/admin/users/${id}/role`, { method: 'PATCH', body: { role } }),
    onSettled: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => api(`/api/admin/users/${id}`, { method: 'DELETE' }), onSettled: invalidate });
}
