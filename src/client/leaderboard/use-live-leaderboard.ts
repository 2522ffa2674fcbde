// Live updates for every board on the page (R22), over one EventSource: the server sends which tournaments are active and
// each one's whole board at once, then each change (a score saved through any app process, a tournament activated or
// closed): a board the stream sent before comes as the rows that changed (docs/decisions/128). EventSource reconnects by
// itself after a dropped connection, and the server then sends everything again.
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../offline/use-online';
import { LEADERBOARD_PATCH_EVENT, type BoardPatch } from '../../shared/stream-patch';
import { useReads } from '../lib/first-load-reads';
import { boardsVersion } from '../ssr/page-data';
import { LEADERBOARD_EVENTS_URL, type ActiveTournaments, type Leaderboard } from './queries';
import { boardPatchLoaded, loadBoardPatch } from './leaderboard-board';

/** `offline`: the browser has no connection; the page keeps the last boards it received (R32) and catches up once back. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** When the server refuses the stream outright (EventSource then gives up), try again after this long. */
const RETRY_AFTER_CLOSE_MS = 5_000;

/** The newer of two versions of a board: a refetch answered late must not undo a pushed update. */
const newer = (current: Leaderboard, incoming: Leaderboard) =>
  Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt) ? incoming : current;

/** The boards with `board` in its place: replaced if shown, added in the active order if new, dropped if not active. */
export function placeBoard(boards: Leaderboard[], board: Leaderboard, active: string[] | null): Leaderboard[] {
  const id = board.tournament.id;
  if (boards.some((b) => b.tournament.id === id)) return boards.map((b) => (b.tournament.id === id ? newer(b, board) : b));
  if (active && !active.includes(id)) return boards;
  const order = (b: Leaderboard) => (active ? active.indexOf(b.tournament.id) : 0);
  return [...boards, board].sort((a, b) => order(a) - order(b));
}

/** Only the active boards, in the active order (boards just activated follow as their own events). */
export const keepActive = (boards: Leaderboard[], active: string[]) =>
  active.flatMap((id) => boards.find((b) => b.tournament.id === id) ?? []);

export function useLiveLeaderboards(): LiveState {
  const { leaderboard } = useReads();
  const [state, setState] = useState<LiveState>('connecting');
  const [attempt, setAttempt] = useState(0);
  const online = useOnline();
  const opened = useRef(false);

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let active: string[] | null = null;
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
      const stream = (source = new EventSource(LEADERBOARD_EVENTS_URL));
      stream.onopen = () => setState('live');
      stream.onerror = () => {
        setState('reconnecting');
        // A refusal (a proxy's error page, say) ends the stream for good: try again later.
        if (stream.readyState === EventSource.CLOSED) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_AFTER_CLOSE_MS);
      };
      stream.addEventListener('active', (event) => {
        const ids = (JSON.parse((event as MessageEvent<string>).data) as ActiveTournaments).tournamentIds;
        active = ids;
        update((boards) => keepActive(boards, ids));
      });
      stream.addEventListener('leaderboard', (event) => {
        const board = JSON.parse((event as MessageEvent<string>).data) as Leaderboard;
        update((boards) => placeBoard(boards, board, active));
      });
      // Out of step with the stream (it should not happen), or the patch's code did not load: a new stream sends every
      // board whole.
      const again = () => {
        stream.close();
        setAttempt((n) => n + 1);
      };
      /** The code that applies a patch, on its way (requested once: patches wait for it in the order they came). */
      let patchCode: ReturnType<typeof loadBoardPatch> | undefined;
      stream.addEventListener(LEADERBOARD_PATCH_EVENT, (event) => {
        const patch = JSON.parse((event as MessageEvent<string>).data) as BoardPatch;
        const apply = (code: NonNullable<ReturnType<typeof boardPatchLoaded>>) => {
          let lost = false;
          update((boards) => {
            const patched = code.patchBoards(boards, patch, active);
            lost = patched.lost;
            return patched.boards;
          });
          if (lost) again();
        };
        // Loaded with the first change, as the rows' patch is (R41: not on the first load).
        const loaded = boardPatchLoaded();
        if (loaded) apply(loaded);
        else (patchCode ??= loadBoardPatch()).then(apply, again);
      });
    };
    // The page's first stream opens once the browser is idle (within a second): the boards are already on screen, and
    // taking the page over comes first (on a slow phone the stream's first messages otherwise land in the middle of
    // hydration). Any later one (reconnecting, back online) opens at once.
    const whenIdle = !opened.current && typeof requestIdleCallback === 'function';
    const pending = whenIdle ? requestIdleCallback(connect, { timeout: 1_000 }) : undefined;
    if (!whenIdle) connect();
    return () => {
      if (pending !== undefined) cancelIdleCallback(pending);
      clearTimeout(retry);
      source?.close();
    };
  }, [attempt, online, leaderboard]);

  // Back online: the effect above opens a fresh stream at once (the server then sends every board), rather than waiting
  // for EventSource's own retry.
  return online ? state : 'offline';
}
