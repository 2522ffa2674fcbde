// The page of a list an admin keeps (golf courses, sponsorship levels): heading with its Add button, one card per row on a
// phone and a table on a wider screen, the loading / error / empty states, Edit and Delete on each row, and the delete
// confirmation. The pages say only what their rows show and what their dialogs do.
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { ActionsTh, ListState, Table, Td, Tr } from '../ui/table';
import { AdminHeading } from './admin-heading';
import { notifyFailure } from './notify-failure';

interface AdminListPageProps<T extends { id: string }> {
  /** The heading and the document title ('Golf Courses'). */
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  /** Names the phone list and the table for screen readers ('Golf courses'). */
  label: string;
  query: UseQueryResult<T[]>;
  emptyText: string;
  /** The table's header cells, before the Actions column. */
  columns: ReactNode;
  /** One row's cells, before its actions. */
  cells: (row: T) => ReactNode;
  /** One row's card on a phone, above its actions. */
  card: (row: T) => ReactNode;
  actions: (row: T) => ReactNode;
  /** The dialogs the page opens. */
  children?: ReactNode;
}

export function AdminListPage<T extends { id: string }>({
  title,
  intro,
  addLabel,
  onAdd,
  label,
  query,
  emptyText,
  columns,
  cells,
  card,
  actions,
  children,
}: AdminListPageProps<T>) {
  const rows = query.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <AdminHeading
        title={title}
        actions={
          <Button onClick={onAdd}>
            <Plus aria-hidden className="size-4" />
            {addLabel}
          </Button>
        }
      >
        {intro}
      </AdminHeading>

      {rows.length ? (
        // A phone: one card per row, its actions in reach.
        <ul aria-label={label} className="flex flex-col gap-2 sm:hidden">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <div>{card(row)}</div>
              <div className="flex flex-wrap gap-2">{actions(row)}</div>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length ? (
        <Table caption={label} className="hidden sm:block">
          <thead>
            <tr>
              {columns}
              <ActionsTh className="text-right" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Tr key={row.id}>
                {cells(row)}
                <Td>
                  <div className="flex justify-end gap-2">{actions(row)}</div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <div className="rounded-lg border border-stone-200 bg-white">
          <ListState loading={query.isPending} error={query.isError} empty emptyText={emptyText} onRetry={() => query.refetch()} />
        </div>
      )}

      {children}
    </div>
  );
}

/** Edit and Delete of one row, named for screen readers ('Edit Pine Valley'): in its table row, or on its card on a phone. */
export function EditDeleteActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
        Edit<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
        Delete<span className="sr-only"> {name}</span>
      </Button>
    </>
  );
}

interface DeleteDialogProps<T extends { id: string }> {
  /** The row to delete; null: no dialog. */
  target: T | null;
  onClose: () => void;
  remove: UseMutationResult<unknown, Error, string>;
  /** What is deleted, for the toasts ('Golf course': 'Golf course deleted', 'Failed to delete golf course'). */
  noun: string;
  title: string;
  confirmLabel: string;
  /** What goes with the row, and what would stop the delete. */
  message: (target: T) => ReactNode;
}

/** Asks before deleting a row, then deletes it and says how that went; the dialog closes either way. */
export function DeleteDialog<T extends { id: string }>({
  target,
  onClose,
  remove,
  noun,
  title,
  confirmLabel,
  message,
}: DeleteDialogProps<T>) {
  if (!target) return null;
  const confirm = () =>
    remove.mutate(target.id, {
      onSuccess: () => notify.success(`${noun} deleted`),
      onError: notifyFailure(`Failed to delete ${noun.toLowerCase()}`),
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      message={message(target)}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
