// /forgot-password: asks for a reset link by e-mail (R33). The answer never says whether the e-mail has an account.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from '../router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../shared/account-schemas';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { useRequestPasswordReset } from './account-forms';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: params.get('email') ?? '' },
  });
  const field = bindFields(form);
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) => {
        applyServerErrors(form, error, { only: ['email'] });
        notify.error(errorMessage(error, 'Could not send the reset link'));
      },
    }),
  );
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-10 sm:py-16">
      <title>Forgot password · Golf Tournament</title>
      <Card className="w-full max-w-md">
        <h1 className="text-xl font-semibold">Forgot your password?</h1>
        {request.isSuccess ? (
          <div role="status" className="mt-4 flex flex-col gap-4">
            <p className="rounded-md bg-green-50 p-3 text-sm text-green-900">{request.data.message}</p>
            <p className="text-sm text-stone-700">
              The link works once, for one hour. No e-mail? Check the spelling and your spam folder, then ask again.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/auth">Back to Login</Link>
              </Button>
              <Button variant="secondary" onClick={() => request.reset()}>
                Send another link
              </Button>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-600">
              Enter the e-mail you signed up with and we will send you a link to choose a new one.
            </p>
            <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
              <Field label="Email" type="email" autoComplete="email" {...field('email')} />
              <Button type="submit" size="lg" disabled={request.isPending}>
                {request.isPending ? 'Sending…' : 'Send reset link'}
              </Button>
              <p className="text-center text-sm">
                <Link to="/auth" className="font-medium text-green-800 underline underline-offset-2">
                  Back to Login
                </Link>
              </p>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}
