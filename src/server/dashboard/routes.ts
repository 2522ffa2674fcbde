// /api/admin/dashboard: the figures of one tournament for staff (R8: moderators see the dashboard).
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { tournamentDates } from '../http/answer-fields';
import { getDashboard } from './service';
import { stats } from './schemas';
import { raisedSchema } from '../donations/routes';
import { raisedForOne } from '../payments/raised';

const tournament = tournamentDates;

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
