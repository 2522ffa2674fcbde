// @vitest-environment happy-dom
// The live stream's messages and the boards on screen (R22): a message that repeats the boards already shown (the stream's
// first messages, after the page read the same boards) renders nothing; a newer board replaces its board; a patch changes
// the board shown.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { enableActEnvironment } from '../test/act-environment';
import { createReads, ReadsProvider } from '../lib/first-load-reads';
import { useRemoteValue } from '../lib/remote-value';
import type { Leaderboard } from './queries';
import { useLiveLeaderboards } from './use-live-leaderboard';
import { boardPatchLoaded, loadBoardPatch } from './board-patch-loader';
import { patchBoards } from './board-patch';
import { FakeEventSource } from '../test/fake-event-source';

enableActEnvironment();

const board = (id: string, updatedAt: string) =>
  ({
    tournament: { id, name: `Open ${id}`, startDate: '2026-05-01', endDate: '2026-05-01' },
    holeCount: 18,
    rules: { format: 'scramble', netScoring: true },
    rows: [],
    sideGames: { skins: null, contests: [] },
    updatedAt,
  }) as unknown as Leaderboard;

/** Renders `page` with the page's reads; answers its container and root. */
function mount(reads: ReturnType<typeof createReads>, page: ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(<ReadsProvider reads={reads}>{page}</ReadsProvider>));
  return { container, root };
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  // The first stream opens when the browser is idle: here, at once.
  vi.stubGlobal('requestIdleCallback', (open: () => void) => (open(), 1));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

it('renders nothing for messages that repeat the boards shown, and the newer board when one arrives', () => {
  const reads = createReads();
  reads.leaderboard.set({ leaderboards: [board('t1', '2026-05-01T15:00:00.000Z'), board('t2', '2026-05-01T15:01:00.000Z')] });
  let renders = 0;
  function Page() {
    useLiveLeaderboards();
    const { data } = useRemoteValue(reads.leaderboard);
    renders += 1;
    return <p>{data?.leaderboards.map((b) => `${b.tournament.id}@${b.updatedAt}`).join(' ')}</p>;
  }
  const { container, root } = mount(reads, <Page />);
  const shown = reads.leaderboard.get();
  const before = renders;
  const stream = FakeEventSource.last!;
  // The stream's first messages: the active tournaments and each board, as the page already shows them.
  act(() => stream.send('active', { tournamentIds: ['t1', 't2'] }));
  act(() => stream.send('leaderboard', board('t1', '2026-05-01T15:00:00.000Z')));
  act(() => stream.send('leaderboard', board('t2', '2026-05-01T15:01:00.000Z')));
  expect(reads.leaderboard.get()).toBe(shown);
  expect(renders).toBe(before);
  // A score saved: t2's board is newer.
  act(() => stream.send('leaderboard', board('t2', '2026-05-01T15:02:00.000Z')));
  expect(container.textContent).toBe('t1@2026-05-01T15:00:00.000Z t2@2026-05-01T15:02:00.000Z');
  // A tournament closed: its board leaves.
  act(() => stream.send('active', { tournamentIds: ['t2'] }));
  expect(container.textContent).toBe('t2@2026-05-01T15:02:00.000Z');
  act(() => root.unmount());
});

it("applies a board's patch to the board shown, in order, and opens a new stream when a patch is for another version (decision 128)", async () => {
  const reads = createReads();
  const row = (teamId: string, total: number) => ({ teamId, total });
  const t1 = { ...board('t1', '2026-05-01T15:00:00.000Z'), rows: [row('a', 70), row('b', 71)] } as unknown as Leaderboard;
  reads.leaderboard.set({ leaderboards: [t1] });
  function Page() {
    useLiveLeaderboards();
    const { data } = useRemoteValue(reads.leaderboard);
    const rows = data?.leaderboards[0]?.rows as unknown as ReturnType<typeof row>[];
    return <p>{rows.map((r) => `${r.teamId} ${r.total}`).join(', ')}</p>;
  }
  const { container, root } = mount(reads, <Page />);
  const stream = FakeEventSource.last!;
  act(() => stream.send('active', { tournamentIds: ['t1'] }));
  // b's score saved: b's row changed and goes first, a's is unchanged (its index in the board shown). Then a's: only its
  // total. The code that applies a patch comes with the first one: the second waits behind it.
  const patch = { tournamentId: 't1', from: '2026-05-01T15:00:00.000Z', updatedAt: '2026-05-01T15:01:00.000Z', changed: {} };
  // (Files share modules here: another file may have loaded it already, and then both apply at once.)
  const waits = boardPatchLoaded() === undefined;
  act(() => stream.send('leaderboard-patch', { ...patch, rows: [row('b', 69), 0] }));
  act(() =>
    stream.send('leaderboard-patch', {
      ...patch,
      from: patch.updatedAt,
      updatedAt: '2026-05-01T15:02:00.000Z',
      rows: [0, [1, { total: 68 }]],
    }),
  );
  if (waits) expect(container.textContent).toBe('a 70, b 71');
  await act(() => loadBoardPatch());
  await vi.waitFor(() => expect(container.textContent).toBe('b 69, a 68'));
  expect(reads.leaderboard.get().data!.leaderboards[0]!.updatedAt).toBe('2026-05-01T15:02:00.000Z');
  expect(FakeEventSource.last).toBe(stream);
  // A patch of the board at a version this page never had: nothing changes, and a new stream sends every board whole.
  act(() =>
    stream.send('leaderboard-patch', { ...patch, from: '2026-05-01T15:02:30.000Z', updatedAt: '2026-05-01T15:03:00.000Z', rows: [1] }),
  );
  expect(container.textContent).toBe('b 69, a 68');
  expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  expect(FakeEventSource.last).not.toBe(stream);
  act(() => root.unmount());
});

it('applies no patch older than the board shown, and asks for the boards again only for one it must show', () => {
  const t1 = board('t1', '2026-05-01T15:05:00.000Z');
  const older = { tournamentId: 't1', from: '2026-05-01T15:00:00.000Z', updatedAt: '2026-05-01T15:01:00.000Z', rows: [], changed: {} };
  // A read answered the newer board before the stream's patch came: the patch changes nothing, and nothing is lost.
  expect(patchBoards([t1], older, ['t1'])).toEqual({ boards: [t1], lost: false });
  // A patch for a board no longer active is dropped; for an active one the page does not have, the boards are asked again.
  const t2 = { ...older, tournamentId: 't2' };
  expect(patchBoards([t1], t2, ['t1'])).toEqual({ boards: [t1], lost: false });
  expect(patchBoards([t1], t2, ['t1', 't2'])).toEqual({ boards: [t1], lost: true });
});
