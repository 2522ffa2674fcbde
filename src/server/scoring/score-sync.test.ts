// Cell-by-cell saves from a phone's outbox (R32): exactly once per idempotency key, a cell changed meanwhile by
// someone else comes back as a conflict and keeps its value, every change lands in score_events, staff read the history.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scoreEvents, scoreSaves, tournaments } from '../db/schema';
import { SCORE_MESSAGES } from '../../shared/score-schemas';
import { fingerprint } from '../test/db-fingerprint';
import { testDatabaseKind } from '../test/database';
import { createTournamentDay, insertScores, scoresOf, type DayTeam } from '../test/tournament-day-fixtures';
import type { TestUser } from '../test/test-app';
import { applyScoreChanges } from './score-sync';
import { fileAppWithUsers, usePool } from '../test/file-app';

const { app: t, leader, otherLeader, moderator } = await fileAppWithUsers({ otherLeader: true });

/** Changes for player index p: [p, hole, base, strokes]. */
const changes = (team: DayTeam, list: [number, number, number, number][]) =>
  list.map(([p, holeNumber, base, strokes]) => ({ playerId: team.players[p]!, holeNumber, base, strokes }));
const send = (teamId: string, body: unknown, user: TestUser | null = leader) =>
  t.call(`/api/teams/${teamId}/score-changes`, { method: 'POST', json: body, cookie: user?.cookie });
const eventsOf = (teamId: string) =>
  t.db
    .select({
      playerId: scoreEvents.playerId,
      holeNumber: scoreEvents.holeNumber,
      oldStrokes: scoreEvents.oldStrokes,
      newStrokes: scoreEvents.newStrokes,
      userId: scoreEvents.userId,
    })
    .from(scoreEvents)
    .where(eq(scoreEvents.teamId, teamId));
const byCell = <T extends { holeNumber: number; playerId: string | null }>(list: T[]) =>
  [...list].sort((a, b) => a.holeNumber - b.holeNumber || String(a.playerId).localeCompare(String(b.playerId)));

