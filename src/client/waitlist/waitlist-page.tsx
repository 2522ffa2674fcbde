// /admin/waitlist (staff, R25): each sold-out level's waitlist in order, with who holds an offer and until when; staff
// remove an entry (an open offer's places are released with it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { errorMessage, api } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { activeTournamentsQuery } from '../registration/queries';
import type { ApiAnswer } from '../lib/api-types';
import type { WaitlistEntry } from '../registration/waitlist-queries';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ConfirmDialog } from '../ui/dialog';
import { ListState } from '../ui/table';

const staffWaitlistQuery = (tournamentId: string) => ({
  queryKey: ['admin', 'waitlist', tournamentId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ApiAnswer<'/api/admin/waitlist'>>(`/api/admin/waitlist?tournamentId=${tournamentId}`, { signal }).then((r) => r.entries),
});

export function WaitlistPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const entries = useQuery({ ...staffWaitlistQuery(tournamentId), enabled: Boolean(tournamentId) });
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/admin/waitlist/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  useFailureToast(entries.isError, 'Failed to load data');

  const byLevel = new Map<string, WaitlistEntry[]>();
  for (const entry of entries.data ?? []) byLevel.set(entry.levelName, [...(byLevel.get(entry.levelName) ?? []), entry]);

  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify.success(`${removing.contactName} removed from the waitlist`);
        setRemoving(null);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to remove the entry')),
    });

  return (
    <div className="flex flex-col gap-4">
      <title>Waitlist · Admin · Golf Tournament</title>
      <h1 className="text-2xl font-bold">Waitlist</h1>
      <TournamentPicker {...picker} className="max-w-md" />
      {entries.data && byLevel.size > 0 ? (
        [...byLevel].map(([levelName, list]) => (
          <Card key={levelName} className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold">{levelName}</h2>
            <ol aria-label={`Waitlist for ${levelName}`} className="flex flex-col divide-y divide-stone-100">
              {list.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-semibold">{entry.position}.</span> {entry.contactName} ·{' '}
                    <span className="break-all text-stone-600">{entry.contactEmail}</span> · {entry.teamsWanted}{' '}
                    {entry.teamsWanted === 1 ? 'team' : 'teams'}
                    <span className="block text-xs text-stone-600">
                      Joined {formatDateTime(entry.createdAt)}
                      {entry.status === 'offered' && entry.offerExpiresAt
                        ? ` · offer open until ${formatDateTime(entry.offerExpiresAt, { withZone: true })}`
                        : ''}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setRemoving(entry)}
                    aria-label={`Remove ${entry.contactName} from the ${levelName} waitlist`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
          </Card>
        ))
      ) : (
        <ListState
          loading={entries.isPending && Boolean(tournamentId)}
          error={entries.isError}
          empty={!tournamentId || Boolean(entries.data && byLevel.size === 0)}
          emptyText="Nobody is waiting for a place in this tournament."
          onRetry={() => void entries.refetch()}
        />
      )}
      <ConfirmDialog
        open={removing != null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove from the waitlist?"
        message={
          <p>
            {removing
              ? `${removing.contactName} leaves the ${removing.levelName} waitlist${removing.status === 'offered' ? ' and the places kept for them are released' : ''}.`
              : ''}
          </p>
        }
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
