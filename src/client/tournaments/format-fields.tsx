// The tournament form's format and scoring (R28, R29, R31): stroke play, scramble or best ball (best 1 or 2), net scoring,
// and the holes the shotgun keeps to one group.
import { useFormContext } from 'react-hook-form';
import { allowanceText, FORMAT_LABELS, FORMATS } from '../../shared/formats';
import type { TournamentFormValues } from '../../shared/tournament-schemas';
import { bindFields } from '../lib/bind-fields';
import { Field } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { LabelledOptions } from '../ui/select-options';

export function FormatFields() {
  const form = useFormContext<TournamentFormValues>();
  const field = bindFields(form);
  const { register, watch } = form;
  const format = watch('format');
  const net = watch('netScoring');
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-base font-semibold">Format and scoring</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Format" {...field('format')}>
          <LabelledOptions values={FORMATS} labels={FORMAT_LABELS} />
        </SelectField>
        {format === 'best_ball' ? (
          <SelectField label="Scores counted per hole" {...field('bestBalls')}>
            <option value="1">Best 1 of the team</option>
            <option value="2">Best 2 of the team</option>
          </SelectField>
        ) : (
          <p className="self-end pb-2 text-sm text-stone-600">
            {format === 'scramble' ? 'One team score per hole: score entry shows one row, Team.' : 'Every player’s strokes count.'}
          </p>
        )}
        <Field
          label="Holes with one group only"
          hint="Shotgun: with more teams than holes, par 5s then 4s then 3s take a second group, except these (e.g. 9, 18)"
          autoComplete="off"
          {...field('singleGroupHoles')}
        />
      </div>
      <label className="flex w-fit items-center gap-2 text-sm font-medium text-stone-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...register('netScoring')} />
        Net scoring: rank by net (handicaps)
      </label>
      {net ? <p className="text-sm text-stone-600">{allowanceText(format)}</p> : null}
    </fieldset>
  );
}
