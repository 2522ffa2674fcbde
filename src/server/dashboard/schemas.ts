// The Dashboard's figures, declared once for the OpenAPI document, the handler and the service (docs/decisions/060);
// here rather than in routes.ts so the service needs nothing from its routes (docs/conventions.md rule 11).
import { z } from '@hono/zod-openapi';

export const stats = z
  .object({
    /** Teams holding a place: every team but the expired ones (R24). */
    totalTeams: z.number(),
    paid: z.number(),
    /** pending plus hold (spec §4). */
    pendingHold: z.number(),
    inProgress: z.number(),
    /** Teams whose golfers (at least one) are all checked in (R19). */
    checkedIn: z.number(),
    /** Sum of the tournament's payment records (team places and purchases, as Payments sums them), less expired ones and refunds. */
    expectedCents: z.number(),
    /** Teams whose hold ran out (R24), counted apart. */
    expired: z.number(),
    /** What the expired records (team places and held purchases) were worth: never expected money. */
    expiredCents: z.number(),
    /** Sum of its payment records in state paid, less refunds: what Raised counts (R38). */
    receivedCents: z.number(),
    outstandingCents: z.number(),
  })
  .openapi('DashboardStats');
export type DashboardStats = z.infer<typeof stats>;
