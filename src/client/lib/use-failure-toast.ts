// A query that fails says so in a toast (the spec's 'Failed to load …'), once each time it fails, beside the page's own
// Try again.
import { useEffect } from 'react';
import { notify } from './toast';

export function useFailureToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) notify.error(message);
  }, [failed, message]);
}
