// @vitest-environment happy-dom
// The phone's live board without React (docs/decisions/133), on the HTML the server renders: the stream's first messages
// change nothing, a saved score patches the rows that changed and the heading's time, and whatever the island does not
// draw is handed to the app with the boards it has.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderPage } from '../ssr/render-page';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion, RENDERED_URL_ATTRIBUTE } from '../ssr/page-data';
import { FakeEventSource } from '../test/fake-event-source';
import { loadBoardPatch } from './board-patch-loader';
import { startBoardIsland } from './board-island';
import { watchTvMode } from './island-gate';
import type { Leaderboard } from './queries';

const handOver = vi.fn();

type Row = Leaderboard['rows'][number];
const row = (teamId: string, position: number, toPar: number): Row => ({
  position,
  positionLabel: String(position),
  countback: null,
  teamId,
  teamName: `Team ${teamId}`,
  start: null,
  toPar,
  thru: 9,
  total: 36 + toPar,
  netToPar: null,
  netTotal: null,
  handicap: null,
  players: [{ name: `Player ${teamId}`, total: 36 + toPar }],
});
const board = (rows: Row[], updatedAt: string, name = 'Spring Open'): Leaderboard =>
  ({
    tournament: { id: 't1', name, startDate: '2026-05-01', endDate: '2026-05-01' },
    holeCount: 18,
    rules: { format: 'best_ball', bestBalls: 2, netScoring: false },
    rows,
    sideGames: { skins: null, contests: [] },
    updatedAt,
  }) as unknown as Leaderboard;
const opened = board([row('a', 1, -2), row('b', 2, 0), row('c', 3, 1)], '2026-05-01T15:00:00.000Z');

/** The document the server renders for /leaderboard with `boards`, as the island finds it. */
async function serverPage(boards: Leaderboard[]) {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute(RENDERED_URL_ATTRIBUTE, '/leaderboard');
  root.setAttribute(BOARDS_VERSION_ATTRIBUTE, boardsVersion(boards));
  root.innerHTML = (await renderPage('/leaderboard', [[['leaderboard'], { leaderboards: boards }]])).replace(/^<title>[^<]*<\/title>/, '');
  document.body.replaceChildren(root);
  return root;
}
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
afterEach(() => vi.unstubAllGlobals());

it("keeps the server rows for the stream's first messages, then patches only the rows a saved score changed", async () => {
  const root = await serverPage([opened]);
  const before = cards(root);
  expect(status(root).textContent).toBe('Connecting…');
  startBoardIsland(root, handOver);
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
  const root = await serverPage([opened]);
  const island = startBoardIsland(root, handOver);
  FakeEventSource.last!.send('active', { tournamentIds: ['t1', 't2'] });
  expect(handOver).toHaveBeenCalled();
  // Live until the app has come and stops it.
  expect(FakeEventSource.last!.readyState).not.toBe(FakeEventSource.CLOSED);
  expect(island.stop()).toEqual({ leaderboards: undefined });
  expect(FakeEventSource.last!.readyState).toBe(FakeEventSource.CLOSED);
});

it('hands a changed heading to the app with the boards it has', async () => {
  const root = await serverPage([opened]);
  const island = startBoardIsland(root, handOver);
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
  const root = await serverPage([opened]);
  const fullScreen = vi.fn(async () => undefined);
  document.documentElement.requestFullscreen = fullScreen;
  const open = vi.fn();
  const popped = vi.fn();
  window.addEventListener('popstate', popped);
  watchTvMode(root, open);
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
  history.replaceState(null, '', '/');
});

it('hands the page to the app for someone signed in, and when the phone goes offline', async () => {
  me = { id: 'u1', name: 'Pat' };
  const root = await serverPage([opened]);
  startBoardIsland(root, handOver);
  await vi.waitFor(() => expect(handOver).toHaveBeenCalledTimes(1));

  me = null;
  handOver.mockClear();
  const offline = await serverPage([opened]);
  const island = startBoardIsland(offline, handOver);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(handOver).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('offline'));
  expect(handOver).toHaveBeenCalledTimes(1);
  // Stopped, it no longer listens.
  island.stop();
  window.dispatchEvent(new Event('offline'));
  expect(handOver).toHaveBeenCalledTimes(1);
});
