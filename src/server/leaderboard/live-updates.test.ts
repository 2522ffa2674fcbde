// Live leaderboards (R4, R22; issue 5 item 4): GET /api/leaderboard/events, one stream per page, sends the
// active tournaments and each one's board at once and after every change, to this app's subscribers and, through the
// database's NOTIFY, to another app's on the same database (in-process here, on both databases); tournaments activated or
// closed join or leave it; and with two real server processes on PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../account/service';
import { testDatabaseKind } from '../test/database';
import { signInAt, useServerPair } from '../test/server-pair';
import { eq } from 'drizzle-orm';
import { tournaments } from '../db/schema';
import { readEvents, type EventReader, type ServerSentEvent } from '../test/sse-reader';
import { createTournamentDay, type DayTeam } from '../test/tournament-day-fixtures';
import { createTestApp, TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { fileApp } from '../test/file-app';
import type { Leaderboard } from '../scoring/openapi-schemas';
import { LEADERBOARD_CHANNEL } from './leaderboard-channel';
import { createLeaderboardFeed } from './leaderboard-feed';

const t = await fileApp();
// Another app on the same database, with its own feed and LISTEN connection, as another process would have.
const other = await fileApp({ database: t.database });
const leader = await t.createUser('team_leader');
afterAll(async () => {
  await other.deps.leaderboardFeed.close();
  await t.deps.leaderboardFeed.close();
});

const board = (tournamentId: string, app = t) => app.call(`/api/leaderboard/${tournamentId}`);
const save = (team: DayTeam, list: [number, number, number][]) =>
  t.call(`/api/teams/${team.id}/scores`, {
    method: 'PUT',
    cookie: leader.cookie,
    json: { scores: list.map(([p, holeNumber, strokes]) => ({ playerId: team.players[p]!, holeNumber, strokes })) },
  });
const events = async (app = t) => {
  const response = await app.request('/api/leaderboard/events');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  return readEvents(response);
};
const parsed = (data: string) => JSON.parse(data) as Leaderboard;
/** The next board of this tournament on the stream that satisfies `accept`. */
const boardOf = async (stream: EventReader, tournamentId: string, accept: (board: Leaderboard) => boolean = () => true) =>
  parsed(
    (await stream.until((e) => e.event === 'leaderboard' && parsed(e.data).tournament.id === tournamentId && accept(parsed(e.data)))).data,
  );
const activeIds = (event: ServerSentEvent) => (JSON.parse(event.data) as { tournamentIds: string[] }).tournamentIds;

describe('GET /api/leaderboard/events (live)', () => {
  it('sends the active tournaments and every one of their boards on one stream, then the new board after every save', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const second = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const closed = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    const stream = await events();
    try {
      const first = await stream.next();
      expect(first.event).toBe('active');
      expect(first.retry).toBe(2000);
      expect(activeIds(first)).toEqual(expect.arrayContaining([tournament.id, second.tournament.id]));
      expect(activeIds(first)).not.toContain(closed.tournament.id);
      // Then each active board, whole (names only: R11). A board whose version moved on meanwhile may come twice (newest
      // only, never older): read until every active tournament's board has come.
      const boards = new Map<string, ServerSentEvent>();
      while (boards.size < activeIds(first).length) {
        const next = await stream.next();
        if (next.event === 'active') continue;
        expect(next.event).toBe('leaderboard');
        expect(next.retry).toBe(2000);
        boards.set(parsed(next.data).tournament.id, next);
      }
      expect([...boards.keys()].sort()).toEqual([...activeIds(first)].sort());
      expect(parsed(boards.get(tournament.id)!.data).rows).toEqual([]);

      await save(teams[1]!, [[0, 1, 3]]);
      expect((await boardOf(stream, tournament.id, (b) => b.rows.length === 1)).rows[0]).toMatchObject({
        teamId: teams[1]!.id,
        toPar: -1,
        thru: 1,
      });

      await save(teams[0]!, [[0, 1, 2]]);
      expect((await boardOf(stream, tournament.id, (b) => b.rows.length === 2)).rows.map((r) => r.teamId)).toEqual([
        teams[0]!.id,
        teams[1]!.id,
      ]);
    } finally {
      await stream.close();
    }
  });

  it('tells an open stream when a tournament is activated or closed, and sends the new board (no reload)', async () => {
    const app = await createTestApp({ database: t.database });
    await app.deps.leaderboardFeed.close();
    app.deps.leaderboardFeed = createLeaderboardFeed({ database: t.database, logger: app.deps.logger, activePollMs: 50 });
    const later = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    const stream = await events(app);
    try {
      expect(activeIds(await stream.next())).not.toContain(later.tournament.id);
      await t.db.update(tournaments).set({ active: true }).where(eq(tournaments.id, later.tournament.id));
      const joined = await stream.until((e) => e.event === 'active' && activeIds(e).includes(later.tournament.id));
      expect(activeIds(joined)).toContain(later.tournament.id);
      expect((await boardOf(stream, later.tournament.id)).tournament.name).toBe(later.tournament.name);

      await t.db.update(tournaments).set({ active: false }).where(eq(tournaments.id, later.tournament.id));
      await stream.until((e) => e.event === 'active' && !activeIds(e).includes(later.tournament.id));
    } finally {
      await stream.close();
      await app.deps.leaderboardFeed.close();
      await app.close();
    }
  });

  it('sends a save to a stream that has the board as the rows it changed, which make the board a read answers (decision 128)', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 3 });
    await save(teams[0]!, [[0, 1, 4]]);
    await save(teams[1]!, [[0, 1, 5]]);
    await save(teams[2]!, [[0, 1, 6]]);
    const stream = await events();
    try {
      const whole = await stream.until((e) => e.event === 'leaderboard' && parsed(e.data).tournament.id === tournament.id);
      expect(whole.patched).toBeUndefined();
      expect(parsed(whole.data).rows.map((r) => r.teamId)).toEqual(teams.map((team) => team.id));
      // The last team goes first: every row changes its place, one its scores.
      await save(teams[2]!, [[0, 1, 2]]);
      const next = await stream.until((e) => e.event === 'leaderboard' && parsed(e.data).tournament.id === tournament.id);
      expect(next.patched).toBe(true);
      expect(parsed(next.data).rows.map((r) => r.teamId)).toEqual([teams[2]!.id, teams[0]!.id, teams[1]!.id]);
      expect(parsed(next.data)).toEqual((await board(tournament.id)).body);
      // A stream opened now gets the board whole.
      const later = await events();
      try {
        const first = await later.until((e) => e.event === 'leaderboard' && parsed(e.data).tournament.id === tournament.id);
        expect(first.patched).toBeUndefined();
        expect(first.data).toBe(JSON.stringify(parsed(next.data)));
      } finally {
        await later.close();
      }
    } finally {
      await stream.close();
    }
  });

  it("reaches another app process's subscribers through the database's NOTIFY", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const stream = await events(other);
    try {
      expect((await boardOf(stream, tournament.id)).rows).toEqual([]);
      await save(teams[0]!, [
        [0, 1, 5],
        [1, 1, 5],
      ]);
      expect((await boardOf(stream, tournament.id, (b) => b.rows.length === 1)).rows[0]).toMatchObject({ toPar: 2, total: 10 });
      // And the other process's cached board follows too.
      expect((await board(tournament.id, other)).body.rows[0].total).toBe(10);
    } finally {
      await stream.close();
    }
  });

  it('forgets a subscriber that leaves', async () => {
    const before = t.deps.leaderboardFeed.subscriberCount();
    const stream = await events();
    await stream.next();
    expect(t.deps.leaderboardFeed.subscriberCount()).toBe(before + 1);
    await stream.close();
    await expect.poll(() => t.deps.leaderboardFeed.subscriberCount()).toBe(before);
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const app = await createTestApp({ database: t.database });
    await app.deps.leaderboardFeed.close();
    app.deps.leaderboardFeed = createLeaderboardFeed({ database: t.database, logger: app.deps.logger, heartbeatMs: 20 });
    const stream = await events(app);
    try {
      await stream.next();
      await stream.waitForComments(2);
      expect(stream.comments()).toBeGreaterThanOrEqual(2);
    } finally {
      await stream.close();
      await app.deps.leaderboardFeed.close();
      await app.close();
    }
  });
});

