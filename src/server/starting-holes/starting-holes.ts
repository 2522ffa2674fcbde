// Shotgun starting holes (R20, spec §8): a uniform random draw without repeats from a cryptographic source,
// for every team of the tournament, replacing any earlier draw in one transaction; and the printable sheets that show it.
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { playerOrder } from '../teams/player-order';
import { courseHoles, golfCourses, players, playerScores, teamAssignments, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { holeSponsors } from '../items/service';
import type { PlayerName, StartGroup } from '../../shared/tournament-day';
import type { DrawStatus, Scorecards, StartingSheet } from '../scoring/openapi-schemas';
import { notifyLeaderboardChanged } from '../leaderboard/leaderboard-channel';
import { drawShotgun, shotgunCapacity, shuffle, type RandomInt } from './shotgun-draw';
import { courseIdOf, loadTournamentCourse, tournamentNotFound } from '../scoring/tournament-course';
import { contestHolesOf } from '../../shared/side-games';
import { holdsPlace } from '../holds/holds-place';

export const ASSIGN_MESSAGES = {
  noCourse: 'Tournament must have a golf course assigned',
  noHoles: 'Golf course has no holes configured',
  noTeams: 'No teams registered for this tournament',
  tooManyTeams: (teams: number, holes: number) => `Too many teams (${teams}) for available holes (${holes})`,
  failed: 'Failed to assign teams to holes',
} as const;

export { type RandomInt } from './shotgun-draw';

/** Each team gets a different hole, every injective assignment equally likely. Needs holes.length >= teamIds.length. */
export function drawStartingHoles(teamIds: readonly string[], holes: readonly number[], random: RandomInt = randomInt) {
  const drawn = shuffle(holes, random);
  return teamIds.map((teamId, i) => ({ teamId, startingHole: drawn[i]! }));
}

/** The teams a draw places: every team of the tournament (one place to change should some teams stop counting). */
// Unpaired singles (R43) are no group of their own: they are drawn once staff place them into a team.
const inTheDraw = and(holdsPlace, eq(teams.kind, 'team'))!;
const drawnTeams = (tournamentId: string) => and(eq(teams.tournamentId, tournamentId), inTheDraw);

/**
 * Draws starting holes for all the tournament's teams, replacing the earlier draw (delete then insert) in one transaction.
 * The tournament's row lock is the one registrations take, so a team registered meanwhile is either in this draw or
 * registered after it (and then has no hole until the next draw); the teams' rows are held so none is deleted mid-draw.
 */
export async function assignStartingHoles(db: Db, tournamentId: string, random: RandomInt = randomInt): Promise<StartingSheet> {
  await db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ courseId: courseIdOf, singleGroupHoles: tournaments.singleGroupHoles })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('update', { of: tournaments });
    if (!tournament) throw tournamentNotFound();
    if (!tournament.courseId) throw new AppError('CONFLICT', ASSIGN_MESSAGES.noCourse);
    const holes = await tx
      .select({ number: courseHoles.holeNumber, par: courseHoles.par })
      .from(courseHoles)
      .where(eq(courseHoles.courseId, tournament.courseId))
      .orderBy(asc(courseHoles.holeNumber));
    if (holes.length === 0) throw new AppError('CONFLICT', ASSIGN_MESSAGES.noHoles);
    // Expired teams (R24) are not drawn.
    const field = await tx.select({ id: teams.id }).from(teams).where(drawnTeams(tournamentId)).orderBy(asc(teams.id)).for('share');
    if (field.length === 0) throw new AppError('CONFLICT', ASSIGN_MESSAGES.noTeams);
    const singles = tournament.singleGroupHoles.filter((hole) => hole <= holes.length);
    const capacity = shotgunCapacity(holes.length, singles);
    if (field.length > capacity) throw new AppError('CONFLICT', ASSIGN_MESSAGES.tooManyTeams(field.length, capacity));

    const drawn = drawShotgun(
      field.map((team) => team.id),
      holes,
      singles,
      random,
    );
    await tx.delete(teamAssignments).where(eq(teamAssignments.tournamentId, tournamentId));
    await tx.insert(teamAssignments).values(drawn.map((d) => ({ tournamentId, ...d })));
    await notifyLeaderboardChanged(tx, tournamentId);
  });
  return getStartingSheet(db, tournamentId);
}

