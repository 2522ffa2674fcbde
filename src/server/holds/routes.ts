// /api/admin/teams/{id}/extend and /reinstate: an admin gives an unpaid team more time, or an expired one its place back (R24).
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { createRouter, defineRoute } from '../http/define-route';
import { extendHoldSchema } from '../../shared/payment-schemas';
import { extendHold, reinstateTeam } from './expiry';

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const idParam = z.object({ id: z.uuid('Team not found') });
const answer = json(z.object({ team: z.object({ id: z.string(), paymentStatus: z.string(), holdUntil: z.string() }) }));

export const holdRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/extend',
      access: 'admin',
      summary: "Move an unpaid team's deadline `hours` later (from now if it has passed); a new reminder will go",
      request: { params: idParam, body: { required: true, content: json(extendHoldSchema) } },
      responses: { 200: { description: 'Extended', content: answer }, 404: { description: 'No such team' }, 409: { description: 'The team is paid or expired' } },
    }),
    async (c) => {
      const actor = await getActor(c);
      const team = await extendHold(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json').hours, actor.userId, c.var.deps.now());
      return c.json({ team }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/reinstate',
      access: 'admin',
      summary: 'Give an expired team its place back while one remains, with a new deadline of HOLD_HOURS',
      request: { params: idParam },
      responses: { 200: { description: 'Reinstated', content: answer }, 404: { description: 'No such team' }, 409: { description: 'Not expired, or no place left' } },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { database, config, now } = c.var.deps;
      return c.json({ team: await reinstateTeam(database.db, c.req.valid('param').id, actor.userId, now(), config.holdHours) }, 200);
    },
  );
