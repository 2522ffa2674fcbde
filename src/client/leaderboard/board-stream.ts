// The live boards' one event stream (R22), for the app's board (use-live-leaderboard.ts) and the phone's live board
// (board-island.ts): the server sends which tournaments are active and each one's whole board at once, then each change (a
// score saved through any app process, a tournament activated or closed); a board the stream sent before comes as the
// rows that changed (docs/decisions/128). EventSource reconnects by itself after a dropped connection, and the server then
// sends everything again.
import { LEADERBOARD_PATCH_EVENT, type BoardPatch } from '../../shared/stream-patch';
import { boardPatchLoaded, loadBoardPatch } from './board-patch-loader';
import { LEADERBOARD_EVENTS_URL, type ActiveTournaments, type Leaderboard } from './queries';

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

export interface BoardStreamListener {
  /** Open (`live`) or lost (`reconnecting`: EventSource tries again by itself). */
  state(state: 'live' | 'reconnecting'): void;
  /** Which tournaments are active, in the order shown (before their boards' changes). */
  active?(ids: string[]): void;
  /** A change to the boards shown. */
  update(change: (boards: Leaderboard[]) => Leaderboard[]): void;
  /** The stream ended for good (refused; out of step with the page): open a new one, which sends every board whole. */
  again(): void;
}

/** Opens the stream; answers its close. */
export function openBoardStream(listener: BoardStreamListener): () => void {
  let retry: ReturnType<typeof setTimeout> | undefined;
  let active: string[] | null = null;
  const stream = new EventSource(LEADERBOARD_EVENTS_URL);
  stream.onopen = () => listener.state('live');
  stream.onerror = () => {
    listener.state('reconnecting');
    // A refusal (a proxy's error page, say) ends the stream for good: try again later.
    if (stream.readyState === EventSource.CLOSED) retry = setTimeout(listener.again, RETRY_AFTER_CLOSE_MS);
  };
  stream.addEventListener('active', (event) => {
    const ids = (JSON.parse((event as MessageEvent<string>).data) as ActiveTournaments).tournamentIds;
    active = ids;
    listener.active?.(ids);
    listener.update((boards) => keepActive(boards, ids));
  });
  stream.addEventListener('leaderboard', (event) => {
    const board = JSON.parse((event as MessageEvent<string>).data) as Leaderboard;
    listener.update((boards) => placeBoard(boards, board, active));
  });
  // Out of step with the stream (it should not happen), or the patch's code did not load: a new stream sends every
  // board whole.
  const again = () => {
    stream.close();
    listener.again();
  };
  stream.addEventListener(LEADERBOARD_PATCH_EVENT, (event) => {
    const patch = JSON.parse((event as MessageEvent<string>).data) as BoardPatch;
    const apply = (code: NonNullable<ReturnType<typeof boardPatchLoaded>>) => {
      let lost = false;
      listener.update((boards) => {
        const patched = code.patchBoards(boards, patch, active);
        lost = patched.lost;
        return patched.boards;
      });
      if (lost) again();
    };
    // Loaded with the first change, as the rows' patch is (R41: not on the first load); patches wait for it in the order
    // they came.
    const loaded = boardPatchLoaded();
    if (loaded) apply(loaded);
    else loadBoardPatch().then(apply, again);
  });
  return () => {
    clearTimeout(retry);
    stream.close();
  };
}