/** The players of these teams by team, names only (printed sheets go on a noticeboard: R11). */
async function playersOf(db: Db, teamIds: string[]): Promise<Map<string, PlayerName[]>> {
  const byTeam = new Map<string, PlayerName[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ teamId: players.teamId, id: players.id, firstName: players.firstName, lastName: players.lastName })
    .from(players)
    .where(inArray(players.teamId, teamIds))
    .orderBy(...playerOrder());
  for (const { teamId, ...player } of rows) byTeam.get(teamId)!.push(player);
  return byTeam;
}

/** The tournament's teams with their starting hole (null before a draw, or for a team registered after it). */
async function teamsWithHoles(db: Db, tournamentId: string) {
  return db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      company: teams.company,
      startingHole: teamAssignments.startingHole,
      startGroup: sql<StartGroup | null>`${teamAssignments.startGroup}`,
    })
    .from(teams)
    .leftJoin(teamAssignments, eq(teamAssignments.teamId, teams.id))
    .where(drawnTeams(tournamentId))
    .orderBy(
      sql`${teamAssignments.startingHole} asc nulls last`,
      asc(teamAssignments.startGroup),
      asc(sql`lower(${teams.name})`),
      asc(teams.id),
    );
}

/** Hole → team → players, by starting hole; no assignments before the first draw. */
export async function getStartingSheet(db: Db, tournamentId: string): Promise<StartingSheet> {
  const { tournament, course, sideGames } = await loadTournamentCourse(db, tournamentId);
  const field = await teamsWithHoles(db, tournamentId);
  const assigned = field.filter((team) => team.startingHole != null);
  const roster = await playersOf(
    db,
    assigned.map((team) => team.teamId),
  );
  return {
    tournament: { id: tournament.id, name: tournament.name, startDate: tournament.startDate, endDate: tournament.endDate },
    course: course && { id: course.id, name: course.name, holeCount: course.totalHoles },
    assignments: assigned.map((team) => ({
      ...team,
      startingHole: team.startingHole!,
      startGroup: team.startGroup ?? 'A',
      players: roster.get(team.teamId)!,
    })),
    teamsWithoutHole: field.length - assigned.length,
    holeSponsors: await holeSponsors(db, tournamentId),
    contestHoles: contestHolesOf(sideGames),
  };
}

/**
 * Per tournament (those with teams): how many teams, how many without a starting hole (a draw that leaves some out is out
 * of date: they registered after it), how many with scores (drawing again moves them). One query.
 */
export async function getDrawStatus(db: Db): Promise<DrawStatus> {
  const rows = await db
    .select({
      tournamentId: teams.tournamentId,
      teams: sql<number>`count(*)::int`,
      teamsWithoutHole: sql<number>`count(*) filter (where ${teamAssignments.teamId} is null)::int`,
      teamsWithScores: sql<number>`count(*) filter (where exists (select 1 from ${playerScores} where ${playerScores.teamId} = ${teams.id}))::int`,
    })
    .from(teams)
    .leftJoin(teamAssignments, eq(teamAssignments.teamId, teams.id))
    .where(inTheDraw)
    .groupBy(teams.tournamentId);
  const courses = await db
    .select({ id: tournaments.id, holes: golfCourses.totalHoles, singleGroupHoles: tournaments.singleGroupHoles })
    .from(tournaments)
    .leftJoin(golfCourses, eq(golfCourses.id, courseIdOf));
  const courseOf = new Map(courses.map((c) => [c.id, c]));
  return {
    tournaments: rows.map((row) => {
      const holes = courseOf.get(row.tournamentId)?.holes ?? 0;
      const singles = new Set((courseOf.get(row.tournamentId)?.singleGroupHoles ?? []).filter((h) => h <= holes)).size;
      return { ...row, holes, singleGroupHoles: singles };
    }),
  };
}

/** One scorecard per team (course, holes and pars, players, starting hole), in starting-hole order. */
export async function getScorecards(db: Db, tournamentId: string): Promise<Scorecards> {
  const { tournament, course, holes, rules } = await loadTournamentCourse(db, tournamentId);
  const field = await teamsWithHoles(db, tournamentId);
  const roster = await playersOf(
    db,
    field.map((team) => team.teamId),
  );
  return {
    tournament: { id: tournament.id, name: tournament.name, startDate: tournament.startDate, endDate: tournament.endDate },
    course: course && { id: course.id, name: course.name, holes },
    rules,
    teams: field.map((team) => ({
      teamId: team.teamId,
      teamName: team.teamName,
      startingHole: team.startingHole,
      startGroup: team.startGroup,
      players: roster.get(team.teamId)!,
    })),
  };
}
