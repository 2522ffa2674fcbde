// Live updates for every board on the page (R22), over the boards' one event stream (board-stream.ts).
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../offline/use-online';
import { useReads } from '../lib/first-load-reads';
import { boardsVersion } from '../ssr/page-data';
import type { Leaderboard } from './queries';
import { openBoardStream } from './board-stream';
import type { LiveState } from './live-state';

export function useLiveLeaderboards(): LiveState {
  const { leaderboard } = useReads();
  const [state, setState] = useState<LiveState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const opened = useRef(false);

  useEffect(() => {
    let close: (() => void) | undefined;
    // Boards at the versions already shown change nothing (the stream's first messages repeat the boards the page was
    // opened with): no render, where each would redo the whole board's markup in one task on the phone's main thread.
    const update = (change: (boards: Leaderboard[]) => Leaderboard[]) =>
      leaderboard.set((current) => {
        if (!current) return current;
        const next = change(current.leaderboards);
        return boardsVersion(next) === boardsVersion(current.leaderboards) ? undefined : { leaderboards: next };
      });
    const connect = () => {
      opened.current = true;
      close = openBoardStream({ state: setState, update, again: () => setAttempt((n) => n + 1) });
    };
    // The page's first stream opens once the browser is idle (within a second): the boards are already on screen, and
    // taking the page over comes first (on a slow phone the stream's first messages otherwise land in the middle of
    // hydration). Any later one (reconnecting, back online) opens at once.
    const whenIdle = !opened.current && typeof requestIdleCallback === 'function';
    const pending = whenIdle ? requestIdleCallback(connect, { timeout: 1_000 }) : undefined;
    if (!whenIdle) connect();
    return () => {
      if (pending !== undefined) cancelIdleCallback(pending);
      close?.();
    };
  }, [attempt, online, leaderboard]);

  // Back online: the effect above opens a fresh stream at once (the server then sends every board), rather than waiting
  // for EventSource's own retry.
  return online ? state : 'offline';
}
