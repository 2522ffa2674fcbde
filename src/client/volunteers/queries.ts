// Volunteers' server state (R60): staff's list of a tournament's volunteers, inviting and ending; an invitation as its link
// shows it, accepting it and signing up from it; a volunteer's own live grants.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteVolunteerInput, VolunteerSignUpInput } from '../../shared/volunteer-schemas';
import { api, retryUnlessRefused } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';

export type Volunteer = ApiAnswer<'/api/admin/volunteers'>['volunteers'][number];
export type Invitation = ApiAnswer<'/api/volunteer/invitations/:token'>;
export type VolunteerGrant = ApiAnswer<'/api/volunteer/grants'>['grants'][number];

export const volunteersQuery = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'volunteers', tournamentId],
    queryFn: ({ signal }) =>
      api<ApiAnswer<'/api/admin/volunteers'>>(`/api/admin/volunteers?tournamentId=${tournamentId}`, { signal }).then((r) => r.volunteers),
    enabled: Boolean(tournamentId),
  });

export function useInviteVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteVolunteerInput) => api<ApiAnswer<'/api/admin/volunteers', 'post'>>('/api/admin/volunteers', { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'volunteers'] }),
  });
}

export function useEndVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/admin/volunteers/${id}/end`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'volunteers'] }),
  });
}

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['volunteer', 'invitation', token],
    queryFn: ({ signal }) => api<Invitation>(`/api/volunteer/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: retryUnlessRefused,
  });

export const myGrantsQuery = queryOptions({
  queryKey: ['volunteer', 'grants'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/volunteer/grants'>>('/api/volunteer/grants', { signal }).then((r) => r.grants),
});

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ApiAnswer<'/api/volunteer/invitations/:token/accept', 'post'>>(`/api/volunteer/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['volunteer'] }),
  });
}

export function useVolunteerSignUp(token: string) {
  return useMutation({
    mutationFn: (input: VolunteerSignUpInput) =>
      api<ApiAnswer<'/api/volunteer/invitations/:token/sign-up', 'post'>>(
        `/api/volunteer/invitations/${encodeURIComponent(token)}/sign-up`,
        {
          body: input,
        },
      ),
  });
}
