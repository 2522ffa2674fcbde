// Side games (R44) through the API: the organiser's settings, contest winners entered by staff (bad input refused,
// nothing saved), the board's skins and contests, a winner reaching an open board live, and the sheets marking contest holes.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contestResults } from '../db/schema';
import { readEvents } from '../test/sse-reader';
import { createTournamentDay, insertScores, type DayTeam } from '../test/tournament-day-fixtures';
import { fileAppWithUsers } from '../test/file-app';
import type { Leaderboard } from '../scoring/openapi-schemas';

const { app: t, leader, moderator, admin } = await fileAppWithUsers();
afterAll(() => t.deps.leaderboardFeed.close());

const settings = (tournamentId: string, json: object) =>
  t.call(`/api/side-games/${tournamentId}/settings`, { method: 'PUT', cookie: admin.cookie, json });
const enter = (tournamentId: string, json: object) =>
  t.call(`/api/side-games/${tournamentId}/results`, { method: 'PUT', cookie: moderator.cookie, json });

async function day() {
  const made = await createTournamentDay(t.db, leader.id, { teams: 3, holes: 9 });
  const saved = await settings(made.tournament.id, { skins: 'gross', closestToPinHoles: [7, 3], longestDriveHoles: [9] });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ skins: 'gross', closestToPinHoles: [3, 7], longestDriveHoles: [9] });
  return made;
}

