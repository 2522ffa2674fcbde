// Reading a leaderboard from the database: four queries per board whatever the number of teams (no query per team), then
// the rules of src/shared/leaderboard.ts.
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { playerOrder } from '../teams/player-order';
import { players, playerScores, teamAssignments, teams, tournaments } from '../db/schema';
import { startingHoleLabel, type StartGroup } from '../../shared/tournament-day';
import { computeLeaderboardRows, type LeaderboardScore, type LeaderboardTeam } from '../../shared/leaderboard';
import type { Leaderboard } from '../scoring/openapi-schemas';
import { loadTournamentCourse } from '../scoring/tournament-course';
import { holdsPlace } from '../holds/holds-place';
import { boardSideGames } from '../side-games/service';

export interface LoadedLeaderboard {
  board: Leaderboard;
  /** Whether the public may see it (GET /api/leaderboard/:id answers 404 otherwise). */
  active: boolean;
}

/** The board of any tournament (404 for an unknown one). */
export async function loadLeaderboard(db: Db, tournamentId: string, now = new Date()): Promise<LoadedLeaderboard> {
  const { tournament, course, holes, rules, sideGames } = await loadTournamentCourse(db, tournamentId);
  const [roster, packed] = await Promise.all([
    db
      .select({
        teamId: teams.id,
        teamName: teams.name,
        startingHole: teamAssignments.startingHole,
        startGroup: teamAssignments.startGroup,
        playerId: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
        handicapIndex: players.handicapIndex,
      })
      .from(teams)
      .innerJoin(players, eq(players.teamId, teams.id))
      .leftJoin(teamAssignments, and(eq(teamAssignments.teamId, teams.id), eq(teamAssignments.tournamentId, tournamentId)))
      .where(
        and(
          eq(teams.tournamentId, tournamentId),
          holdsPlace, // an expired team is off the board (R24)
          exists(
            db
              .select({ one: sql`1` })
              .from(playerScores)
              .where(and(eq(playerScores.tournamentId, tournamentId), eq(playerScores.teamId, teams.id))),
          ),
        ),
      )
      .orderBy(asc(teams.id), ...playerOrder()),
    // One row per golfer with their holes and strokes packed in two arrays: 18 times fewer rows to read than one per score
    // (measured at 3,600 teams: 0.2 s against 0.5 s). No rule is applied here; the arrays are unpacked below.
    queryRows<{ teamId: string; playerId: string; holes: number[]; strokes: number[] }>(
      db,
      sql`select team_id as "teamId", player_id as "playerId",
                 array_agg(hole_number order by hole_number) as holes, array_agg(strokes order by hole_number) as strokes
          from ${playerScores} where tournament_id = ${tournamentId} group by team_id, player_id`,
    ),
  ]);
  const scores: LeaderboardScore[] = packed.flatMap(({ teamId, playerId, holes, strokes }) =>
    holes.map((holeNumber, i) => ({ teamId, playerId, holeNumber, strokes: strokes[i]! })),
  );
  const byTeam = new Map<string, LeaderboardTeam>();
  for (const row of roster) {
    let team = byTeam.get(row.teamId);
    if (!team) {
      const start = row.startingHole == null ? null : startingHoleLabel(row.startingHole, row.startGroup as StartGroup);
      byTeam.set(row.teamId, (team = { id: row.teamId, name: row.teamName, start, players: [] }));
    }
    team.players.push({ id: row.playerId, firstName: row.firstName, lastName: row.lastName, handicapIndex: row.handicapIndex });
  }
  const { active, ...shown } = tournament;
  const boardRules = { ...rules, slope: course?.slope ?? 113, rating: course?.rating ?? null };
  const field = [...byTeam.values()];
  return {
    active,
    board: {
      tournament: shown,
      holeCount: holes.length,
      rules,
      rows: computeLeaderboardRows(holes, field, scores, boardRules),
      sideGames: await boardSideGames(db, { tournamentId, settings: sideGames, holes, teams: field, scores, rules: boardRules }),
      updatedAt: now.toISOString(),
    },
  };
}

/** The ids of the tournaments whose boards are public, soonest first (as the dashboard lists them). */
export async function activeTournamentIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(eq(tournaments.active, true))
    .orderBy(asc(tournaments.startDate), asc(tournaments.name), asc(tournaments.id));
  return rows.map((row) => row.id);
}
