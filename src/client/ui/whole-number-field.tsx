// A labelled whole-number input within a range (places, holes, par): the number keypad on a phone, steps of one.
import { forwardRef } from 'react';
import { Field, type FieldProps } from './field';

type Props = Omit<FieldProps, 'type' | 'inputMode' | 'min' | 'max' | 'step'> & { range: { readonly min: number; readonly max: number } };

export const WholeNumberField = forwardRef<HTMLInputElement, Props>(function WholeNumberField({ range, ...props }, ref) {
  return <Field ref={ref} type="number" inputMode="numeric" min={range.min} max={range.max} step={1} {...props} />;
});
