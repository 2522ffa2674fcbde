// The live-leaderboard feed of one process: one computation per change however many subscribers, bursts merged, the
// cache, heartbeats, shutdown, and (PostgreSQL) a lost LISTEN connection re-opened with every open board refreshed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { insertLeaders } from '../test/fixtures';
import { createTournamentDay, insertScores } from '../test/tournament-day-fixtures';
import { capturingLogger } from '../test/test-app';
import type { LoadedLeaderboard } from './leaderboard';
import { notifyLeaderboardChanged } from './leaderboard-channel';
import { createLeaderboardFeed, type BoardSnapshot, type FeedOptions, type LeaderboardSubscriber } from './leaderboard-feed';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** A board loader that counts its calls; the board's total says which call made it. */
function countingLoad() {
  const loader = {
    calls: 0,
    load: async (id: string): Promise<LoadedLeaderboard> => {
      const n = ++loader.calls;
      return {
        active: true,
        board: { tournament: { id, name: 'Open', startDate: '2027-06-01', endDate: null }, holeCount: 18, rows: [], updatedAt: `call ${n}` },
      };
    },
  };
  return loader;
}

/** A subscriber that keeps what it is sent and lets a test wait for a board. */
function recorder() {
  const boards: BoardSnapshot[] = [];
  let heartbeats = 0;
  let closed = false;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  const subscriber: LeaderboardSubscriber = {
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
  return { subscriber, boards, until, heartbeats: () => heartbeats, closed: () => closed };
}

async function feedWith(options: Partial<FeedOptions> = {}) {
  const feed = createLeaderboardFeed({ database, logger: capturingLogger(), ...options });
  await feed.ready();
  return feed;
}

const TOURNAMENT = '11111111-1111-4111-8111-111111111111';

describe('the leaderboard feed', () => {
  it('computes a board once per change, whatever the number of subscribers, and merges a burst of changes', async () => {
    const loader = countingLoad();
    const feed = await feedWith({ load: loader.load });
    try {
      const watchers = Array.from({ length: 50 }, recorder);
      const unsubscribe = watchers.map((w) => feed.subscribe(TOURNAMENT, w.subscriber));
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
    const feed = await feedWith({ load: countingLoad().load, heartbeatMs: 10 });
    const watcher = recorder();
    feed.subscribe(TOURNAMENT, watcher.subscriber);
    await watcher.until(() => watcher.heartbeats() >= 2);
    await feed.close();
    expect(watcher.closed()).toBe(true);
  });

  it('hears a change NOTIFYed by another process and pushes the new board', async () => {
    const leader = (await insertLeaders(database.db, 1))[0]!;
    const { tournament, teams } = await createTournamentDay(database.db, leader, { teams: 1 });
    const feed = await feedWith();
    try {
      const watcher = recorder();
      feed.subscribe(tournament.id, watcher.subscriber);
      await watcher.until(() => watcher.boards.length === 1);
      await insertScores(database.db, tournament.id, teams[0]!, [[6]]);
      await notifyLeaderboardChanged(database.db, tournament.id);
      await watcher.until(() => watcher.boards.some((b) => b.board.rows.length === 1));
      expect(watcher.boards.at(-1)!.board.rows[0]).toMatchObject({ toPar: 2, total: 6 });
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
      const leader = (await insertLeaders(database.db, 1))[0]!;
      const { tournament, teams } = await createTournamentDay(database.db, leader, { teams: 1 });
      const feed = await feedWith();
      try {
        const watcher = recorder();
        feed.subscribe(tournament.id, watcher.subscriber);
        await watcher.until(() => watcher.boards.length === 1);
        // A score saved without a NOTIFY: nothing can tell the feed, except re-reading after a reconnect.
        await insertScores(database.db, tournament.id, teams[0]!, [[3]]);
        const killed = await queryRows<{ ok: boolean }>(
          database.db,
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
        );
        expect(killed.length).toBeGreaterThanOrEqual(1);
        await watcher.until(() => watcher.boards.some((b) => b.board.rows.length === 1));
        expect(watcher.boards.at(-1)!.board.rows[0]).toMatchObject({ toPar: -1 });
      } finally {
        await feed.close();
      }
    });
  });
}
