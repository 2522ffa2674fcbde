// The sponsorship configuration of the tournament form: which levels it offers, each with its price and places (R13, R16).
import { Lock } from 'lucide-react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { Link } from '../router';
import type { TournamentFormValues } from '../../shared/tournament-schemas';
import { Field } from '../ui/field';
import type { LevelChoice, OfferedLevel } from './queries';

const NO_VALUE_HINT = 'No value received: its receipts will say the whole price may be deductible, though a team place includes golf.';

const teams = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'} registered`;
const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** The line under a level: its teams when it has some, else its description and its usual number of places. */
export function levelHint(level: Pick<LevelChoice, 'description' | 'maxTeams'>, registered: number): string {
  if (registered > 0) return `${teams(registered)}: it stays offered, with at least ${places(registered)}.`;
  const usually = `Usually ${places(level.maxTeams)}.`;
  return level.description ? `${level.description} · ${usually}` : usually;
}

export function LevelOffers({ levels, offered, currency }: { levels: LevelChoice[]; offered: OfferedLevel[]; currency: string }) {
  const { register, formState } = useFormContext<TournamentFormValues>();
  const rows = useWatch<TournamentFormValues, 'levels'>({ name: 'levels' });
  const error = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-semibold text-stone-900">Sponsorship levels</legend>
      <p className="-mt-1 text-sm text-stone-600">
        Tick each level this tournament offers, with its price per team and its places: how many teams can register at it.
      </p>
      {levels.length === 0 ? (
        <p className="rounded-md bg-stone-100 p-4 text-sm text-stone-700">
          There are no sponsorship levels yet. Create them on the{' '}
          <Link to="/admin/sponsorship-levels" className="font-semibold text-brand-800 underline">
            Sponsorship Levels
          </Link>{' '}
          page first.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {levels.map((level, i) => {
            const registered = offered.find((o) => o.levelId === level.id)?.teamsRegistered ?? 0;
            return (
              <li key={level.id}>
                <fieldset className="rounded-md border border-stone-200 p-3 sm:p-4">
                  <legend className="sr-only">{level.name}</legend>
                  {registered > 0 ? (
                    // A level with teams cannot be dropped (the server refuses it too): no checkbox to untick.
                    <p className="flex items-center gap-2 font-medium">
                      <Lock aria-hidden className="size-4 text-stone-600" />
                      {level.name}
                    </p>
                  ) : (
                    <label className="flex w-fit items-center gap-2 font-medium">
                      <input type="checkbox" className="size-4 accent-brand-700" {...register(`levels.${i}.offered`)} />
                      {level.name}
                    </label>
                  )}
                  <p className="mt-1 text-sm text-stone-600">{levelHint(level, registered)}</p>
                  {rows?.[i]?.offered ? (
                    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                      <Field
                        label={`Price per team (${currency})`}
                        inputMode="decimal"
                        autoComplete="off"
                        error={error(`levels.${i}.price`)}
                        {...register(`levels.${i}.price`)}
                      />
                      <Field
                        label="Places"
                        inputMode="numeric"
                        autoComplete="off"
                        error={error(`levels.${i}.maxTeams`)}
                        {...register(`levels.${i}.maxTeams`)}
                      />
                      <Field
                        label={`Value received (${currency})`}
                        hint="Golf, cart, meal: not deductible"
                        inputMode="decimal"
                        autoComplete="off"
                        error={error(`levels.${i}.fmv`)}
                        {...register(`levels.${i}.fmv`)}
                      />
                      <Field
                        label={`Single place price (${currency})`}
                        hint="Empty: whole teams only"
                        inputMode="decimal"
                        autoComplete="off"
                        error={error(`levels.${i}.singlePrice`)}
                        {...register(`levels.${i}.singlePrice`)}
                      />
                      <Field
                        label={`Early-bird price (${currency})`}
                        hint="Empty: none (R58)"
                        inputMode="decimal"
                        autoComplete="off"
                        error={error(`levels.${i}.earlyPrice`)}
                        {...register(`levels.${i}.earlyPrice`)}
                      />
                      <Field
                        label="Early-bird last day"
                        hint="Until midnight that day"
                        type="date"
                        error={error(`levels.${i}.earlyUntil`)}
                        {...register(`levels.${i}.earlyUntil`)}
                      />
                    </div>
                  ) : null}
                  {rows?.[i]?.offered && !(Number(rows[i]!.fmv) > 0) ? (
                    // R39: a team place buys golf; without its value every receipt calls the whole price deductible.
                    <p className="mt-2 text-sm text-amber-900">{NO_VALUE_HINT}</p>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
