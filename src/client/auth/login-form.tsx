import { Link } from '../router';
import type { LoginInput } from '../../shared/account-schemas';
import { errorMessage } from '../lib/api';
import { useLightForm } from '../lib/light-form';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useSignIn } from './account-forms';

const loadSchema = () => import('../../shared/account-schemas').then((m) => m.loginSchema);

export function LoginForm() {
  const signIn = useSignIn();
  const { formRef, field, handleSubmit } = useLightForm(loadSchema, { email: '', password: '' });
  const submit = handleSubmit((values: LoginInput) =>
    signIn.mutateAsync(values).then(
      () => notify.success('Successfully signed in!'),
      (error) => notify.error(errorMessage(error, 'Sign in failed')),
    ),
  );
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" type="email" autoComplete="email" {...field('email')} />
      <div className="flex flex-col gap-1">
        <Field label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <Link to="/forgot-password" className="self-end text-sm font-medium text-green-800 underline underline-offset-2">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Login'}
      </Button>
    </form>
  );
}
