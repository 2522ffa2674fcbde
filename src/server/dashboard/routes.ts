// /api/admin/dashboard: the figures of one tournament for staff (R8: moderators see the dashboard).
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute } from '../http/define-route';
import { getDashboard } from './service';

const tournament = z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string().nullable() });
const stats = z
  .object({
    totalTeams: z.number(),
    paid: z.number(),
    pendingHold: z.number(),
    inProgress: z.number(),
    checkedIn: z.number(),
    expectedCents: z.number(),
    expired: z.number(),
    expiredCents: z.number(),
    receivedCents: z.number(),
    outstandingCents: z.number(),
  })
  .openapi('DashboardStats');

export const dashboardRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/',
    access: 'staff',
    summary: 'Active tournaments, and team counts, check-ins and money of one (default: the newest active)',
    request: { query: z.object({ tournamentId: z.preprocess((v) => (v === '' ? undefined : v), z.guid('Tournament not found').optional()) }) },
    responses: {
      200: {
        description: 'OK',
        content: {
          'application/json': {
            schema: z.object({ tournaments: z.array(tournament), tournament: tournament.nullable(), stats: stats.nullable(), currency: z.string() }),
          },
        },
      },
      404: { description: 'No such tournament' },
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await getDashboard(c.var.deps.database.db, c.req.valid('query').tournamentId);
    return c.json({ ...result, currency: c.var.deps.config.currency }, 200);
  },
);
