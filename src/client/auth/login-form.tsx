import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '../../shared/account-schemas';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useSignIn } from './session';

export function LoginForm() {
  const signIn = useSignIn();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      () => notify.success('Successfully signed in!'),
      (error) => notify.error(errorMessage(error, 'Sign in failed')),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Login'}
      </Button>
    </form>
  );
}
