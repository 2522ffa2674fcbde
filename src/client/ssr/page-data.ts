/** The element of a server-rendered page that carries the data it was rendered with (JSON), for the browser to hydrate. */
export const PAGE_DATA_ID = 'page-data';
/**
 * The attribute of the root element of a server-rendered page naming the address (path and query) it was rendered for. The
 * browser hydrates that markup only on that address: any other document (the service worker's app shell, or a page
 * answered for another address) is rendered afresh.
 */
export const RENDERED_URL_ATTRIBUTE = 'data-rendered-url';

/**
 * The attribute of the leaderboard's server-rendered root naming the boards it shows (each tournament and the time of its
 * board). The leaderboard sends no copy of its boards in the page (R41: 90 KB on a real day): the browser reads them once
 * from /api/leaderboard, as it did anyway right after hydrating, and hydrates only when they are the very boards rendered;
 * boards changed in between are rendered afresh (app.tsx). No hydration error either way.
 */
export const BOARDS_VERSION_ATTRIBUTE = 'data-boards-version';

export const boardsVersion = (boards: readonly { tournament: { id: string }; updatedAt: string }[]) =>
  boards.map((b) => `${b.tournament.id}@${b.updatedAt}`).join(' ');