describe('side-game settings (R44)', () => {
  it('refuses a hole the course does not have, naming the field, and changes nothing', async () => {
    const { tournament } = await day();
    const answer = await settings(tournament.id, { skins: 'net', closestToPinHoles: [12], longestDriveHoles: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.closestToPinHoles).toBe('The course has 9 holes: hole 12 is not one of them');
    const staffView = await t.call(`/api/side-games/${tournament.id}`, { cookie: moderator.cookie });
    expect(staffView.body.settings).toEqual({ skins: 'gross', closestToPinHoles: [3, 7], longestDriveHoles: [9] });
    expect((await settings(tournament.id, { skins: 'sometimes', closestToPinHoles: [], longestDriveHoles: [] })).status).toBe(400);
  });
});

describe('contest winners entered by staff (R44)', () => {
  it('refuses a hole without that contest, a team of another tournament, a golfer of another team, a distance out of range', async () => {
    const { tournament, teams } = await day();
    const other = await createTournamentDay(t.db, leader.id, { teams: 1, holes: 9 });
    const [a, b] = teams as [DayTeam, DayTeam];
    const base = { contest: 'closest_to_pin', hole: 3, teamId: a.id, playerId: a.players[0], distance: 40, holeInOne: false };
    const wrongHole = await enter(tournament.id, { ...base, hole: 4 });
    expect(wrongHole.status).toBe(400);
    expect(wrongHole.body.error.fields.hole).toBe('Hole 4 has no closest to the pin contest');
    expect((await enter(tournament.id, { ...base, teamId: other.teams[0]!.id, playerId: undefined })).body.error.fields.teamId).toBe(
      'Choose a team of this tournament',
    );
    expect((await enter(tournament.id, { ...base, playerId: b.players[0] })).body.error.fields.playerId).toBe(
      'Choose a golfer of the team',
    );
    expect((await enter(tournament.id, { ...base, distance: 1300 })).body.error.fields.distance).toBe('Enter the distance, up to 100 ft');
    expect((await enter(tournament.id, { ...base, contest: 'longest_drive', hole: 9, distance: 600 })).body.error.fields.distance).toBe(
      'Enter the yards, 0 to 500',
    );
    expect(await t.db.select().from(contestResults).where(eq(contestResults.tournamentId, tournament.id))).toEqual([]);
    // A team leader may not enter winners.
    const byLeader = await t.call(`/api/side-games/${tournament.id}/results`, { method: 'PUT', cookie: leader.cookie, json: base });
    expect(byLeader.status).toBe(403);
  });

  it('shows the winners and the skins on the board; a new entry replaces the old; a hole in one is noted', async () => {
    const { tournament, teams } = await day();
    const [a, b, c] = teams as [DayTeam, DayTeam, DayTeam];
    // Stroke play, every golfer counts: hole 1 tied by all (4 golfers × 4), hole 2 won by A with the carry-over.
    await insertScores(t.db, tournament.id, a, [
      [4, 3],
      [4, 4],
      [4, 4],
      [4, 4],
    ]);
    await insertScores(t.db, tournament.id, b, [
      [4, 4],
      [4, 4],
      [4, 4],
      [4, 4],
    ]);
    await insertScores(t.db, tournament.id, c, [
      [4, 5],
      [4, 4],
      [4, 4],
      [4, 4],
    ]);
    await enter(tournament.id, {
      contest: 'closest_to_pin',
      hole: 3,
      teamId: b.id,
      playerId: b.players[1],
      distance: 75,
      holeInOne: false,
    });
    const replaced = await enter(tournament.id, {
      contest: 'closest_to_pin',
      hole: 3,
      teamId: c.id,
      playerId: c.players[0],
      distance: 999,
      holeInOne: true,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ teamId: c.id, distance: 0, holeInOne: true });
    await enter(tournament.id, { contest: 'longest_drive', hole: 9, teamId: a.id, distance: 287 });

    const { body } = (await t.call(`/api/leaderboard/${tournament.id}`)) as { body: Leaderboard };
    expect(body.sideGames.contests).toEqual([
      { contest: 'closest_to_pin', hole: 3, winner: { teamName: c.name, playerName: 'G3x1 Golfer', distance: 0, holeInOne: true } },
      { contest: 'closest_to_pin', hole: 7, winner: null },
      { contest: 'longest_drive', hole: 9, winner: { teamName: a.name, playerName: null, distance: 287, holeInOne: false } },
    ]);
    expect(body.sideGames.skins?.mode).toBe('gross');
    expect(body.sideGames.skins?.holes.slice(0, 3).map((h) => [h.hole, h.status, h.skins, h.winnerName])).toEqual([
      [1, 'tied', 1, null],
      [2, 'won', 2, a.name],
      [3, 'pending', 1, null],
    ]);
    expect(body.sideGames.skins?.winners).toEqual([{ name: a.name, skins: 2, holes: [2] }]);
    // The board shows names only (R11): no e-mail address slipped in with the winners.
    expect(JSON.stringify(body.sideGames)).not.toContain('@');
  });

  it('sends the new board to an open live board when a winner is entered', async () => {
    const { tournament, teams } = await day();
    const response = await t.request('/api/leaderboard/events');
    const stream = readEvents(response);
    try {
      const isThis = (data: string) => (JSON.parse(data) as Leaderboard).tournament.id === tournament.id;
      await stream.until((e) => e.event === 'leaderboard' && isThis(e.data));
      await enter(tournament.id, { contest: 'longest_drive', hole: 9, teamId: teams[1]!.id, distance: 301 });
      const next = await stream.until(
        (e) => e.event === 'leaderboard' && isThis(e.data) && (JSON.parse(e.data) as Leaderboard).sideGames.contests.some((x) => x.winner),
      );
      expect((JSON.parse(next.data) as Leaderboard).sideGames.contests.find((x) => x.hole === 9)?.winner).toMatchObject({
        teamName: teams[1]!.name,
        distance: 301,
      });
    } finally {
      await stream.close();
    }
  });

  it('marks the contest holes on the starting sheet (and so the cart signs)', async () => {
    const { tournament } = await day();
    const sheet = await t.call(`/api/admin/tournaments/${tournament.id}/starting-sheet`, { cookie: moderator.cookie });
    expect(sheet.status).toBe(200);
    expect(sheet.body.contestHoles).toEqual([
      { contest: 'closest_to_pin', hole: 3 },
      { contest: 'closest_to_pin', hole: 7 },
      { contest: 'longest_drive', hole: 9 },
    ]);
  });
});
