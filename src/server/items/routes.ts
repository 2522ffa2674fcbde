// Sponsorship items (R36): anyone sees a tournament's items with places left; a signed-in buyer takes one; admins keep them.
import { z } from '@hono/zod-openapi';
import { getActor } from '../http/context';
import { instant } from '../http/answer-fields';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { itemPurchaseSchema, sponsorshipItemSchema } from '../../shared/item-schemas';
import { checkoutAnswer, checkoutFor } from './checkout';
import { buyItem, createItem, deleteItem, holeSponsors, itemsWithPlaces, myPurchases, updateItem } from './service';
import { paymentStatus } from '../http/answer-fields';
import { itemIdParam, tournamentParam } from '../http/path-params';
import { feeRuleOf } from '../settings/organisation';

export const itemSchema = z
  .object({
    id: z.string(),
    tournamentId: z.string(),
    name: z.string(),
    includes: z.string(),
    priceCents: z.number(),
    quantity: z.number(),
    fmvCents: z.number(),
    isHole: z.boolean(),
    placesLeft: z.number(),
    freeHoles: z.array(z.number()),
  })
  .openapi('SponsorshipItem');

const holeSponsorSchema = z.object({ holeNumber: z.number(), sponsorName: z.string(), logoUrl: z.string().nullable() });

/** Public: GET /api/items?tournamentId=…; signed in: POST /api/items/purchases. */
export const itemRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'public',
      noStore: true,
      summary: "A tournament's sponsorship items with places left and free holes, and its hole sponsors",
      request: { query: tournamentParam },
      responses: {
        200: jsonResponse('OK', z.object({ items: z.array(itemSchema), holeSponsors: z.array(holeSponsorSchema) })),
      },
    }),
    async (c) => {
      const { tournamentId } = c.req.valid('query');
      const db = c.var.deps.database.db;
      return c.json({ items: await itemsWithPlaces(db, [tournamentId]), holeSponsors: await holeSponsors(db, tournamentId) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/purchases/mine',
      access: 'signed-in',
      summary: "The signed-in buyer's sponsorship items and add-ons, newest first",
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            purchases: z.array(
              z.object({
                id: z.string(),
                kind: z.enum(['item', 'addon']),
                tournamentName: z.string(),
                description: z.string(),
                sponsorName: z.string(),
                logoUrl: z.string().nullable(),
                amountCents: z.number(),
                status: paymentStatus,
                holdUntil: instant.nullable(),
              }),
            ),
          }),
        ),
      },
    }),
    async (c) => c.json({ purchases: await myPurchases(c.var.deps.database.db, (await getActor(c)).userId) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/purchases',
      access: 'signed-in',
      summary: 'Buy one place of a sponsorship item (a hole sponsorship names a free hole)',
      description:
        "Takes the place atomically: never oversold, one sponsor per hole (409 'Hole N already has a sponsor' to the buyer who lost). Paid by card (pending, Checkout) or held until a deadline (R24). The logo is an image uploaded first through POST /api/images. A discount code (R57) is priced as 'Apply' priced it and its use counted with the purchase, never past its number (409 on the code field); a free item is paid at 0. 'Cover the card fee' (R58) adds the fee as a gift in the same Checkout.",
      request: { body: jsonBody(itemPurchaseSchema) },
      responses: {
        201: jsonResponse(
          'Bought',
          z.object({
            purchase: z.object({
              id: z.string(),
              itemName: z.string(),
              holeNumber: z.number().nullable(),
              /** R57: the price before the code, what it took off, the code, and what is charged (amountCents). */
              priceCents: z.number(),
              discountCents: z.number(),
              discountCode: z.string().nullable(),
              amountCents: z.number(),
              /** R58: the covered card fee, a gift in the same Checkout; 0 without the tick. */
              feeCents: z.number(),
              status: z.enum(['pending', 'hold', 'paid']),
              holdUntil: instant.nullable(),
            }),
            ...checkoutAnswer,
          }),
        ),
        409: errorResponse(
          'Sold out, the hole already has a sponsor, the tournament starts soon, the buyer holds their most unpaid places, card payments are not connected, or the code does not apply',
        ),
      },
    }),
    async (c) => {
      const { userId, staff } = await getActor(c);
      const { database, config, now, stripe, organisation } = c.var.deps;
      const bought = await buyItem(database.db, userId, c.req.valid('json'), now(), {
        fee: feeRuleOf(await organisation.read()),
        timeZone: config.timeZone,
        holdHours: config.holdHours,
        cardPayments: stripe !== null,
        unpaidLimit: staff ? null : config.unpaidPerAccount,
      });
      const { paymentId: _, feeGiftId, ...purchase } = bought;
      // R58: the covered fee's gift goes in the same session as the item.
      const lines = purchase.status === 'pending' ? [purchase.id, ...(feeGiftId ? [feeGiftId] : [])] : [];
      const checkout = await checkoutFor(c, lines, userId);
      return c.json({ purchase: { ...purchase, holdUntil: purchase.holdUntil?.toISOString() ?? null }, ...checkout }, 201);
    },
  );

/** Admins keep each tournament's items: /api/admin/tournaments/{tournamentId}/items and /api/admin/items/{id}. */
export const adminItemRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/tournaments/{tournamentId}/items',
      access: 'admin',
      summary: "A tournament's sponsorship items, with places left",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', z.object({ items: z.array(itemSchema) })) },
    }),
    async (c) => c.json({ items: await itemsWithPlaces(c.var.deps.database.db, [c.req.valid('param').tournamentId]) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/tournaments/{tournamentId}/items',
      access: 'admin',
      summary: 'Add a sponsorship item to a tournament (name, includes, price, quantity, FMV, hole or not)',
      request: { params: tournamentParam, body: jsonBody(sponsorshipItemSchema) },
      responses: { 201: jsonResponse('Created', z.object({ item: itemSchema })), 404: errorResponse('No such tournament') },
    }),
    async (c) => c.json({ item: await createItem(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/items/{id}',
      access: 'admin',
      summary: 'Change a sponsorship item',
      description: 'The quantity may not drop below the places sold (409).',
      request: { params: itemIdParam, body: jsonBody(sponsorshipItemSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ item: itemSchema })),
        404: errorResponse('No such item'),
        409: errorResponse('Fewer places than sold'),
      },
    }),
    async (c) => c.json({ item: await updateItem(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/items/{id}',
      access: 'admin',
      summary: 'Delete a sponsorship item nobody has bought',
      params: itemIdParam,
      refusals: { 404: errorResponse('No such item'), 409: errorResponse('The item has been bought') },
      remove: (c, { id }) => deleteItem(c.var.deps.database.db, id),
    }),
  );
