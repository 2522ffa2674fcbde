// /admin/users (admins): search, one page of users with role badges, change of role, delete behind a confirmation, Add User.
// The server enforces R8 (not yourself, never the last admin, not a user who leads teams); its message is shown as is.
import { useQuery } from '@tanstack/react-query';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../shared/roles';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { formatDate } from '../lib/format';
import { notify } from '../lib/toast';
import { useDebounced } from '../lib/use-debounced';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { Pagination } from '../ui/pagination';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { CreateUserForm } from './create-user-form';
import { useChangeRole, useDeleteUser, usersQuery, type AdminUser } from './queries';

const ROLE_TONES: Record<Role, string> = {
  team_leader: 'bg-stone-100 text-stone-800 ring-stone-500/30',
  moderator: 'bg-sky-100 text-sky-900 ring-sky-700/30',
  admin: 'bg-brand-100 text-brand-900 ring-brand-700/30',
};

export function RoleBadge({ role }: { role: Role }) {
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', ROLE_TONES[role])}>{ROLE_LABELS[role]}</span>;
}

const fullName = (u: AdminUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

function RoleSelect({ user, self, busy, onChange }: { user: AdminUser; self: boolean; busy: boolean; onChange: (user: AdminUser, role: Role) => void }) {
  return (
    <select
      aria-label={`Role of ${fullName(user)}`}
      value={user.role}
      disabled={self || busy}
      title={self ? 'You cannot change your own role' : undefined}
      onChange={(e) => onChange(user, e.target.value as Role)}
      className="h-10 rounded-md border border-stone-300 bg-white px-2 text-sm disabled:text-stone-500"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

export function UsersPage() {
  const { data: me } = useMe();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const users = useQuery({ ...usersQuery(q, page), enabled: me?.user.role === 'admin' });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const changeRole = useChangeRole();
  const remove = useDeleteUser();

  useEffect(() => {
    if (users.isError) notify.error('Failed to load users');
  }, [users.isError]);

  const onRole = (user: AdminUser, role: Role) =>
    changeRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => notify.success(`${fullName(user)} is now ${ROLE_LABELS[role]}`),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update role')),
      },
    );
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
  if (me && me.user.role !== 'admin') {
    return (
      <p role="alert" className="py-8 text-center text-stone-700">
        You don't have permission to access this page
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <title>Users · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Users</h1>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" /> Add User
        </Button>
      </div>
      <div className="relative max-w-md">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500" />
        <input
          type="search"
          aria-label="Search users by name or e-mail"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="h-11 w-full rounded-md border border-stone-300 bg-white pl-9 pr-3 text-base sm:h-10 sm:text-sm"
        />
      </div>
      <ListState
        loading={users.isLoading}
        error={users.isError && !users.data}
        empty={users.isSuccess && rows.length === 0}
        emptyText={q ? `No users match “${q}”.` : 'No users yet.'}
        onRetry={() => void users.refetch()}
      />
      {rows.length > 0 ? (
        <ul aria-label="Users" className={cn('flex flex-col gap-2 sm:hidden', users.isPlaceholderData && 'opacity-60')}>
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
                    <p className="break-words text-sm text-stone-700">{user.email}</p>
                    <p className="text-xs text-stone-600">
                      {user.teamsLed} team(s) · since {formatDate(user.createdAt.slice(0, 10))}
                    </p>
                  </div>
                  <RoleBadge role={user.role} />
                </div>
                <div className="flex items-center justify-between gap-2">
                  <RoleSelect user={user} self={self} busy={changeRole.isPending} onChange={onRole} />
                  <Button variant="ghost" size="sm" disabled={self} aria-label={`Delete ${fullName(user)}`} onClick={() => setDeleting(user)}>
                    <Trash2 aria-hidden className="size-4 text-red-700" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <Table caption="Users" className={cn('hidden sm:block', users.isPlaceholderData && 'opacity-60')}>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>E-mail</Th>
              <Th>Role</Th>
              <Th>Change role</Th>
              <Th className="text-right">Teams</Th>
              <Th>Created</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => {
              const self = user.id === me?.user.id;
              return (
                <Tr key={user.id}>
                  <Td className="font-medium">
                    {fullName(user)}
                    {self ? <span className="ml-1 text-xs font-normal text-stone-600">(you)</span> : null}
                  </Td>
                  <Td className="break-words">{user.email}</Td>
                  <Td>
                    <RoleBadge role={user.role} />
                  </Td>
                  <Td>
                    <RoleSelect user={user} self={self} busy={changeRole.isPending} onChange={onRole} />
                  </Td>
                  <Td className="text-right tabular-nums">{user.teamsLed}</Td>
                  <Td className="whitespace-nowrap">{formatDate(user.createdAt.slice(0, 10))}</Td>
                  <Td className="text-right">
                    <Button variant="ghost" size="sm" disabled={self} aria-label={`Delete ${fullName(user)}`} onClick={() => setDeleting(user)}>
                      <Trash2 aria-hidden className="size-4 text-red-700" />
                    </Button>
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      ) : null}
      {users.data ? <Pagination noun="users" page={users.data.page} pages={Math.max(1, Math.ceil(users.data.total / users.data.pageSize))} pageSize={users.data.pageSize} total={users.data.total} onPage={setPage} /> : null}

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
              <strong>{fullName(deleting)}</strong> ({deleting.email}) will be deleted with their profile and signed out everywhere. This cannot be
              undone.
              {deleting.teamsLed > 0 ? ` They lead ${deleting.teamsLed} team(s): reassign or delete the teams first.` : ''}
            </p>
          ) : null
        }
        confirmLabel="Delete User"
        busy={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}
