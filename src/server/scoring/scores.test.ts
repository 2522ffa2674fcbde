// Score entry (R9, R21; spec §5, §8): who may read and score which team, saving replaces the team's scores
// in one transaction, and bad input is refused with a clear message, changing nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tournaments } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { testDatabaseKind } from '../test/database';
import { createTournamentDay, insertScores, scoresOf, type DayTeam } from '../test/tournament-day-fixtures';
import type { TestUser } from '../test/test-app';
import { fileAppWithUsers, usePool } from '../test/file-app';
import { getScoreSheet, saveScores } from './scores';

const { app: t, leader, otherLeader, moderator, admin } = await fileAppWithUsers({ otherLeader: true });

const sheet = (teamId: string, user: TestUser | null) => t.call(`/api/teams/${teamId}/scores`, { cookie: user?.cookie });
const save = (teamId: string, scores: unknown, user: TestUser | null = leader, version?: string) =>
  t.call(`/api/teams/${teamId}/scores`, { method: 'PUT', json: { scores, version }, cookie: user?.cookie });
/** Cells for player index p: [p, hole, strokes]. */
const cells = (team: DayTeam, list: [number, number, number][]) =>
  list.map(([p, holeNumber, strokes]) => ({ playerId: team.players[p]!, holeNumber, strokes }));
const sorted = <T extends { holeNumber: number; playerId: string }>(list: T[]) =>
  [...list].sort((a, b) => a.holeNumber - b.holeNumber || a.playerId.localeCompare(b.playerId));

describe('GET /api/score-entry/tournaments', () => {
  it('gives a leader only their own teams, in active tournaments; staff every team of every active tournament', async () => {
    const mine = await createTournamentDay(t.db, leader.id, { teams: 2, label: 'Mine' });
    const theirs = await createTournamentDay(t.db, otherLeader.id, { teams: 1, label: 'Theirs' });
    // A closed tournament is not on the list.
    const closed = await createTournamentDay(t.db, leader.id, { teams: 1, active: false });

    const forLeader = (await t.call('/api/score-entry/tournaments', { cookie: leader.cookie })).body.tournaments;
    const ids = forLeader.map((x: { id: string }) => x.id);
    expect(ids).toContain(mine.tournament.id);
    expect(ids).not.toContain(theirs.tournament.id);
    expect(ids).not.toContain(closed.tournament.id);
    const entry = forLeader.find((x: { id: string }) => x.id === mine.tournament.id);
    expect(entry).toEqual({
      id: mine.tournament.id,
      name: mine.tournament.name,
      teams: mine.teams.map((team) => ({ teamId: team.id, teamName: team.name, startingHole: null, startGroup: null })),
    });
    const allTeams = forLeader.flatMap((x: { teams: { teamId: string }[] }) => x.teams.map((team) => team.teamId));
    expect(allTeams).not.toContain(theirs.teams[0]!.id);

    for (const staff of [moderator, admin]) {
      const list = (await t.call('/api/score-entry/tournaments', { cookie: staff.cookie })).body.tournaments;
      const theirsEntry = list.find((x: { id: string }) => x.id === theirs.tournament.id);
      expect(theirsEntry.teams.map((team: { teamId: string }) => team.teamId)).toEqual([theirs.teams[0]!.id]);
      expect(list.find((x: { id: string }) => x.id === mine.tournament.id).teams).toHaveLength(2);
      expect(list.map((x: { id: string }) => x.id)).not.toContain(closed.tournament.id);
    }
    expect((await t.call('/api/score-entry/tournaments')).status).toBe(401);
  });
});

