// Golf courses and their holes (spec §2, §5, §9). A course always has exactly holes 1..total_holes: they are made at par 4
// with the course, added at par 4 when it grows and removed from the top when it shrinks, in the same transaction.
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { isForeignKeyViolation } from '../db/errors';
import { courseHoles, golfCourses } from '../db/schema';
import { AppError } from '../http/errors';
import { listNames } from '../../shared/list-names';
import { COURSE_MESSAGES, golfCourseSchema, holeParSchema, PAR, removedHolesLabel, strokeIndexesSchema } from '../../shared/course-schemas';
import type { GolfCourse, Hole } from './schemas';

const notFound = () => new AppError('NOT_FOUND', 'Golf course not found');
const IN_USE = 'This course is used by a tournament: remove it from the tournament first';

function selectCourses(db: Db) {
  return db
    .select({
      id: golfCourses.id,
      name: golfCourses.name,
      totalHoles: golfCourses.totalHoles,
      description: golfCourses.description,
      slope: golfCourses.slope,
      rating: golfCourses.rating,
      parTotal: sql<number>`coalesce(sum(${courseHoles.par}), 0)::int`,
    })
    .from(golfCourses)
    .leftJoin(courseHoles, eq(courseHoles.courseId, golfCourses.id))
    .groupBy(golfCourses.id);
}

export async function listCourses(db: Db): Promise<GolfCourse[]> {
  return selectCourses(db).orderBy(asc(golfCourses.name), asc(golfCourses.createdAt));
}

async function getCourse(db: Db, id: string): Promise<GolfCourse> {
  const [course] = await selectCourses(db).where(eq(golfCourses.id, id));
  if (!course) throw notFound();
  return course;
}

/** The tournaments that use the course (tournament_courses, or the legacy tournaments.course_id), with the highest hole
 *  each has teams starting on or scores for. */
async function tournamentsUsing(db: Db, courseId: string) {
  return queryRows<{ name: string; highestHoleUsed: number | null }>(
    db,
    sql`select t.name,
               greatest((select max(a.starting_hole) from team_assignments a where a.tournament_id = t.id),
                        (select max(s.hole_number) from player_scores s where s.tournament_id = t.id)) as "highestHoleUsed"
        from tournaments t
        where t.course_id = ${courseId}
           or exists (select 1 from tournament_courses tc where tc.tournament_id = t.id and tc.course_id = ${courseId})
        order by t.name`,
  );
}

/** Two courses of one name would be indistinguishable in the tournament form's list. */
async function refuseDuplicateName(db: Db, name: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: golfCourses.id })
    .from(golfCourses)
    .where(and(sql`lower(${golfCourses.name}) = lower(${name})`, exceptId ? ne(golfCourses.id, exceptId) : undefined));
  if (clash) throw new AppError('CONFLICT', `A golf course named ${name} already exists`, { name: 'Choose another name' });
}

/** Holes 1..total that the course lacks, at par 4. */
async function addMissingHoles(db: Db, courseId: string, totalHoles: number) {
  const holes = Array.from({ length: totalHoles }, (_, i) => ({ courseId, holeNumber: i + 1, par: PAR.default }));
  await db.insert(courseHoles).values(holes).onConflictDoNothing();
}

export async function createCourse(db: Db, rawInput: unknown): Promise<GolfCourse> {
  const input = golfCourseSchema.parse(rawInput);
  await refuseDuplicateName(db, input.name);
  const id = await db.transaction(async (tx) => {
    const [course] = await tx.insert(golfCourses).values(input).returning({ id: golfCourses.id });
    await addMissingHoles(tx, course!.id, input.totalHoles);
    return course!.id;
  });
  return getCourse(db, id);
}

/**
 * Saves name, description and total holes; the holes follow the total in the same transaction. Shrinking is refused when
 * a tournament on this course has teams starting on, or scores for, a hole that would go.
 */
