// The profile's password change (R33): the current password, then the new one. This browser stays signed in; every other
// session of the account ends.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema, type ChangePasswordInput } from '../../shared/account-schemas';
import { useChangePassword } from '../auth/account-forms';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Card, CardTitle } from '../ui/card';
import { Field } from '../ui/field';
import { NewPasswordField } from '../auth/new-password-field';

export const PASSWORD_CHANGED = 'Password changed. You were signed out on every other device.';
const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '' };

export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const field = bindFields(form);
  const close = () => {
    form.reset(EMPTY);
    setOpen(false);
  };
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        notify.success(PASSWORD_CHANGED);
        close();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error, { only: ['currentPassword', 'newPassword'] }))
          notify.error(errorMessage(error, 'Failed to change the password'));
      },
    }),
  );
  return (
    <Card aria-labelledby="password-heading">
      <div className="flex items-center justify-between gap-3">
        <CardTitle id="password-heading">Password</CardTitle>
        {!open ? (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            Change
          </Button>
        ) : null}
      </div>
      {open ? (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <Field label="Current password" type="password" autoComplete="current-password" {...field('currentPassword')} />
          <NewPasswordField {...field('newPassword')} />
          <p className="text-xs text-stone-600">Changing it signs you out on every other device.</p>
          <div className="flex gap-3">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Change password'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm text-stone-600">Change it here; forgot it? Log out and use 'Forgot password?'.</p>
      )}
    </Card>
  );
}
