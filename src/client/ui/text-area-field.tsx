// A labelled multi-line input, with its hint and error tied to it like Field's.
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, className, id, rows = 3, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'rounded-md border bg-white px-3 py-2 text-base text-stone-900 sm:text-sm',
          error ? 'border-red-600' : 'border-stone-300',
        )}
        {...props}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={`${inputId}-error`} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
});
