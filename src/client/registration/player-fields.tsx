// The four players of a team: one set of fields for the single-team, multi-team and edit forms.
import { useFormContext } from 'react-hook-form';
import { useFieldError } from './use-field-error';
import { handicapFromText, PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import { Field } from '../ui/field';

export function PlayerFields({ name, idPrefix }: { name: string; idPrefix: string }) {
  const { register } = useFormContext();
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
        {Array.from({ length: PLAYERS_PER_TEAM }, (_, i) => {
          const at = `${name}.${i}`;
          return (
            <fieldset key={i} className="rounded-md border border-stone-200 p-3 sm:p-4">
              <legend className="px-1 text-sm font-semibold text-stone-800">Player {i + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  id={`${idPrefix}-p${i}-first`}
                  label="First name"
                  autoComplete="off"
                  error={error(`${at}.firstName`)}
                  {...register(`${at}.firstName`)}
                />
                <Field
                  id={`${idPrefix}-p${i}-last`}
                  label="Last name"
                  autoComplete="off"
                  error={error(`${at}.lastName`)}
                  {...register(`${at}.lastName`)}
                />
                <Field
                  id={`${idPrefix}-p${i}-email`}
                  label="Email"
                  type="email"
                  autoComplete="off"
                  error={error(`${at}.email`)}
                  {...register(`${at}.email`)}
                />
                <Field
                  id={`${idPrefix}-p${i}-phone`}
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="off"
                  error={error(`${at}.phone`)}
                  {...register(`${at}.phone`)}
                />
                <Field
                  id={`${idPrefix}-p${i}-handicap`}
                  label="Handicap Index (optional)"
                  inputMode="decimal"
                  autoComplete="off"
                  hint="-10.0 to 54.0, for net scoring"
                  error={error(`${at}.handicapIndex`)}
                  {...register(`${at}.handicapIndex`, { setValueAs: handicapFromText })}
                />
              </div>
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
