// The Change Role dialog's form: one user's permission, saying what each allows (R8). A dialog rather than a select in
// each row: a role is given on purpose, not by a slip of the finger in a long list.
import { useState, type FormEvent } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../shared/roles';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { FormActions } from '../ui/form-actions';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';
import { useChangeRole, type AdminUser } from './queries';

const ROLE_HINTS: Record<Role, string> = {
  team_leader: 'Registers teams and edits their own teams and profile. No admin area.',
  moderator: 'Tournament-day staff: the Dashboard, Teams (read only), Golfers check-in and scores, for every team.',
  admin: 'Everything in the admin area, including payments, settings, users and roles.',
};

export const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

export function ChangeRoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeRole();
  const save = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notify.success(`${fullName(user)} is now ${ROLE_LABELS[role]}`);
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to update role')),
      },
    );
  };
  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <SelectField label="Permission" value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby="role-hint">
        <LabelledOptions values={ROLES} labels={ROLE_LABELS} />
      </SelectField>
      <p id="role-hint" className="text-sm text-stone-700">
        {ROLE_HINTS[role]}
      </p>
      <FormActions
        onCancel={onDone}
        label="Save Role"
        busyLabel="Saving…"
        busy={change.isPending}
        disabled={role === user.role}
        className="border-t border-stone-200 pt-4"
      />
    </form>
  );
}
