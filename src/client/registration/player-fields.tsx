// The four players of a team: one set of fields for the single-team, multi-team and edit forms. Per player the leader
// chooses who fills the details in (R42): 'Ask the golfer' sends a personal link to the player's e-mail.
import { useFormContext, useWatch } from 'react-hook-form';
import { useFieldError } from './use-field-error';
import { handicapFromText } from '../../shared/handicap';
import { ANSWERED_BY, ANSWERED_BY_LABELS, PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import { Field } from '../ui/field';

export function PlayerFields({ name, idPrefix }: { name: string; idPrefix: string }) {
  const error = useFieldError();
  const listError = error(name) ?? error(`${name}.root`);
  return (
    <div className="flex flex-col gap-4">
      {listError ? (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <div className="grid gap-4">
        {Array.from({ length: PLAYERS_PER_TEAM }, (_, i) => (
          <OnePlayer key={i} at={`${name}.${i}`} id={`${idPrefix}-p${i}`} number={i + 1} />
        ))}
      </div>
    </div>
  );
}

function OnePlayer({ at, id, number }: { at: string; id: string; number: number }) {
  const { register } = useFormContext();
  const error = useFieldError();
  const byGolfer = useWatch({ name: `${at}.answeredBy` }) === 'golfer';
  return (
    <fieldset className="rounded-md border border-stone-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">Player {number}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-first`} label="First name" autoComplete="off" error={error(`${at}.firstName`)} {...register(`${at}.firstName`)} />
        <Field id={`${id}-last`} label="Last name" autoComplete="off" error={error(`${at}.lastName`)} {...register(`${at}.lastName`)} />
        <div
          role="radiogroup"
          aria-label={`Player ${number}: who fills in the details`}
          className="flex flex-wrap gap-x-5 gap-y-2 sm:col-span-2"
        >
          {ANSWERED_BY.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
              <input type="radio" value={value} className="size-4 accent-green-800" {...register(`${at}.answeredBy`)} />
              {ANSWERED_BY_LABELS[value]}
            </label>
          ))}
        </div>
        <Field
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="off"
          hint={byGolfer ? 'The golfer gets a personal link here to fill in their details' : undefined}
          error={error(`${at}.email`)}
          {...register(`${at}.email`)}
        />
        <Field
          id={`${id}-phone`}
          label="Phone (optional)"
          type="tel"
          autoComplete="off"
          error={error(`${at}.phone`)}
          {...register(`${at}.phone`)}
        />
        {byGolfer ? null : (
          <Field
            id={`${id}-handicap`}
            label="Handicap Index (optional)"
            inputMode="decimal"
            autoComplete="off"
            hint="-10.0 to 54.0, for net scoring"
            error={error(`${at}.handicapIndex`)}
            {...register(`${at}.handicapIndex`, { setValueAs: handicapFromText })}
          />
        )}
      </div>
    </fieldset>
  );
}
