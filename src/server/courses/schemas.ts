// The answers about golf courses and their holes, declared once for the OpenAPI document, the handlers and the service
// (docs/decisions/060); here rather than in routes.ts so the service needs nothing from its routes (docs/conventions.md rule 11).
import { z } from '@hono/zod-openapi';

export const course = z
  .object({
    id: z.string(),
    name: z.string(),
    totalHoles: z.number(),
    description: z.string(),
    parTotal: z.number(),
    slope: z.number(),
    rating: z.number().nullable(),
  })
  .openapi('GolfCourse');
export type GolfCourse = z.infer<typeof course>;
export const hole = z.object({ holeNumber: z.number(), par: z.number(), strokeIndex: z.number().nullable() }).openapi('CourseHole');
export type Hole = z.infer<typeof hole>;
