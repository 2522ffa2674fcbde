// /admin/sponsorship-levels (admins): the levels tournaments can offer. Price and places per tournament are set there.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminListPage, DeleteDialog, EditDeleteActions } from '../admin/admin-list-page';
import { Td, Th } from '../ui/table';
import { LevelFormDialog } from './level-form-dialog';
import { sponsorshipLevelsQuery, useDeleteLevel, type SponsorshipLevel } from './queries';

type Editing = { level: SponsorshipLevel | null } | null;

export function SponsorshipLevelsPage() {
  const levels = useQuery(sponsorshipLevelsQuery);
  const remove = useDeleteLevel();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SponsorshipLevel | null>(null);

  return (
    <AdminListPage
      title="Sponsorship Levels"
      intro="The levels a tournament can offer. Each tournament sets its own price and places."
      addLabel="Add Level"
      onAdd={() => setEditing({ level: null })}
      label="Sponsorship levels"
      query={levels}
      emptyText="No sponsorship levels yet. Add one, then offer it in a tournament."
      card={(level) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <p className="font-medium">{level.name}</p>
            <p className="shrink-0 text-sm text-stone-700">Max teams {level.maxTeams}</p>
          </div>
          {level.description ? <p className="text-sm text-stone-600">{level.description}</p> : null}
        </>
      )}
      columns={
        <>
          <Th>Name</Th>
          <Th>Description</Th>
          <Th className="whitespace-nowrap text-right">Max teams</Th>
        </>
      }
      cells={(level) => (
        <>
          <Td className="min-w-36 font-medium">{level.name}</Td>
          <Td className="max-w-md text-stone-700">{level.description || <span className="text-stone-500">None</span>}</Td>
          <Td className="text-right tabular-nums">{level.maxTeams}</Td>
        </>
      )}
      actions={(level) => <EditDeleteActions name={level.name} onEdit={() => setEditing({ level })} onDelete={() => setDeleting(level)} />}
    >
      {editing ? <LevelFormDialog level={editing.level} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        noun="Sponsorship level"
        title="Delete sponsorship level?"
        confirmLabel="Delete Level"
        message={(level) => (
          <p>
            <strong>{level.name}</strong> will be deleted. A level that a tournament offers cannot be deleted until the tournament stops
            offering it.
          </p>
        )}
      />
    </AdminListPage>
  );
}