describe('POST /api/teams/:teamId/score-changes', () => {
  it("keeps a scramble's one Team row on its first golfer, as a whole-card save does (R28)", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 18, label: 'Sync scramble' });
    await t.db.update(tournaments).set({ format: 'scramble' }).where(eq(tournaments.id, tournament.id));
    const team = teams[0]!;
    const wrongRow = await send(team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[1, 1, 0, 4]]) });
    expect(wrongRow.status).toBe(400);
    expect(wrongRow.body.error.message).toBe(SCORE_MESSAGES.scrambleRow);
    expect(await eventsOf(team.id)).toEqual([]);
    const teamRow = await send(team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[0, 1, 0, 4]]) });
    expect(teamRow.status).toBe(200);
    expect((await eventsOf(team.id)).map((e) => [e.playerId, e.holeNumber, e.newStrokes])).toEqual([[team.players[0], 1, 4]]);
  });

  it('writes, changes and clears only the cells sent, keeps the others, and records each change with who made it', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const team = teams[0]!;
    await insertScores(t.db, tournament.id, team, [[4, 5], [3]]);
    const res = await send(team.id, {
      idempotencyKey: randomUUID(),
      changes: changes(team, [
        [0, 1, 4, 6],
        [0, 2, 5, 0],
        [2, 3, 0, 7],
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.conflicts).toEqual([]);
    expect(res.body.replayed).toBe(false);
    const expected = [
      { playerId: team.players[0]!, holeNumber: 1, strokes: 6 },
      { playerId: team.players[1]!, holeNumber: 1, strokes: 3 },
      { playerId: team.players[2]!, holeNumber: 3, strokes: 7 },
    ];
    expect(byCell(await scoresOf(t.db, team.id))).toEqual(byCell(expected));
    expect(byCell(res.body.sheet.scores)).toEqual(byCell(expected));
    expect(byCell(await eventsOf(team.id))).toEqual(
      byCell([
        { playerId: team.players[0]!, holeNumber: 1, oldStrokes: 4, newStrokes: 6, userId: leader.id },
        { playerId: team.players[0]!, holeNumber: 2, oldStrokes: 5, newStrokes: null, userId: leader.id },
        { playerId: team.players[2]!, holeNumber: 3, oldStrokes: null, newStrokes: 7, userId: leader.id },
      ]),
    );
  });

  it('the same save sent twice changes the card once: one set of rows, one set of events, the same answer', async () => {
    const { teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const team = teams[0]!;
    const body = {
      idempotencyKey: randomUUID(),
      changes: changes(team, [
        [0, 1, 0, 5],
        [1, 1, 0, 4],
      ]),
    };
    const first = await send(team.id, body);
    // Meanwhile a second scorer changes one of those cells: replaying the first save must not put its old value back.
    expect((await send(team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[0, 1, 5, 7]]) }, moderator)).status).toBe(200);
    const again = await send(team.id, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.conflicts).toEqual([]);
    expect(byCell(await scoresOf(t.db, team.id))).toEqual(
      byCell([
        { playerId: team.players[0]!, holeNumber: 1, strokes: 7 },
        { playerId: team.players[1]!, holeNumber: 1, strokes: 4 },
      ]),
    );
    expect(await eventsOf(team.id)).toHaveLength(3);
    expect(await t.db.select().from(scoreSaves).where(eq(scoreSaves.teamId, team.id))).toHaveLength(2);
  });

  it("does not overwrite a cell someone else changed since: answers both values, applies the scorer's other cells", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const team = teams[0]!;
    await insertScores(t.db, tournament.id, team, [[6]]); // someone else's 6 on hole 1, entered while this phone had it empty
    const res = await send(team.id, {
      idempotencyKey: randomUUID(),
      changes: changes(team, [
        [0, 1, 0, 5],
        [0, 2, 0, 4],
        [1, 1, 0, 6],
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.conflicts).toEqual([{ playerId: team.players[0], holeNumber: 1, base: 0, mine: 5, theirs: 6 }]);
    expect(byCell(await scoresOf(t.db, team.id))).toEqual(
      byCell([
        { playerId: team.players[0]!, holeNumber: 1, strokes: 6 },
        { playerId: team.players[0]!, holeNumber: 2, strokes: 4 },
        { playerId: team.players[1]!, holeNumber: 1, strokes: 6 },
      ]),
    );
    // The scorer chooses their own value: a save from the value they were shown.
    const chosen = await send(team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[0, 1, 6, 5]]) });
    expect(chosen.body.conflicts).toEqual([]);
    expect((await scoresOf(t.db, team.id)).find((s) => s.playerId === team.players[0] && s.holeNumber === 1)?.strokes).toBe(5);
    // A cell already at the value sent is no conflict and no event.
    const same = await send(team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[1, 1, 0, 6]]) });
    expect(same.body.conflicts).toEqual([]);
    expect(await eventsOf(team.id)).toHaveLength(3);
  });

  it('refuses bad input and other people with a clear message, changing nothing', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2, holes: 9 });
    const [team, other] = teams as [DayTeam, DayTeam];
    await insertScores(t.db, tournament.id, team, [[4]]);
    const before = await fingerprint(t.db);
    const key = randomUUID();
    const cases: [unknown, TestUser | null, number, string][] = [
      [{ idempotencyKey: key, changes: changes(team, [[0, 1, 4, 16]]) }, leader, 400, 'Strokes must be a whole number from 1 to 15'],
      [{ idempotencyKey: key, changes: changes(team, [[0, 10, 0, 4]]) }, leader, 400, 'Hole not found'],
      [{ idempotencyKey: key, changes: changes(other, [[0, 2, 0, 4]]) }, leader, 400, 'Golfer not found'],
      [{ idempotencyKey: key, changes: [] }, leader, 400, 'No scores to save'],
      [{ idempotencyKey: 'again', changes: changes(team, [[0, 2, 0, 4]]) }, leader, 400, 'Every save needs its own key'],
      [
        {
          idempotencyKey: key,
          changes: changes(team, [
            [0, 2, 0, 4],
            [0, 2, 0, 5],
          ]),
        },
        leader,
        400,
        'Each golfer has one score per hole',
      ],
      [{ idempotencyKey: key, changes: changes(team, [[0, 2, 0, 4]]) }, otherLeader, 403, "You don't have permission to access this team"],
      [{ idempotencyKey: key, changes: changes(team, [[0, 2, 0, 4]]) }, null, 401, ''],
    ];
    for (const [body, user, status, message] of cases) {
      const res = await send(team.id, body, user);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.error.message).toBe(message);
    }
    expect(await fingerprint(t.db)).toEqual(before);
    // The key of a refused save was not taken: it still applies once it is right.
    expect((await send(team.id, { idempotencyKey: key, changes: changes(team, [[0, 2, 0, 4]]) })).body.replayed).toBe(false);
    // A key used for one team cannot change another.
    const reused = await send(other.id, { idempotencyKey: key, changes: changes(other, [[0, 2, 0, 4]]) });
    expect(reused.status).toBe(409);
    expect(await scoresOf(t.db, other.id)).toEqual([]);
  });
});

