// The leaderboards through the API (PRODUCT.md R4, R11, R22): the public boards of active tournaments and the staff score
// report, a constant number of queries per board, and the live stream that follows every save — in this app, and in a
// second app on the same database (its own LISTEN connection, as another process would have).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '../test/sse-reader';
import { createTournamentDay, insertScores, type DayTeam } from '../test/tournament-day-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import type { Leaderboard } from '../../shared/tournament-day';
import { LEADERBOARD_CHANNEL } from './leaderboard-channel';
import { loadLeaderboard } from './leaderboard';

let t: TestApp;
let other: TestApp;
let leader: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Another app process on the same database.
  other = await createTestApp({ database: t.database });
  [leader, moderator] = await Promise.all([t.createUser('team_leader'), t.createUser('moderator')]);
});
afterAll(async () => {
  await other?.deps.leaderboardFeed.close();
  await t?.deps.leaderboardFeed.close();
  await other?.close();
  await t?.close();
});

const board = (tournamentId: string, app = t) => app.call(`/api/leaderboard/${tournamentId}`);
const save = (team: DayTeam, list: [number, number, number][]) =>
  t.call(`/api/teams/${team.id}/scores`, {
    method: 'PUT',
    cookie: leader.cookie,
    json: { scores: list.map(([p, holeNumber, strokes]) => ({ playerId: team.players[p]!, holeNumber, strokes })) },
  });
const events = async (tournamentId: string, app = t) => {
  const response = await app.request(`/api/leaderboard/${tournamentId}/events`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  return readEvents(response);
};
const parsed = (data: string) => JSON.parse(data) as Leaderboard;

describe('GET /api/leaderboard/:tournamentId', () => {
  it('ranks the teams with scores by to par, with Thru, totals and per-player totals, names only (R11, R22)', async () => {
    // Pars 4, 3, 5 on holes 1-3.
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 4, holes: 9, pars: [4, 3, 5] });
    const [a, b, c] = teams as [DayTeam, DayTeam, DayTeam];
    await insertScores(t.db, tournament.id, a, [[5, 3, 5], [4]]); // +1 +0 +0, +0 → +1 thru 3, total 17
    await insertScores(t.db, tournament.id, b, [[3, 3], [4, 2]]); // -1 +0, +0 -1 → -2 thru 2, total 12
    await insertScores(t.db, tournament.id, c, [[4, 4]]); // +0 +1 → +1 thru 2, total 8
    const { status, body } = await board(tournament.id);
    expect(status).toBe(200);
    expect(body.tournament).toEqual({ id: tournament.id, name: tournament.name, startDate: tournament.startDate, endDate: null });
    expect(body.holeCount).toBe(9);
    expect(body.rows.map((r: Record<string, unknown>) => [r.teamName, r.positionLabel, r.toPar, r.thru, r.total])).toEqual([
      ['Team 2', '1', -2, 2, 12],
      ['Team 1', 'T2', 1, 3, 17],
      ['Team 3', 'T2', 1, 2, 8],
    ]);
    expect(body.rows[0].players.map((p: { total: number }) => p.total)).toEqual([6, 6, 0, 0]);
    expect(body.rows[0].players[0].name).toBe('G2x1 Golfer');
    expect(JSON.stringify(body)).not.toMatch(/@|555-/);
  });

  it('answers 404 for a closed or unknown tournament', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    expect((await board(tournament.id)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Leaderboard not found' } });
    expect((await board('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.call(`/api/leaderboard/${tournament.id}/events`)).status).toBe(404);
  });

  it('shows a saved score at once (this process refreshes its cache on save)', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    expect((await board(tournament.id)).body.rows).toEqual([]);
    expect((await save(teams[0]!, [[0, 1, 6]])).status).toBe(200);
    expect((await board(tournament.id)).body.rows.map((r: { toPar: number }) => r.toPar)).toEqual([2]);
    expect((await save(teams[0]!, [[0, 1, 3]])).status).toBe(200);
    expect((await board(tournament.id)).body.rows.map((r: { toPar: number }) => r.toPar)).toEqual([-1]);
  });
});

describe('GET /api/leaderboard', () => {
  it("answers every active tournament's board, closed ones left out", async () => {
    const open = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const closed = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    await insertScores(t.db, open.tournament.id, open.teams[0]!, [[4]]);
    const { status, body } = await t.call('/api/leaderboard');
    expect(status).toBe(200);
    const ids = body.leaderboards.map((l: Leaderboard) => l.tournament.id);
    expect(ids).toContain(open.tournament.id);
    expect(ids).not.toContain(closed.tournament.id);
    expect(body.leaderboards.find((l: Leaderboard) => l.tournament.id === open.tournament.id).rows).toHaveLength(1);
  });
});

describe('GET /api/admin/score-report/:tournamentId', () => {
  it('gives staff the board of any tournament, closed ones too; a leader 403', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    await insertScores(t.db, tournament.id, teams[0]!, [[5, 5]]);
    const { status, body } = await t.call(`/api/admin/score-report/${tournament.id}`, { cookie: moderator.cookie });
    expect(status).toBe(200);
    expect(body.rows.map((r: { toPar: number; thru: number }) => [r.toPar, r.thru])).toEqual([[2, 2]]);
    expect((await t.call(`/api/admin/score-report/${tournament.id}`, { cookie: leader.cookie })).status).toBe(403);
  });
});

describe('the cost of a board', () => {
  /** Round trips to the database while `work` runs (both drivers send every query through $client.query). */
  async function countQueries(work: () => Promise<unknown>): Promise<number> {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    let n = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      client.query = original;
    }
    return n;
  }

  it('takes the same few queries for 2 teams as for 30 (no query per team)', async () => {
    const small = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const large = await createTournamentDay(t.db, leader.id, { teams: 30 });
    for (const day of [small, large]) for (const team of day.teams) await insertScores(t.db, day.tournament.id, team, [[4, 4], [5], [3], [4]]);
    const forSmall = await countQueries(() => loadLeaderboard(t.db, small.tournament.id));
    const forLarge = await countQueries(() => loadLeaderboard(t.db, large.tournament.id));
    expect((await loadLeaderboard(t.db, large.tournament.id)).board.rows).toHaveLength(30);
    expect(forLarge).toBe(forSmall);
    expect(forSmall).toBeLessThanOrEqual(4);
  });
});

