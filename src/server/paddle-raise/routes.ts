// The paddle raise (R56). /api/admin/paddle-raises: staff open and close raises, record raised paddles on the keypad, undo a
// mistaken one and add a dinner guest as a bidder. /api/paddle-raises: a guest's page and pledges (signed in, or through
// their golfer link, R42), paying them by card, and the TV board with its live stream.
import { z } from '@hono/zod-openapi';
import { getActor, getViewer } from '../http/context';
import { instant, paymentStatus } from '../http/answer-fields';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { tournamentParam } from '../http/path-params';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { serveEventStream } from '../leaderboard/event-stream-route';
import { tournamentChoice } from '../../shared/field-schemas';
import {
  addBidderSchema,
  guestPledgeSchema,
  keypadPledgeSchema,
  openRaiseSchema,
  PADDLE_MESSAGES,
  payPledgesSchema,
} from '../../shared/paddle-raise-schemas';
import {
  addBidder,
  closeRaise,
  listRaises,
  openRaise,
  payPledges,
  pledgeAsGuest,
  pledgePage,
  raiseForStaff,
  recordPaddle,
  undoPledge,
  PADDLE_RAISE_EVENT,
  type Pledger,
} from './service';

const raise = z
  .object({
    id: z.string(),
    tournamentId: z.string(),
    title: z.string(),
    levelsCents: z.array(z.number()),
    open: z.boolean(),
    openedAt: instant.nullable(),
    closedAt: instant.nullable(),
    pledgedCents: z.number(),
    count: z.number(),
    paidCents: z.number(),
  })
  .openapi('PaddleRaise');
const staffPledge = z.object({
  id: z.string(),
  amountCents: z.number(),
  paymentStatus,
  bidderNumber: z.number(),
  name: z.string(),
  label: z.string(),
  createdAt: instant,
});
const recorded = z.object({ id: z.string(), paymentId: z.string(), amountCents: z.number(), bidderNumber: z.number() });
const raiseIdParam = z.object({ id: z.uuid(PADDLE_MESSAGES.raiseNotFound) });
const pledgeParam = raiseIdParam.extend({ pledgeId: z.uuid(PADDLE_MESSAGES.pledgeNotFound) });
const raiseNotFound = errorResponse('No such raise');