describe('GET /api/teams/:teamId/scores', () => {
  it('answers the holes with their pars, the players by name, the strokes saved and the starting hole', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9, pars: [3, 5] });
    const team = teams[0]!;
    await insertScores(t.db, tournament.id, team, [
      [4, 6],
      [0, 5],
    ]);
    const { status, body } = await sheet(team.id, leader);
    expect(status).toBe(200);
    expect(body.tournament).toEqual({ id: tournament.id, name: tournament.name });
    expect(body.team).toEqual({ id: team.id, name: team.name, startingHole: null, startGroup: null });
    expect(body.holes).toEqual([3, 5, 4, 4, 4, 4, 4, 4, 4].map((par, i) => ({ number: i + 1, par, strokeIndex: null })));
    expect(body.players.map((p: { id: string }) => p.id)).toEqual(team.players);
    expect(Object.keys(body.players[0]).sort()).toEqual(['firstName', 'id', 'lastName']);
    expect(sorted(body.scores)).toEqual(
      sorted(
        cells(team, [
          [0, 1, 4],
          [0, 2, 6],
          [1, 2, 5],
        ]),
      ),
    );
    expect(body.version).toEqual(expect.any(String));
  });

  it("carries the card's version: the same for the same scores, another once they change", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const [a, b] = teams as [DayTeam, DayTeam];
    const empty = (await sheet(a.id, leader)).body.version;
    expect((await sheet(b.id, leader)).body.version).toBe(empty);
    await insertScores(t.db, tournament.id, a, [[4, 5]]);
    const scored = (await sheet(a.id, leader)).body.version;
    expect(scored).not.toBe(empty);
    expect((await sheet(a.id, moderator)).body.version).toBe(scored);
  });

  it("is for the team's leader and staff: another leader gets 403, nobody signed in 401, an unknown team 404", async () => {
    const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
    expect((await sheet(team.id, moderator)).status).toBe(200);
    expect((await sheet(team.id, admin)).status).toBe(200);
    const refused = await sheet(team.id, otherLeader);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to access this team" } });
    expect((await sheet(team.id, null)).status).toBe(401);
    expect((await sheet('00000000-0000-4000-8000-000000000000', admin)).status).toBe(404);
  });
});

