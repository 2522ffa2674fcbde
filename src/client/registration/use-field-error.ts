import { get, useFormContext } from 'react-hook-form';

/** The message of a (nested) field's error in the surrounding form, e.g. 'teams.0.players.2.email'. */
export function useFieldError() {
  const { formState } = useFormContext();
  return (path: string): string | undefined => (get(formState.errors, path) as { message?: string } | undefined)?.message;
}
