// Signing in and up, and the password forms: react-query mutations, loaded with those pages (the header's session and
// Log out are auth/session.ts, in the first load).
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ForgotPasswordInput, LoginInput, ResetPasswordInput, SignUpInput } from '../../shared/account-schemas';
import { api } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { useReads } from '../lib/first-load-reads';

export function useSignIn() {
  const reads = useReads();
  return useMutation({
    mutationFn: (input: LoginInput) => api('/api/auth/sign-in/email', { body: input }),
    onSuccess: () => reads.me.refetch(),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => api<ApiAnswer<'/api/account/sign-up', 'post'>>('/api/account/sign-up', { body: input }),
  });
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
  const reads = useReads();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api('/api/auth/change-password', { body: input }),
    onSuccess: () => reads.me.refetch(),
  });
}
