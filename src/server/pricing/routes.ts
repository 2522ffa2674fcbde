// Discount codes (R57) for admins, and the payer's 'Apply' (R57, R58): the price the registration form and the item page
// show, worked out by the same function that decides what is charged (pricing/quote.ts, shared/pricing.ts).
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { tournamentParam } from '../http/path-params';
import { AppError } from '../http/errors';
import { feeRuleOf } from '../settings/organisation';
import { discountCodeSchema, quoteSchema } from '../../shared/pricing-schemas';
import { feeOn } from '../../shared/pricing';
import { createCode, deleteCode, listCodes, updateCode } from './codes-service';
import { itemPrice, levelPrices, priceItem, priceLevel, type PriceAsk } from './quote';

const codeIdParam = z.object({ id: z.uuid('Code not found') });

const codeSchema = z
  .object({
    id: z.string(),
    tournamentId: z.string(),
    code: z.string(),
    kind: z.enum(['percent', 'amount', 'free']),
    percent: z.number().nullable(),
    amountCents: z.number().nullable(),
    levelIds: z.array(z.string()),
    itemIds: z.array(z.string()),
    maxUses: z.number(),
    uses: z.number(),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
  })
  .openapi('DiscountCode');

const priceSchema = z
  .object({
    listCents: z.number(),
    baseCents: z.number(),
    early: z.boolean(),
    /** The early price's last day (YYYY-MM-DD, TIME_ZONE), null when the level has none. */
    earlyUntil: z.string().nullable(),
    discountCents: z.number(),
    unitCents: z.number(),
    quantity: z.number(),
    subtotalCents: z.number(),
    feeCents: z.number(),
    /** What ticking 'Cover the card fee' adds (R58), for the tick's label; 0 without a fee rule. */
    coverableFeeCents: z.number(),
    totalCents: z.number(),
    /** The code that applies, upper case; null without one. */
    code: z.string().nullable(),
    /** Why the code typed does not apply (the price is then without it); null when it applies or none was typed. */
    codeMessage: z.string().nullable(),
  })
  .openapi('Quote');

/** Signed in: POST /api/pricing/quote. */
export const pricingRoutes = createRouter().openapi(
  defineRoute({
    method: 'post',
    path: '/quote',
    access: 'signed-in',
    noStore: true,
    summary: "The price of a registration or an item now: early price, a code's discount, the covered card fee",
    description:
      "The form's 'Apply': the same function the save charges with. A code that does not apply answers the price without it and the reason (unknown, expired, used up, not for this level or item). Signed in only: codes are not for guessing.",
    request: { body: jsonBody(quoteSchema) },
    responses: { 200: jsonResponse('The price', priceSchema), 404: errorResponse('No such level or item in this tournament') },
  }),
  async (c) => {
    const input = c.req.valid('json');
    const { database, config, now, organisation } = c.var.deps;
    const db = database.db;
    const fee = feeRuleOf(await organisation.read());
    const ask = (code: string | null): PriceAsk => ({
      tournamentId: input.tournamentId,
      code,
      target: input.levelId ? { levelId: input.levelId, uses: input.quantity } : { itemId: input.itemId!, uses: 1 },
      now: now(),
      timeZone: config.timeZone,
      fee,
      coverFee: input.coverFee,
    });
    const priced = async (code: string | null) =>
      input.levelId
        ? priceLevel(db, await levelPrices(db, input.tournamentId, input.levelId), input.single, ask(code))
        : priceItem(db, await itemPrice(db, input.tournamentId, input.itemId!), ask(code));
    let codeMessage: string | null = null;
    const line = await priced(input.code).catch(async (error: unknown) => {
      if (!(error instanceof AppError) || !error.fields?.code) throw error;
      codeMessage = error.message;
      return priced(null);
    });
    const coverableFeeCents = feeOn(line.price.subtotalCents, fee);
    return c.json(
      {
        ...line.price,
        coverableFeeCents,
        listCents: line.listCents,
        earlyUntil: line.earlyUntil,
        code: line.code?.code ?? null,
        codeMessage,
      },
      200,
    );
  },
);

/** Admins: /api/admin/tournaments/{tournamentId}/codes and /api/admin/codes/{id}. */
export const adminCodeRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/tournaments/{tournamentId}/codes',
      access: 'admin',
      summary: "A tournament's discount codes with their uses",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', z.object({ codes: z.array(codeSchema) })) },
    }),
    async (c) => c.json({ codes: await listCodes(c.var.deps.database.db, c.req.valid('param').tournamentId) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/tournaments/{tournamentId}/codes',
      access: 'admin',
      summary: 'Add a discount code: percent or amount off, or free; for chosen levels and items; a number of uses; dates',
      request: { params: tournamentParam, body: jsonBody(discountCodeSchema) },
      responses: {
        201: jsonResponse('Created', z.object({ code: codeSchema })),
        404: errorResponse('No such tournament'),
        409: errorResponse('The tournament already has this code'),
      },
    }),
    async (c) => c.json({ code: await createCode(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/codes/{id}',
      access: 'admin',
      summary: 'Change a discount code',
      description: 'The number of uses may not drop below the uses already counted (409).',
      request: { params: codeIdParam, body: jsonBody(discountCodeSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ code: codeSchema })),
        404: errorResponse('No such code'),
        409: errorResponse('Fewer uses than counted, or a duplicate code'),
      },
    }),
    async (c) => c.json({ code: await updateCode(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/codes/{id}',
      access: 'admin',
      summary: 'Delete a discount code (payments priced with it keep its text and discount)',
      params: codeIdParam,
      refusals: { 404: errorResponse('No such code') },
      remove: (c, { id }) => deleteCode(c.var.deps.database.db, id),
    }),
  );
