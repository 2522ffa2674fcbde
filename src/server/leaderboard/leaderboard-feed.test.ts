// The live-leaderboard feed of one process: one computation per change however many subscribers, bursts merged, every
// active board on one subscription with tournaments coming and going, the cache, heartbeats, shutdown, and (PostgreSQL) a
// lost LISTEN connection re-opened with every open board refreshed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { insertLeaders } from '../test/fixtures';
import { createTournamentDay, insertScores } from '../test/tournament-day-fixtures';
import { capturingLogger } from '../test/test-app';
import type { LoadedLeaderboard } from './leaderboard';
import { notifyLeaderboardChanged } from './leaderboard-channel';
import {
  createLeaderboardFeed,
  type ActiveSnapshot,
  type BoardSnapshot,
  type FeedOptions,
  type LeaderboardSubscriber,
} from './leaderboard-feed';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/**
 * A board loader that counts its calls; each call's board is a changed one (its name and updatedAt say which call made it:
 * a recompute that finds the same board keeps the one before, see 'keeps the board a recompute finds unchanged').
 */
function countingLoad() {
  const loader = {
    calls: 0,
    load: async (id: string): Promise<LoadedLeaderboard> => {
      const n = ++loader.calls;
      return {
        active: true,
        board: {
          tournament: { id, name: `Open (call ${n})`, startDate: '2027-06-01', endDate: null },
          holeCount: 18,
          rules: { format: 'stroke', bestBalls: 1, netScoring: false },
          rows: [],
          sideGames: { skins: null, contests: [] },
          updatedAt: `call ${n}`,
        },
      };
    },
  };
  return loader;
}

/** A subscriber that keeps what it is sent and lets a test wait for a board. */
function recorder() {
  const boards: BoardSnapshot[] = [];
  const actives: ActiveSnapshot[] = [];
  let heartbeats = 0;
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const subscriber: LeaderboardSubscriber = {
    sendActive: (active) => {
      actives.push(active);
      wake();
    },
    send: (snapshot) => {
      boards.push(snapshot);
      wake();
    },
    heartbeat: () => {
      heartbeats++;
      wake();
    },
    close: () => {
      closed = true;
      wake();
    },
  };
  const until = async (done: () => boolean) => {
    while (!done()) {
      await new Promise<void>((resolve) => {
        const waiter = () => {
          waiters.delete(waiter);
          resolve();
        };
        waiters.add(waiter);
      });
    }
  };
  /** The ids of the boards sent since the last active set. */
  const idsSince = (active: ActiveSnapshot) => boards.filter((b) => b.version > active.version).map((b) => b.board.tournament.id);
  return { subscriber, boards, actives, idsSince, until, heartbeats: () => heartbeats, closed: () => closed };
}

async function feedWith(options: Partial<FeedOptions> = {}) {
  const feed = createLeaderboardFeed({ database, logger: capturingLogger(), ...options });
  await feed.ready();
  return feed;
}

/**
 * A real tournament of one team with the feed watching it: `ours()` are the boards of that tournament received so far
 * (the first one has arrived). Close the feed when done.
 */
async function watchOneTeam() {
  const leader = (await insertLeaders(database.db, 1))[0]!;
  const { tournament, teams } = await createTournamentDay(database.db, leader, { teams: 1 });
  const feed = await feedWith();
  const watcher = recorder();
  feed.subscribe(watcher.subscriber);
  const ours = () => watcher.boards.filter((b) => b.board.tournament.id === tournament.id);
  await watcher.until(() => ours().length === 1);
  return { tournament, team: teams[0]!, feed, watcher, ours };
}

const TOURNAMENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';
/** A stub list of active tournaments a test can change. */
const activeList = (...ids: string[]) => {
  const list = { ids, listActive: async () => [...list.ids] };
  return list;
};

