// Company and contact details, shared by the registration forms and the edit form.
import { useFormContext } from 'react-hook-form';
import { useFieldError } from './use-field-error';
import { Field } from '../ui/field';

export function ContactFields() {
  const { register } = useFormContext();
  const error = useFieldError();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Company" hint="Optional" autoComplete="organization" error={error('company')} {...register('company')} />
      <Field label="Contact name" autoComplete="name" error={error('contactName')} {...register('contactName')} />
      <Field label="Contact phone" type="tel" autoComplete="tel" error={error('contactPhone')} {...register('contactPhone')} />
      <Field label="Contact email" type="email" autoComplete="email" error={error('contactEmail')} {...register('contactEmail')} />
      {/* R40: consent, off unless the leader ticks it; the event page then names the company among the sponsors. */}
      <label className="flex items-start gap-2 text-sm text-stone-800 sm:col-span-2">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...register('showCompanyAsSponsor')} />
        <span>Show our company among the event's sponsors on the event page</span>
      </label>
    </div>
  );
}
