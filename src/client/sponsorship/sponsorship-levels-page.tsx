// /admin/sponsorship-levels (admins): the levels tournaments can offer. Price and places per tournament are set there.
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { notifyFailure } from '../admin/notify-failure';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { ActionsTh, ListState, Table, Td, Th, Tr } from '../ui/table';
import { LevelFormDialog } from './level-form-dialog';
import { sponsorshipLevelsQuery, useDeleteLevel, type SponsorshipLevel } from './queries';

type Editing = { level: SponsorshipLevel | null } | null;

export function SponsorshipLevelsPage() {
  const levels = useQuery(sponsorshipLevelsQuery);
  const remove = useDeleteLevel();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SponsorshipLevel | null>(null);
  const rows = levels.data ?? [];

  const confirmDelete = () =>
    remove.mutate(deleting!.id, {
      onSuccess: () => notify.success('Sponsorship level deleted'),
      onError: notifyFailure('Failed to delete sponsorship level'),
      onSettled: () => setDeleting(null),
    });

  return (
    <div className="flex flex-col gap-4">
      <title>Sponsorship Levels · Admin · Golf Tournament</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Sponsorship Levels</h1>
          <p className="mt-1 text-sm text-stone-600">The levels a tournament can offer. Each tournament sets its own price and places.</p>
        </div>
        <Button onClick={() => setEditing({ level: null })}>
          <Plus aria-hidden className="size-4" />
          Add Level
        </Button>
      </div>

      {rows.length ? (
        // A phone: one card per level, its actions in reach.
        <ul aria-label="Sponsorship levels" className="flex flex-col gap-2 sm:hidden">
          {rows.map((level) => (
            <li key={level.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <div>
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium">{level.name}</p>
                  <p className="shrink-0 text-sm text-stone-700">Max teams {level.maxTeams}</p>
                </div>
                {level.description ? <p className="text-sm text-stone-600">{level.description}</p> : null}
              </div>
              <div className="flex gap-2">
                <LevelActions level={level} onEdit={(l) => setEditing({ level: l })} onDelete={setDeleting} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length ? (
        <Table caption="Sponsorship levels" className="hidden sm:block">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Description</Th>
              <Th className="whitespace-nowrap text-right">Max teams</Th>
              <ActionsTh className="text-right" />
            </tr>
          </thead>
          <tbody>
            {rows.map((level) => (
              <Tr key={level.id}>
                <Td className="min-w-36 font-medium">{level.name}</Td>
                <Td className="max-w-md text-stone-700">{level.description || <span className="text-stone-500">None</span>}</Td>
                <Td className="text-right tabular-nums">{level.maxTeams}</Td>
                <Td>
                  <div className="flex justify-end gap-2">
                    <LevelActions level={level} onEdit={(l) => setEditing({ level: l })} onDelete={setDeleting} />
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <div className="rounded-lg border border-stone-200 bg-white">
          <ListState
            loading={levels.isPending}
            error={levels.isError}
            empty
            emptyText="No sponsorship levels yet. Add one, then offer it in a tournament."
            onRetry={() => levels.refetch()}
          />
        </div>
      )}

      {editing ? <LevelFormDialog level={editing.level} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete sponsorship level?"
        message={
          <p>
            <strong>{deleting?.name}</strong> will be deleted. A level that a tournament offers cannot be deleted until the tournament stops offering it.
          </p>
        }
        confirmLabel="Delete Level"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** Edit and Delete of one level: in its table row, or on its card on a phone. */
function LevelActions({ level, onEdit, onDelete }: { level: SponsorshipLevel; onEdit: (level: SponsorshipLevel) => void; onDelete: (level: SponsorshipLevel) => void }) {
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => onEdit(level)}>
        <Pencil aria-hidden className="size-4" />
        Edit<span className="sr-only"> {level.name}</span>
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onDelete(level)}>
        <Trash2 aria-hidden className="size-4" />
        Delete<span className="sr-only"> {level.name}</span>
      </Button>
    </>
  );
}