describe('score history', () => {
  it('keeps whole-card saves as events too, and shows staff every change with golfer, hole, old, new, who and when', async () => {
    const { teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const team = teams[0]!;
    const put = (scores: unknown, user: TestUser) =>
      t.call(`/api/teams/${team.id}/scores`, { method: 'PUT', json: { scores }, cookie: user.cookie });
    expect(
      (
        await put(
          [
            { playerId: team.players[0], holeNumber: 1, strokes: 5 },
            { playerId: team.players[1], holeNumber: 1, strokes: 4 },
          ],
          leader,
        )
      ).status,
    ).toBe(200);
    expect((await put([{ playerId: team.players[0], holeNumber: 1, strokes: 6 }], moderator)).status).toBe(200);

    const history = await t.call(`/api/admin/score-history/${team.id}`, { cookie: moderator.cookie });
    expect(history.status).toBe(200);
    expect(history.body.team).toEqual({ id: team.id, name: team.name });
    const lines = history.body.events.map((e: Record<string, unknown>) => [e.playerId, e.holeNumber, e.oldStrokes, e.newStrokes, e.by]);
    expect(lines.slice(0, 2)).toEqual(
      expect.arrayContaining([
        [team.players[0], 1, null, 5, `${leader.firstName} ${leader.lastName}`],
        [team.players[1], 1, null, 4, `${leader.firstName} ${leader.lastName}`],
      ]),
    );
    expect(lines.slice(2)).toEqual(
      expect.arrayContaining([
        [team.players[0], 1, 5, 6, `${moderator.firstName} ${moderator.lastName}`],
        [team.players[1], 1, 4, null, `${moderator.firstName} ${moderator.lastName}`],
      ]),
    );
    expect(history.body.events[0].playerName).toMatch(/\S+ \S+/);
    expect(Date.parse(history.body.events[0].at)).not.toBeNaN();
    expect((await t.call(`/api/admin/score-history/${team.id}`, { cookie: leader.cookie })).status).toBe(403);
    expect((await t.call('/api/admin/score-history/00000000-0000-4000-8000-000000000000', { cookie: moderator.cookie })).status).toBe(404);
  });
});

// The same save arriving several times at once (a phone retrying while its first request is still on the way) changes the
// card once. Only PostgreSQL runs the requests' transactions side by side (docs/stack.md).
if (testDatabaseKind() === 'postgres') {
  describe('simultaneous saves on PostgreSQL', () => {
    const pooled = usePool(() => t, 10);

    it('one key sent 10 times at once: applied once, one event per cell', async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
      const actor = { userId: leader.id, staff: false, admin: false };
      const body = {
        idempotencyKey: randomUUID(),
        changes: changes(team, [
          [0, 1, 0, 5],
          [1, 2, 0, 3],
        ]),
      };
      const results = await Promise.all(Array.from({ length: 10 }, () => applyScoreChanges(pooled.db, actor, team.id, body)));
      expect(results.filter((r) => !r.result.replayed)).toHaveLength(1);
      expect(await eventsOf(team.id)).toHaveLength(2);
      expect(await scoresOf(t.db, team.id)).toHaveLength(2);
    });

    it('two scorers changing the same cell from the same value at once: one applies, the other gets the conflict', async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
      const a = { userId: leader.id, staff: false, admin: false };
      const b = { userId: moderator.id, staff: true, admin: false };
      const [x, y] = await Promise.all([
        applyScoreChanges(pooled.db, a, team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[0, 1, 0, 5]]) }),
        applyScoreChanges(pooled.db, b, team.id, { idempotencyKey: randomUUID(), changes: changes(team, [[0, 1, 0, 7]]) }),
      ]);
      const conflicts = [...x.result.conflicts, ...y.result.conflicts];
      expect(conflicts).toHaveLength(1);
      const kept = (await scoresOf(t.db, team.id))[0]!.strokes;
      expect(conflicts[0]).toMatchObject({ theirs: kept, mine: kept === 5 ? 7 : 5 });
      expect(await eventsOf(team.id)).toHaveLength(1);
    });
  });
}
