import { useCallback, useRef } from 'react';

/**
 * Runs a task unless the one started before is still running: a double tap on a submit button sends once. A button
 * disabled while its request is pending is not enough, as the second tap can come before the page has redrawn it.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback(async (task: () => Promise<unknown>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } finally {
      running.current = false;
    }
  }, []);
}
