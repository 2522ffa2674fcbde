// A tournament with its course and holes, as the draw, the score sheets and the leaderboard read them.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { courseHoles, golfCourses, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { tournamentSummary } from '../tournaments/columns';
import { DEFAULT_PAR, type HolePar } from '../../shared/tournament-day';
import type { BestBalls, Format, FormatSettings } from '../../shared/formats';
import type { SideGameSettings } from '../../shared/side-games';
import type { SkinsMode } from '../../shared/skins';

/** tournaments.course_id, or (rows written before it was mirrored) the tournament_courses link. */
export const courseIdOf = sql<string | null>`coalesce(${tournaments.courseId},
  (select tc.course_id from tournament_courses tc where tc.tournament_id = ${tournaments.id} order by tc.course_id limit 1))`;

export interface TournamentCourse {
  tournament: { id: string; name: string; startDate: string; endDate: string | null; active: boolean };
  course: { id: string; name: string; totalHoles: number; slope: number; rating: number | null } | null;
  /** Holes 1..total of the course with their par (DEFAULT_PAR where a hole has no row) and stroke index; empty without a course. */
  holes: (HolePar & { strokeIndex: number | null })[];
  /** R28, R29: the tournament's format and whether it scores net. */
  rules: FormatSettings;
  /** R44: skins and the contest holes the organiser chose. */
  sideGames: SideGameSettings;
}

export const tournamentNotFound = () => new AppError('NOT_FOUND', 'Tournament not found');

/** Two queries whatever the size of the field. Throws 404 for an unknown tournament. */
export async function loadTournamentCourse(db: Db, tournamentId: string): Promise<TournamentCourse> {
  const [row] = await db
    .select({
      ...tournamentSummary,
      courseId: golfCourses.id,
      courseName: golfCourses.name,
      totalHoles: golfCourses.totalHoles,
      slope: golfCourses.slope,
      rating: golfCourses.rating,
      format: tournaments.format,
      bestBalls: tournaments.bestBalls,
      netScoring: tournaments.netScoring,
      skins: tournaments.skins,
      closestToPinHoles: tournaments.closestToPinHoles,
      longestDriveHoles: tournaments.longestDriveHoles,
    })
    .from(tournaments)
    .leftJoin(golfCourses, eq(golfCourses.id, courseIdOf))
    .where(eq(tournaments.id, tournamentId));
  if (!row) throw tournamentNotFound();
  const {
    courseId,
    courseName,
    totalHoles,
    slope,
    rating,
    format,
    bestBalls,
    netScoring,
    skins,
    closestToPinHoles,
    longestDriveHoles,
    ...tournament
  } = row;
  const rules: FormatSettings = { format: format as Format, bestBalls: bestBalls as BestBalls, netScoring };
  const sideGames: SideGameSettings = { skins: skins as SkinsMode, closestToPinHoles, longestDriveHoles };
  if (!courseId) return { tournament, course: null, holes: [], rules, sideGames };
  const pars = await db
    .select({ number: courseHoles.holeNumber, par: courseHoles.par, strokeIndex: courseHoles.strokeIndex })
    .from(courseHoles)
    .where(eq(courseHoles.courseId, courseId))
    .orderBy(asc(courseHoles.holeNumber));
  const byNumber = new Map(pars.map((hole) => [hole.number, hole]));
  const holes = Array.from({ length: totalHoles! }, (_, i) => ({
    number: i + 1,
    par: byNumber.get(i + 1)?.par ?? DEFAULT_PAR,
    strokeIndex: byNumber.get(i + 1)?.strokeIndex ?? null,
  }));
  return {
    tournament,
    course: { id: courseId, name: courseName!, totalHoles: totalHoles!, slope: slope!, rating },
    holes,
    rules,
    sideGames,
  };
}
