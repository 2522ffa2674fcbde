// /reset-password?token=…: the page the reset e-mail opens. Sets the new password (R33): the link works once, for one hour,
// and every session of the account ends; then the visitor signs in with the new password.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from '../router';
import { z } from '../../shared/zod';
import { INVALID_RESET_LINK, passwordSchema } from '../../shared/account-schemas';
import { ApiError, errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { NewPasswordField } from './new-password-field';
import { useResetPassword } from './account-forms';

const formSchema = z
  .object({ newPassword: passwordSchema, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type FormValues = z.infer<typeof formSchema>;

export const PASSWORD_RESET_DONE = 'Your password has been changed. Log in with the new one.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { newPassword: '', confirm: '' } });
  const field = bindFields(form);
  const linkBroken = !token || (reset.error instanceof ApiError && Boolean(reset.error.fields?.token));

  const submit = form.handleSubmit(({ newPassword }) =>
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          notify.success(PASSWORD_RESET_DONE);
          navigate('/auth', { replace: true });
        },
        onError: (error) => {
          if (applyServerErrors(form, error, { only: ['newPassword'] })) return;
          if (!(error instanceof ApiError && error.fields?.token)) notify.error(errorMessage(error, 'Could not change the password'));
        },
      },
    ),
  );

  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-10 sm:py-16">
      <title>Choose a new password · Golf Tournament</title>
      <Card className="w-full max-w-md">
        <h1 className="text-xl font-semibold">Choose a new password</h1>
        {linkBroken ? (
          <div role="alert" className="mt-4 flex flex-col gap-4">
            <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">{INVALID_RESET_LINK}</p>
            <Button asChild>
              <Link to="/forgot-password">Ask for a new link</Link>
            </Button>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-600">Setting it signs your account out on every other device.</p>
            <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
              <NewPasswordField {...field('newPassword')} />
              <Field label="Repeat the new password" type="password" autoComplete="new-password" {...field('confirm')} />
              <Button type="submit" size="lg" disabled={reset.isPending}>
                {reset.isPending ? 'Saving…' : 'Set new password'}
              </Button>
            </form>
          </>
        )}
      </Card>
    </div>
  );
}
