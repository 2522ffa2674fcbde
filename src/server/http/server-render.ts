// Home and /leaderboard arrive with their content in the first HTML (issue 13): the app's own components rendered here
// (src/client/ssr/render-page.tsx) into the built index.html, with the data they used beside them for the browser to
// hydrate. Home does not change, so it is rendered once; the leaderboard is rendered per request from the live cache
// (every active board, as GET /api/leaderboard answers). React's server renderer is loaded on the first such request only.
import type { LeaderboardFeed } from '../leaderboard/leaderboard-feed';
import { activeTournamentIds } from '../leaderboard/leaderboard';
import type { Db } from '../db/connect';
import { PAGE_DATA_ID, RENDERED_URL_ATTRIBUTE } from '../../client/ssr/page-data';
import type { PageData } from '../../client/ssr/render-page';

export const SERVER_RENDERED = new Set(['/', '/leaderboard']);
const EMPTY_ROOT = '<div id="root"></div>';

let home: Promise<string> | undefined;

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function render(url: string, data: PageData): Promise<string> {
  const { renderPage } = await import('../../client/ssr/render-page');
  let failure: unknown;
  const html = await renderPage(url, data, (error) => {
    failure ??= error;
  });
  // A part React could not render here would reach the phone as a spinner: send the plain shell instead (the caller logs it).
  if (failure) throw failure;
  return html;
}

/** The document for `path` (one of SERVER_RENDERED) with the page inside, or null when the shell has no empty root. */
export async function serverRenderedPage(
  shell: string,
  path: string,
  search: string,
  deps: { db: Db; leaderboardFeed: LeaderboardFeed },
): Promise<string | null> {
  if (!shell.includes(EMPTY_ROOT)) return null;
  let body: string;
  let data: PageData = [];
  if (path === '/') {
    body = await (home ??= render('/', []).catch((error: unknown) => {
      home = undefined;
      throw error;
    }));
  } else {
    const ids = await activeTournamentIds(deps.db);
    const snapshots = await Promise.all(ids.map((id) => deps.leaderboardFeed.get(id)));
    data = [[['leaderboard'], { leaderboards: snapshots.filter((s) => s.active).map((s) => s.board) }]];
    body = await render(path + search, data);
  }
  // React renders the page's <title> first; it belongs in the head, in place of the shell's.
  const title = /^<title>[^<]*<\/title>/.exec(body)?.[0];
  if (title) {
    body = body.slice(title.length);
    shell = shell.replace(/<title>[^<]*<\/title>/, () => title);
  }
  const dataScript = data.length > 0 ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` : '';
  // A function, not a string: the page's text must not be read as replacement patterns ($', $&).
  // The address it was rendered for: the browser hydrates only a document rendered for its own address (main.tsx).
  const rendered = escapeAttribute(path + search);
  return shell.replace(EMPTY_ROOT, () => `<div id="root" ${RENDERED_URL_ATTRIBUTE}="${rendered}">${body}</div>${dataScript}`);
}
