import { useSyncExternalStore } from 'react';

/**
 * Whether the media query matches now, re-rendering when it changes (a phone turned sideways, a window resized). A page
 * rendered on the server is rendered for a phone (no query matches), the reader a poor connection is most likely to have.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
