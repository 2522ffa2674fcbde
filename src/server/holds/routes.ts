// /api/admin/teams/{id}/extend and /reinstate: an admin gives an unpaid team more time, or an expired one its place back (R24).
import { getActor } from '../http/context';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { teamHold } from '../teams/schemas';
import { extendHoldSchema } from '../../shared/payment-schemas';
import { extendHold, reinstateTeam } from './expiry';
import { teamIdParam } from '../http/path-params';

export const holdRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/extend',
      access: 'admin',
      summary: "Move an unpaid team's deadline `hours` later (from now if it has passed); a new reminder will go",
      request: { params: teamIdParam, body: jsonBody(extendHoldSchema) },
      responses: {
        200: jsonResponse('Extended', teamHold),
        404: errorResponse('No such team'),
        409: errorResponse('The team is paid or expired'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const team = await extendHold(
        c.var.deps.database.db,
        c.req.valid('param').id,
        c.req.valid('json').hours,
        actor.userId,
        c.var.deps.now(),
      );
      return c.json({ team }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/reinstate',
      access: 'admin',
      summary: 'Give an expired team its place back while one remains, with a new deadline of HOLD_HOURS',
      request: { params: teamIdParam },
      responses: {
        200: jsonResponse('Reinstated', teamHold),
        404: errorResponse('No such team'),
        409: errorResponse('Not expired, or no place left'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { database, config, now } = c.var.deps;
      return c.json({ team: await reinstateTeam(database.db, c.req.valid('param').id, actor.userId, now(), config.holdHours) }, 200);
    },
  );
