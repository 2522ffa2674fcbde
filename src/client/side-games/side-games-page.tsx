// /admin/side-games (staff, R44): the organiser (admin) chooses skins and the contest holes; on the day, staff enter each
// contest hole's winner (team, golfer, distance; a hole in one) from a phone. A saved winner shows on every open board.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminHeading } from '../admin/admin-heading';
import { api, ApiError, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { notify } from '../lib/toast';
import { useMe } from '../auth/session';
import { TournamentPicker } from '../admin/tournament-picker';
import { ChoicesState, useChosenScoringTournament } from '../scoring/chosen-tournament';
import { CONTEST_LABELS, formatDistance, type Contest } from '../../shared/contests';
import { contestResultSchema, sideGameSettingsSchema } from '../../shared/side-games';
import { SKINS_MODE_LABELS, SKINS_MODES, type SkinsMode } from '../../shared/skins';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions, NamedOptions } from '../ui/select-options';
import { ListState } from '../ui/table';

type SideGames = ApiAnswer<'/api/side-games/:tournamentId'>;

const sideGamesQuery = (tournamentId: string) => ({
  queryKey: ['side-games', tournamentId],
  queryFn: ({ signal }: { signal: AbortSignal }) => api<SideGames>(`/api/side-games/${tournamentId}`, { signal }),
});

/** Field messages from a refusal (the server's) or from the shared schema (the same rule, before sending). */
const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError && error.fields ? error.fields : {});

