// /api/admin/dashboard: the figures of one tournament for staff (R8: moderators see the dashboard).
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { tournamentDates } from '../http/answer-fields';
import { getDashboard } from './service';
import { raisedSchema } from '../donations/routes';
import { raisedForOne } from '../payments/raised';

const tournament = tournamentDates;
const stats = z
  .object({
    /** Teams holding a place: every team but the expired ones (R24). */
    totalTeams: z.number(),
    paid: z.number(),
    /** pending plus hold (spec §4). */
    pendingHold: z.number(),
    inProgress: z.number(),
    /** Teams whose golfers (at least one) are all checked in (R19). */
    checkedIn: z.number(),
    /** Sum of the tournament's payment records, less expired ones and refunds. */
    expectedCents: z.number(),
    /** Teams whose hold ran out (R24), counted apart. */
    expired: z.number(),
    /** What the expired teams' records were worth: never expected money. */
    expiredCents: z.number(),
    /** Sum of its payment records in state paid, less refunds. */
    receivedCents: z.number(),
    outstandingCents: z.number(),
  })
  .openapi('DashboardStats');
export type DashboardStats = z.infer<typeof stats>;

export const dashboardRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/',
    access: 'staff',
    summary: 'Active tournaments, and team counts, check-ins and money of one (default: the newest active)',
    request: {
      query: z.object({ tournamentId: z.preprocess((v) => (v === '' ? undefined : v), z.guid('Tournament not found').optional()) }),
    },
    responses: {
      200: jsonResponse(
        'OK',
        z.object({
          tournaments: z.array(tournament),
          tournament: tournament.nullable(),
          stats: stats.nullable(),
          /** R38: raised by source against the goal, the same figure as the public answer. */
          raised: z.union([raisedSchema, z.null()]),
          currency: z.string(),
        }),
      ),
      404: errorResponse('No such tournament'),
    },
  }),
  async (c) => {
    const db = c.var.deps.database.db;
    const result = await getDashboard(db, c.req.valid('query').tournamentId);
    const raised = result.tournament ? ((await raisedForOne(db, result.tournament.id)) ?? null) : null;
    return c.json({ ...result, raised, currency: c.var.deps.config.currency }, 200);
  },
);
