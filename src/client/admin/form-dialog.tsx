// The add-or-edit dialog of an admin list (golf course, sponsorship level): the dialog around the form, and what saving says.
import type { ReactNode } from 'react';
import { notify } from '../lib/toast';
import { Dialog } from '../ui/dialog';
import { notifyFailure } from './notify-failure';

/** Open while mounted; closing it (Escape, the ×) calls onClose. */
export function FormDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      {children}
    </Dialog>
  );
}

/**
 * The mutate callbacks of a save: the spec's toast ('Golf course updated' / 'Golf course created') and close, or on failure
 * 'Failed to save golf course' with the server's reason, the form left open to correct.
 */
export const saveFeedback = (noun: string, editing: boolean, onClose: () => void) => ({
  onSuccess: () => {
    notify.success(`${noun} ${editing ? 'updated' : 'created'}`);
    onClose();
  },
  onError: notifyFailure(`Failed to save ${noun.toLowerCase()}`),
});
