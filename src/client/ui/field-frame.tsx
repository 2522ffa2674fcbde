// What every labelled field shares (Field, SelectField, TextAreaField): the label tied to the control, the hint under it and
// the message announced to screen readers, both named by the control's aria-describedby; aria-invalid while there is a message.
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/** The props the frame gives its control. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  className?: string;
}

/** The border of a control: red while it has a message. */
export const controlBorder = (error: string | undefined) => (error ? 'border-red-600' : 'border-stone-300');

export function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
