// R55: paying for won lots and the staff's results.
// /api/won-lots/mine (signed in) and /api/won-lots/golfer/{token} (a golfer's personal link, R42): the winner's lots
// and one Checkout for all the unpaid ones. /api/admin/auction-results: every lot's outcome, its CSV, and 'Mark paid'.
import { z } from '@hono/zod-openapi';
import type { AppContext } from '../http/context';
import { getActor } from '../http/context';
import { csvResponse, toCsv } from '../http/csv';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { instant, paymentStatus } from '../http/answer-fields';
import { tournamentParam } from '../http/path-params';
import { imageUrl } from '../images/service';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { linkSecret, sendReceipts } from '../payments/receipts';
import { linkKey, receiptSubject } from '../receipts/service';
import { PAYMENT_STATUS_LABELS } from '../../shared/payment-status';
import { lotPaidSchema, LOT_STATE_LABELS } from '../../shared/auction-results-schemas';
import { golferLotsPath, YOUR_LOTS_PATH } from './closing';
import { auctionResults, markLotPaid } from './results';
import { golferOfToken, payWonLots, wonLots, type Winner } from './won-lots';
import { decimalText } from '../../shared/money';

const wonLot = z
  .object({
    lotId: z.string(),
    title: z.string(),
    description: z.string(),
    /** The lot's photo (its 320 px variant), or null. */
    imageUrl: z.string().nullable(),
    tournamentName: z.string(),
    bidderNumber: z.number(),
    wonCents: z.number(),
    valueCents: z.number(),
    deductibleCents: z.number(),
    closedAt: instant,
    paymentId: z.string(),
    paymentStatus,
    /** The printable receipt (keyed, so it opens from a golfer's link too), once paid. */
    receiptUrl: z.string().nullable(),
  })
  .openapi('WonLot');
const lotsAnswer = z.object({ lots: z.array(wonLot), currency: z.string(), cardPayments: z.boolean() });
const checkoutAnswer = z.object({ url: z.string(), amountCents: z.number() });
const tokenParam = z.object({ token: z.string().max(200) });
const payRefusals = {
  404: errorResponse('Not found'),
  409: errorResponse('Nothing left to pay, or card payments are off'),
};

const closeOptions = (c: AppContext) => ({ appUrl: c.var.deps.config.appUrl, currency: c.var.deps.config.currency });

async function lotsOf(c: AppContext, who: Winner) {
  const { database, now, stripe, config } = c.var.deps;
  const lots = await wonLots(database.db, who, now(), closeOptions(c));
  const secret = await linkSecret(c.var.deps);
  return {
    lots: lots.map(({ purchaseId: _p, refundedCents: _r, imageId, ...lot }) => ({
      ...lot,
      imageUrl: imageId ? imageUrl(imageId, 'w320') : null,
      receiptUrl: lot.paymentStatus === 'paid' ? `/receipts/${lot.paymentId}?key=${linkKey(secret, receiptSubject(lot.paymentId))}` : null,
    })),
    currency: config.currency,
    cardPayments: Boolean(stripe),
  };
}

async function pay(c: AppContext, who: Winner, lotsPath: string) {
  const { database, stripe, config } = c.var.deps;
  if (!stripe) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
  const checkout = await payWonLots(database.db, stripe, who, {
    appUrl: config.appUrl,
    currency: config.currency,
    returnPath: `${lotsPath}/payment`,
  });
  return { url: checkout.url, amountCents: checkout.amountCents };
}

