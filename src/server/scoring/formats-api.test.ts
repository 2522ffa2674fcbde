// R28–R31 through the API on either database: the format locked once scores exist, stroke indexes each once, handicap
// indexes on the team form, the scramble card's one row, a net scramble board with countback, and 36 teams drawn on 18 holes.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { golfCourses, teamAssignments, tournaments } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createTournamentDay, insertScores, type DayTeam } from '../test/tournament-day-fixtures';
import { fileAppWithUsers } from '../test/file-app';
import { TOURNAMENT_MESSAGES } from '../../shared/tournament-schemas';
import { SCORE_MESSAGES } from '../../shared/score-schemas';

const { app: t, leader, admin } = await fileAppWithUsers();

const tournamentBody = (tournament: { name: string; startDate: string }, courseId: string | null, change: Record<string, unknown>) => ({
  name: tournament.name,
  startDate: tournament.startDate,
  endDate: null,
  maxTeams: null,
  active: true,
  courseId,
  levels: [],
  ...change,
});

describe('the format (R28)', () => {
  it('is saved with the tournament; once scores exist a change is refused with R28 message and nothing changes', async () => {
    const { tournament, course, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const put = (change: Record<string, unknown>) =>
      t.call(`/api/admin/tournaments/${tournament.id}`, {
        method: 'PUT',
        json: tournamentBody(tournament, course!.id, change),
        cookie: admin.cookie,
      });
    // Levels with teams cannot be dropped: keep the one the fixture registered through.
    const levels = (await t.call(`/api/admin/tournaments/${tournament.id}`, { cookie: admin.cookie })).body.tournament.levels.map(
      (l: { levelId: string; priceCents: number; maxTeams: number }) => ({
        sponsorshipLevelId: l.levelId,
        priceCents: l.priceCents,
        maxTeams: l.maxTeams,
      }),
    );
    const saved = await put({ levels, format: 'best_ball', bestBalls: 2, netScoring: true, singleGroupHoles: [9, 1, 9] });
    expect(saved.status).toBe(200);
    expect(saved.body.tournament).toMatchObject({ format: 'best_ball', bestBalls: 2, netScoring: true, singleGroupHoles: [1, 9] });

    await insertScores(t.db, tournament.id, teams[0]!, [[4]]);
    const before = await fingerprint(t.db);
    const refused = await put({ levels, format: 'scramble' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Scores exist: the format can no longer change');
    expect(refused.body.error.fields).toEqual({ format: TOURNAMENT_MESSAGES.formatLocked });
    expect((await put({ levels, format: 'best_ball', bestBalls: 1 })).status).toBe(409);
    expect(await fingerprint(t.db)).toEqual(before);
    // Net scoring may still be switched: it changes how the board ranks, not what was entered.
    expect((await put({ levels, format: 'best_ball', bestBalls: 2, netScoring: false })).status).toBe(200);
  });

  it('refuses an unknown format or best balls other than 1 or 2 (400)', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 0, course: false });
    for (const change of [{ format: 'skins' }, { format: 'best_ball', bestBalls: 3 }, { singleGroupHoles: [0] }]) {
      const answer = await t.call(`/api/admin/tournaments/${tournament.id}`, {
        method: 'PUT',
        json: tournamentBody(tournament, null, change),
        cookie: admin.cookie,
      });
      expect(answer.status).toBe(400);
    }
  });
});

