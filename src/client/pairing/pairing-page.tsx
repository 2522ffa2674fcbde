// /admin/pairing (admin): a tournament's unpaired singles and its teams with free spots; tick singles, choose a team with
// free spots or name a new one, place them (R43). Checkboxes, a select and buttons: it works by keyboard and on a phone.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TournamentPicker, useChosenTournament } from '../admin/tournament-picker';
import { CHOOSE_TARGET_MESSAGE, pairingSchema, WAITING_FOR_PAYMENT_LABEL } from '../../shared/pairing';
import { AdminHeading } from '../admin/admin-heading';
import { formatDateTime } from '../lib/format';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { useFailureToast } from '../lib/use-failure-toast';
import { activeTournamentsQuery } from '../registration/queries';
import { PaymentBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { ListState } from '../ui/table';
import { pairingQuery, usePlaceSingles, type PairingBoard } from './queries';

const LOAD_FAILED = 'Failed to load singles.';
const NEW_TEAM = 'new';

export function PairingPage() {
  const tournaments = useQuery(activeTournamentsQuery);
  const list = tournaments.data?.tournaments ?? [];
  const { tournamentId, picker } = useChosenTournament(tournaments.data?.tournaments);
  const board = useQuery(pairingQuery(tournamentId));
  useFailureToast(board.isError, LOAD_FAILED);

  return (
    <div className="flex flex-col gap-4">
      <AdminHeading title="Pairing">
        Golfers who bought a single place wait here until you place them into a team. Each golfer placed gets an e-mail naming the team.
      </AdminHeading>
      {tournaments.isSuccess && list.length === 0 ? <p className="py-8 text-center text-stone-600">No active tournaments.</p> : null}
      {tournamentId ? (
        <>
          <TournamentPicker {...picker} className="sm:max-w-md" />
          <ListState
            loading={board.isPending}
            error={board.isError}
            empty={false}
            emptyText=""
            errorText={LOAD_FAILED}
            onRetry={() => void board.refetch()}
          />
          {/* Keyed by tournament: a new tournament starts with nothing ticked. */}
          {board.data ? <Pairing key={tournamentId} tournamentId={tournamentId} board={board.data} /> : null}
        </>
      ) : null}
    </div>
  );
}

function Pairing({ tournamentId, board }: { tournamentId: string; board: PairingBoard }) {
  const place = usePlaceSingles(tournamentId);
  const [ticked, setTicked] = useState<string[]>([]);
  const [target, setTarget] = useState('');
  const [newTeamName, setNewTeamName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A single paired meanwhile (another admin) drops out of the choice.
  const chosen = ticked.filter((id) => board.singles.some((s) => s.id === id));
  const level = board.singles.find((s) => s.id === chosen[0])?.levelId;
  // Teams at the chosen singles' level with room for all of them.
  const fitting = board.teams.filter((t) => (level === undefined || t.levelId === level) && t.freeSpots >= Math.max(1, chosen.length));

  const toggle = (id: string, on: boolean) => setTicked((now) => (on ? [...now, id] : now.filter((x) => x !== id)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = {
      tournamentId,
      singleIds: chosen,
      teamId: target && target !== NEW_TEAM ? target : undefined,
      newTeamName: target === NEW_TEAM ? newTeamName : undefined,
    };
    const parsed = pairingSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'teamId'), i.message])));
      return;
    }
    setErrors({});
    place.mutate(input, {
      onSuccess: ({ team }) => {
        notify.success(`Placed in ${team.name}: ${team.golfers.join(', ')}`);
        setTicked([]);
        setTarget('');
        setNewTeamName('');
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to place the singles')),
    });
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Unpaired singles ({board.singles.length})</h2>
        {board.singles.length === 0 ? (
          <p className="text-sm text-stone-600">No singles are waiting for a team.</p>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Place singles">
            <fieldset className="flex flex-col gap-2" aria-describedby={errors.singleIds ? 'pairing-singles-error' : undefined}>
              <legend className="mb-1 text-sm font-medium text-stone-800">Choose up to four singles at one level</legend>
              <ul className="flex flex-col gap-2">
                {board.singles.map((single) => {
                  const otherLevel = level !== undefined && single.levelId !== level;
                  return (
                    <li key={single.id}>
                      <label
                        className={`flex items-start gap-3 rounded-md border p-3 ${chosen.includes(single.id) ? 'border-brand-700 bg-brand-50' : 'border-stone-200'}`}
                      >
                        <input
                          type="checkbox"
                          className="mt-1 size-5 accent-brand-700"
                          checked={chosen.includes(single.id)}
                          disabled={!single.placeable || (otherLevel && !chosen.includes(single.id))}
                          onChange={(e) => toggle(single.id, e.target.checked)}
                        />
                        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                          <span className="font-medium">
                            {single.firstName} {single.lastName}
                          </span>
                          <span className="text-sm break-words text-stone-600">
                            {single.levelName ?? 'No level'}
                            {single.handicapIndex != null ? ` · Handicap Index ${single.handicapIndex.toFixed(1)}` : ''} · registered{' '}
                            {formatDateTime(single.registeredAt)}
                          </span>
                          <span className="flex flex-wrap items-center gap-2 text-sm">
                            <PaymentBadge status={single.status} />
                            {single.placeable ? null : <span className="text-stone-700">{WAITING_FOR_PAYMENT_LABEL}</span>}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {errors.singleIds ? (
                <p id="pairing-singles-error" className="text-sm text-red-700">
                  {errors.singleIds}
                </p>
              ) : null}
            </fieldset>
            <SelectField
              label="Place them into"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              error={errors.teamId === CHOOSE_TARGET_MESSAGE && target !== NEW_TEAM ? errors.teamId : undefined}
            >
              <option value="">Choose a team…</option>
              <option value={NEW_TEAM}>A new team</option>
              {fitting.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name} · {team.freeSpots} free {team.freeSpots === 1 ? 'spot' : 'spots'}
                </option>
              ))}
            </SelectField>
            {target === NEW_TEAM ? (
              <Field
                label="New team name"
                value={newTeamName}
                onChange={(e) => setNewTeamName(e.target.value)}
                error={errors.newTeamName ?? (errors.teamId && target === NEW_TEAM ? errors.teamId : undefined)}
                autoComplete="off"
              />
            ) : null}
            <Button type="submit" disabled={place.isPending} className="self-start">
              {place.isPending
                ? 'Placing…'
                : `Place ${chosen.length || ''} ${chosen.length === 1 ? 'single' : 'singles'}`.replace('  ', ' ')}
            </Button>
          </form>
        )}
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Teams with free spots ({board.teams.length})</h2>
        {board.teams.length === 0 ? (
          <p className="text-sm text-stone-600">Every team has four golfers.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {board.teams.map((team) => (
              <li key={team.id} className="rounded-md border border-stone-200 p-3">
                <p className="font-medium">
                  {team.name}{' '}
                  <span className="text-sm font-normal text-stone-600">
                    · {team.levelName ?? 'No level'} · {team.freeSpots} free {team.freeSpots === 1 ? 'spot' : 'spots'}
                  </span>
                </p>
                <p className="text-sm break-words text-stone-700">{team.golfers.join(', ') || 'No golfers yet'}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
