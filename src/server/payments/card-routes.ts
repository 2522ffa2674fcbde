// /api/payments: card payments (R23). A leader opens a Checkout Session for their unpaid teams and asks whether the money
// has arrived; Stripe's signed webhook is the only thing that marks it received.
import { z } from '@hono/zod-openapi';
import { getViewer } from '../http/context';
import { paymentStatus } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError, unauthenticated } from '../http/errors';
import { checkoutRequestSchema } from '../../shared/payment-schemas';
import { CARD_PAYMENTS_OFF_MESSAGE, verifyWebhook } from './card-payments';
import { applyStripeEvent, checkoutProgress, createCheckout, linesOf, TEAMS_RETURN } from './checkout';
import { teamLines } from './line-tables';
import { sendReceipts } from './receipts';
import { insertTeamFeeGifts } from '../pricing/fee-gift';
import { feeRuleOf } from '../settings/organisation';

/** A return page's question names its Checkout Session (the id Stripe handed the payer's browser). */
export const checkoutSessionParam = z.object({ sessionId: z.string().regex(/^cs_\w+$/, 'Payment not found') });

/** A return page's answer (checkout.ts `checkoutProgress`): whether the session's lines are paid, their total, the lines. */
export const checkoutProgressAnswer = <Key extends string, Line extends z.ZodType>(key: Key, line: Line) =>
  jsonResponse(
    'OK',
    z.object({ paid: z.boolean(), amountCents: z.number(), ...({ [key]: z.array(line) } as Record<Key, z.ZodArray<Line>>) }),
  );

export const cardPaymentRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'post',
      path: '/checkout',
      access: 'signed-in',
      summary: "Open a Stripe Checkout Session for the caller's unpaid teams (one line per team); answers the payment page's URL",
      description:
        'With `coverFee` (R58) the card fee on what the teams still owe is added as a gift (R35), one line per tournament, in the same session, as at registration.',
      request: { body: jsonBody(checkoutRequestSchema) },
      responses: {
        201: jsonResponse('Session created', z.object({ url: z.string(), sessionId: z.string(), amountCents: z.number() })),
        404: errorResponse("Not the caller's team"),
        409: errorResponse('Card payments are off, or nothing is left to pay'),
      },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      if (!viewer) throw unauthenticated();
      const { database, stripe, config, organisation } = c.var.deps;
      if (!stripe) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
      const { teamIds, coverFee } = c.req.valid('json');
      const feeGiftIds = coverFee
        ? await insertTeamFeeGifts(database.db, { userId: viewer.userId, teamIds, fee: feeRuleOf(await organisation.read()) })
        : [];
      const checkout = await createCheckout(database.db, stripe, {
        lines: [...linesOf('team', teamIds), ...linesOf('purchase', feeGiftIds)],
        userId: viewer.userId,
        appUrl: config.appUrl,
        currency: config.currency,
        ...TEAMS_RETURN,
      });
      return c.json(checkout, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/checkout/{sessionId}',
      access: 'signed-in',
      summary: "Whether a Checkout Session's teams are paid yet (the return page asks until the webhook has confirmed)",
      request: { params: checkoutSessionParam },
      responses: {
        200: checkoutProgressAnswer('teams', z.object({ id: z.string(), name: z.string(), paymentStatus })),
        404: errorResponse('No such session of the caller'),
      },
    }),
    async (c) => {
      const viewer = await getViewer(c);
      if (!viewer) throw unauthenticated();
      const { database } = c.var.deps;
      const progress = await checkoutProgress(database.db, teamLines, c.req.valid('param').sessionId, viewer.userId);
      return c.json({ paid: progress.paid, amountCents: progress.amountCents, teams: progress.lines }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/webhook',
      access: 'public',
      summary: "Stripe's webhook: a signed event (Stripe-Signature over the raw body), applied once per event id",
      description:
        'Public by design: the signature, not a session, is the guard. A missing or wrong signature is refused with 400 and changes nothing.',
      request: {
        // A plain JSON schema, not zod: the body is not parsed before the handler, which verifies the signature over its raw
        // bytes (a parse and re-serialisation would change them).
        body: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event, signed in Stripe-Signature' } } },
        },
      },
      responses: {
        200: jsonResponse('Received (also for an event already handled)', z.object({ received: z.boolean(), duplicate: z.boolean() })),
        404: errorResponse('Card payments are not connected (no STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)'),
      },
    }),
    async (c) => {
      const { database, stripe, config, logger } = c.var.deps;
      if (!stripe || !config.stripe) throw new AppError('NOT_FOUND', 'Card payments are not connected');
      const event = verifyWebhook(stripe, await c.req.text(), c.req.header('stripe-signature'), config.stripe.webhookSecret);
      const outcome = await applyStripeEvent(database.db, event);
      logger.info('stripe event', { id: event.id, type: event.type, duplicate: outcome.duplicate, paid: outcome.paidPaymentIds.length });
      await sendReceipts(c.var.deps, outcome.paidPaymentIds);
      return c.json({ received: true, duplicate: outcome.duplicate }, 200);
    },
  );
