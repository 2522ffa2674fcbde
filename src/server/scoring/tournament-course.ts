// A tournament with its course and holes, as the draw, the score sheets and the leaderboard read them.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { courseHoles, golfCourses, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { tournamentSummary } from '../tournaments/columns';
import { DEFAULT_PAR, type HolePar } from '../../shared/tournament-day';

/** tournaments.course_id, or (rows written before it was mirrored) the tournament_courses link. */
export const courseIdOf = sql<string | null>`coalesce(${tournaments.courseId},
  (select tc.course_id from tournament_courses tc where tc.tournament_id = ${tournaments.id} order by tc.course_id limit 1))`;

export interface TournamentCourse {
  tournament: { id: string; name: string; startDate: string; endDate: string | null; active: boolean };
  course: { id: string; name: string; totalHoles: number } | null;
  /** Holes 1..total of the course with their par (DEFAULT_PAR where a hole has no row); empty without a course. */
  holes: HolePar[];
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
    })
    .from(tournaments)
    .leftJoin(golfCourses, eq(golfCourses.id, courseIdOf))
    .where(eq(tournaments.id, tournamentId));
  if (!row) throw tournamentNotFound();
  const { courseId, courseName, totalHoles, ...tournament } = row;
  if (!courseId) return { tournament, course: null, holes: [] };
  const pars = await db
    .select({ number: courseHoles.holeNumber, par: courseHoles.par })
    .from(courseHoles)
    .where(eq(courseHoles.courseId, courseId))
    .orderBy(asc(courseHoles.holeNumber));
  const parOf = new Map(pars.map((hole) => [hole.number, hole.par]));
  const holes = Array.from({ length: totalHoles! }, (_, i) => ({ number: i + 1, par: parOf.get(i + 1) ?? DEFAULT_PAR }));
  return { tournament, course: { id: courseId, name: courseName!, totalHoles: totalHoles! }, holes };
}
