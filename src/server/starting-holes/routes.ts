// The shotgun start under /api (R8, R20, R31): the starting-hole draw for admins and its printable sheets
// (starting sheet, scorecards, cart signs) for staff.
import { errorFields } from '../logger';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { drawStatusSchema, scorecardsSchema, startingSheetSchema } from '../scoring/openapi-schemas';
import { ASSIGN_MESSAGES, assignStartingHoles, getDrawStatus, getScorecards, getStartingSheet } from './starting-holes';
import { tournamentIdParam } from '../http/path-params';

export const startingHoleRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/admin/tournaments/{id}/assign-teams',
      access: 'admin',
      summary: "Draw every team's starting hole at random (R20), replacing any earlier draw",
      description:
        "A uniform draw without repeats from node:crypto, in one transaction under the tournament's row lock (the lock " +
        'registrations take). 409 with the spec §8 message when the tournament has no course, the course no holes, there ' +
        'are no teams or more teams than holes; nothing changes then.',
      request: { params: tournamentIdParam },
      responses: {
        200: jsonResponse('Drawn: the new starting sheet', startingSheetSchema),
        404: errorResponse('No such tournament'),
        409: errorResponse('No course, no holes, no teams, or too many teams'),
      },
    }),
    async (c) => {
      const { database, logger, leaderboardFeed } = c.var.deps;
      const { id } = c.req.valid('param');
      let sheet;
      try {
        sheet = await assignStartingHoles(database.db, id);
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error('assign teams failed', { tournamentId: id, ...errorFields(error) });
        throw new AppError('INTERNAL', ASSIGN_MESSAGES.failed);
      }
      leaderboardFeed.changed(id);
      return c.json(sheet, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/tournaments/{id}/starting-sheet',
      access: 'staff',
      summary: 'Hole → team → players (names only), by starting hole; empty before the first draw',
      request: { params: tournamentIdParam },
      responses: { 200: jsonResponse('OK', startingSheetSchema), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      return c.json(await getStartingSheet(c.var.deps.database.db, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/starting-holes',
      access: 'admin',
      summary: "Every tournament's draw at a glance: its teams, those without a starting hole, those with scores",
      description:
        'For the Tournaments page: a draw that leaves out teams registered after it is out of date; drawing again moves teams that have scores.',
      responses: { 200: jsonResponse('OK', drawStatusSchema) },
    }),
    async (c) => {
      return c.json(await getDrawStatus(c.var.deps.database.db), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/admin/tournaments/{id}/scorecards',
      access: 'staff',
      summary: 'One printable scorecard per team: course, holes and pars, players, starting hole',
      request: { params: tournamentIdParam },
      responses: { 200: jsonResponse('OK', scorecardsSchema), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      return c.json(await getScorecards(c.var.deps.database.db, c.req.valid('param').id), 200);
    },
  );
