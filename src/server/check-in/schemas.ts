// The answers about golfers on the day, declared once for the OpenAPI document, the handlers and the service
// (docs/decisions/060); here rather than in routes.ts so the service needs nothing from its routes (docs/conventions.md rule 11).
import { z } from '@hono/zod-openapi';
import { golferAddon } from '../addons/routes';

export const checkIn = { checkedIn: z.boolean(), checkedInAt: z.string().nullable(), checkedInBy: z.string().nullable() };
export const golfer = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    handicapIndex: z.number().nullable(),
    teamId: z.string(),
    teamName: z.string(),
    ...checkIn,
    /** R37: the golfer's add-ons (paid or still to pay). */
    addons: z.array(golferAddon),
  })
  .openapi('Golfer');
export type Golfer = z.infer<typeof golfer>;
export const golferPage = z.object({
  golfers: z.array(golfer),
  total: z.number(),
  checkedIn: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type GolferPage = z.infer<typeof golferPage>;

/** R61: the golfer a QR code names, as the Scan panel shows them; `status` is 'Checked in at 11:42 by …' (TIME_ZONE). */
export const codeGolfer = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    startingHole: z.string().nullable(),
    ...checkIn,
    status: z.string(),
  })
  .openapi('CodeGolfer');
export type CodeGolfer = z.infer<typeof codeGolfer>;
export const checkInTallySchema = z.object({ checkedIn: z.number(), expected: z.number() }).openapi('CheckInTally');
export const badge = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    startingHole: z.string().nullable(),
    code: z.string(),
  })
  .openapi('Badge');
