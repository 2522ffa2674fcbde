// The leaderboards through the API (R11, R22): the public boards of active tournaments and the staff score
// report, a saved score shown at once, and a constant number of queries per board. The live stream: live-updates.test.ts.
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTournamentDay, insertScores, type DayTeam } from '../test/tournament-day-fixtures';
import { fileAppWithUsers } from '../test/file-app';
import type { Leaderboard } from '../scoring/openapi-schemas';
import { teamAssignments } from '../db/schema';
import { loadLeaderboard } from './leaderboard';
import { countQueries } from '../test/count-queries';

const { app: t, leader, moderator } = await fileAppWithUsers();
afterAll(() => t.deps.leaderboardFeed.close());

const board = (tournamentId: string) => t.call(`/api/leaderboard/${tournamentId}`);
const save = (team: DayTeam, list: [number, number, number][]) =>
  t.call(`/api/teams/${team.id}/scores`, {
    method: 'PUT',
    cookie: leader.cookie,
    json: { scores: list.map(([p, holeNumber, strokes]) => ({ playerId: team.players[p]!, holeNumber, strokes })) },
  });
describe('GET /api/leaderboard/:tournamentId', () => {
  it('ranks the teams with scores by to par, with Thru, totals and per-player totals, names only (R11, R22)', async () => {
    // Pars 4, 3, 5 on holes 1-3.
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 4, holes: 9, pars: [4, 3, 5] });
    const [a, b, c] = teams as [DayTeam, DayTeam, DayTeam];
    await insertScores(t.db, tournament.id, a, [[5, 3, 5], [4]]); // +1 +0 +0, +0 → +1 thru 3, total 17
    await insertScores(t.db, tournament.id, b, [
      [3, 3],
      [4, 2],
    ]); // -1 +0, +0 -1 → -2 thru 2, total 12
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
    // The two golfers without a score yet have no total (the board shows '—'), not 0.
    expect(body.rows[0].players.map((p: { total: number | null }) => p.total)).toEqual([6, 6, null, null]);
    expect(body.rows[0].players[0].name).toBe('G2x1 Golfer');
    // No contact field, no e-mail address, no phone value (quoted, so a UUID's digits cannot look like one).
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/"\w*(email|phone)"\s*:/i);
    expect(text).not.toContain('@');
    expect(text).not.toContain('"555-0100"');
  });

  it("shows each team's starting hole and group once drawn (R31), none before", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 3, holes: 9 });
    const [a, b, c] = teams as [DayTeam, DayTeam, DayTeam];
    for (const team of [a, b, c]) await insertScores(t.db, tournament.id, team, [[4]]);
    // Two groups on hole 7; the third team came late and has no starting hole yet.
    await t.db.insert(teamAssignments).values([
      { tournamentId: tournament.id, teamId: a.id, startingHole: 7, startGroup: 'A' },
      { tournamentId: tournament.id, teamId: b.id, startingHole: 7, startGroup: 'B' },
    ]);
    const { body } = await board(tournament.id);
    const startOf = (id: string) => body.rows.find((r: { teamId: string }) => r.teamId === id).start;
    expect([startOf(a.id), startOf(b.id), startOf(c.id)]).toEqual(['7A', '7B', null]);
  });

  it('answers gzip to a browser that accepts it, the same board', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    await insertScores(t.db, tournament.id, teams[0]!, [
      [5, 4],
      [4, 4],
    ]);
    const plain = await board(tournament.id);
    const response = await t.request(`/api/leaderboard/${tournament.id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(plain.body);
    expect(plain.response.headers.get('content-encoding')).toBeNull();
  });

  it('answers every active board gzipped to a browser that accepts it, the same boards (the first /leaderboard reads them)', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    await insertScores(t.db, tournament.id, teams[0]!, [[5, 4]]);
    const plain = await t.call('/api/leaderboard');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.leaderboards.map((b: { tournament: { id: string } }) => b.tournament.id)).toContain(tournament.id);
    for (let i = 0; i < 2; i++) {
      const response = await t.request('/api/leaderboard', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'))).toEqual(plain.body);
    }
    // A score saved: the next answer carries it.
    await insertScores(t.db, tournament.id, teams[1]!, [[4]]);
    t.deps.leaderboardFeed.changed(tournament.id);
    const response = await t.request('/api/leaderboard', { headers: { 'accept-encoding': 'gzip' } });
    const after = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    expect(after).toEqual((await t.call('/api/leaderboard')).body);
    expect(after).not.toEqual(plain.body);
  });

  it('answers 404 for a closed or unknown tournament', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });
    expect((await board(tournament.id)).body).toEqual({ error: { code: 'NOT_FOUND', message: 'Leaderboard not found' } });
    expect((await board('00000000-0000-4000-8000-000000000000')).status).toBe(404);
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
  it('takes the same few queries for 2 teams as for 30 (no query per team)', async () => {
    const small = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const large = await createTournamentDay(t.db, leader.id, { teams: 30 });
    for (const day of [small, large])
      for (const team of day.teams) await insertScores(t.db, day.tournament.id, team, [[4, 4], [5], [3], [4]]);
    const forSmall = await countQueries(t.db, () => loadLeaderboard(t.db, small.tournament.id));
    const forLarge = await countQueries(t.db, () => loadLeaderboard(t.db, large.tournament.id));
    expect((await loadLeaderboard(t.db, large.tournament.id)).board.rows).toHaveLength(30);
    expect(forLarge).toBe(forSmall);
    expect(forSmall).toBeLessThanOrEqual(4);
  });
});
