// The golf course form's and hole par grid's rules and messages (SPEC.md §5, §9), used by the admin pages and the server.
import { z } from './zod';

export const TOTAL_HOLES = { min: 9, max: 36, default: 18 } as const;
export const PAR = { min: 3, max: 5, default: 4 } as const;

export const COURSE_MESSAGES = {
  name: 'Name is required',
  totalHoles: `Total holes must be a whole number from ${TOTAL_HOLES.min} to ${TOTAL_HOLES.max}`,
  par: `Par must be ${PAR.min}, 4 or ${PAR.max}`,
} as const;

export const golfCourseSchema = z.object({
  name: z.string({ error: COURSE_MESSAGES.name }).trim().min(1, COURSE_MESSAGES.name).max(120, 'Must be at most 120 characters'),
  totalHoles: z
    .int({ error: COURSE_MESSAGES.totalHoles })
    .min(TOTAL_HOLES.min, COURSE_MESSAGES.totalHoles)
    .max(TOTAL_HOLES.max, COURSE_MESSAGES.totalHoles)
    .optional()
    .default(TOTAL_HOLES.default),
  description: z.string().trim().max(1000, 'Must be at most 1000 characters').optional().default(''),
});
export type GolfCourseInput = z.input<typeof golfCourseSchema>;
export type GolfCourseValues = z.output<typeof golfCourseSchema>;

export const parSchema = z.int({ error: COURSE_MESSAGES.par }).min(PAR.min, COURSE_MESSAGES.par).max(PAR.max, COURSE_MESSAGES.par);
export const holeParSchema = z.object({ par: parSchema });

/** The par grid ignores anything else: a value is saved only when this says yes (SPEC.md §5). */
export const isValidPar = (value: number) => parSchema.safeParse(value).success;

/** "hole 18" or "holes 13 to 18": the holes that go when a course shrinks from `from` to `to` holes. */
export function removedHolesLabel(from: number, to: number): string {
  return from - to === 1 ? `hole ${from}` : `holes ${to + 1} to ${from}`;
}
