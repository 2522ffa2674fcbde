// Whether this render may differ from the server's HTML. While React hydrates a server-rendered page (Home, /leaderboard)
// it must render exactly what the server did; the server knows no visitor, so anything read from the browser (who is
// signed in, answered by a request that can land mid-hydration) waits for the render after (React error #418 otherwise).
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and during hydration, true in every render after it (and from the start where nothing hydrates). */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