function HolePicker({ label, count, value, onChange }: { label: string; count: number; value: number[]; onChange(holes: number[]): void }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-stone-800">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {Array.from({ length: count }, (_, i) => i + 1).map((hole) => {
          const on = value.includes(hole);
          return (
            <label
              key={hole}
              className={`flex size-10 cursor-pointer items-center justify-center rounded-md border text-sm font-semibold has-focus-visible:ring-2 has-focus-visible:ring-green-700 ${on ? 'border-green-800 bg-green-800 text-white' : 'border-stone-300 bg-white'}`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                aria-label={`${label}: hole ${hole}`}
                onChange={() => onChange(on ? value.filter((h) => h !== hole) : [...value, hole])}
              />
              {hole}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function SettingsCard({ data }: { data: SideGames }) {
  const queryClient = useQueryClient();
  const [skins, setSkins] = useState<SkinsMode>(data.settings.skins);
  const [ctp, setCtp] = useState(data.settings.closestToPinHoles);
  const [ld, setLd] = useState(data.settings.longestDriveHoles);
  const save = useMutation({
    mutationFn: (body: unknown) => api(`/api/side-games/${data.tournament.id}/settings`, { method: 'PUT', body }),
    onSuccess: () => {
      notify.success('Side games saved');
      return queryClient.invalidateQueries({ queryKey: ['side-games', data.tournament.id] });
    },
    onError: (error) => notify.error(errorMessage(error, 'Failed to save the side games')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = sideGameSettingsSchema.safeParse({ skins, closestToPinHoles: ctp, longestDriveHoles: ld });
    if (parsed.success) save.mutate(parsed.data);
  };
  const fields = fieldsOf(save.error);
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Games of the day</h2>
      {data.holeCount === 0 ? (
        <p className="text-sm text-stone-600">Assign a golf course to the tournament first: contests are on its holes.</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <SelectField label="Skins" value={skins} onChange={(e) => setSkins(e.target.value as SkinsMode)} className="max-w-xs">
            <LabelledOptions values={SKINS_MODES} labels={SKINS_MODE_LABELS} />
          </SelectField>
          <HolePicker label="Closest to the pin" count={data.holeCount} value={ctp} onChange={setCtp} />
          {fields.closestToPinHoles ? <p className="text-sm text-red-700">{fields.closestToPinHoles}</p> : null}
          <HolePicker label="Longest drive" count={data.holeCount} value={ld} onChange={setLd} />
          {fields.longestDriveHoles ? <p className="text-sm text-red-700">{fields.longestDriveHoles}</p> : null}
          <Button type="submit" disabled={save.isPending} className="self-start">
            Save side games
          </Button>
        </form>
      )}
    </Card>
  );
}

function WinnerForm({ data, contest, hole }: { data: SideGames; contest: Contest; hole: number }) {
  const queryClient = useQueryClient();
  const current = data.results.find((r) => r.contest === contest && r.hole === hole);
  const [teamId, setTeamId] = useState(current?.teamId ?? '');
  const [playerId, setPlayerId] = useState(current?.playerId ?? '');
  const [feet, setFeet] = useState(current && contest === 'closest_to_pin' ? String(Math.floor(current.distance / 12)) : '');
  const [inches, setInches] = useState(current && contest === 'closest_to_pin' ? String(current.distance % 12) : '');
  const [yards, setYards] = useState(current && contest === 'longest_drive' ? String(current.distance) : '');
  const [holeInOne, setHoleInOne] = useState(current?.holeInOne ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const team = data.teams.find((t) => t.id === teamId);
  const save = useMutation({
    mutationFn: (body: unknown) => api(`/api/side-games/${data.tournament.id}/results`, { method: 'PUT', body }),
    onSuccess: () => {
      notify.success(`${CONTEST_LABELS[contest]}, hole ${hole}: winner saved`);
      return queryClient.invalidateQueries({ queryKey: ['side-games', data.tournament.id] });
    },
    onError: (error) => {
      setErrors(fieldsOf(error));
      notify.error(errorMessage(error, 'Failed to save the winner'));
    },
  });
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const distance =
      contest === 'longest_drive' ? number(yards) : holeInOne ? 0 : (number(feet || '0') || 0) * 12 + (number(inches || '0') || 0);
    const parsed = contestResultSchema.safeParse({
      contest,
      hole,
      teamId,
      playerId: playerId || undefined,
      distance: Number.isNaN(distance) ? undefined : distance,
      holeInOne,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const title = `${CONTEST_LABELS[contest]} · Hole ${hole}`;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <p className="text-sm text-stone-600">
          {current
            ? `Now: ${data.teams.find((t) => t.id === current.teamId)?.name ?? 'a team'} · ${formatDistance(contest, current.distance, current.holeInOne)}`
            : 'No winner yet'}
        </p>
      </div>
      <form onSubmit={submit} aria-label={title} className="grid gap-3 sm:grid-cols-2" noValidate>
        <SelectField
          label="Team"
          value={teamId}
          error={errors.teamId}
          onChange={(e) => {
            setTeamId(e.target.value);
            setPlayerId('');
          }}
        >
          <option value="">Choose the team</option>
          <NamedOptions items={data.teams} />
        </SelectField>
        <SelectField label="Golfer (optional)" value={playerId} error={errors.playerId} onChange={(e) => setPlayerId(e.target.value)}>
          <option value="">—</option>
          <NamedOptions items={team?.players} />
        </SelectField>
        {contest === 'closest_to_pin' ? (
          <div className="flex gap-2">
            <Field
              label="Feet"
              inputMode="numeric"
              value={feet}
              onChange={(e) => setFeet(e.target.value)}
              disabled={holeInOne}
              error={errors.distance}
              className="w-24"
            />
            <Field
              label="Inches"
              inputMode="numeric"
              value={inches}
              onChange={(e) => setInches(e.target.value)}
              disabled={holeInOne}
              className="w-24"
            />
          </div>
        ) : (
          <Field
            label="Yards"
            inputMode="numeric"
            value={yards}
            onChange={(e) => setYards(e.target.value)}
            error={errors.distance}
            className="w-32"
          />
        )}
        <div className="flex flex-wrap items-end justify-between gap-3">
          {contest === 'closest_to_pin' ? (
            <label className="flex h-11 items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-5" checked={holeInOne} onChange={(e) => setHoleInOne(e.target.checked)} />
              Hole in one
            </label>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={save.isPending}>
            Save winner
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function SideGamesPage() {
  const { choices, tournament, picker } = useChosenScoringTournament();
  const { data: me } = useMe();
  const sideGames = useQuery({ ...sideGamesQuery(tournament?.id ?? ''), enabled: Boolean(tournament) });
  const data = sideGames.data;
  const contestHoles = data
    ? [
        ...data.settings.closestToPinHoles.map((hole) => ({ contest: 'closest_to_pin' as const, hole })),
        ...data.settings.longestDriveHoles.map((hole) => ({ contest: 'longest_drive' as const, hole })),
      ].sort((a, b) => a.hole - b.hole)
    : [];
  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Side Games">
        Skins come from the scores entered; contest winners are entered here and show on the leaderboard at once.
      </AdminHeading>
      <ChoicesState choices={choices} />
      {tournament ? (
        <>
          <TournamentPicker {...picker} />
          <ListState
            loading={sideGames.isPending}
            error={sideGames.isError}
            empty={false}
            emptyText=""
            onRetry={() => void sideGames.refetch()}
          />
          {data ? (
            <>
              {me?.user.role === 'admin' ? <SettingsCard key={data.tournament.id} data={data} /> : null}
              <section aria-label="Contest winners" className="flex flex-col gap-3">
                <h2 className="text-lg font-semibold">Contest winners</h2>
                {contestHoles.length === 0 ? (
                  <p className="text-sm text-stone-600">No contest holes chosen yet.</p>
                ) : (
                  contestHoles.map(({ contest, hole }) => (
                    <WinnerForm key={`${data.tournament.id}-${contest}-${hole}`} data={data} contest={contest} hole={hole} />
                  ))
                )}
              </section>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
