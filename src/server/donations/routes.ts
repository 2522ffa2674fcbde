// /api/donations (R35): anyone gives by card; the return page asks whether the gift has arrived. /api/admin/donations:
// staff record offline gifts and see every gift. /api/tournaments/{id}/donors and /raised: the public wall and raised (R38).
import { z } from '@hono/zod-openapi';
import { getActor, getViewer } from '../http/context';
import { reserveForRequest } from '../mail/reserve-for-request';
import { instant, paymentStatus } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError, rateLimited } from '../http/errors';
import { hitWindow } from '../auth/rate-limit';
import { waitText } from '../auth/routes';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { raisedForOne, RAISED_SOURCES } from '../payments/raised';
import { sendReceipts } from '../payments/receipts';
import { checkoutProgressAnswer, checkoutSessionParam } from '../payments/card-routes';
import { checkoutProgress } from '../payments/checkout';
import { purchaseLines } from '../payments/line-tables';
import { giftSchema, offlineGiftSchema } from '../../shared/fundraising-schemas';
import { donorWall, listGifts, recordOfflineGift, startCardGift, TOURNAMENT_NOT_FOUND } from './service';
import { tournamentIdParam } from '../http/path-params';

export const tooManyGifts = (seconds: number) => `Too many gifts were started from this address. Please try again in ${waitText(seconds)}.`;

export const raisedSchema = z
  .object({
    tournamentId: z.string(),
    /** Paid minus refunded, in cents (R38). */
    raisedCents: z.number(),
    raisedBySource: z.object(
      Object.fromEntries(RAISED_SOURCES.map((s) => [s, z.number()])) as Record<(typeof RAISED_SOURCES)[number], z.ZodNumber>,
    ),
    goalCents: z.number().nullable(),
  })
  .openapi('Raised');

export const donationRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'public',
      summary: 'Give by card (R35): saves the gift Pending and answers the Stripe Checkout page; only the webhook marks it received',
      request: { body: jsonBody(giftSchema) },
      responses: {
        201: jsonResponse(
          'Gift saved, payment page created',
          z.object({ url: z.string(), sessionId: z.string(), amountCents: z.number() }),
        ),
        404: errorResponse('No such active tournament'),
        409: errorResponse('Card payments are not connected'),
        429: errorResponse(
          'Too many gifts started from this address, or the receipt’s address has had its e-mails for the day (USER_MAIL_PER_ADDRESS): nothing saved; the message says when to try again',
        ),
      },
    }),
    async (c) => {
      const { database, stripe, config, now, limits } = c.var.deps;
      if (!stripe) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
      // Each gift is a row and a Stripe Checkout Session: a script may not make them by the thousand (issue 31). Counted
      // before anything is made, so simultaneous requests cannot slip past the limit.
      const perAddress = await hitWindow(database.db, `gift:ip:${c.var.clientIp}`, limits.giftWindowSeconds);
      if (perAddress.count > limits.giftsPerAddress) {
        c.set('wroteNothing', true);
        throw rateLimited(c, perAddress.retryAfterSeconds, tooManyGifts(perAddress.retryAfterSeconds));
      }
      const viewer = await getViewer(c);
      const gift = c.req.valid('json');
      // The receipt goes to the address typed here (issue 31: counted per address, and per account when signed in).
      const release = await reserveForRequest(c, [gift.email]);
      const { url, sessionId, amountCents } = await startCardGift(database.db, stripe, gift, {
        userId: viewer?.userId ?? null,
        appUrl: config.appUrl,
        currency: config.currency,
        holdHours: config.holdHours,
        now: now(),
      }).catch(async (error: unknown) => {
        await release();
        throw error;
      });
      return c.json({ url, sessionId, amountCents }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/checkout/{sessionId}',
      access: 'public',
      summary: "Whether a gift's Checkout Session is paid yet (the return page asks until the webhook has confirmed)",
      description: "The session id is what Stripe handed the payer's browser; a signed-in payer's session answers to them only.",
      request: { params: checkoutSessionParam },
      responses: {
        200: checkoutProgressAnswer(
          'purchases',
          z.object({ id: z.string(), kind: z.enum(['donation', 'item', 'addon', 'lot']), paymentStatus, tournamentId: z.string() }),
        ),
        404: errorResponse('No such session'),
      },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      const { database } = c.var.deps;
      const progress = await checkoutProgress(database.db, purchaseLines, c.req.valid('param').sessionId, viewer?.userId ?? null);
      return c.json({ paid: progress.paid, amountCents: progress.amountCents, purchases: progress.lines }, 200);
    },
  );

const giftItem = z.object({
  id: z.string(),
  paymentId: z.string(),
  name: z.string(),
  email: z.string(),
  amountCents: z.number(),
  refundedCents: z.number(),
  paymentStatus,
  showName: z.boolean(),
  dedication: z.string(),
  note: z.string(),
  offline: z.boolean(),
  createdAt: instant,
});

export const adminDonationRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: 'Every gift of a tournament, newest first, with its status, refunds and how it came (R35)',
      request: { query: z.object({ tournamentId: z.uuid(TOURNAMENT_NOT_FOUND) }) },
      responses: {
        200: jsonResponse('OK', z.object({ gifts: z.array(giftItem), currency: z.string() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json({ gifts: await listGifts(database.db, c.req.valid('query').tournamentId), currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Record a gift received by cheque, cash or transfer, with a note: paid at once, receipt e-mailed when there is an address',
      request: { body: jsonBody(offlineGiftSchema) },
      responses: {
        201: jsonResponse('Recorded', z.object({ id: z.string(), paymentId: z.string(), amountCents: z.number() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const gift = await recordOfflineGift(c.var.deps.database.db, c.req.valid('json'), actor.userId);
      await sendReceipts(c.var.deps, [gift.paymentId]);
      return c.json({ id: gift.id, paymentId: gift.paymentId, amountCents: gift.amountCents }, 201);
    },
  );

export const fundraisingRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/raised',
      access: 'public',
      summary: 'Raised for a tournament (R38): paid minus refunded, in cents, in total and by source, with its goal',
      request: { params: tournamentIdParam },
      responses: { 200: jsonResponse('OK', raisedSchema.extend({ currency: z.string() })), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      const raised = await raisedForOne(database.db, c.req.valid('param').id);
      if (!raised) throw new AppError('NOT_FOUND', TOURNAMENT_NOT_FOUND);
      return c.json({ ...raised, currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}/donors',
      access: 'public',
      summary: "The donor wall (R35): gifts received, newest first, the donor's name where allowed, else 'Anonymous'",
      request: { params: tournamentIdParam },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({ donors: z.array(z.object({ id: z.string(), name: z.string(), dedication: z.string(), createdAt: instant })) }),
        ),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => c.json({ donors: await donorWall(c.var.deps.database.db, c.req.valid('param').id) }, 200),
  );