describe('the leaderboard feed', () => {
  it('computes a board once per change, whatever the number of subscribers, and merges a burst of changes', async () => {
    const loader = countingLoad();
    const feed = await feedWith({ load: loader.load, listActive: activeList(TOURNAMENT).listActive });
    try {
      const watchers = Array.from({ length: 50 }, recorder);
      const unsubscribe = watchers.map((w) => feed.subscribe(w.subscriber));
      for (const w of watchers) await w.until(() => w.boards.length === 1);
      expect(loader.calls).toBe(1);

      for (let i = 0; i < 20; i++) feed.changed(TOURNAMENT);
      for (const w of watchers) await w.until(() => w.boards.length === 2);
      expect(loader.calls).toBe(2);
      // Every subscriber got the very same serialised board.
      expect(new Set(watchers.map((w) => w.boards[1]!.json)).size).toBe(1);
      expect(watchers[0]!.boards[1]!.board.updatedAt).toBe('call 2');
      unsubscribe.forEach((u) => u());
      expect(feed.subscriberCount()).toBe(0);
    } finally {
      await feed.close();
    }
  });

  it('sends every active board on one subscription, and boards join and leave as tournaments are activated or closed', async () => {
    const loader = countingLoad();
    const active = activeList(TOURNAMENT, OTHER);
    const feed = await feedWith({ load: loader.load, listActive: active.listActive, activePollMs: 10 });
    try {
      const watchers = [recorder(), recorder()];
      watchers.forEach((w) => feed.subscribe(w.subscriber));
      for (const w of watchers) {
        await w.until(() => w.actives.length >= 1 && w.idsSince(w.actives[0]!).length === 2);
        expect(w.actives[0]!.tournamentIds).toEqual([TOURNAMENT, OTHER]);
        expect(w.idsSince(w.actives[0]!).sort()).toEqual([TOURNAMENT, OTHER]);
      }
      // Each board computed once for both pages.
      expect(loader.calls).toBe(2);

      // OTHER closed, THIRD activated: no notification, the poll finds out.
      active.ids = [THIRD, TOURNAMENT];
      for (const w of watchers) {
        await w.until(() => w.actives.at(-1)!.tournamentIds.includes(THIRD) && w.idsSince(w.actives.at(-1)!).includes(THIRD));
        expect(w.actives.at(-1)!.tournamentIds).toEqual([THIRD, TOURNAMENT]);
        expect(new TextDecoder().decode(w.actives.at(-1)!.event)).toBe(
          `event: active\ndata: {"tournamentIds":["${THIRD}","${TOURNAMENT}"]}\nretry: 2000\n\n`,
        );
      }
      // A change to a board no longer shown is not pushed; one shown still is.
      const sent = watchers[0]!.boards.length;
      feed.changed(OTHER);
      feed.changed(TOURNAMENT);
      await watchers[0]!.until(() => watchers[0]!.boards.length > sent);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(watchers[0]!.boards.slice(sent).map((b) => b.board.tournament.id)).toEqual([TOURNAMENT]);
    } finally {
      await feed.close();
    }
  });

  it('pushes a change at once, then at most one refresh per window; a refresh with the same rows is not pushed again', async () => {
    // Each call's board has the rows of `rows.n` (the same rows until a test changes them), updatedAt says which call.
    const rows = { n: 0 };
    let calls = 0;
    const load = async (id: string): Promise<LoadedLeaderboard> => ({
      active: true,
      board: {
        tournament: { id, name: 'Open', startDate: '2027-06-01', endDate: null },
        holeCount: 18,
        rules: { format: 'stroke', bestBalls: 1, netScoring: false },
        rows: Array.from({ length: rows.n }, () => ({}) as never),
        sideGames: { skins: null, contests: [] },
        updatedAt: `call ${++calls}`,
      },
    });
    const feed = await feedWith({ load, listActive: activeList(TOURNAMENT).listActive, debounceMs: 1_000 });
    try {
      const watcher = recorder();
      feed.subscribe(watcher.subscriber);
      await watcher.until(() => watcher.boards.length === 1);

      // A quiet board: the change goes out at once, not a window later.
      rows.n = 1;
      const changedAt = Date.now();
      feed.changed(TOURNAMENT);
      await watcher.until(() => watcher.boards.length === 2);
      expect(Date.now() - changedAt).toBeLessThan(500);
      expect(watcher.boards[1]!.board.rows).toHaveLength(1);

      // Changes within the window: one refresh, at its end.
      rows.n = 2;
      for (let i = 0; i < 5; i++) feed.changed(TOURNAMENT);
      await watcher.until(() => watcher.boards.length === 3);
      expect(Date.now() - changedAt).toBeGreaterThanOrEqual(900);
      expect(watcher.boards[2]!.board.rows).toHaveLength(2);
      expect(calls).toBe(3);

      // The same change heard twice (the saving process: its route, then its own NOTIFY): computed, not pushed again.
      feed.changed(TOURNAMENT);
      await expect.poll(() => calls, { timeout: 3_000 }).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(watcher.boards).toHaveLength(3);
      // A page opened now gets the current board: call 4 found the rows of call 3, so call 3's board (its updatedAt) is kept.
      // A change of the rows is pushed again.
      const late = recorder();
      feed.subscribe(late.subscriber);
      await late.until(() => late.boards.length === 1);
      expect(late.boards[0]!.board.updatedAt).toBe('call 3');
      expect(late.boards[0]!.version).toBe(watcher.boards[2]!.version);
      rows.n = 3;
      feed.changed(TOURNAMENT);
      await watcher.until(() => watcher.boards.length === 4);
      expect(watcher.boards[3]!.board.rows).toHaveLength(3);
    } finally {
      await feed.close();
    }
  });

  it('sends at once an active set a request read and the subscribers were not sent (a page must not show a board its stream does not know)', async () => {
    const loader = countingLoad();
    const active = activeList(TOURNAMENT);
    // The poll would not see these changes for a minute.
    const feed = await feedWith({ load: loader.load, listActive: active.listActive, activePollMs: 60_000 });
    try {
      const watcher = recorder();
      feed.subscribe(watcher.subscriber);
      await watcher.until(() => watcher.boards.length === 1);
      // Each set once (a new subscriber may be handed the same snapshot twice; streams skip a version already sent).
      const sets = () => [...new Map(watcher.actives.map((a) => [a.version, a.tournamentIds])).values()];
      feed.sawActive([TOURNAMENT]);
      expect(sets()).toEqual([[TOURNAMENT]]);
      // Activated, and a page fetched the boards: the stream hears of it, with the board that joined ...
      feed.sawActive([TOURNAMENT, OTHER]);
      await watcher.until(() => watcher.idsSince(watcher.actives.at(-1)!).includes(OTHER));
      // ... so that closing it again before any poll reaches the page too.
      feed.sawActive([TOURNAMENT]);
      expect(sets()).toEqual([[TOURNAMENT], [TOURNAMENT, OTHER], [TOURNAMENT]]);
    } finally {
      await feed.close();
    }
  });

  it('answers requests from its cache until the board changes', async () => {
    const loader = countingLoad();
    const feed = await feedWith({ load: loader.load });
    try {
      const first = await feed.get(TOURNAMENT);
      expect((await feed.get(TOURNAMENT)).version).toBe(first.version);
      expect(loader.calls).toBe(1);
      feed.changed(TOURNAMENT);
      expect((await feed.get(TOURNAMENT)).version).toBeGreaterThan(first.version);
      expect(loader.calls).toBe(2);
      // Many requests at once for a stale board share one computation.
      feed.changed(TOURNAMENT);
      await Promise.all(Array.from({ length: 20 }, () => feed.get(TOURNAMENT)));
      expect(loader.calls).toBe(3);
    } finally {
      await feed.close();
    }
  });

  it('keeps the board a recompute finds unchanged: same updatedAt, same version, same bytes (decision 081)', async () => {
    // Each call computes at its own time; the rows and the public state are what the test sets.
    const state = { rows: 0, active: true };
    let calls = 0;
    const load = async (id: string): Promise<LoadedLeaderboard> => ({
      active: state.active,
      board: {
        tournament: { id, name: 'Open', startDate: '2027-06-01', endDate: null },
        holeCount: 18,
        rules: { format: 'stroke', bestBalls: 1, netScoring: false },
        rows: Array.from({ length: state.rows }, () => ({}) as never),
        sideGames: { skins: null, contests: [] },
        updatedAt: `call ${++calls}`,
      },
    });
    const feed = await feedWith({ load });
    try {
      const first = await feed.get(TOURNAMENT);
      feed.changed(TOURNAMENT);
      const again = await feed.get(TOURNAMENT);
      expect(calls).toBe(2);
      expect(again).toBe(first);
      expect(again.board.updatedAt).toBe('call 1');
      // A change of the rows is a new board ...
      state.rows = 1;
      feed.changed(TOURNAMENT);
      const changed = await feed.get(TOURNAMENT);
      expect(changed.board.updatedAt).toBe('call 3');
      expect(changed.version).toBeGreaterThan(first.version);
      // ... and so is the same board closed to the public (GET /api/leaderboard/:id answers 404 then).
      state.active = false;
      feed.changed(TOURNAMENT);
      const closed = await feed.get(TOURNAMENT);
      expect(closed.active).toBe(false);
      expect(closed.board.updatedAt).toBe('call 4');
    } finally {
      await feed.close();
    }
  });

  it("keeps a real board's updatedAt when its LISTEN connection comes up with no score changed (a fresh server's first page hydrates)", async () => {
    const leader = (await insertLeaders(database.db, 1))[0]!;
    const { tournament, teams } = await createTournamentDay(database.db, leader, { teams: 1 });
    await insertScores(database.db, tournament.id, teams[0]!, [[4, 5]]);
    // A freshly started process: the board is computed before the LISTEN connection is up (the first page's render) ...
    const feed = createLeaderboardFeed({ database, logger: capturingLogger() });
    try {
      const rendered = await feed.get(tournament.id);
      await feed.ready();
      // ... and the connection coming up marks it changed (saves made while it was down went unheard): the next read
      // computes it again, and finds the same board.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const read = await feed.get(tournament.id);
      expect(read.board.rows).toHaveLength(1);
      expect(read.board.updatedAt).toBe(rendered.board.updatedAt);
      expect(read.version).toBe(rendered.version);
      // A score saved meanwhile is a new board.
      await insertScores(database.db, tournament.id, teams[0]!, [[0, 0, 3]]);
      feed.changed(tournament.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await feed.get(tournament.id)).board.updatedAt).not.toBe(rendered.board.updatedAt);
    } finally {
      await feed.close();
    }
  });

  it('answers a board older than maxAgeMs and builds a new one behind it (changes that send no notification)', async () => {
    const loader = countingLoad();
    const feed = await feedWith({ load: loader.load, maxAgeMs: 0, buildTimeFactor: 0 });
    try {
      const first = await feed.get(TOURNAMENT);
      expect((await feed.get(TOURNAMENT)).version).toBe(first.version);
      expect(loader.calls).toBe(2);
      await expect.poll(async () => (await feed.get(TOURNAMENT)).version).toBeGreaterThan(first.version);
    } finally {
      await feed.close();
    }
  });

  it('sends heartbeats to subscribers, and closes them when the feed closes', async () => {
    const feed = await feedWith({ load: countingLoad().load, listActive: activeList(TOURNAMENT).listActive, heartbeatMs: 10 });
    const watcher = recorder();
    feed.subscribe(watcher.subscriber);
    await watcher.until(() => watcher.heartbeats() >= 2);
    await feed.close();
    expect(watcher.closed()).toBe(true);
  });

  it('hears a change NOTIFYed by another process and pushes the new board', async () => {
    const { tournament, team, feed, watcher, ours } = await watchOneTeam();
    try {
      await insertScores(database.db, tournament.id, team, [[6]]);
      await notifyLeaderboardChanged(database.db, tournament.id);
      await watcher.until(() => ours().some((b) => b.board.rows.length === 1));
      expect(ours().at(-1)!.board.rows[0]).toMatchObject({ toPar: 2, total: 6 });
    } finally {
      await feed.close();
    }
  });
});

// A LISTEN connection can drop (a PostgreSQL restart, a network cut): NOTIFYs sent meanwhile are lost, so on re-opening it
// the feed refreshes every open board. PGlite's one in-process connection cannot drop.
if (testDatabaseKind() === 'postgres') {
  describe('a lost LISTEN connection on PostgreSQL', () => {
    it('is re-opened, and every open board is refreshed with what changed unheard', async () => {
      const { tournament, team, feed, watcher, ours } = await watchOneTeam();
      try {
        // A score saved without a NOTIFY: nothing can tell the feed, except re-reading after a reconnect.
        await insertScores(database.db, tournament.id, team, [[3]]);
        const killed = await queryRows<{ ok: boolean }>(
          database.db,
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
        );
        expect(killed.length).toBeGreaterThanOrEqual(1);
        await watcher.until(() => ours().some((b) => b.board.rows.length === 1));
        expect(ours().at(-1)!.board.rows[0]).toMatchObject({ toPar: -1 });
      } finally {
        await feed.close();
      }
    });
  });
}
