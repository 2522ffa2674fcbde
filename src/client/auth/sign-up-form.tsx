import type { SignUpInput } from '../../shared/account-schemas';
import { ApiError, errorMessage } from '../lib/api';
import { useLightForm } from '../lib/light-form';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useSignIn, useSignUp } from './account-forms';

export const SIGN_UP_NOT_SIGNED_IN = "We could not sign you in. If this e-mail already has an account, log in or use 'Forgot password?'.";

const loadSchema = () => import('../../shared/account-schemas').then((m) => m.signUpSchema);

/** Sign-up; when the server needs no confirmation (no SMTP), the new account is signed in at once. */
export function SignUpForm({ onConfirmationNeeded }: { onConfirmationNeeded: () => void }) {
  const signUp = useSignUp();
  const signIn = useSignIn();
  const { formRef, field, handleSubmit, reset, showErrors } = useLightForm(loadSchema, {
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    password: '',
  });
  const busy = signUp.isPending || signIn.isPending;
  const submit = handleSubmit(async (values: SignUpInput) => {
    try {
      const { requiresConfirmation } = await signUp.mutateAsync(values);
      if (requiresConfirmation) {
        notify.success('Account created! Please check your email to confirm your account.');
        reset();
        onConfirmationNeeded();
        return;
      }
      try {
        await signIn.mutateAsync({ email: values.email, password: values.password });
      } catch {
        // Sign-up answers the same for an e-mail that already has an account (R34); only signing in tells them apart.
        notify.error(SIGN_UP_NOT_SIGNED_IN);
        return;
      }
      notify.success('Account created! You are now signed in.');
    } catch (error) {
      if (error instanceof ApiError) showErrors(error.fields);
      notify.error(errorMessage(error, 'Sign up failed'));
    }
  });
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" {...field('firstName')} />
        <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <Field label="Email" type="email" autoComplete="email" {...field('email')} />
      <Field label="Company" hint="Optional" autoComplete="organization" {...field('company')} />
      <Field label="Password" type="password" autoComplete="new-password" hint="At least 8 characters" {...field('password')} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Creating Account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
