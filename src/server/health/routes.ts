// /api/health: answers 200 when the server and its database work.
import { errorFields } from '../logger';
import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';

export const healthRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/',
    access: 'public',
    summary: 'Health of the server and its database',
    noStore: true,
    responses: {
      200: jsonResponse('Healthy', z.object({ status: z.literal('ok'), database: z.string() })),
      503: errorResponse('The database does not answer'),
    },
  }),
  async (c) => {
    const { database, logger } = c.var.deps;
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      logger.error('health: database check failed', errorFields(error));
      throw new AppError('UNAVAILABLE', 'Database unavailable');
    }
    return c.json({ status: 'ok' as const, database: database.kind }, 200);
  },
);