export const adminPaddleRaiseRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'staff',
      summary: "A tournament's paddle raises, newest first, with what each has pledged and paid (R56)",
      request: { query: z.object({ tournamentId: tournamentChoice }) },
      responses: {
        200: jsonResponse('OK', z.object({ raises: z.array(raise), currency: z.string() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json({ raises: await listRaises(database.db, c.req.valid('query').tournamentId), currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'staff',
      summary: 'Open a paddle raise with its title and giving levels; refused while another raise of the tournament is open',
      request: { body: jsonBody(openRaiseSchema) },
      responses: {
        201: jsonResponse('Opened', raise),
        404: errorResponse('No such tournament'),
        409: errorResponse('Another raise is open'),
      },
    }),
    async (c) => {
      const { database, now, paddleRaiseFeed } = c.var.deps;
      const row = await openRaise(database.db, c.req.valid('json'), now());
      paddleRaiseFeed.changed(row.tournamentId);
      return c.json((await raiseForStaff(database.db, row.id)).raise, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/bidders',
      access: 'staff',
      summary: 'Add a dinner guest without an account as a bidder: answers their new number (R54)',
      request: { body: jsonBody(addBidderSchema) },
      responses: {
        201: jsonResponse('Added', z.object({ id: z.string(), number: z.number(), name: z.string() })),
        404: errorResponse('No such tournament'),
      },
    }),
    async (c) => c.json(await addBidder(c.var.deps.database.db, c.req.valid('json')), 201),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{id}',
      access: 'staff',
      summary: "The keypad's view of a raise: its totals and its latest pledges, newest first, with the bidders' names",
      request: { params: raiseIdParam },
      responses: {
        200: jsonResponse('OK', z.object({ raise, latest: z.array(staffPledge), currency: z.string() })),
        404: raiseNotFound,
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json({ ...(await raiseForStaff(database.db, c.req.valid('param').id)), currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/close',
      access: 'staff',
      summary: 'Close a raise: no pledge is taken after; closing a closed raise changes nothing',
      request: { params: raiseIdParam },
      responses: { 200: jsonResponse('Closed', raise), 404: raiseNotFound },
    }),
    async (c) => {
      const { database, now, paddleRaiseFeed } = c.var.deps;
      const row = await closeRaise(database.db, c.req.valid('param').id, now());
      paddleRaiseFeed.changed(row.tournamentId);
      return c.json((await raiseForStaff(database.db, row.id)).raise, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/pledges',
      access: 'staff',
      summary: "The keypad: a raised paddle's bidder number at one of the levels becomes a Pending donation (R35, R56)",
      request: { params: raiseIdParam, body: jsonBody(keypadPledgeSchema) },
      responses: {
        201: jsonResponse('Recorded', recorded),
        400: errorResponse('Not one of the levels'),
        404: errorResponse('No such raise, or no bidder with that number: nothing recorded'),
        409: errorResponse('The raise is closed'),
      },
    }),
    async (c) => {
      const { database, paddleRaiseFeed } = c.var.deps;
      const actor = await getActor(c);
      const pledge = await recordPaddle(database.db, c.req.valid('param').id, c.req.valid('json'), actor.userId);
      paddleRaiseFeed.changed(pledge.tournamentId);
      return c.json(
        { id: pledge.id, paymentId: pledge.paymentId, amountCents: pledge.amountCents, bidderNumber: pledge.bidderNumber },
        201,
      );
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{id}/pledges/{pledgeId}/undo',
      access: 'staff',
      summary: 'Undo a pledge recorded by mistake: it leaves the totals; its history is kept (R26). A paid one is refunded instead',
      request: { params: pledgeParam },
      responses: {
        200: jsonResponse('Undone', z.object({ id: z.string() })),
        404: errorResponse('No such pledge in this raise'),
        409: errorResponse('The pledge is paid'),
      },
    }),
    async (c) => {
      const { database, paddleRaiseFeed } = c.var.deps;
      const actor = await getActor(c);
      const { id, pledgeId } = c.req.valid('param');
      const undone = await undoPledge(database.db, id, pledgeId, actor.userId);
      paddleRaiseFeed.changed(undone.tournamentId);
      return c.json({ id: undone.id }, 200);
    },
  );

// ── Guests and the TV ─────────────────────────────────────────────────────────────────────────────────────────────
const pledgePageSchema = z
  .object({
    tournament: z.object({ id: z.string(), name: z.string() }),
    raise: z.object({ id: z.string(), title: z.string(), levelsCents: z.array(z.number()), open: z.boolean() }).nullable(),
    bidderNumber: z.number().nullable(),
    pledges: z.array(z.object({ id: z.string(), raiseTitle: z.string(), amountCents: z.number(), paymentStatus, createdAt: instant })),
    currency: z.string(),
    /** Whether 'Pay now by card' can work (R23); otherwise the page says staff record the payment. */
    cardPayments: z.boolean(),
  })
  .openapi('PaddlePledgePage');
const pledged = z.object({ id: z.string(), amountCents: z.number(), bidderNumber: z.number() });
const checkoutAnswer = z.object({ url: z.string(), sessionId: z.string(), amountCents: z.number() });
const tokenParam = z.object({ token: z.string().max(200) });
const linkInvalid = errorResponse('The golfer link is not valid');
const pledgeRefusals = {
  400: errorResponse('Not one of the levels'),
  404: errorResponse('No such raise in this tournament'),
  409: errorResponse('The raise is closed'),
};
const payRefusals = {
  404: errorResponse('Not the payer’s own pledges'),
  409: errorResponse('Card payments are not connected, or nothing is left to pay'),
};

const paddleBoard = z
  .object({
    tournament: z.object({ id: z.string(), name: z.string() }),
    updatedAt: instant,
    raise: z
      .object({
        id: z.string(),
        title: z.string(),
        levelsCents: z.array(z.number()),
        open: z.boolean(),
        pledgedCents: z.number(),
        count: z.number(),
        latest: z.array(z.object({ id: z.string(), label: z.string(), amountCents: z.number() })),
      })
      .nullable(),
  })
  .openapi('PaddleBoard');

export const tooManyPaddleStreams = (cap: number) =>
  `Too many live screens are open from your network (at most ${cap} at once). Close one or try again in a few seconds.`;
const PADDLE_STREAMS_FULL = 'The live screen is at capacity on this server right now. The page reconnects by itself.';

/** The signed-in pledger in the tournament of the path. */
async function userPledger(c: Parameters<typeof getViewer>[0], tournamentId: string): Promise<Pledger> {
  const viewer = await getViewer(c);
  if (!viewer) throw new AppError('UNAUTHENTICATED', 'You must be signed in to do that');
  return { kind: 'user', tournamentId, userId: viewer.userId, name: viewer.name || viewer.email, email: viewer.email };
}

export const paddleRaiseRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/events',
      access: 'public',
      summary: 'Every live paddle raise board (TV mode) as one stream of Server-Sent Events',
      description:
        `The leaderboard's stream, for the paddle raise (R56): event \`active\` (\`{ tournamentIds }\`) at once and when a raise ` +
        `starts, event \`${PADDLE_RAISE_EVENT}\` with a whole board at once and after every pledge, undo, open or close (through ` +
        'any process); the same stream limits and `closing` event as the leaderboard.',
      responses: {
        200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
        429: errorResponse('This address already holds the most streams one address may (STREAMS_PER_ADDRESS)'),
        503: errorResponse('This server process holds all the streams it allows'),
      },
    }),
    (c) =>
      serveEventStream(c, (subscriber) => c.var.deps.paddleRaiseFeed.subscribe(subscriber), {
        tooMany: tooManyPaddleStreams,
        full: PADDLE_STREAMS_FULL,
      }),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/golfer/{token}',
      access: 'public',
      noStore: true,
      summary: "A golfer's pledge page through their personal link (R42): the raise, their bidder number and pledges",
      request: { params: tokenParam },
      responses: { 200: jsonResponse('OK', pledgePageSchema), 404: linkInvalid },
    }),
    async (c) => {
      const { database, config, stripe } = c.var.deps;
      const page = await pledgePage(database.db, { kind: 'golfer', token: c.req.valid('param').token });
      return c.json({ ...page, currency: config.currency, cardPayments: stripe !== null }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/golfer/{token}/pledges',
      access: 'public',
      noStore: true,
      summary: 'A golfer pledges at a level through their personal link: a Pending donation (R35, R56)',
      request: { params: tokenParam, body: jsonBody(guestPledgeSchema) },
      responses: { 201: jsonResponse('Pledged', pledged), ...pledgeRefusals },
    }),
    async (c) => {
      const { database, paddleRaiseFeed } = c.var.deps;
      const made = await pledgeAsGuest(database.db, { kind: 'golfer', token: c.req.valid('param').token }, c.req.valid('json'));
      paddleRaiseFeed.changed(made.tournamentId);
      return c.json({ id: made.id, amountCents: made.amountCents, bidderNumber: made.bidderNumber }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/golfer/{token}/pay',
      access: 'public',
      noStore: true,
      summary: "Pay a golfer's own pledges by card: one Stripe Checkout (decision 101)",
      request: { params: tokenParam, body: jsonBody(payPledgesSchema) },
      responses: { 201: jsonResponse('Payment page created', checkoutAnswer), ...payRefusals },
    }),
    async (c) => {
      const { database, stripe, config } = c.var.deps;
      if (!stripe) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
      const { token } = c.req.valid('param');
      const checkout = await payPledges(database.db, stripe, { kind: 'golfer', token }, c.req.valid('json').pledgeIds, {
        appUrl: config.appUrl,
        currency: config.currency,
        cancelPath: `/golfer/${token}/paddle`,
      });
      return c.json(checkout, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}/board',
      access: 'public',
      noStore: true,
      summary: "TV mode's board: the raise's title, total pledged, count and latest pledges (names where allowed, R54)",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', paddleBoard.extend({ currency: z.string() })), 404: errorResponse('No raise to show') },
    }),
    async (c) => {
      const { paddleRaiseFeed, config } = c.var.deps;
      const snapshot = await paddleRaiseFeed.get(c.req.valid('param').tournamentId);
      if (!snapshot.active) throw new AppError('NOT_FOUND', 'No paddle raise to show for this tournament');
      return c.json({ ...snapshot.board, currency: config.currency }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}/mine',
      access: 'signed-in',
      summary: "The signed-in guest's pledge page: the raise, their bidder number and their pledges",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', pledgePageSchema), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const { database, config, stripe } = c.var.deps;
      const who = await userPledger(c, c.req.valid('param').tournamentId);
      return c.json({ ...(await pledgePage(database.db, who)), currency: config.currency, cardPayments: stripe !== null }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{tournamentId}/pledges',
      access: 'signed-in',
      summary: 'A signed-in guest pledges at a level: a Pending donation (R35, R56)',
      request: { params: tournamentParam, body: jsonBody(guestPledgeSchema) },
      responses: { 201: jsonResponse('Pledged', pledged), ...pledgeRefusals },
    }),
    async (c) => {
      const { database, paddleRaiseFeed } = c.var.deps;
      const who = await userPledger(c, c.req.valid('param').tournamentId);
      const made = await pledgeAsGuest(database.db, who, c.req.valid('json'));
      paddleRaiseFeed.changed(made.tournamentId);
      return c.json({ id: made.id, amountCents: made.amountCents, bidderNumber: made.bidderNumber }, 201);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{tournamentId}/pay',
      access: 'signed-in',
      summary: "Pay the signed-in guest's own pledges by card: one Stripe Checkout (decision 101)",
      request: { params: tournamentParam, body: jsonBody(payPledgesSchema) },
      responses: { 201: jsonResponse('Payment page created', checkoutAnswer), ...payRefusals },
    }),
    async (c) => {
      const { database, stripe, config } = c.var.deps;
      if (!stripe) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
      const { tournamentId } = c.req.valid('param');
      const who = await userPledger(c, tournamentId);
      const checkout = await payPledges(database.db, stripe, who, c.req.valid('json').pledgeIds, {
        appUrl: config.appUrl,
        currency: config.currency,
        cancelPath: `/paddle/${tournamentId}`,
      });
      return c.json(checkout, 201);
    },
  );
