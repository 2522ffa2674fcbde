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
    </div>
  );
}
