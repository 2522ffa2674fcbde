// /api/admin/sponsorship-levels: the level catalogue, admins only (R8). Tournaments offer these levels at a price.
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { sponsorshipLevelSchema } from '../../shared/sponsorship-schemas';
import { createSponsorshipLevel, deleteSponsorshipLevel, listSponsorshipLevels, updateSponsorshipLevel } from './service';
import { sponsorshipLevelIdParam } from '../http/path-params';

const level = z.object({ id: z.string(), name: z.string(), description: z.string(), maxTeams: z.number() }).openapi('SponsorshipLevel');
const levelBody = jsonBody(sponsorshipLevelSchema);

export const sponsorshipRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'Every sponsorship level, oldest first',
      responses: { 200: jsonResponse('OK', z.object({ levels: z.array(level) })) },
    }),
    async (c) => c.json({ levels: await listSponsorshipLevels(c.var.deps.database.db) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Create a sponsorship level',
      request: { body: levelBody },
      responses: { 201: jsonResponse('Created', z.object({ level })), 409: errorResponse('A level of that name exists') },
    }),
    async (c) => c.json({ level: await createSponsorshipLevel(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{id}',
      access: 'admin',
      summary: "Change a sponsorship level's name, description or default places",
      description: 'Places a tournament already offers at the level stay as they are.',
      request: { params: sponsorshipLevelIdParam, body: levelBody },
      responses: {
        200: jsonResponse('Saved', z.object({ level })),
        404: errorResponse('No such level'),
        409: errorResponse('A level of that name exists'),
      },
    }),
    async (c) => c.json({ level: await updateSponsorshipLevel(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/{id}',
      access: 'admin',
      summary: 'Delete a sponsorship level',
      description: 'Refused with 409, naming the tournaments, while a tournament offers the level.',
      params: sponsorshipLevelIdParam,
      refusals: { 404: errorResponse('No such level'), 409: errorResponse('A tournament offers the level') },
      remove: (c, { id }) => deleteSponsorshipLevel(c.var.deps.database.db, id),
    }),
  );
