// The live board on a phone, without React (docs/decisions/133). The server's HTML is the page (board-rows.ts writes the
// rows for the server and the browser alike); this keeps it live over the boards' stream: a saved score patches the rows
// that changed, the heading says 'Live' and when the board was updated. Whatever else the page must do it hands to the
// app (app.tsx), which draws the page afresh over this HTML with the boards the island has: a tournament activated or
// closed, a heading, the notes or the side games changed, the phone turned wide, offline, someone signed in; TV mode too
// (main.tsx watches its link). Links elsewhere are plain links (the next page loads as a first load does).
import { keepDocument, registerWorkerOnLoad } from '../offline/register-worker';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion } from '../ssr/page-data';
import { boardPatchLoaded, loadBoardPatch } from './board-patch-loader';
import { boardMarkup, type BoardMarkup } from './board-rows';
import { openBoardStream } from './board-stream';
import { WIDE_BOARD } from './island-gate';
import type { Handover } from '../app';
import { formatClockTime, LIVE_LABELS, liveDotClass, liveStatusClass } from './live-state';
import type { Leaderboard } from './queries';
import { LEADERBOARD_URL, ME_URL } from '../lib/first-load-reads';

/** A board's fields besides its rows and its time (the heading, the notes, the side games): the island draws none of them. */
const around = (board: Leaderboard) => JSON.stringify({ ...board, rows: null, updatedAt: null });

interface ShownBoard {
  /** The board the island last had. */
  board: Leaderboard;
  /**
   * The rows on screen, worked out when the first change comes (until then the server's rows are `board`'s), and the rows
   * to show (newer while the patch's code is on its way).
   */
  onScreen: BoardMarkup | undefined;
  latest: BoardMarkup | undefined;
  /** The time the page opened with: an update after it makes the live dot pulse. */
  firstUpdatedAt: string;
}

/**
 * Keeps the server's board on `root` live until `handOver` is called (main.tsx then starts the app, once) and the app,
 * come, stops the island and takes what it has.
 */
export function startBoardIsland(root: HTMLElement, handOver: () => void): { stop(): Handover } {
  const renderedVersion = root.getAttribute(BOARDS_VERSION_ATTRIBUTE) ?? '';
  const rendered = new Set(renderedVersion.split(' ').filter(Boolean));
  const renderedIds = [...rendered].map((version) => version.slice(0, version.indexOf('@'))).join(' ');
  let boards: Leaderboard[] = [];
  /** Every board rendered is the island's (the stream sent each one at the version on screen, or a later one). */
  let synced = false;
  const shown = new Map<string, ShownBoard>();
  let live = false;
  let stopped = false;
  let closeStream: (() => void) | undefined;
  const stops: (() => void)[] = [];
  const section = (id: string) => root.querySelector(`section[aria-labelledby="board-${CSS.escape(id)}"]`);

  /** The heading's live status: the dot (pulsing once after an update) and its word. */
  const showLive = (id: string, pulse: boolean) => {
    const status = section(id)?.querySelector('[data-live-status]');
    const dot = status?.firstElementChild;
    if (!status || !dot || !status.lastChild) return;
    const state = live ? 'live' : 'reconnecting';
    const board = shown.get(id);
    status.className = liveStatusClass(state);
    status.lastChild.textContent = LIVE_LABELS[state];
    const updated = live && board !== undefined && board.board.updatedAt !== board.firstUpdatedAt;
    // A new element restarts the pulse (the app's `key`).
    const next = pulse ? document.createElement('span') : dot;
    if (next !== dot) {
      next.setAttribute('aria-hidden', 'true');
      dot.replaceWith(next);
    }
    next.className = liveDotClass(state, false, updated);
  };

  const patchRows = (id: string, host: Element) => {
    const board = shown.get(id);
    const code = boardPatchLoaded();
    if (!board?.onScreen || !board.latest || !code || board.onScreen === board.latest) return;
    code.patchBoard(host, board.onScreen, board.latest);
    board.onScreen = board.latest;
  };

  /** Brings one board on screen up to `board`; false when the island cannot (the app must). */
  const showBoard = (board: Leaderboard): boolean => {
    const id = board.tournament.id;
    const before = shown.get(id);
    const place = section(id);
    if (!place) return false;
    if (!before) {
      // The page opened with this board at this version: the rows are the markup. A board changed in between: the app.
      if (!rendered.has(`${id}@${board.updatedAt}`)) return false;
      shown.set(id, { board, onScreen: undefined, latest: undefined, firstUpdatedAt: board.updatedAt });
    } else if (before.board !== board) {
      const host = place.querySelector('[data-board-rows]');
      if (!host || board.rows.length === 0 || around(before.board) !== around(board)) return false;
      before.onScreen ??= boardMarkup(before.board, false, false);
      before.board = board;
      before.latest = boardMarkup(board, false, false);
      if (boardPatchLoaded()) patchRows(id, host);
      else
        void loadBoardPatch().then(
          () => patchRows(id, host),
          () => handOver(),
        );
    } else return true;
    // On the reader's clock (the server wrote the server's): 'Updated ' and the time are two text nodes, as React wrote them.
    const time = place.querySelector('[data-updated]')?.lastChild;
    if (time) time.textContent = formatClockTime(board.updatedAt);
    showLive(id, before !== undefined);
    return true;
  };

  const listener = {
    state(state: 'live' | 'reconnecting') {
      live = state === 'live';
      for (const id of renderedIds.split(' ')) showLive(id, false);
    },
    active(ids: string[]) {
      // A tournament activated or closed: the app draws the boards.
      if (ids.join(' ') !== renderedIds) handOver();
    },
    update(change: (current: Leaderboard[]) => Leaderboard[]) {
      if (stopped) return;
      const next = change(boards);
      if (boardsVersion(next) === boardsVersion(boards)) return;
      boards = next;
      // Until every board has come, the ones that have are shown; a board the page does not have is the app's.
      if (!next.every(showBoard)) return handOver();
      synced = next.map((board) => board.tournament.id).join(' ') === renderedIds;
    },
    again() {
      if (stopped) return;
      closeStream?.();
      closeStream = openBoardStream(listener);
    },
  };
  closeStream = openBoardStream(listener);

  const on = (target: EventTarget, type: string, handler: () => void) => {
    target.addEventListener(type, handler);
    stops.push(() => target.removeEventListener(type, handler));
  };
  // Offline, the app shows what the worker kept and says so; turned wide, the board is a table.
  on(window, 'offline', handOver);
  on(matchMedia(WIDE_BOARD), 'change', handOver);
  // The server rendered the header signed out: someone signed in gets the app's (Logout, their account).
  void fetch(ME_URL, { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<{ me: unknown }>) : null))
    .then((answer) => answer?.me && handOver())
    .catch(() => undefined);

  // The worker keeps what the app would read offline (the boards, who is signed in) and this document.
  registerWorkerOnLoad(() => {
    for (const read of [ME_URL, LEADERBOARD_URL]) void fetch(read, { credentials: 'same-origin' }).catch(() => undefined);
    keepDocument('/leaderboard');
  });

  return {
    /** The app has come: the island lets go (its stream, its listeners) and hands over the boards if it has them all. */
    stop() {
      if (!stopped) {
        stopped = true;
        closeStream?.();
        for (const stop of stops) stop();
      }
      return { leaderboards: synced ? boards : undefined };
    },
  };
}
