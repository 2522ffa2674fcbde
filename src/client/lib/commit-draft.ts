// An input that saves its draft on its own (no form submit): when the user leaves it, or presses Enter in it.
import type { KeyboardEvent } from 'react';

/** The input's onBlur and onKeyDown: both call `commit`; Enter does not submit a surrounding form. */
export function commitDraftOn(commit: () => void) {
  return {
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      commit();
    },
  };
}
