// A labelled native select: light, accessible, and the phone's own picker on a small screen.
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlBorder, FieldFrame, type FieldFrameProps } from './field-frame';

export interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldFrameProps> {}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, className, id, children, ...props },
  ref,
) {
  return (
    // min-w-0: in a grid or a row the field may be narrower than its longest option (a long tournament name on a phone);
    // the select then shows what fits instead of pushing the page sideways.
    <FieldFrame label={label} error={error} hint={hint} id={id} className={cn('min-w-0', className)}>
      {(control) => (
        <select
          ref={ref}
          {...control}
          className={cn('h-11 rounded-md border bg-white px-3 text-base sm:h-10 sm:text-sm', controlBorder(error))}
          {...props}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
});
