// Starting holes (R20, spec §8): the draw is uniform (a chi-square bound that biased draws fail), the admin
// route draws for every team and replaces the earlier draw, refuses with the spec's messages changing nothing, and the
// sheets show the result to staff and each team's hole to its leader.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseHoles, teamAssignments, teams } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { testDatabaseKind } from '../test/database';
import { addTeams, createTournamentDay, insertScores } from '../test/tournament-day-fixtures';
import type { TestUser } from '../test/test-app';
import { fileAppWithUsers, usePool } from '../test/file-app';
import { drawStartingHoles, type RandomInt } from './starting-holes';

// ── the draw ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Pearson's X² of each team's row of the team × hole counts over `draws` draws. In a uniform draw each team's hole is
 * uniform over the m holes, so each row's X² follows χ² with m-1 degrees of freedom (N/m expected per cell is large).
 */
function rowChiSquares(
  teamCount: number,
  holeCount: number,
  draws: number,
  draw: (ids: string[], holes: number[]) => { startingHole: number }[],
) {
  const ids = Array.from({ length: teamCount }, (_, i) => `team-${i}`);
  const holes = Array.from({ length: holeCount }, (_, i) => i + 1);
  const counts = ids.map(() => new Array<number>(holeCount).fill(0));
  for (let n = 0; n < draws; n++) draw(ids, holes).forEach((d, team) => counts[team]![d.startingHole - 1]!++);
  const expected = draws / holeCount;
  return counts.map((row) => row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0));
}

/**
 * The bound each row must stay under: Laurent and Massart's inequality P(X ≥ k + 2√(kx) + 2x) ≤ e^-x for X ~ χ²(k), with
 * e^-x = 1e-9 shared among the rows. A fair draw fails this test less than once in a billion runs.
 */
function chiSquareBound(degrees: number, rows: number, falseAlarm = 1e-9) {
  const x = Math.log(rows / falseAlarm);
  return degrees + 2 * Math.sqrt(degrees * x) + 2 * x;
}

// Draws a careless implementation might make, to show the bound catches them.
let bytes = Buffer.alloc(0);
let at = 0;
/** One random byte modulo max: low values come up more often (256 is not a multiple of most max). */
const moduloOfByte: RandomInt = (max) => {
  if (at >= bytes.length) [bytes, at] = [randomBytes(65_536), 0];
  return bytes[at++]! % max;
};
const sortShuffleDraw = (ids: string[], holes: number[]) => {
  const shuffled = [...holes].sort(() => Math.random() - 0.5);
  return ids.map((teamId, i) => ({ teamId, startingHole: shuffled[i]! }));
};
/** Swaps each position with any position (instead of one not yet fixed): some orders come up more often. */
const swapWithAnyDraw = (ids: string[], holes: number[]) => {
  const h = [...holes];
  for (let i = 0; i < h.length; i++) {
    const j = Math.floor(Math.random() * h.length);
    [h[i], h[j]] = [h[j]!, h[i]!];
  }
  return ids.map((teamId, i) => ({ teamId, startingHole: h[i]! }));
};

describe('the draw of starting holes', () => {
  it('gives every team a different hole of the course', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const holes = Array.from({ length: 18 }, (_, i) => i + 1);
    for (let n = 0; n < 200; n++) {
      const drawn = drawStartingHoles(ids, holes);
      expect(drawn.map((d) => d.teamId)).toEqual(ids);
      expect(new Set(drawn.map((d) => d.startingHole)).size).toBe(12);
      expect(drawn.every((d) => holes.includes(d.startingHole))).toBe(true);
    }
  });

  it('is uniform: a full field of 18 teams on 18 holes, 400,000 draws, every team within the chi-square bound', () => {
    const bound = chiSquareBound(17, 18);
    const fair = rowChiSquares(18, 18, 400_000, (ids, holes) => drawStartingHoles(ids, holes));
    expect(Math.max(...fair)).toBeLessThan(bound);
  });

  it('is uniform with fewer teams than holes: 5 teams on 9 holes, 100,000 draws', () => {
    const fair = rowChiSquares(5, 9, 100_000, (ids, holes) => drawStartingHoles(ids, holes));
    expect(Math.max(...fair)).toBeLessThan(chiSquareBound(8, 5));
  });

  it('the same bound fails biased draws: modulo bias, a sort-based shuffle, swapping with any position', () => {
    const bound = chiSquareBound(17, 18);
    // The modulo bias is small (a few strokes in a thousand): it takes as many draws as the fair test.
    const modulo = rowChiSquares(18, 18, 400_000, (ids, holes) => drawStartingHoles(ids, holes, moduloOfByte));
    expect(Math.max(...modulo)).toBeGreaterThan(bound);
    expect(Math.max(...rowChiSquares(18, 18, 20_000, sortShuffleDraw))).toBeGreaterThan(bound);
    expect(Math.max(...rowChiSquares(18, 18, 20_000, swapWithAnyDraw))).toBeGreaterThan(bound);
  });
});