describe('the NOTIFY that tells every process', () => {
  /** The tournament ids NOTIFYed on the leaderboard channel, once this listener is ready. */
  async function listenForChanges() {
    const heard: string[] = [];
    let ready!: () => void;
    const listening = new Promise<void>((resolve) => (ready = resolve));
    let waiter: (() => void) | null = null;
    const { stop } = await t.database.listen(LEADERBOARD_CHANNEL, {
      onNotify: (id) => {
        heard.push(id);
        waiter?.();
      },
      onReady: () => ready(),
    });
    await listening;
    /** Waits until `id` has been heard `times` times. */
    const hear = async (id: string, times = 1) => {
      while (heard.filter((each) => each === id).length < times) await new Promise<void>((resolve) => (waiter = resolve));
    };
    return { heard, hear, stop };
  }

  it('is sent when scores are saved and when holes are drawn, naming the tournament; not for a refused save', async () => {
    const admin = await t.createUser('admin');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const listener = await listenForChanges();
    try {
      expect((await save(teams[0]!, [[0, 1, 16]])).status).toBe(400);
      expect((await save(teams[0]!, [[0, 1, 4]])).status).toBe(200);
      await listener.hear(tournament.id);
      // The refused save sent none: the first one heard came from the saved one, which came second.
      expect(listener.heard.filter((id) => id === tournament.id)).toHaveLength(1);

      expect((await t.call(`/api/admin/tournaments/${tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie })).status).toBe(
        200,
      );
      await listener.hear(tournament.id, 2);
    } finally {
      await listener.stop();
    }
  });
});

// ── two server processes ──

if (testDatabaseKind() === 'postgres') {
  describe('live leaderboard across two server processes on PostgreSQL (R4)', () => {
    const pair = useServerPair();

    it("a score saved through server A reaches a subscriber of server B's stream", async () => {
      const email = uniqueEmail('leader');
      const leader = await createUserAccount(pair.database.db, {
        firstName: 'Lee',
        lastName: 'Leader',
        email,
        password: TEST_PASSWORD,
        emailVerified: true,
      });
      const { tournament, teams } = await createTournamentDay(pair.database.db, leader.id, { teams: 2 });
      const team = teams[1]!;

      const subscribed = await fetch(`${pair.b.url}/api/leaderboard/events`, { headers: { accept: 'text/event-stream' } });
      expect(subscribed.status).toBe(200);
      // A real server writes the stream straight to the socket (decision 042): nosniff is its own, and the security
      // middleware's other headers (added to Hono's response) are not on it.
      expect(subscribed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(subscribed.headers.get('content-security-policy')).toBeNull();
      const stream = readEvents(subscribed);
      try {
        expect((await boardOf(stream, tournament.id)).rows).toEqual([]);

        const cookie = await signInAt(pair.a, email);
        const saved = await fetch(`${pair.a.url}/api/teams/${team.id}/scores`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', origin: pair.a.url, cookie },
          body: JSON.stringify({ scores: [{ playerId: team.players[0], holeNumber: 1, strokes: 3 }] }),
        });
        expect(saved.status).toBe(200);

        const pushed = await boardOf(stream, tournament.id, (board) => board.rows.length > 0);
        expect(pushed.rows).toMatchObject([{ teamId: team.id, toPar: -1, thru: 1, total: 3 }]);
        // Server B's own answer to a plain request has it too.
        const board = (await (await fetch(`${pair.b.url}/api/leaderboard/${tournament.id}`)).json()) as Leaderboard;
        expect(board.rows.map((r) => r.total)).toEqual([3]);
      } finally {
        await stream.close();
      }
    }, 60_000);
  });
}