export async function updateCourse(db: Db, id: string, rawInput: unknown): Promise<GolfCourse> {
  const input = golfCourseSchema.parse(rawInput);
  await refuseDuplicateName(db, input.name, id);
  await db.transaction(async (tx) => {
    const [course] = await tx.select({ totalHoles: golfCourses.totalHoles }).from(golfCourses).where(eq(golfCourses.id, id)).for('update');
    if (!course) throw notFound();
    if (input.totalHoles < course.totalHoles) {
      const blocking = (await tournamentsUsing(tx, id)).filter((t) => (t.highestHoleUsed ?? 0) > input.totalHoles);
      if (blocking.length) {
        const highest = Math.max(...blocking.map((t) => t.highestHoleUsed!));
        throw new AppError(
          'CONFLICT',
          `Cannot remove ${removedHolesLabel(course.totalHoles, input.totalHoles)}: ${listNames(blocking.map((t) => t.name))} ` +
            `${blocking.length === 1 ? 'has' : 'have'} starting holes or scores up to hole ${highest}`,
          { totalHoles: `At least ${highest} holes are in use` },
        );
      }
    }
    await tx.update(golfCourses).set(input).where(eq(golfCourses.id, id));
    await tx.delete(courseHoles).where(and(eq(courseHoles.courseId, id), gt(courseHoles.holeNumber, input.totalHoles)));
    await addMissingHoles(tx, id, input.totalHoles);
  });
  return getCourse(db, id);
}

/** Refused while a tournament uses the course (the foreign keys restrict too). */
export async function deleteCourse(db: Db, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [course] = await tx.select({ name: golfCourses.name }).from(golfCourses).where(eq(golfCourses.id, id)).for('update');
      if (!course) throw notFound();
      const users = await tournamentsUsing(tx, id);
      if (users.length) {
        const from = users.length === 1 ? 'the tournament' : 'those tournaments';
        throw new AppError('CONFLICT', `${course.name} is used by ${listNames(users.map((t) => t.name))}: remove it from ${from} first`);
      }
      await tx.delete(golfCourses).where(eq(golfCourses.id, id));
    });
  } catch (error) {
    // A tournament that started using the course after our check.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', IN_USE);
    throw error;
  }
}

export async function listHoles(db: Db, courseId: string): Promise<Hole[]> {
  const [course] = await db.select({ id: golfCourses.id }).from(golfCourses).where(eq(golfCourses.id, courseId));
  if (!course) throw notFound();
  return db
    .select({ holeNumber: courseHoles.holeNumber, par: courseHoles.par, strokeIndex: courseHoles.strokeIndex })
    .from(courseHoles)
    .where(eq(courseHoles.courseId, courseId))
    .orderBy(asc(courseHoles.holeNumber));
}

/**
 * R29: replaces every hole's stroke index at once (a swap of two holes would clash one by one), under the course's row lock,
 * so the unique index never sees a half-saved set. The list must have one entry per hole of the course.
 */
export async function setStrokeIndexes(db: Db, courseId: string, rawInput: unknown): Promise<Hole[]> {
  const { strokeIndexes } = strokeIndexesSchema.parse(rawInput);
  await db.transaction(async (tx) => {
    const [course] = await tx
      .select({ totalHoles: golfCourses.totalHoles })
      .from(golfCourses)
      .where(eq(golfCourses.id, courseId))
      .for('update');
    if (!course) throw notFound();
    if (strokeIndexes.length !== course.totalHoles) {
      throw new AppError('VALIDATION', COURSE_MESSAGES.strokeIndexes(course.totalHoles), {
        strokeIndexes: COURSE_MESSAGES.strokeIndexes(course.totalHoles),
      });
    }
    await tx.update(courseHoles).set({ strokeIndex: null }).where(eq(courseHoles.courseId, courseId));
    for (const [i, strokeIndex] of strokeIndexes.entries()) {
      if (strokeIndex != null)
        await tx
          .update(courseHoles)
          .set({ strokeIndex })
          .where(and(eq(courseHoles.courseId, courseId), eq(courseHoles.holeNumber, i + 1)));
    }
  });
  return listHoles(db, courseId);
}

export async function setHolePar(db: Db, courseId: string, holeNumber: number, rawInput: unknown): Promise<Hole> {
  const { par } = holeParSchema.parse(rawInput);
  const [hole] = await db
    .update(courseHoles)
    .set({ par })
    .where(and(eq(courseHoles.courseId, courseId), eq(courseHoles.holeNumber, holeNumber)))
    .returning({ holeNumber: courseHoles.holeNumber, par: courseHoles.par, strokeIndex: courseHoles.strokeIndex });
  if (hole) return hole;
  await listHoles(db, courseId); // 404 for an unknown course
  throw new AppError('NOT_FOUND', `This course has no hole ${holeNumber}`);
}
