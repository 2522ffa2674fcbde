// The new-password input of the reset page and the profile's change form (R6, R34): one label, hint and autocomplete.
import { forwardRef } from 'react';
import { Field, type FieldProps } from '../ui/field';

export const NEW_PASSWORD_HINT = 'At least 8 characters, not a common password';

export const NewPasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'label' | 'type' | 'autoComplete' | 'hint'>>(
  function NewPasswordField(props, ref) {
    return <Field ref={ref} label="New password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...props} />;
  },
);
