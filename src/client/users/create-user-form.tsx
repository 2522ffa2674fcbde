// The Add User dialog's form: name, e-mail, password and permission; the account is created with its e-mail confirmed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS, ROLES } from '../../shared/roles';
import { createUserSchema, type CreateUserInput } from '../../shared/user-schemas';
import { errorMessage } from '../lib/api';
import { bindFields } from '../lib/bind-fields';
import { applyServerErrors } from '../lib/server-errors';
import { notify } from '../lib/toast';
import { Field } from '../ui/field';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { useCreateUser } from './queries';

export function CreateUserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateUser();
  const form = useForm<CreateUserInput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', role: 'team_leader' },
  });
  const field = bindFields(form);
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ user }) => {
        notify.success(`User ${user.email} created`);
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        notify.error(errorMessage(error, 'Failed to create user'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="off" {...field('firstName')} />
        <Field label="Last name" autoComplete="off" {...field('lastName')} />
      </div>
      <Field label="E-mail" type="email" autoComplete="off" {...field('email')} />
      <Field label="Password" type="password" autoComplete="new-password" hint="At least 8 characters" {...field('password')} />
      <SelectField label="Permission" {...field('role')}>
        <LabelledOptions values={ROLES} labels={ROLE_LABELS} />
      </SelectField>
      <p className="text-sm text-stone-600">The account's e-mail counts as confirmed: the user can sign in at once.</p>
      <FormActions
        onCancel={onDone}
        label="Create User"
        busyLabel="Creating…"
        busy={create.isPending}
        className="border-t border-stone-200 pt-4"
      />
    </form>
  );
}