describe('PUT /api/teams/:teamId/scores', () => {
  it('saves the cells above 0 and answers the sheet; saving again replaces the whole card (R21)', async () => {
    const { teams } = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const team = teams[0]!;
    const first = await save(
      team.id,
      cells(team, [
        [0, 1, 5],
        [1, 1, 4],
        [2, 1, 0],
        [0, 2, 15],
      ]),
    );
    expect(first.status).toBe(200);
    expect(sorted(first.body.scores)).toEqual(
      sorted(
        cells(team, [
          [0, 1, 5],
          [1, 1, 4],
          [0, 2, 15],
        ]),
      ),
    );
    expect(sorted(await scoresOf(t.db, team.id))).toEqual(
      sorted(
        cells(team, [
          [0, 1, 5],
          [1, 1, 4],
          [0, 2, 15],
        ]),
      ),
    );

    // The second save leaves out player 2's hole 1 and changes player 1's: only what it sends stays.
    const second = await save(
      team.id,
      cells(team, [
        [0, 1, 6],
        [3, 9, 1],
      ]),
    );
    expect(second.status).toBe(200);
    expect(sorted(await scoresOf(t.db, team.id))).toEqual(
      sorted(
        cells(team, [
          [0, 1, 6],
          [3, 9, 1],
        ]),
      ),
    );
  });

  it("lets staff score any team; touches no other team's scores", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 2 });
    const [a, b] = teams as [DayTeam, DayTeam];
    await insertScores(t.db, tournament.id, b, [[3, 4]]);
    expect((await save(a.id, cells(a, [[0, 1, 4]]), moderator)).status).toBe(200);
    expect((await save(a.id, cells(a, [[0, 1, 3]]), admin)).status).toBe(200);
    expect(await scoresOf(t.db, a.id)).toEqual(cells(a, [[0, 1, 3]]));
    expect(sorted(await scoresOf(t.db, b.id))).toEqual(
      sorted(
        cells(b, [
          [0, 1, 3],
          [0, 2, 4],
        ]),
      ),
    );
  });

  it("refuses another leader's team with 403 and nobody signed in with 401, changing nothing (R9)", async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    const team = teams[0]!;
    await insertScores(t.db, tournament.id, team, [[4]]);
    const before = await fingerprint(t.db);
    const refused = await save(team.id, cells(team, [[0, 1, 9]]), otherLeader);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("You don't have permission to access this team");
    expect((await save(team.id, cells(team, [[0, 1, 9]]), null)).status).toBe(401);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it("refuses another leader's team with 403 before looking at the body: an empty or invalid card, an unknown team 404", async () => {
    const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
    const before = await fingerprint(t.db);
    for (const scores of [[], cells(team, [[0, 1, 0]]), cells(team, [[0, 1, 99]]), undefined]) {
      const refused = await save(team.id, scores, otherLeader);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe("You don't have permission to access this team");
    }
    expect((await save('00000000-0000-4000-8000-000000000000', [], otherLeader)).status).toBe(404);
    // The team's own leader still gets the spec's message for an empty card.
    expect((await save(team.id, [], leader)).body.error.message).toBe('No scores to save');
    expect(await fingerprint(t.db)).toEqual(before);
  });

  describe('with the version of the card it was entered on', () => {
    it("is refused (409) when someone else saved meanwhile, changing nothing: the leader's save cannot wipe staff's scores", async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
      // The leader's phone opens the card; staff then save hole 3.
      const opened = (await sheet(team.id, leader)).body.version;
      const staffSave = await save(
        team.id,
        cells(team, [
          [0, 3, 4],
          [1, 3, 5],
        ]),
        moderator,
        (await sheet(team.id, moderator)).body.version,
      );
      expect(staffSave.status).toBe(200);

      const before = await fingerprint(t.db);
      const stale = await save(team.id, cells(team, [[0, 16, 3]]), leader, opened);
      expect(stale.status).toBe(409);
      expect(stale.body.error).toEqual({
        code: 'CONFLICT',
        message: 'Someone else saved scores for this team since you opened it. Check the scores and save again.',
        fields: { version: 'Someone else saved scores for this team since you opened it. Check the scores and save again.' },
      });
      expect(await fingerprint(t.db)).toEqual(before);

      // Reloaded, the leader saves on top of staff's scores.
      const again = await save(
        team.id,
        cells(team, [
          [0, 3, 4],
          [1, 3, 5],
          [0, 16, 3],
        ]),
        leader,
        (await sheet(team.id, leader)).body.version,
      );
      expect(again.status).toBe(200);
      expect(sorted(await scoresOf(t.db, team.id))).toEqual(
        sorted(
          cells(team, [
            [0, 3, 4],
            [1, 3, 5],
            [0, 16, 3],
          ]),
        ),
      );
    });

    it("goes through when the card is unchanged, and the answer's version serves the next save", async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1 })).teams[0]!;
      const first = await save(team.id, cells(team, [[0, 1, 4]]), leader, (await sheet(team.id, leader)).body.version);
      expect(first.status).toBe(200);
      expect(first.body.version).toBe((await sheet(team.id, leader)).body.version);
      const second = await save(
        team.id,
        cells(team, [
          [0, 1, 4],
          [0, 2, 5],
        ]),
        leader,
        first.body.version,
      );
      expect(second.status).toBe(200);
      // A save of the same scores leaves the version as it was: a scorer holding it loses nothing.
      const same = await save(
        team.id,
        cells(team, [
          [0, 1, 4],
          [0, 2, 5],
        ]),
        moderator,
        second.body.version,
      );
      expect(same.status).toBe(200);
      expect(same.body.version).toBe(second.body.version);
      expect((await save(team.id, cells(team, [[0, 1, 4]]), leader, second.body.version)).status).toBe(200);
    });
  });

  describe('refuses bad input with a clear message, changing nothing', () => {
    let team: DayTeam;
    let stranger: DayTeam;
    beforeAll(async () => {
      const day = await createTournamentDay(t.db, leader.id, { teams: 2, holes: 9 });
      [team, stranger] = day.teams as [DayTeam, DayTeam];
      await insertScores(t.db, day.tournament.id, team, [[5, 4]]);
    });

    const cases: [string, () => unknown, string, string][] = [
      ['strokes above 15', () => cells(team, [[0, 1, 16]]), 'scores.0.strokes', 'Strokes must be a whole number from 1 to 15'],
      [
        'negative strokes',
        () =>
          cells(team, [
            [0, 1, 4],
            [1, 1, -1],
          ]),
        'scores.1.strokes',
        'Strokes must be a whole number from 1 to 15',
      ],
      [
        'fractional strokes',
        () => [{ playerId: team.players[0], holeNumber: 1, strokes: 4.5 }],
        'scores.0.strokes',
        'Strokes must be a whole number from 1 to 15',
      ],
      [
        'a hole past the course',
        () =>
          cells(team, [
            [0, 1, 4],
            [0, 10, 4],
          ]),
        'scores.1.holeNumber',
        'Hole not found',
      ],
      ['hole 0', () => cells(team, [[0, 0, 4]]), 'scores.0.holeNumber', 'Hole not found'],
      [
        'a golfer of another team',
        () => [...cells(team, [[0, 1, 4]]), ...cells(stranger, [[0, 2, 4]])],
        'scores.1.playerId',
        'Golfer not found',
      ],
      ['a golfer id that is no id', () => [{ playerId: 'nobody', holeNumber: 1, strokes: 4 }], 'scores.0.playerId', 'Golfer not found'],
      [
        'one cell twice',
        () =>
          cells(team, [
            [0, 1, 4],
            [0, 1, 5],
          ]),
        'scores.1.holeNumber',
        'Each golfer has one score per hole',
      ],
      [
        'no cell above 0',
        () =>
          cells(team, [
            [0, 1, 0],
            [1, 2, 0],
          ]),
        'scores',
        'No scores to save',
      ],
      ['no cells at all', () => [], 'scores', 'No scores to save'],
      ['no list of cells', () => undefined, 'scores', 'No scores to save'],
    ];
    it.each(cases)('%s', async (_, scores, field, message) => {
      const before = await fingerprint(t.db);
      const { status, body } = await save(team.id, scores());
      expect(status).toBe(400);
      expect(body.error.message).toBe(message);
      expect(body.error.fields[field]).toBe(message);
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  it('refuses a tournament without a course (409), changing nothing', async () => {
    const team = (await createTournamentDay(t.db, leader.id, { teams: 1, course: false })).teams[0]!;
    const before = await fingerprint(t.db);
    const { status, body } = await save(team.id, cells(team, [[0, 1, 4]]));
    expect(status).toBe(409);
    expect(body.error.message).toBe('Tournament must have a golf course assigned');
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('still saves once the tournament is closed: staff finish the cards', async () => {
    const { tournament, teams } = await createTournamentDay(t.db, leader.id, { teams: 1 });
    await t.db.update(tournaments).set({ active: false }).where(eq(tournaments.id, tournament.id));
    expect((await save(teams[0]!.id, cells(teams[0]!, [[0, 1, 4]]), moderator)).status).toBe(200);
  });
});

// Two scorers saving one team's card at the same moment: each save replaces the card whole under the team's row lock,
// so the card ends as exactly one of them, never a mix. Only PostgreSQL runs transactions side by side (docs/stack.md).
if (testDatabaseKind() === 'postgres') {
  describe('simultaneous saves on PostgreSQL', () => {
    const pooled = usePool(() => t, 10);

    it('10 different cards saved at once leave exactly one of them', async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1, holes: 18 })).teams[0]!;
      const actor = { userId: leader.id, staff: false, admin: false };
      // Card k: every player on holes 1..(k+9), k+1 strokes each.
      const cards = Array.from({ length: 10 }, (_, k) =>
        team.players.flatMap((playerId) => Array.from({ length: k + 9 }, (_, h) => ({ playerId, holeNumber: h + 1, strokes: k + 1 }))),
      );
      await Promise.all(cards.map((scores) => saveScores(pooled.db, actor, team.id, { scores })));
      const saved = sorted(await scoresOf(t.db, team.id));
      expect(cards.map((card) => JSON.stringify(sorted(card)))).toContain(JSON.stringify(saved));
    });

    it('10 saves made on the same card at once: exactly one goes through, the others are refused (409) and change nothing', async () => {
      const team = (await createTournamentDay(t.db, leader.id, { teams: 1, holes: 18 })).teams[0]!;
      const actor = { userId: leader.id, staff: false, admin: false };
      await saveScores(t.db, actor, team.id, { scores: cells(team, [[0, 1, 4]]) });
      const { version } = await getScoreSheet(t.db, actor, team.id);
      const cards = Array.from({ length: 10 }, (_, k) => [...cells(team, [[0, 1, 4]]), ...cells(team, [[k % 4, k + 2, k + 1]])]);
      const results = await Promise.allSettled(cards.map((scores) => saveScores(pooled.db, actor, team.id, { scores, version })));
      const won = results.flatMap((r, k) => (r.status === 'fulfilled' ? [k] : []));
      expect(won).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT', fields: { version: expect.any(String) } });
      }
      expect(sorted(await scoresOf(t.db, team.id))).toEqual(sorted(cards[won[0]!]!));
    });
  });
}