export const wonLotRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/mine',
      access: 'signed-in',
      summary: "The signed-in winner's auction lots, each with its payment and receipt (R55)",
      responses: { 200: jsonResponse('OK', lotsAnswer) },
    }),
    async (c) => c.json(await lotsOf(c, { userId: (await getActor(c)).userId }), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/mine/checkout',
      access: 'signed-in',
      summary: 'One Stripe Checkout for every unpaid lot the signed-in winner won (R55)',
      responses: { 201: jsonResponse('Checkout opened', checkoutAnswer), ...payRefusals },
    }),
    async (c) => c.json(await pay(c, { userId: (await getActor(c)).userId }, YOUR_LOTS_PATH), 201),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/golfer/{token}',
      access: 'public',
      noStore: true,
      summary: "A golfer's won lots behind their personal link (R42, R55)",
      request: { params: tokenParam },
      responses: { 200: jsonResponse('OK', lotsAnswer), 404: errorResponse('The link is not valid') },
    }),
    async (c) => c.json(await lotsOf(c, await golferOfToken(c.var.deps.database.db, c.req.valid('param').token)), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/golfer/{token}/checkout',
      access: 'public',
      summary: 'One Stripe Checkout for every unpaid lot a golfer won, behind their personal link (R42, R55)',
      request: { params: tokenParam },
      responses: { 201: jsonResponse('Checkout opened', checkoutAnswer), ...payRefusals },
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      return c.json(await pay(c, await golferOfToken(c.var.deps.database.db, token), golferLotsPath(token)), 201);
    },
  );

const resultLot = z
  .object({
    id: z.string(),
    title: z.string(),
    donor: z.string(),
    valueCents: z.number(),
    currentBidCents: z.number().nullable(),
    bidCount: z.number(),
    state: z.enum(['open', 'sold', 'unsold']),
    closesAt: instant.nullable(),
    closedAt: instant.nullable(),
    wonCents: z.number().nullable(),
    winner: z.object({ number: z.number(), name: z.string(), email: z.string() }).nullable(),
    paymentId: z.string().nullable(),
    paymentStatus: paymentStatus.nullable(),
    paymentNote: z.string().nullable(),
    bids: z.array(
      z.object({ seq: z.number(), number: z.number(), name: z.string(), amountCents: z.number(), proxy: z.boolean(), at: instant }),
    ),
  })
  .openapi('AuctionResultLot');
const lotIdParam = z.object({ lotId: z.uuid('Lot not found') });

/** Cents as a plain decimal for spreadsheets. */
const decimal = (cents: number | null) => (cents == null ? '' : decimalText(cents));

export const auctionResultRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'admin',
      summary: "A tournament's auction results: each lot's state, winner, amount, bids and payment (R55)",
      request: { query: tournamentParam },
      responses: { 200: jsonResponse('OK', z.object({ lots: z.array(resultLot), currency: z.string() })) },
    }),
    async (c) => {
      const { database, now, config } = c.var.deps;
      const lots = await auctionResults(database.db, c.req.valid('query').tournamentId, now(), closeOptions(c));
      return c.json({ lots, currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/export.csv',
      access: 'admin',
      summary: "A tournament's auction results as CSV: one row per lot",
      request: { query: tournamentParam },
      responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const { database, now } = c.var.deps;
      const lots = await auctionResults(database.db, c.req.valid('query').tournamentId, now(), closeOptions(c));
      const csv = toCsv(
        ['Lot', 'Donor', 'Value', 'State', 'Bids', 'Bidder number', 'Winner', 'Winner e-mail', 'Won', 'Deductible', 'Payment'],
        lots.map((l) => [
          l.title,
          l.donor,
          decimal(l.valueCents),
          LOT_STATE_LABELS[l.state],
          l.bidCount,
          l.winner?.number ?? '',
          l.winner?.name ?? '',
          l.winner?.email ?? '',
          decimal(l.wonCents),
          l.wonCents == null ? '' : decimal(Math.max(0, l.wonCents - l.valueCents)),
          l.paymentStatus ? PAYMENT_STATUS_LABELS[l.paymentStatus] : '',
        ]),
      );
      return csvResponse(c, 'auction-results.csv', csv);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{lotId}/paid',
      access: 'admin',
      summary: "Record a won lot paid at the checkout table (cash, cheque or card terminal): the ledger's change, and the receipt",
      request: { params: lotIdParam, body: jsonBody(lotPaidSchema) },
      responses: {
        200: jsonResponse('Recorded', z.object({ paymentId: z.string() })),
        404: errorResponse('Lot not found'),
        409: errorResponse('No winner, or already paid'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const { paymentId, becamePaid } = await markLotPaid(
        c.var.deps.database.db,
        c.req.valid('param').lotId,
        c.req.valid('json'),
        actor.userId,
      );
      if (becamePaid) await sendReceipts(c.var.deps, [paymentId]);
      return c.json({ paymentId }, 200);
    },
  );
