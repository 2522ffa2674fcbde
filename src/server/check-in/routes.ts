// /api/admin/golfers: tournament-day staff list golfers and check them in; admins add and delete golfers (R8, R19).
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import {
  addGolferSchema,
  checkInSchema,
  golferTeamsQuerySchema,
  handicapSchema,
  listGolfersQuerySchema,
} from '../../shared/golfer-schemas';
import { addGolfer, deleteGolfer, listGolfers, listGolferTeams, setCheckIn, setHandicapIndex } from './service';
import { playerParam } from '../http/path-params';
import { checkIn, golfer, golferPage } from './schemas';
import { checkInOfGolfer, checkInOfQuery } from '../volunteers/route-scopes';

export const golferRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      ...checkInOfQuery,
      summary: "One page (50) of a tournament's golfers with their team and check-in, optionally matching q (name, e-mail, team)",
      request: { query: listGolfersQuerySchema },
      responses: {
        200: jsonResponse('OK', golferPage),
      },
    }),
    async (c) => {
      return c.json(await listGolfers(c.var.deps.database.db, c.req.valid('query')), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/teams',
      access: 'admin',
      summary: "The tournament's teams with their golfer count, for adding a golfer",
      request: { query: golferTeamsQuerySchema },
      responses: {
        200: jsonResponse('OK', z.object({ teams: z.array(z.object({ id: z.string(), name: z.string(), golfers: z.number() })) })),
      },
    }),
    async (c) => {
      return c.json({ teams: await listGolferTeams(c.var.deps.database.db, c.req.valid('query')) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Add a golfer to a team',
      description: 'Refused with 409 when the team already has 4 golfers, counted under a lock on the team row.',
      request: { body: jsonBody(addGolferSchema) },
      responses: {
        201: jsonResponse('Created', z.object({ golfer })),
        404: errorResponse('No such team'),
        409: errorResponse('The team is full'),
      },
    }),
    async (c) => c.json({ golfer: await addGolfer(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{playerId}/check-in',
      ...checkInOfGolfer,
      summary: 'Check a golfer in or out; records who and when',
      request: { params: playerParam, body: jsonBody(checkInSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ golfer: z.object({ id: z.string(), ...checkIn }) })),
        404: errorResponse('No such golfer'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const saved = await setCheckIn(
        c.var.deps.database.db,
        actor.userId,
        c.req.valid('param').playerId,
        c.req.valid('json'),
        c.var.deps.now(),
      );
      return c.json({ golfer: saved }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{playerId}/handicap',
      ...checkInOfGolfer,
      summary: "Set a golfer's Handicap Index (-10.0 to 54.0, one decimal; null clears it) (R29)",
      request: { params: playerParam, body: jsonBody(handicapSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ golfer: z.object({ id: z.string(), handicapIndex: z.number().nullable() }) })),
        400: errorResponse('Not a Handicap Index'),
        404: errorResponse('No such golfer'),
      },
    }),
    async (c) =>
      c.json({ golfer: await setHandicapIndex(c.var.deps.database.db, c.req.valid('param').playerId, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/{playerId}',
      access: 'admin',
      summary: 'Delete a golfer, with their check-in and scores',
      params: playerParam,
      refusals: { 404: errorResponse('No such golfer') },
      remove: (c, { playerId }) => deleteGolfer(c.var.deps.database.db, playerId),
    }),
  );
