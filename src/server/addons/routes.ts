// Golfer add-ons (R37): anyone sees a tournament's add-ons; a leader buys them for their golfers (staff for any team);
// staff sell them at check-in; admins keep them.
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { instant } from '../http/answer-fields';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { addonOrderSchema, addonSaleSchema, addonSchema } from '../../shared/item-schemas';
import { checkoutAnswer, checkoutFor } from '../items/checkout';
import { createAddon, deleteAddon, listAddons, orderAddons, sellAddon, teamAddons, updateAddon } from './service';
import { addonIdParam, tournamentParam } from '../http/path-params';
import { checkInOfGolfer } from '../volunteers/route-scopes';

const addon = z
  .object({
    id: z.string(),
    tournamentId: z.string(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number(),
    fmvCents: z.number(),
    maxPerGolfer: z.number(),
  })
  .openapi('Addon');
export const golferAddon = z
  .object({ addonId: z.string(), name: z.string(), quantity: z.number(), paid: z.boolean() })
  .openapi('GolferAddon');

/** Public: GET /api/addons?tournamentId=… */
export const addonRoutes = createRouter().openapi(
  defineRoute({
    method: 'get',
    path: '/',
    access: 'public',
    summary: "A tournament's golfer add-ons (price, cap per golfer)",
    request: { query: tournamentParam },
    responses: { 200: jsonResponse('OK', z.object({ addons: z.array(addon) })) },
  }),
  async (c) => c.json({ addons: await listAddons(c.var.deps.database.db, c.req.valid('query').tournamentId) }, 200),
);

/** A team's add-ons: /api/teams/{teamId}/addons (its leader, or staff). */
export const teamAddonRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{teamId}/addons',
      access: 'signed-in',
      summary: "A team's golfers with their add-ons, and the add-ons its tournament offers",
      description: 'Its leader, or staff.',
      request: { params: z.object({ teamId: z.uuid('Team not found') }) },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            addons: z.array(addon),
            golfers: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), addons: z.array(golferAddon) })),
          }),
        ),
        403: errorResponse('Not your team'),
        404: errorResponse('No such team'),
      },
    }),
    async (c) => c.json(await teamAddons(c.var.deps.database.db, await getActor(c), c.req.valid('param').teamId), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{teamId}/addons',
      access: 'signed-in',
      summary: "Buy add-ons for a team's golfers (its leader until the editing lock; staff any time)",
      description:
        'Each line is a golfer, an add-on and how many; the cap per golfer counts what the golfer already has. Paid by card (pending) or held until the deadline (R24), as a registration.',
      request: { params: z.object({ teamId: z.uuid('Team not found') }), body: jsonBody(addonOrderSchema) },
      responses: {
        201: jsonResponse(
          'Bought',
          z.object({
            purchases: z.number(),
            totalCents: z.number(),
            status: z.enum(['pending', 'hold']),
            holdUntil: instant.nullable(),
            ...checkoutAnswer,
          }),
        ),
        403: errorResponse('Not your team, or editing is locked (R17)'),
        404: errorResponse('No such team'),
        409: errorResponse('Over the cap per golfer, the team expired, or card payments are not connected'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { database, config, now, stripe } = c.var.deps;
      const order = await orderAddons(database.db, actor.userId, c.req.valid('param').teamId, c.req.valid('json'), now(), {
        timeZone: config.timeZone,
        staff: actor.staff,
        holdHours: config.holdHours,
        cardPayments: stripe !== null,
      });
      const checkout = await checkoutFor(c, order.status === 'pending' ? order.purchaseIds : [], actor.userId);
      return c.json(
        {
          purchases: order.purchases,
          totalCents: order.totalCents,
          status: order.status,
          holdUntil: order.holdUntil?.toISOString() ?? null,
          ...checkout,
        },
        201,
      );
    },
  );

/** Staff at check-in: POST /api/admin/golfers/{playerId}/addons. */
export const golferAddonRoutes = createRouter().openapi(
  defineRoute({
    method: 'post',
    path: '/{playerId}/addons',
    ...checkInOfGolfer,
    summary: 'Sell add-ons to a golfer at check-in, paid there (cash or card in person)',
    description: 'Recorded as paid, with the staff member and the time; the cap per golfer holds.',
    request: { params: z.object({ playerId: z.uuid('Golfer not found') }), body: jsonBody(addonSaleSchema) },
    responses: {
      201: jsonResponse('Sold', z.object({ addons: z.array(golferAddon) })),
      404: errorResponse('No such golfer'),
      409: errorResponse('Over the cap per golfer'),
    },
  }),
  async (c) => {
    const { userId } = await getActor(c);
    const sold = await sellAddon(c.var.deps.database.db, userId, c.req.valid('param').playerId, c.req.valid('json'));
    return c.json({ addons: sold }, 201);
  },
);

/** Admins keep each tournament's add-ons: /api/admin/tournaments/{tournamentId}/addons and /api/admin/addons/{id}. */
export const adminAddonRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/tournaments/{tournamentId}/addons',
      access: 'admin',
      summary: "A tournament's golfer add-ons",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', z.object({ addons: z.array(addon) })) },
    }),
    async (c) => c.json({ addons: await listAddons(c.var.deps.database.db, c.req.valid('param').tournamentId) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/tournaments/{tournamentId}/addons',
      access: 'admin',
      summary: 'Add a golfer add-on to a tournament (name, price, FMV, cap per golfer)',
      request: { params: tournamentParam, body: jsonBody(addonSchema) },
      responses: { 201: jsonResponse('Created', z.object({ addon })), 404: errorResponse('No such tournament') },
    }),
    async (c) => c.json({ addon: await createAddon(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/addons/{id}',
      access: 'admin',
      summary: 'Change a golfer add-on',
      request: { params: addonIdParam, body: jsonBody(addonSchema) },
      responses: { 200: jsonResponse('Saved', z.object({ addon })), 404: errorResponse('No such add-on') },
    }),
    async (c) => c.json({ addon: await updateAddon(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/addons/{id}',
      access: 'admin',
      summary: 'Delete a golfer add-on nobody has bought',
      params: addonIdParam,
      refusals: { 404: errorResponse('No such add-on'), 409: errorResponse('The add-on has been bought') },
      remove: (c, { id }) => deleteAddon(c.var.deps.database.db, id),
    }),
  );
