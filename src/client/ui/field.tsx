// A labelled input whose error shows beside it and is announced to screen readers.
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cn } from './cn';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, className, id, ...props }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-11 rounded-md border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 sm:h-10 sm:text-sm',
          error ? 'border-red-600' : 'border-stone-300',
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="min-h-0 text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
});
