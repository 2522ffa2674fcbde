// The foot of every dialog form: Cancel beside the one action, which says what it is doing while the request runs.
import { Button } from './button';
import { cn } from './cn';

interface FormActionsProps {
  onCancel: () => void;
  /** The action's label, and its label while busy ('Save Changes', 'Saving…'). */
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Disabled for a reason other than a running request (nothing changed, say). */
  disabled?: boolean;
  /** Without it the action submits its form; with it the action is a plain button (a confirmation has no form). */
  onConfirm?: () => void;
  danger?: boolean;
  className?: string;
}

export function FormActions({ onCancel, label, busyLabel, busy, disabled, onConfirm, danger, className }: FormActionsProps) {
  return (
    <div className={cn('flex justify-end gap-3', className)}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={danger ? 'danger' : 'primary'}
        disabled={busy || disabled}
        onClick={onConfirm}
      >
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