describe('GET /api/leaderboard/:tournamentId/events (live)', () => {
  it('sends the board at once with a retry hint, then the new board after every save', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const stream = await events(tournament.id);
    try {
      const first = await stream.next();
      expect(first.event).toBe('leaderboard');
      expect(first.retry).toBe(2000);
      expect(parsed(first.data)).toMatchObject({ tournament: { id: tournament.id }, rows: [] });

      await save(teams[1]!, [[0, 1, 3]]);
      const second = await stream.until((e) => parsed(e.data).rows.length === 1);
      expect(parsed(second.data).rows[0]).toMatchObject({ teamId: teams[1]!.id, toPar: -1, thru: 1 });

      await save(teams[0]!, [[0, 1, 2]]);
      const third = await stream.until((e) => parsed(e.data).rows.length === 2);
      expect(parsed(third.data).rows.map((r) => r.teamId)).toEqual([teams[0]!.id, teams[1]!.id]);
    } finally {
      await stream.close();
    }
  });

  it("reaches another app process's subscribers through the database's NOTIFY", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const stream = await events(tournament.id, other);
    try {
      expect(parsed((await stream.next()).data).rows).toEqual([]);
      await save(teams[0]!, [[0, 1, 5], [1, 1, 5]]);
      const next = await stream.until((e) => parsed(e.data).rows.length === 1);
      expect(parsed(next.data).rows[0]).toMatchObject({ toPar: 2, total: 10 });
      // And the other process's cached board follows too.
      expect((await board(tournament.id, other)).body.rows[0].total).toBe(10);
    } finally {
      await stream.close();
    }
  });

  it('forgets a subscriber that leaves', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const before = t.deps.leaderboardFeed.subscriberCount();
    const stream = await events(tournament.id);
    await stream.next();
    expect(t.deps.leaderboardFeed.subscriberCount()).toBe(before + 1);
    await stream.close();
    await expect.poll(() => t.deps.leaderboardFeed.subscriberCount()).toBe(before);
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const { createLeaderboardFeed } = await import('./leaderboard-feed');
    const app = await createTestApp({ database: t.database });
    await app.deps.leaderboardFeed.close();
    app.deps.leaderboardFeed = createLeaderboardFeed({ database: t.database, logger: app.deps.logger, heartbeatMs: 20 });
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const stream = await events(tournament.id, app);
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
    const stop = await t.database.listen(LEADERBOARD_CHANNEL, {
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

      expect((await t.call(`/api/admin/tournaments/${tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
      await listener.hear(tournament.id, 2);
    } finally {
      await listener.stop();
    }
  });
});
