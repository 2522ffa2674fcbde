// A labelled multi-line input, with its hint and error tied to it like Field's.
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlBorder, FieldFrame, type FieldFrameProps } from './field-frame';

export interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldFrameProps> {}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, className, id, rows = 3, ...props },
  ref,
) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={rows}
          className={cn('rounded-md border bg-white px-3 py-2 text-base text-stone-900 sm:text-sm', controlBorder(error))}
          {...props}
        />
      )}
    </FieldFrame>
  );
});
