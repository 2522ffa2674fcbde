// A labelled input whose error shows beside it and is announced to screen readers.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlBorder, FieldFrame, type FieldFrameProps } from './field-frame';

export interface FieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldFrameProps> {}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, className, id, ...props }, ref) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={cn(
            'h-11 rounded-md border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500 sm:h-10 sm:text-sm',
            controlBorder(error),
          )}
          {...props}
        />
      )}
    </FieldFrame>
  );
});
