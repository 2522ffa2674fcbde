// The golf course form's and hole par grid's rules and messages (spec §5, §9), used by the admin pages and the server.
import { z } from './zod';
import { optionalText, requiredText } from './field-schemas';

export const TOTAL_HOLES = { min: 9, max: 36, default: 18 } as const;
export const PAR = { min: 3, max: 5, default: 4 } as const;

export const SLOPE_RANGE = { min: 55, max: 155, default: 113 } as const;
export const RATING_RANGE = { min: 20, max: 90 } as const;

export const COURSE_MESSAGES = {
  slope: `Slope must be a whole number from ${SLOPE_RANGE.min} to ${SLOPE_RANGE.max}`,
  rating: `Course rating must be from ${RATING_RANGE.min} to ${RATING_RANGE.max}, with at most one decimal, or empty for the course's par`,
  strokeIndexes: (holes: number) => `Enter a stroke index for every hole (1 to ${holes}, each once), or none`,
  strokeIndexTwice: (index: number) => `Stroke index ${index} is on more than one hole`,
  name: 'Name is required',
  totalHoles: `Total holes must be a whole number from ${TOTAL_HOLES.min} to ${TOTAL_HOLES.max}`,
  par: `Par must be ${PAR.min}, 4 or ${PAR.max}`,
} as const;

export const golfCourseSchema = z.object({
  name: requiredText(COURSE_MESSAGES.name, 120),
  totalHoles: z
    .int({ error: COURSE_MESSAGES.totalHoles })
    .min(TOTAL_HOLES.min, COURSE_MESSAGES.totalHoles)
    .max(TOTAL_HOLES.max, COURSE_MESSAGES.totalHoles)
    .optional()
    .default(TOTAL_HOLES.default),
  description: optionalText(1000),
  /** R29: the tees' slope and course rating (null: the course's par, so the rating adds nothing). */
  slope: z
    .int({ error: COURSE_MESSAGES.slope })
    .min(SLOPE_RANGE.min, COURSE_MESSAGES.slope)
    .max(SLOPE_RANGE.max, COURSE_MESSAGES.slope)
    .optional()
    .default(SLOPE_RANGE.default),
  rating: z
    .number({ error: COURSE_MESSAGES.rating })
    .min(RATING_RANGE.min, COURSE_MESSAGES.rating)
    .max(RATING_RANGE.max, COURSE_MESSAGES.rating)
    .refine((n) => Number.isInteger(Math.round(n * 10)) && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, COURSE_MESSAGES.rating)
    .nullable()
    .optional()
    .default(null),
});
export type GolfCourseInput = z.input<typeof golfCourseSchema>;
export type GolfCourseValues = z.output<typeof golfCourseSchema>;

export const parSchema = z.int({ error: COURSE_MESSAGES.par }).min(PAR.min, COURSE_MESSAGES.par).max(PAR.max, COURSE_MESSAGES.par);
export const holeParSchema = z.object({ par: parSchema });

/** The par grid ignores anything else: a value is saved only when this says yes (spec §5). */
export const isValidPar = (value: number) => parSchema.safeParse(value).success;

/** "hole 18" or "holes 13 to 18": the holes that go when a course shrinks from `from` to `to` holes. */
export function removedHolesLabel(from: number, to: number): string {
  return from - to === 1 ? `hole ${from}` : `holes ${to + 1} to ${from}`;
}

/**
 * R29: a course's stroke indexes, one per hole in hole order: all empty, or 1..holes each exactly once. The server checks the
 * count against the course's holes.
 */
export const strokeIndexesSchema = z
  .object({ strokeIndexes: z.array(z.int().min(1).max(36).nullable()).min(1).max(36) })
  .superRefine(({ strokeIndexes }, ctx) => {
    const given = strokeIndexes.filter((n): n is number => n != null);
    if (given.length === 0) return;
    const seen = new Set<number>();
    for (const [i, n] of strokeIndexes.entries()) {
      if (n != null && seen.has(n))
        ctx.addIssue({ code: 'custom', path: ['strokeIndexes', i], message: COURSE_MESSAGES.strokeIndexTwice(n) });
      if (n != null) seen.add(n);
    }
    const holes = strokeIndexes.length;
    if (given.length !== holes || given.some((n) => n > holes))
      ctx.addIssue({ code: 'custom', path: ['strokeIndexes'], message: COURSE_MESSAGES.strokeIndexes(holes) });
  });
