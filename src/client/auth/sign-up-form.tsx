import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { signUpSchema, type SignUpInput } from '../../shared/account-schemas';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useSignIn, useSignUp } from './session';

/** Sign-up; when the server needs no confirmation (no SMTP), the new account is signed in at once. */
export function SignUpForm({ onConfirmationNeeded }: { onConfirmationNeeded: () => void }) {
  const signUp = useSignUp();
  const signIn = useSignIn();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', company: '', password: '' },
  });
  const { errors } = form.formState;
  const busy = signUp.isPending || signIn.isPending;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { requiresConfirmation } = await signUp.mutateAsync(values);
      if (requiresConfirmation) {
        notify.success('Account created! Please check your email to confirm your account.');
        form.reset();
        onConfirmationNeeded();
        return;
      }
      await signIn.mutateAsync({ email: values.email, password: values.password });
      notify.success('Account created! You are now signed in.');
    } catch (error) {
      notify.error(errorMessage(error, 'Sign up failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <Field label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Field label="Company" hint="Optional" autoComplete="organization" error={errors.company?.message} {...form.register('company')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Creating Account...' : 'Sign Up'}
      </Button>
    </form>
  );
}
