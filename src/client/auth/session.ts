// The signed-in user, and signing in, up and out. One query key, so every screen agrees on who is signed in.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, ForgotPasswordInput, LoginInput, ResetPasswordInput, SignUpInput } from '../../shared/account-schemas';
import { useNavigate } from 'react-router';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { notify } from '../lib/toast';

/** The signed-in user and profile. */
export type Me = NonNullable<ApiAnswer<'/api/account/me'>['me']>;

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => api<ApiAnswer<'/api/account/me'>>('/api/account/me', { signal }).then((r) => r.me),
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQuery);

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api('/api/auth/sign-in/email', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api<ApiAnswer<'/api/account/sign-up', 'post'>>('/api/account/sign-up', { body: input }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { body: {} }),
    onSettled: () => {
      queryClient.setQueryData(meQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      // The service worker's copies of who was signed in and their cards (vite.config.ts) go too: a shared phone offline
      // must not show them to the next person.
      void globalThis.caches?.delete('offline-reads').catch(() => undefined);
    },
  });
}

export function displayName(me: Me): string {
  return me.profile.firstName || me.user.email;
}

/** Signs out, says so, and shows the signed-out page. */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const logout = () =>
    signOut.mutate(undefined, {
      onSuccess: () => notify.success('You have been logged out.'),
      onSettled: () => navigate('/logout'),
    });
  return { logout, isPending: signOut.isPending };
}

/** 'Forgot password?': asks for a reset link; the answer is the same whether or not the e-mail has an account (R33). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api<ApiAnswer<'/api/auth/request-password-reset', 'post'>>('/api/auth/request-password-reset', { body: input }),
  });
}

/** The reset page: sets the new password with the link's token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api<ApiAnswer<'/api/auth/reset-password', 'post'>>('/api/auth/reset-password', { body: input }),
  });
}

/** The profile's change form: this browser keeps a fresh session, every other one ends. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api('/api/auth/change-password', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}
