// /admin/tournaments, shown as Tournaments (admins only, R8): the tournament form and the list of every tournament.
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { AdminHeading } from '../admin/admin-heading';
import { Button } from '../ui/button';
import { TournamentEditor } from './tournament-form';
import { TournamentList } from './tournament-list';
import { tournamentsQuery } from './queries';

export function TournamentsPage() {
  const list = useQuery(tournamentsQuery);
  // null: no form open; { id: null }: a new tournament; { id }: editing that one.
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <AdminHeading
        title="Tournaments"
        actions={
          editing ? null : (
            <Button onClick={() => setEditing({ id: null })}>
              <Plus aria-hidden className="size-4" />
              New Tournament
            </Button>
          )
        }
      >
        Dates, team limit, golf course, and the sponsorship levels each tournament offers at its own prices.
      </AdminHeading>
      {editing ? (
        <TournamentEditor
          key={editing.id ?? 'new'}
          tournamentId={editing.id}
          currency={list.data?.currency ?? 'USD'}
          organisation={list.data?.organisation ?? ''}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <section aria-labelledby="tournament-list-heading" className="flex flex-col gap-3">
        <h2 id="tournament-list-heading" className="text-lg font-semibold">
          All tournaments
        </h2>
        <TournamentList
          tournaments={list.data?.tournaments}
          loading={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          onEdit={(id) => setEditing({ id })}
        />
      </section>
    </div>
  );
}