describe('courses: slope, rating and stroke indexes (R29)', () => {
  it('saves slope and rating, and refuses a slope outside 55–155', async () => {
    const created = await t.call('/api/admin/courses', {
      method: 'POST',
      json: { name: `Slope ${Date.now()}`, slope: 131, rating: 71.4 },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(201);
    expect(created.body.course).toMatchObject({ slope: 131, rating: 71.4 });
    const bad = await t.call('/api/admin/courses', {
      method: 'POST',
      json: { name: `Slope bad ${Date.now()}`, slope: 160 },
      cookie: admin.cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Slope must be a whole number from 55 to 155');
  });

  it('stroke indexes: each number once, one per hole, or none; a refusal changes nothing', async () => {
    const { course } = await createTournamentDay(t.db, leader.id, { teams: 0, holes: 9 });
    const put = (strokeIndexes: unknown[]) =>
      t.call(`/api/admin/courses/${course!.id}/stroke-indexes`, { method: 'PUT', json: { strokeIndexes }, cookie: admin.cookie });
    const ok = await put([9, 1, 5, 3, 7, 2, 8, 4, 6]);
    expect(ok.status).toBe(200);
    expect(ok.body.holes.map((h: { strokeIndex: number }) => h.strokeIndex)).toEqual([9, 1, 5, 3, 7, 2, 8, 4, 6]);
    // Swapping two holes' indexes saves in one go (one at a time would clash on the unique index).
    expect((await put([1, 9, 5, 3, 7, 2, 8, 4, 6])).status).toBe(200);

    const before = await fingerprint(t.db);
    const twice = await put([1, 1, 5, 3, 7, 2, 8, 4, 6]);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Stroke index 1 is on more than one hole');
    const partial = await put([1, null, null, null, null, null, null, null, null]);
    expect(partial.body.error.message).toBe('Enter a stroke index for every hole (1 to 9, each once), or none');
    const wrongCount = await put([1, 2, 3]);
    expect(wrongCount.status).toBe(400);
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await put(Array(9).fill(null))).status).toBe(200);
  });
});

describe('handicap indexes on the team form (R29)', () => {
  it("the leader saves each player's index; one outside -10.0..54.0 or with two decimals is refused", async () => {
    const { teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const team = (await t.call(`/api/teams/${teams[0]!.id}`, { cookie: leader.cookie })).body.team;
    const body = (indexes: unknown[]) => ({
      teamName: team.name,
      company: team.company,
      contactName: team.contactName || 'Contact',
      contactPhone: team.contactPhone || '555-0100',
      contactEmail: team.contactEmail || 'contact@example.org',
      players: team.players.map((p: Record<string, unknown>, i: number) => ({ ...p, handicapIndex: indexes[i] })),
    });
    const saved = await t.call(`/api/teams/${team.id}`, { method: 'PUT', json: body([12.4, -1.5, null, 54]), cookie: leader.cookie });
    expect(saved.status).toBe(200);
    expect(saved.body.team.players.map((p: { handicapIndex: number | null }) => p.handicapIndex)).toEqual([12.4, -1.5, null, 54]);
    for (const bad of [54.1, -10.5, 12.45]) {
      const refused = await t.call(`/api/teams/${team.id}`, { method: 'PUT', json: body([bad, null, null, null]), cookie: leader.cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('Handicap Index must be from -10.0 to 54.0, with at most one decimal');
    }
  });
});

describe('handicap indexes at the check-in desk (R29)', () => {
  it('staff set or clear a golfer’s index; a bad value is refused and changes nothing; the golfers list shows it', async () => {
    const moderator = await t.createUser('moderator');
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const golfer = teams[0]!.players[0]!;
    const put = (handicapIndex: unknown, user = moderator) =>
      t.call(`/api/admin/golfers/${golfer}/handicap`, { method: 'PUT', json: { handicapIndex }, cookie: user.cookie });
    const saved = await put(-2.3);
    expect(saved.status).toBe(200);
    expect(saved.body.golfer).toEqual({ id: golfer, handicapIndex: -2.3 });
    const list = await t.call(`/api/admin/golfers?tournamentId=${tournament.id}`, { cookie: moderator.cookie });
    expect(list.body.golfers.find((g: { id: string }) => g.id === golfer).handicapIndex).toBe(-2.3);

    const before = await fingerprint(t.db);
    const bad = await put(60);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Handicap Index must be from -10.0 to 54.0, with at most one decimal');
    expect((await put(5, leader)).status).toBe(403);
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await put(null)).body.golfer.handicapIndex).toBeNull();
  });
});

describe('a scramble with net scoring (R28–R30)', () => {
  /** 18 scramble holes on the first player's row: par 4 everywhere but `changes`. */
  const card = (team: DayTeam, changes: Record<number, number>) =>
    Array.from({ length: 18 }, (_, i) => ({ playerId: team.players[0]!, holeNumber: i + 1, strokes: changes[i + 1] ?? 4 }));

  it("keeps one team row on the first golfer, refuses strokes on another's row, and ranks by net with countback", async () => {
    const { tournament, course, teams } = await createTournamentDay(t.db, leader.id, { teams: 2, holes: 18, label: 'Scramble' });
    await t.db.update(tournaments).set({ format: 'scramble', netScoring: true }).where(eq(tournaments.id, tournament.id));
    await t.db.update(golfCourses).set({ slope: 113, rating: null }).where(eq(golfCourses.id, course!.id));
    const [a, b] = teams as [DayTeam, DayTeam];
    // A: every golfer index 8 → team 70 % × 8 = 5.6 → 6. B: index 4 → 2.8 → 3 (see src/shared/formats.test.ts).
    for (const [team, index] of [
      [a, 8],
      [b, 4],
    ] as const) {
      const detail = (await t.call(`/api/teams/${team.id}`, { cookie: leader.cookie })).body.team;
      const json = { ...detail, teamName: detail.name, players: detail.players.map((p: object) => ({ ...p, handicapIndex: index })) };
      expect((await t.call(`/api/teams/${team.id}`, { method: 'PUT', json, cookie: admin.cookie })).status).toBe(200);
    }

    const sheet = (await t.call(`/api/teams/${a.id}/scores`, { cookie: leader.cookie })).body;
    expect(sheet.rules).toEqual({ format: 'scramble', bestBalls: 1, netScoring: true });
    const wrongRow = await t.call(`/api/teams/${a.id}/scores`, {
      method: 'PUT',
      json: { scores: [{ playerId: a.players[1]!, holeNumber: 1, strokes: 4 }] },
      cookie: leader.cookie,
    });
    expect(wrongRow.status).toBe(400);
    expect(wrongRow.body.error.message).toBe(SCORE_MESSAGES.scrambleRow);

    // A: 76 gross (bogeys 7, 8, 9, 18) − 6 = 70; B: 73 (bogey 9) − 3 = 70. Last 9: A 37 − 3 = 34 beats B 36 − 1.5 = 34.5.
    for (const [team, changes] of [
      [a, { 7: 5, 8: 5, 9: 5, 18: 5 }],
      [b, { 9: 5 }],
    ] as const) {
      const saved = await t.call(`/api/teams/${team.id}/scores`, {
        method: 'PUT',
        json: { scores: card(team, changes) },
        cookie: leader.cookie,
      });
      expect(saved.status).toBe(200);
    }
    const board = (await t.call(`/api/leaderboard/${tournament.id}`)).body;
    expect(board.rules).toEqual({ format: 'scramble', bestBalls: 1, netScoring: true });
    expect(
      board.rows.map((r: Record<string, unknown>) => [r.teamId, r.positionLabel, r.total, r.netTotal, r.netToPar, r.handicap, r.countback]),
    ).toEqual([
      [a.id, '1', 76, 70, -2, 6, 'won'],
      [b.id, '2', 73, 70, -2, 3, 'lost'],
    ]);
  });
});

describe('36 teams on 18 holes (R31)', () => {
  it('draws two groups on every hole, shown as A and B on the starting sheet, the cards and score entry', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, {
      teams: 36,
      holes: 18,
      pars: [4, 5, 3, 4, 4, 5, 3, 4, 4, 4, 5, 3, 4, 4, 5, 3, 4, 4],
    });
    const drawn = await t.call(`/api/admin/tournaments/${tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie });
    expect(drawn.status).toBe(200);
    const rows = await t.db.select().from(teamAssignments).where(eq(teamAssignments.tournamentId, tournament.id));
    expect(rows).toHaveLength(36);
    for (let hole = 1; hole <= 18; hole++) {
      expect(
        rows
          .filter((r) => r.startingHole === hole)
          .map((r) => r.startGroup)
          .sort(),
      ).toEqual(['A', 'B']);
    }
    const sheet = drawn.body.assignments.map((a: { startingHole: number; startGroup: string }) => `${a.startingHole}${a.startGroup}`);
    expect(sheet.slice(0, 4)).toEqual(['1A', '1B', '2A', '2B']);
    const mine = rows.find((r) => r.teamId === teams[0]!.id)!;
    const entry = (await t.call(`/api/teams/${teams[0]!.id}/scores`, { cookie: leader.cookie })).body.team;
    expect([entry.startingHole, entry.startGroup]).toEqual([mine.startingHole, mine.startGroup]);
    const status = (await t.call('/api/admin/starting-holes', { cookie: admin.cookie })).body.tournaments.find(
      (x: { tournamentId: string }) => x.tournamentId === tournament.id,
    );
    expect(status).toMatchObject({ teams: 36, holes: 18, singleGroupHoles: 0 });
  });

  it('keeps holes the organiser marked to one group: 35 teams with hole 2 single', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 35, holes: 18, pars: [4, 5] });
    await t.db
      .update(tournaments)
      .set({ singleGroupHoles: [2] })
      .where(eq(tournaments.id, tournament.id));
    expect((await t.call(`/api/admin/tournaments/${tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie })).status).toBe(
      200,
    );
    const onTwo = await t.db
      .select()
      .from(teamAssignments)
      .where(and(eq(teamAssignments.tournamentId, tournament.id), eq(teamAssignments.startingHole, 2)));
    expect(onTwo).toHaveLength(1);
    // One more team does not fit: 2 × 18 − 1 = 35 places.
    await t.db
      .update(tournaments)
      .set({ singleGroupHoles: [2, 3] })
      .where(eq(tournaments.id, tournament.id));
    const refused = await t.call(`/api/admin/tournaments/${tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Too many teams (35) for available holes (34)');
  });
});
