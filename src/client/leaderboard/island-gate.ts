// Where the phone's live board (board-island.ts, docs/decisions/133) serves instead of the app: the document the server
// rendered for /leaderboard itself (not TV mode, not a page the worker answered for another address), on a phone's
// width (the server renders the board as a phone's cards; a wide screen shows the table, which the app draws), online
// (offline, the app shows what the worker kept). Anything else the island meets later it hands to the app.
import { BOARD_PATH } from '../../shared/board-path';
import { BOARDS_VERSION_ATTRIBUTE, RENDERED_URL_ATTRIBUTE } from '../ssr/page-data';

/** The width from which the board is a table (leaderboard-board.tsx), not a phone's cards. */
export const WIDE_BOARD = '(min-width: 768px)';
/** TV mode's address (leaderboard-page.tsx's link). */
export const TV_MODE = `${BOARD_PATH}?tv=1`;

const boardDocument = (root: Element) =>
  location.pathname + location.search === BOARD_PATH &&
  root.getAttribute(RENDERED_URL_ATTRIBUTE) === BOARD_PATH &&
  root.hasAttribute(BOARDS_VERSION_ATTRIBUTE) &&
  root.firstElementChild !== null;

export const islandServes = (root: Element) => boardDocument(root) && navigator.onLine && !matchMedia(WIDE_BOARD).matches;

/**
 * TV mode tapped on the server's board, whoever has the page: the island, or the app still taking it over (its code and
 * the boards on their way), when the link is still the server's plain link. Full screen is asked in the tap itself (a
 * browser grants it only there, and a page load would end it) and the address becomes TV mode's without a load: the
 * router follows it (popstate), the app not yet started draws it when it starts, and `open` starts it. Once the app has
 * the page, this does what its own link does. Answers the watch's end (for tests: the page keeps it).
 */
export function watchTvMode(root: Element, open: () => void): () => void {
  if (!boardDocument(root)) return () => undefined;
  const tap = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link?.getAttribute('href') !== TV_MODE || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
    history.pushState(null, '', TV_MODE);
    window.dispatchEvent(new PopStateEvent('popstate'));
    open();
  };
  document.addEventListener('click', tap, true);
  return () => document.removeEventListener('click', tap, true);
}
