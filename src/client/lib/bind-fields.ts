// Ties the field components (Field, SelectField, TextAreaField, WholeNumberField) to a react-hook-form form: `field('name')`
// gives register's props and that field's message together, so the two always name the same field. The same call as
// light-form's `field()` on the first-load pages (docs/decisions/108).
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

type BindableForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;

export function bindFields<T extends FieldValues>(form: BindableForm<T>) {
  return function field<N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) {
    // getFieldState with the formState proxy subscribes this render to the field's error, as reading formState.errors does.
    return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
  };
}