// ── the admin route and the sheets ────────────────────────────────────────────────────────────────────────────────────

const { app: t, leader, otherLeader, moderator, admin } = await fileAppWithUsers({ otherLeader: true });

const assign = (tournamentId: string, user: TestUser | null = admin) =>
  t.call(`/api/admin/tournaments/${tournamentId}/assign-teams`, { method: 'POST', cookie: user?.cookie });
const holesInDb = async (tournamentId: string) =>
  Object.fromEntries(
    (await t.db.select().from(teamAssignments).where(eq(teamAssignments.tournamentId, tournamentId))).map((a) => [
      a.teamId,
      a.startingHole,
    ]),
  );

describe('POST /api/admin/tournaments/:id/assign-teams', () => {
  it('draws a different hole of the course for every team and answers the starting sheet, by hole', async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 7, holes: 9 });
    const { status, body } = await assign(tournament.id);
    expect(status).toBe(200);
    const saved = await holesInDb(tournament.id);
    expect(Object.keys(saved).sort()).toEqual(field.map((team) => team.id).sort());
    expect(new Set(Object.values(saved)).size).toBe(7);
    expect(Object.values(saved).every((hole) => hole >= 1 && hole <= 9)).toBe(true);
    expect(body.assignments.map((a: { teamId: string; startingHole: number }) => [a.teamId, a.startingHole])).toEqual(
      Object.entries(saved).sort((a, b) => a[1] - b[1]),
    );
    expect(body.course).toMatchObject({ holeCount: 9 });
  });

  it('replaces the earlier draw: one hole per team again, the old rows gone', async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 18, holes: 18 });
    expect((await assign(tournament.id)).status).toBe(200);
    const first = await holesInDb(tournament.id);
    // 18 teams on 18 holes: the chance that a fair redraw repeats every hole is 1 in 18!.
    expect((await assign(tournament.id)).status).toBe(200);
    const second = await holesInDb(tournament.id);
    expect(Object.keys(second).sort()).toEqual(field.map((team) => team.id).sort());
    expect(new Set(Object.values(second)).size).toBe(18);
    expect(second).not.toEqual(first);
  });

  const refusals: [string, () => Promise<string>, number, string][] = [
    [
      'without a course',
      async () => (await createTournamentDay(t.db, leader.id, { course: false })).tournament.id,
      409,
      'Tournament must have a golf course assigned',
    ],
    [
      'on a course without holes',
      async () => {
        const day = await createTournamentDay(t.db, leader.id);
        await t.db.delete(courseHoles).where(eq(courseHoles.courseId, day.course!.id));
        return day.tournament.id;
      },
      409,
      'Golf course has no holes configured',
    ],
    [
      'without teams',
      async () => (await createTournamentDay(t.db, leader.id, { teams: 0 })).tournament.id,
      409,
      'No teams registered for this tournament',
    ],
    // R31: up to two groups per hole, so the limit is twice the holes.
    [
      'with more teams than twice the holes',
      async () => (await createTournamentDay(t.db, leader.id, { teams: 19, holes: 9 })).tournament.id,
      409,
      'Too many teams (19) for available holes (18)',
    ],
    ['for an unknown tournament', async () => '00000000-0000-4000-8000-000000000000', 404, 'Tournament not found'],
  ];
  it.each(refusals)('refuses %s with the spec message, changing nothing', async (_, make, status, message) => {
    const tournamentId = await make();
    const before = await fingerprint(t.db);
    const answer = await assign(tournamentId);
    expect(answer.status).toBe(status);
    expect(answer.body.error.message).toBe(message);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('keeps the earlier draw when a new one is refused', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 18, holes: 9 });
    await assign(tournament.id);
    const drawn = await holesInDb(tournament.id);
    await addTeams(t.db, tournament.id, leader.id, 1, 'Late');
    expect((await assign(tournament.id)).body.error.message).toBe('Too many teams (19) for available holes (18)');
    expect(await holesInDb(tournament.id)).toEqual(drawn);
  });

  it("answers 'Failed to assign teams to holes' when the database fails, and changes nothing", async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 3 });
    await assign(tournament.id);
    const before = await holesInDb(tournament.id);
    // A database that refuses the insert (as a broken disk or a dropped table would): the delete is rolled back.
    await t.db.execute(sql`alter table team_assignments add constraint test_refuse_all check (starting_hole < 0) not valid`);
    try {
      const { status, body } = await assign(tournament.id);
      expect(status).toBe(500);
      expect(body.error).toEqual({ code: 'INTERNAL', message: 'Failed to assign teams to holes' });
    } finally {
      await t.db.execute(sql`alter table team_assignments drop constraint test_refuse_all`);
    }
    expect(await holesInDb(tournament.id)).toEqual(before);
  });

  it('is for admins: a moderator gets 403, a team leader 403, nobody signed in 401, and nothing changes', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id);
    const before = await fingerprint(t.db);
    expect((await assign(tournament.id, moderator)).status).toBe(403);
    expect((await assign(tournament.id, leader)).status).toBe(403);
    expect((await assign(tournament.id, null)).status).toBe(401);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe('after the draw', () => {
  it("shows each team's hole to its leader on the dashboard, and to nobody else's list", async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, otherLeader.id, { teams: 2 });
    await assign(tournament.id);
    const saved = await holesInDb(tournament.id);
    const { body } = await t.call('/api/teams/mine', { cookie: otherLeader.cookie });
    const mine = body.teams.filter((team: { tournament: { id: string } }) => team.tournament.id === tournament.id);
    expect(Object.fromEntries(mine.map((team: { id: string; startingHole: number }) => [team.id, team.startingHole]))).toEqual(saved);
    const theirs = (await t.call('/api/teams/mine', { cookie: leader.cookie })).body.teams.map((team: { id: string }) => team.id);
    expect(theirs).not.toContain(field[0]!.id);
  });

  it("tells the leader's dashboard whether scores can be entered: only once the tournament has a course", async () => {
    const withCourse = await createTournamentDay(t.db, otherLeader.id, { teams: 1 });
    const withoutCourse = await createTournamentDay(t.db, otherLeader.id, { teams: 1, course: false });
    const { body } = await t.call('/api/teams/mine', { cookie: otherLeader.cookie });
    const hasCourse = (teamId: string) => body.teams.find((team: { id: string }) => team.id === teamId).tournament.hasCourse;
    expect(hasCourse(withCourse.teams[0]!.id)).toBe(true);
    expect(hasCourse(withoutCourse.teams[0]!.id)).toBe(false);
  });

  it('a team registered after the draw has no hole until the next draw; a deleted team takes its hole with it', async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 3, holes: 9 });
    await assign(tournament.id);
    const [late] = await addTeams(t.db, tournament.id, leader.id, 1, 'Late');
    const cards = (await t.call(`/api/admin/tournaments/${tournament.id}/scorecards`, { cookie: moderator.cookie })).body;
    expect(cards.teams.at(-1)).toMatchObject({ teamId: late!.id, startingHole: null });
    const sheet = (await t.call(`/api/admin/tournaments/${tournament.id}/starting-sheet`, { cookie: moderator.cookie })).body;
    expect(sheet.assignments.map((a: { teamId: string }) => a.teamId)).not.toContain(late!.id);
    // The sheet says how many teams it leaves out, so the page can tell the organiser to draw again.
    expect(sheet.teamsWithoutHole).toBe(1);

    expect((await t.call(`/api/admin/teams/${field[0]!.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(Object.keys(await holesInDb(tournament.id)).sort()).toEqual([field[1]!.id, field[2]!.id].sort());
    expect((await assign(tournament.id)).status).toBe(200);
    expect(Object.keys(await holesInDb(tournament.id)).sort()).toEqual([field[1]!.id, field[2]!.id, late!.id].sort());
  });

  it('the starting sheet lists hole → team → players by hole, names only; before a draw it is empty', async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 3, holes: 12 });
    const empty = await t.call(`/api/admin/tournaments/${tournament.id}/starting-sheet`, { cookie: moderator.cookie });
    expect(empty.status).toBe(200);
    expect(empty.body.assignments).toEqual([]);
    expect(empty.body.teamsWithoutHole).toBe(3);
    expect(empty.body.tournament).toMatchObject({ id: tournament.id, name: tournament.name, startDate: tournament.startDate });

    await assign(tournament.id);
    const { body } = await t.call(`/api/admin/tournaments/${tournament.id}/starting-sheet`, { cookie: moderator.cookie });
    const holes = body.assignments.map((a: { startingHole: number }) => a.startingHole);
    expect(holes).toEqual([...holes].sort((a, b) => a - b));
    const first = body.assignments.find((a: { teamId: string }) => a.teamId === field[0]!.id);
    expect(first).toMatchObject({ teamName: 'Team 1', company: 'Fairway Ltd' });
    expect(first.players.map((p: { id: string }) => p.id)).toEqual(field[0]!.players);
    expect(Object.keys(first.players[0]).sort()).toEqual(['firstName', 'id', 'lastName']);
    expect(body.teamsWithoutHole).toBe(0);
  });

  it('scorecards carry the course, its holes with their pars, every team with its players and hole', async () => {
    const { tournament, course, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 2, holes: 9, pars: [5, 3] });
    await assign(tournament.id);
    const saved = await holesInDb(tournament.id);
    const { status, body } = await t.call(`/api/admin/tournaments/${tournament.id}/scorecards`, { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(body.course).toEqual({
      id: course!.id,
      name: course!.name,
      holes: [5, 3, 4, 4, 4, 4, 4, 4, 4].map((par, i) => ({ number: i + 1, par, strokeIndex: null })),
    });
    expect(body.teams).toHaveLength(2);
    for (const card of body.teams) {
      const team = field.find((f) => f.id === card.teamId)!;
      expect(card.startingHole).toBe(saved[team.id]);
      expect(card.players.map((p: { id: string }) => p.id)).toEqual(team.players);
    }
  });

  it('the draw status counts, per tournament, the teams, those without a hole (registered after the draw) and those with scores', async () => {
    const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 3, holes: 9 });
    const statusOf = async (user = admin) => {
      const { status, body } = await t.call('/api/admin/starting-holes', { cookie: user.cookie });
      return { status, mine: body.tournaments?.find((x: { tournamentId: string }) => x.tournamentId === tournament.id) };
    };
    expect((await statusOf()).mine).toEqual({
      tournamentId: tournament.id,
      teams: 3,
      teamsWithoutHole: 3,
      teamsWithScores: 0,
      holes: 9,
      singleGroupHoles: 0,
    });
    await assign(tournament.id);
    await insertScores(t.db, tournament.id, field[1]!, [[4]]);
    await addTeams(t.db, tournament.id, leader.id, 2, 'Late');
    expect((await statusOf()).mine).toEqual({
      tournamentId: tournament.id,
      teams: 5,
      teamsWithoutHole: 2,
      teamsWithScores: 1,
      holes: 9,
      singleGroupHoles: 0,
    });
    expect((await statusOf(moderator)).status).toBe(403);
    expect((await statusOf(leader)).status).toBe(403);
  });

  it('the sheets are for staff: a team leader gets 403', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    for (const sheet of ['starting-sheet', 'scorecards']) {
      expect((await t.call(`/api/admin/tournaments/${tournament.id}/${sheet}`, { cookie: leader.cookie })).status).toBe(403);
    }
  });
});

// Draws at the same moment: the tournament's row lock makes them take turns, so each succeeds whole and the last one wins.
// PGlite runs one transaction at a time, so only PostgreSQL can show this (docs/stack.md).
if (testDatabaseKind() === 'postgres') {
  describe('simultaneous draws and registrations on PostgreSQL', () => {
    const pooled = usePool(() => t, 12);

    it('12 draws at once all succeed, leaving one hole per team, all different', async () => {
      const { tournament, teams: field } = await createTournamentDay(t.db, leader.id, { teams: 16, holes: 18 });
      const { assignStartingHoles } = await import('./starting-holes');
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => assignStartingHoles(pooled.db, tournament.id)));
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const saved = await holesInDb(tournament.id);
      expect(Object.keys(saved).sort()).toEqual(field.map((team) => team.id).sort());
      expect(new Set(Object.values(saved)).size).toBe(16);
    });

    it('registrations racing draws: every team drawn is in the tournament and no hole is given twice', async () => {
      const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 4, holes: 18 });
      const { assignStartingHoles } = await import('./starting-holes');
      await Promise.all([
        ...Array.from({ length: 6 }, () => assignStartingHoles(pooled.db, tournament.id)),
        ...Array.from({ length: 6 }, (_, i) => addTeams(pooled.db, tournament.id, leader.id, 1, `Racer ${i}`)),
      ]);
      const [counts] = await t.db
        .select({ teams: sql<number>`count(*)::int` })
        .from(teams)
        .where(eq(teams.tournamentId, tournament.id));
      const saved = await holesInDb(tournament.id);
      expect(counts!.teams).toBe(10);
      expect(Object.keys(saved).length).toBeGreaterThanOrEqual(4);
      expect(new Set(Object.values(saved)).size).toBe(Object.keys(saved).length);
      // A final draw takes every team.
      await assignStartingHoles(pooled.db, tournament.id);
      expect(Object.keys(await holesInDb(tournament.id))).toHaveLength(10);
    });
  });
}
