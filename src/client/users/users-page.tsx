// /admin/users (admins): search, one page of users with role badges, change of role, delete behind a confirmation, Add User.
// The server enforces R8 (not yourself, never the last admin, not a user who leads teams); its message is shown as is.
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2, UserCog } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS, type Role } from '../../shared/roles';
import { USER_GUARD_MESSAGES } from '../../shared/user-schemas';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { formatDate } from '../lib/format';
import { notify } from '../lib/toast';
import { useDebounced } from '../lib/use-debounced';
import { useFailureToast } from '../lib/use-failure-toast';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { Field } from '../ui/field';
import { Pagination } from '../ui/pagination';
import { ActionsTh, ListState, Table, Td, Th, Tr } from '../ui/table';
import { ChangeRoleForm, fullName } from './change-role-form';
import { CreateUserForm } from './create-user-form';
import { useDeleteUser, usersQuery, type AdminUser } from './queries';

const ROLE_TONES: Record<Role, string> = {
  team_leader: 'bg-stone-100 text-stone-800 ring-stone-500/30',
  moderator: 'bg-sky-100 text-sky-900 ring-sky-700/30',
  admin: 'bg-brand-100 text-brand-900 ring-brand-700/30',
};

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={cn('inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', ROLE_TONES[role])}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}

const SELF_NOTE_ID = 'users-self-note';

/** Change role and Delete; on one's own row both are off (R8), and the note above the list says why. */
function UserActions({
  user,
  self,
  onChangeRole,
  onDelete,
}: {
  user: AdminUser;
  self: boolean;
  onChangeRole: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}) {
  const why = self ? SELF_NOTE_ID : undefined;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="secondary"
        size="sm"
        className="whitespace-nowrap"
        disabled={self}
        aria-describedby={why}
        aria-label={`Change role of ${fullName(user)}`}
        onClick={() => onChangeRole(user)}
      >
        <UserCog aria-hidden className="size-4" /> Change role
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={self}
        aria-describedby={why}
        aria-label={`Delete ${fullName(user)}`}
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden className="size-4 text-red-700" />
      </Button>
    </div>
  );
}

export function UsersPage() {
  const { data: me } = useMe();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  // A new search starts again at page 1 (adjusted while rendering, not in an effect).
  const [pagedFor, setPagedFor] = useState(q);
  if (pagedFor !== q) {
    setPagedFor(q);
    setPage(1);
  }
  const users = useQuery(usersQuery(q, page));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const remove = useDeleteUser();

  useFailureToast(users.isError, 'Failed to load users');

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(`User ${deleting.email} deleted`);
        setDeleting(null);
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Failed to delete user'));
        setDeleting(null);
      },
    });
  };

  const rows = users.data?.users ?? [];
  return (
    <div className="flex flex-col gap-4">
      <title>Users · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Users</h1>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" /> Add User
        </Button>
      </div>
      <Field
        label="Search"
        type="search"
        placeholder="Name or e-mail"
        className="max-w-md"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <p id={SELF_NOTE_ID} className="text-sm text-stone-600">
        Your own role and account can only be changed by another admin.
      </p>
      <ListState
        loading={users.isLoading}
        error={users.isError && !users.data}
        empty={users.isSuccess && rows.length === 0}
        emptyText={q ? `No users match “${q}”.` : 'No users yet.'}
        errorText="Failed to load users."
        onRetry={() => void users.refetch()}
      />
      {rows.length > 0 ? (
        <ul
          aria-label="Users"
          aria-busy={users.isPlaceholderData || undefined}
          className={cn('flex flex-col gap-2 sm:hidden', users.isPlaceholderData && 'opacity-60')}
        >
          {rows.map((user) => {
            const self = user.id === me?.user.id;
            return (
              <li key={user.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {fullName(user)}
                      {self ? <span className="ml-1 text-xs font-normal text-stone-600">(you)</span> : null}
                    </p>
                    <p className="break-all text-sm text-stone-700">{user.email}</p>
                    <p className="text-xs text-stone-600">
                      {user.teamsLed} team(s) · since {formatDate(user.createdAt.slice(0, 10))}
                    </p>
                  </div>
                  <RoleBadge role={user.role} />
                </div>
                <UserActions user={user} self={self} onChangeRole={setChanging} onDelete={setDeleting} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <Table caption="Users" busy={users.isPlaceholderData} className="hidden sm:block">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>E-mail</Th>
              <Th>Role</Th>
              <Th className="text-right">Teams</Th>
              <ActionsTh />
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => {
              const self = user.id === me?.user.id;
              return (
                <Tr key={user.id}>
                  <Td>
                    <span className="font-medium">{fullName(user)}</span>
                    {self ? <span className="ml-1 text-xs text-stone-600">(you)</span> : null}
                    <span className="block text-xs text-stone-600">Since {formatDate(user.createdAt.slice(0, 10))}</span>
                  </Td>
                  <Td className="break-all">{user.email}</Td>
                  <Td>
                    <RoleBadge role={user.role} />
                  </Td>
                  <Td className="text-right tabular-nums">{user.teamsLed}</Td>
                  <Td>
                    <UserActions user={user} self={self} onChangeRole={setChanging} onDelete={setDeleting} />
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      ) : null}
      <Pagination of={users.data} noun="users" onPage={setPage} />

      <Dialog
        open={changing !== null}
        onOpenChange={(open) => !open && setChanging(null)}
        title={changing ? `Change role of ${fullName(changing)}` : 'Change role'}
        description={changing ? `${changing.email} is currently ${ROLE_LABELS[changing.role]}.` : undefined}
      >
        {changing ? <ChangeRoleForm user={changing} onDone={() => setChanging(null)} /> : null}
      </Dialog>
      <Dialog open={creating} onOpenChange={setCreating} title="Add User" description="Create an account with a chosen permission.">
        {creating ? <CreateUserForm onDone={() => setCreating(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user?"
        message={
          deleting ? (
            <p>
              <strong>{fullName(deleting)}</strong> ({deleting.email}) will be deleted with their profile and signed out everywhere. This
              cannot be undone.
              {deleting.teamsLed > 0 ? ` ${USER_GUARD_MESSAGES.leadsTeams(deleting.teamsLed)}.` : ''}
            </p>
          ) : null
        }
        confirmLabel="Delete User"
        // The server refuses it anyway (409); the button says so before the click.
        disabled={(deleting?.teamsLed ?? 0) > 0}
        busy={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}
