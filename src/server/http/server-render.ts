// Home and /leaderboard arrive with their content in the first HTML (issue 13): the app's own components rendered here
// (src/client/ssr/render-page.tsx) into the built index.html, with the data they used beside them for the browser to
// hydrate. Home is the event page while a tournament is open (R40): rendered per request with what GET /api/events
// answers, with the event's sharing tags (Open Graph, Twitter card: R41) in the head; the leaderboard is rendered per
// request from the live cache (every active board, as GET /api/leaderboard answers). React's server renderer is loaded on
// the first such request only.
import type { LeaderboardFeed } from '../leaderboard/leaderboard-feed';
import { activeTournamentIds } from '../leaderboard/leaderboard';
import type { Db } from '../db/connect';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion, PAGE_DATA_ID, RENDERED_URL_ATTRIBUTE } from '../../client/ssr/page-data';
import type { PageData } from '../../client/ssr/render-page';
import type { OpenEvents } from '../../client/lib/first-load-reads';
import { BOARD_PATH } from '../../shared/board-path';
import { shortDescription } from '../../shared/event-page';
import { formatDateRange } from '../../client/lib/format';

export const SERVER_RENDERED = new Set(['/', BOARD_PATH]);
/** R59: a tournament's results page, rendered with its results (app.ts reads them first: an unknown id is a 404). */
export const RESULTS_PAGE = /^\/results\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const EMPTY_ROOT = '<div id="root"></div>';

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * R41: what a shared link to Home previews — the soonest open event's name, date and cause (or the general page's text).
 * `og:image` is the event's hero image when it has one (1280 px wide), else the portal's own picture (an absolute address,
 * as the crawlers want it).
 */
export function sharingTags(answer: OpenEvents, appUrl: string): string {
  const event = answer.events[0];
  const title = event ? event.name : 'Golf Tournament Registration';
  const when = event ? [formatDateRange(event.startDate, event.endDate), event.course?.name].filter(Boolean).join(' · ') : '';
  const description = event
    ? shortDescription([when, event.cause || `Organised by ${event.organisation}.`].join(' — '))
    : 'Register your team for the charity golf tournament.';
  const image = new URL(event?.heroImage?.url ?? '/og-image.png', appUrl).href;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', new URL('/', appUrl).href],
    ['property', 'og:image', image],
    ...(event ? ([['property', 'event:start_time', event.startDate]] as [string, string, string][]) : []),
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeAttribute(content)}">`).join('');
}

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

/** The document for `path` (one of SERVER_RENDERED, or a results page with its `results`) with the page inside, or null when the shell has no empty root. */
export async function serverRenderedPage(
  shell: string,
  path: string,
  search: string,
  deps: { db: Db; leaderboardFeed: LeaderboardFeed; events: () => Promise<OpenEvents>; appUrl: string; results?: unknown },
): Promise<string | null> {
  if (!shell.includes(EMPTY_ROOT)) return null;
  let body: string;
  let data: PageData;
  let head = '';
  let version = '';
  if (path === '/') {
    const events = await deps.events();
    data = [[['events'], events]];
    head = sharingTags(events, deps.appUrl);
    body = await render('/', data);
  } else if (RESULTS_PAGE.test(path)) {
    data = [[['results', RESULTS_PAGE.exec(path)![1]!], deps.results]];
    body = await render(path + search, data);
  } else {
    const ids = await activeTournamentIds(deps.db);
    const snapshots = await Promise.all(ids.map((id) => deps.leaderboardFeed.get(id)));
    const leaderboards = snapshots.filter((s) => s.active).map((s) => s.board);
    // Rendered with the boards, but not sent with them: the browser reads them from /api/leaderboard (page-data.ts).
    body = await render(path + search, [[['leaderboard'], { leaderboards }]]);
    data = [];
    version = ` ${BOARDS_VERSION_ATTRIBUTE}="${escapeAttribute(boardsVersion(leaderboards))}"`;
  }
  // React renders the page's <title> first; it belongs in the head, in place of the shell's.
  const title = /^<title>[^<]*<\/title>/.exec(body)?.[0];
  if (title) {
    body = body.slice(title.length);
    shell = shell.replace(/<title>[^<]*<\/title>/, () => title);
  }
  if (head) shell = shell.replace('</head>', () => `${head}</head>`);
  const dataScript = data.length > 0 ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` : '';
  // A function, not a string: the page's text must not be read as replacement patterns ($', $&).
  // The address it was rendered for: the browser hydrates only a document rendered for its own address (app.tsx).
  const rendered = escapeAttribute(path + search);
  return shell.replace(EMPTY_ROOT, () => `<div id="root" ${RENDERED_URL_ATTRIBUTE}="${rendered}"${version}>${body}</div>${dataScript}`);
}
