// A labelled native select: light, accessible, and the phone's own picker on a small screen.
import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, className, id, children, ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    // min-w-0: in a grid or a row the field may be narrower than its longest option (a long tournament name on a phone);
    // the select then shows what fits instead of pushing the page sideways.
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn('h-11 rounded-md border bg-white px-3 text-base sm:h-10 sm:text-sm', error ? 'border-red-600' : 'border-stone-300')}
        {...props}
      >
        {children}
      </select>
      <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
});
