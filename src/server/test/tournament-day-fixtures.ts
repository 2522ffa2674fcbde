// Tournament-day test data: a tournament on a course with teams registered through the registration service, and scores.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { createCourse } from '../courses/service';
import type { Db } from '../db/connect';
import { courseHoles, players, playerScores, tournamentCourses, tournaments } from '../db/schema';
import { registerTeams } from '../registration/service';
import { playerOrder } from '../teams/player-order';
import { createLevel, createTournament, playersInput, registrationInput } from './factories';

export interface DayTeam {
  id: string;
  name: string;
  /** Player ids in the order they were entered. */
  players: string[];
}

/**
 * An active tournament on a new course of `holes` holes (par 4, or `pars` for the first ones) with `teams` teams of four
 * registered by `leaderId` (named `<label> 1`, …). `course: false` leaves the tournament without a course.
 */
export async function createTournamentDay(
  db: Db,
  leaderId: string,
  options: { teams?: number; holes?: number; pars?: number[]; course?: boolean; label?: string; active?: boolean } = {},
) {
  const { teams: teamCount = 2, holes = 18, pars = [], course: withCourse = true, label = 'Team', active = true } = options;
  const tournament = await createTournament(db);
  let course = null;
  if (withCourse) {
    course = await createCourse(db, { name: `Links ${randomBytes(3).toString('hex')}`, totalHoles: holes });
    await linkCourse(db, tournament.id, course.id);
    for (const [i, par] of pars.entries()) {
      await db
        .update(courseHoles)
        .set({ par })
        .where(and(eq(courseHoles.courseId, course.id), eq(courseHoles.holeNumber, i + 1)));
    }
  }
  const teams = teamCount > 0 ? await addTeams(db, tournament.id, leaderId, teamCount, label) : [];
  // Registration needs an open tournament: close it after.
  if (!active) await db.update(tournaments).set({ active }).where(eq(tournaments.id, tournament.id));
  return { tournament: { ...tournament, active }, course, teams };
}

export async function linkCourse(db: Db, tournamentId: string, courseId: string) {
  await db.update(tournaments).set({ courseId }).where(eq(tournaments.id, tournamentId));
  await db.insert(tournamentCourses).values({ tournamentId, courseId });
}

/** `n` more teams of four for the leader, through the registration service (at a new level with room for them). */
export async function addTeams(db: Db, tournamentId: string, leaderId: string, n: number, label = 'Team'): Promise<DayTeam[]> {
  const level = await createLevel(db, tournamentId, { maxTeams: Math.max(n, 1) });
  const out: DayTeam[] = [];
  // A registration takes at most 10 teams.
  for (let start = 0; start < n; start += 10) {
    const batch = Array.from({ length: Math.min(10, n - start) }, (_, i) => ({
      teamName: `${label} ${start + i + 1}`,
      players: playersInput(`G${start + i + 1}x`),
    }));
    const registered = await registerTeams(db, leaderId, registrationInput(tournamentId, level.id, { teams: batch }), new Date());
    for (const team of registered.teams) {
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.teamId, team.id))
        .orderBy(...playerOrder());
      out.push({ id: team.id, name: team.name, players: rows.map((r) => r.id) });
    }
  }
  return out;
}

/** Writes scores straight to the table: `strokes[p][h]` for player p on hole h+1 (0 = none). */
export async function insertScores(db: Db, tournamentId: string, team: DayTeam, strokes: number[][]) {
  const rows = strokes.flatMap((holes, p) =>
    holes.flatMap((value, h) =>
      value > 0 ? [{ tournamentId, teamId: team.id, playerId: team.players[p]!, holeNumber: h + 1, strokes: value }] : [],
    ),
  );
  if (rows.length) await db.insert(playerScores).values(rows);
}

export async function scoresOf(db: Db, teamId: string) {
  return db
    .select({ playerId: playerScores.playerId, holeNumber: playerScores.holeNumber, strokes: playerScores.strokes })
    .from(playerScores)
    .where(eq(playerScores.teamId, teamId))
    .orderBy(asc(playerScores.holeNumber), asc(playerScores.playerId));
}
