// @vitest-environment happy-dom
// The phone's live board without React (docs/decisions/133), on the HTML the server renders: the stream's first messages
// change nothing, a saved score patches the rows that changed and the heading's time, and whatever the island does not
// draw is handed to the app with the boards it has.
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion, RENDERED_URL_ATTRIBUTE } from '../ssr/page-data';
import { FakeEventSource } from '../test/fake-event-source';
import { loadBoardPatch } from './board-patch-loader';
import { startBoardIsland } from './board-island';
import { TV_MODE, watchTvMode } from './island-gate';
import type { Leaderboard } from './queries';
import { BoardHeading } from './board-heading';
import { LeaderboardBoard } from './leaderboard-board';
import { boardOf, boardRow, type BoardRow } from '../test/board-fixtures';

const handOver = vi.fn();

const row = boardRow;
const board = (rows: BoardRow[], updatedAt: string, name = 'Spring Open') => boardOf(rows, name, updatedAt);
const opened = board([row('a', 1, -2), row('b', 2, 0), row('c', 3, 1)], '2026-05-01T15:00:00.000Z');

/**
 * The server's /leaderboard as the island finds it: each board as the page renders it (leaderboard-page.tsx), a link to
 * another page and TV mode's.
 */
function serverPage(boards: Leaderboard[]) {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(RENDERED_URL_ATTRIBUTE, '/leaderboard');
  root.setAttribute(BOARDS_VERSION_ATTRIBUTE, boardsVersion(boards));
  root.innerHTML = renderToString(
    <main>
      <a href="/register">Register</a>
      <a href={TV_MODE}>TV mode</a>
      {boards.map((b) => (
        <section key={b.tournament.id} aria-labelledby={`board-${b.tournament.id}`}>
          <BoardHeading board={b} live="connecting" tv={false} />
          <LeaderboardBoard board={b} emptyText="No scores yet." />
        </section>
      ))}
    </main>,
  );
  document.body.replaceChildren(root);
  return root;
}
/** Every island a test starts, stopped after it (the test files share one page: vitest.config.ts's isolate). */
const islands: { stop(): unknown }[] = [];
const start = (root: HTMLElement) => {
  const island = startBoardIsland(root, handOver);
  islands.push(island);
  return island;
};
const cards = (root: Element) => [...root.querySelectorAll('[data-board-rows] > li')];
const teams = (root: Element) => cards(root).map((card) => card.getAttribute('data-team'));
const status = (root: Element) => root.querySelector('[data-live-status]')!;

let me: unknown = null;
beforeEach(() => {
  handOver.mockClear();
  me = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ me }), { headers: { 'Content-Type': 'application/json' } })),
  );
});
afterEach(() => {
  for (const island of islands.splice(0)) island.stop();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

it("keeps the server rows for the stream's first messages, then patches only the rows a saved score changed", async () => {
  const root = serverPage([opened]);
  const before = cards(root);
  expect(status(root).textContent).toBe('Connecting…');
  start(root);
  const stream = FakeEventSource.last!;
  stream.onopen!();
  stream.send('active', { tournamentIds: ['t1'] });
  stream.send('leaderboard', opened);
  expect(cards(root)).toEqual(before);
  expect(status(root).textContent).toBe('Live');
  expect(status(root).className).toContain('text-green-800');

  // Team a saves a birdie: its card is new, b's and c's are the same elements; the heading gives the new time; the dot pulses.
  const later = board([{ ...row('a', 1, -3), thru: 10 }, row('b', 2, 0), row('c', 3, 1)], '2026-05-01T15:05:07.000Z');
  await loadBoardPatch();
  stream.send('leaderboard', later);
  expect(teams(root)).toEqual(['Team a', 'Team b', 'Team c']);
  expect(cards(root)[0]).not.toBe(before[0]);
  expect(cards(root)[0]!.textContent).toContain('-3');
  expect(cards(root)[1]).toBe(before[1]);
  expect(cards(root)[2]).toBe(before[2]);
  const time = new Date('2026-05-01T15:05:07.000Z');
  expect(root.querySelector('[data-updated]')!.textContent).toBe(
    `Updated ${time.getHours() % 12 || 12}:05:07 ${time.getHours() < 12 ? 'AM' : 'PM'}`,
  );
  expect(status(root).firstElementChild!.className).toContain('animate-[pulse');

  // The connection drops: the heading says so.
  stream.onerror!();
  expect(status(root).textContent).toBe('Reconnecting…');
  expect(handOver).not.toHaveBeenCalled();
});

it('hands a tournament activated to the app, with no boards until it has them all', async () => {
  const root = serverPage([opened]);
  const island = start(root);
  FakeEventSource.last!.send('active', { tournamentIds: ['t1', 't2'] });
  expect(handOver).toHaveBeenCalled();
  // Live until the app has come and stops it.
  expect(FakeEventSource.last!.readyState).not.toBe(FakeEventSource.CLOSED);
  expect(island.stop()).toEqual({ leaderboards: undefined });
  expect(FakeEventSource.last!.readyState).toBe(FakeEventSource.CLOSED);
});

it('hands a changed heading to the app with the boards it has', async () => {
  const root = serverPage([opened]);
  const island = start(root);
  const stream = FakeEventSource.last!;
  stream.send('active', { tournamentIds: ['t1'] });
  stream.send('leaderboard', opened);
  expect(handOver).not.toHaveBeenCalled();
  const renamed = board(opened.rows, '2026-05-01T15:06:00.000Z', 'Spring Open (Sunday)');
  stream.send('leaderboard', renamed);
  expect(handOver).toHaveBeenCalled();
  expect(island.stop()).toEqual({ leaderboards: [renamed] });
});

it('asks for full screen as TV mode is tapped, and has the app open it at its address without a page load', async () => {
  history.replaceState(null, '', '/leaderboard');
  const root = serverPage([opened]);
  const fullScreen = vi.fn(async () => undefined);
  const own = document.documentElement.requestFullscreen;
  document.documentElement.requestFullscreen = fullScreen;
  const open = vi.fn();
  const popped = vi.fn();
  window.addEventListener('popstate', popped);
  const stopWatching = watchTvMode(root, open);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  root.querySelector('a[href="/leaderboard?tv=1"]')!.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  expect(fullScreen).toHaveBeenCalled();
  expect(open).toHaveBeenCalledTimes(1);
  expect(popped).toHaveBeenCalledTimes(1);
  expect(location.pathname + location.search).toBe('/leaderboard?tv=1');
  // Another link is the browser's.
  const home = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  root.querySelector('a[href="/register"]')!.addEventListener('click', (event) => event.preventDefault());
  root.querySelector('a[href="/register"]')!.dispatchEvent(home);
  expect(open).toHaveBeenCalledTimes(1);
  window.removeEventListener('popstate', popped);
  stopWatching();
  document.documentElement.requestFullscreen = own;
  history.replaceState(null, '', '/');
});

it('hands the page to the app for someone signed in, and when the phone goes offline', async () => {
  me = { id: 'u1', name: 'Pat' };
  const root = serverPage([opened]);
  const signedIn = start(root);
  await vi.waitFor(() => expect(handOver).toHaveBeenCalledTimes(1));
  signedIn.stop();

  me = null;
  handOver.mockClear();
  const offline = serverPage([opened]);
  const island = start(offline);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(handOver).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('offline'));
  expect(handOver).toHaveBeenCalledTimes(1);
  // Stopped, it no longer listens.
  island.stop();
  window.dispatchEvent(new Event('offline'));
  expect(handOver).toHaveBeenCalledTimes(1);
});
