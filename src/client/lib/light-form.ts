// A small form state for the pages a signed-out visitor sees first (Login, Sign Up): the same shared zod schemas as the
// server, loaded on demand (when a field is first focused, at the latest on submit), so the first load of /auth and
// /register carries neither zod nor react-hook-form (docs/decisions/003-client-size.md). It behaves like the other forms:
// messages beside their fields after the first submit, re-checked as the visitor types, focus on the first wrong field.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { useOneAtATime } from './use-one-at-a-time';

type Values = Record<string, string>;
type Errors<T> = Partial<Record<keyof T, string>>;

export function useLightForm<T extends Values, Out>(loadSchema: () => Promise<ZodType<Out, T>>, defaults: T) {
  const [values, setValues] = useState<T>(defaults);
  const [errors, setErrors] = useState<Errors<T>>({});
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const oneAtATime = useOneAtATime();

  async function check(next: T): Promise<{ ok: true; data: Out } | { ok: false; errors: Errors<T> }> {
    const result = (await loadSchema()).safeParse(next);
    if (result.success) return { ok: true, data: result.data };
    const found: Errors<T> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T;
      found[name] ??= issue.message;
    }
    return { ok: false, errors: found };
  }

  function field<K extends keyof T & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onFocus: () => void loadSchema(),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted.current) void check(next).then((r) => setErrors(r.ok ? {} : r.errors));
      },
    };
  }

  function handleSubmit(onValid: (data: Out) => Promise<void> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      // A second submit while the first is checked or sent does nothing (a double click signed up twice).
      await oneAtATime(async () => {
        const result = await check(values);
        if (!result.ok) {
          setErrors(result.errors);
          const first = Object.keys(defaults).find((name) => result.errors[name]);
          if (first) (formRef.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
          return;
        }
        setErrors({});
        await onValid(result.data);
      });
    };
  }

  /** Shows the server's messages beside their fields (e.g. 'This password is too common', which only the server knows). */
  function showErrors(fields: Record<string, string> | undefined) {
    const known = Object.fromEntries(Object.entries(fields ?? {}).filter(([name]) => name in defaults)) as Errors<T>;
    if (Object.keys(known).length === 0) return;
    setErrors(known);
    const first = Object.keys(defaults).find((name) => known[name]);
    if (first) (formRef.current?.elements.namedItem(first) as HTMLInputElement | null)?.focus();
  }

  function reset() {
    submitted.current = false;
    setValues(defaults);
    setErrors({});
  }

  return { formRef, field, handleSubmit, reset, showErrors };
}
