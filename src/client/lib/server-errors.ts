// The one way a form shows the server's per-field messages (a 400's `fields`) beside its own fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

interface Options<T extends FieldValues> {
  /** Only these fields take a message (the others are the caller's to word, e.g. a broken link). Default: every field. */
  only?: readonly Path<T>[];
  /** Where the server's field path sits in the form (undefined: nowhere), when the two differ. */
  fieldFor?: (serverPath: string) => Path<T> | undefined;
}

/**
 * Puts each of the server's field messages on the form's field of that name (react-hook-form's `setError`). Returns how many
 * fields took a message, so a caller can toast the error only when no field shows it.
 */
export function applyServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  options: Options<T> = {},
): number {
  if (!(error instanceof ApiError) || !error.fields) return 0;
  let applied = 0;
  for (const [serverPath, message] of Object.entries(error.fields)) {
    const field = options.fieldFor ? options.fieldFor(serverPath) : (serverPath as Path<T>);
    if (!field || !message || (options.only && !options.only.includes(field))) continue;
    form.setError(field, { message });
    applied++;
  }
  return applied;
}
