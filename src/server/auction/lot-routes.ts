// /api/auction: the silent auction's public pages (R53, R54): a tournament's lots with their standing, one lot with its
// latest bids, a bid (signed in, or a golfer through their personal link, R42), and the live stream of the lots.
// /api/admin/auction: staff set the auction's times and keep its lots.
import { z } from '@hono/zod-openapi';
import { getViewer, type AppContext } from '../http/context';
import { instant } from '../http/answer-fields';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import { AppError } from '../http/errors';
import { tournamentParam } from '../http/path-params';
import { serveEventStream } from '../leaderboard/event-stream-route';
import { auctionTimesSchema, BID_MESSAGES, LOT_MESSAGES, lotSchema, bidSchema } from '../../shared/auction-schemas';
import { LIST_EVERY_MS, LOT_EVENT, LOTS_EVENT } from './auction-feed';
import { placeBid } from './bidding';
import { closeDueLots } from './closing';
import { auctionOf, bidderNumberOf, createLot, deleteLot, lotDetail, openAuctions, setAuctionTimes, updateLot } from './lots';

/** Whether a lot read is still open past its close: only then does the read close lots first (most reads need not). */
const pastItsClose = (c: AppContext, lots: { closesAt: string | null; closedAt: string | null }[]) =>
  lots.some((lot) => lot.closedAt === null && lot.closesAt !== null && Date.parse(lot.closesAt) <= c.var.deps.now().getTime());

/**
 * R55: a lot whose close has passed is closed (its winner fixed) before it is shown, so a page never shows an open lot past
 * its close, whether or not the periodic closer has run yet.
 */
const closeDue = (c: AppContext, tournamentId?: string) =>
  closeDueLots(c.var.deps.database.db, c.var.deps.now(), {
    tournamentId,
    appUrl: c.var.deps.config.appUrl,
    currency: c.var.deps.config.currency,
  });

const lotIdParam = z.object({ id: z.uuid(LOT_MESSAGES.notFound) });
const bidPathParams = z.object({ tournamentId: z.uuid('Tournament not found'), lotId: z.uuid(BID_MESSAGES.lotNotFound) });

const publicBidder = z.object({ number: z.number(), label: z.string() });
const standingSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  closesAt: instant.nullable(),
  closedAt: instant.nullable(),
  currentBidCents: z.number().nullable(),
  bidCount: z.number(),
  leader: publicBidder.nullable(),
  nextMinimumCents: z.number(),
  buyNowOpen: z.boolean(),
});
const lotViewSchema = standingSchema
  .extend({
    title: z.string(),
    description: z.string(),
    imageId: z.string().nullable(),
    photoUrl: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    valueCents: z.number(),
    openingBidCents: z.number(),
    minRaiseCents: z.number(),
    buyNowCents: z.number().nullable(),
    donor: z.string(),
  })
  .openapi('AuctionLot');
const bidViewSchema = z.object({ seq: z.number(), bidder: publicBidder, amountCents: z.number(), proxy: z.boolean(), at: instant });
const auctionTimes = { opensAt: instant.nullable(), closesAt: instant.nullable() };
const auctionSchema = z
  .object({ tournament: z.object({ id: z.string(), name: z.string() }), ...auctionTimes, lots: z.array(lotViewSchema) })
  .openapi('Auction');

export const auctionRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'public',
      noStore: true,
      summary: 'The active tournaments with an auction that has lots, soonest close first (the event page links them)',
      responses: {
        200: jsonResponse(
          'OK',
          z.object({ auctions: z.array(z.object({ id: z.string(), name: z.string(), closesAt: instant.nullable() })) }),
        ),
      },
    }),
    async (c) => {
      const rows = await openAuctions(c.var.deps.database.db);
      return c.json({ auctions: rows.map((row) => ({ ...row, closesAt: row.closesAt?.toISOString() ?? null })) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/lots/{id}',
      access: 'public',
      noStore: true,
      summary: 'One lot with its standing and its latest bids (bidder numbers, and names only where the bidder allowed)',
      description: "Signed in, `you` is the caller's bidder number in this tournament (null before their first bid).",
      request: { params: lotIdParam },
      responses: {
        200: jsonResponse(
          'OK',
          z.object({
            lot: lotViewSchema,
            bids: z.array(bidViewSchema),
            auction: z.object({ tournament: z.object({ id: z.string(), name: z.string() }), ...auctionTimes }),
            you: z.object({ number: z.number() }).nullable(),
          }),
        ),
        404: errorResponse('No such lot'),
      },
    }),
    async (c) => {
      const db = c.var.deps.database.db;
      const read = () => lotDetail(db, c.req.valid('param').id);
      let detail = await read();
      if (pastItsClose(c, [detail.lot])) {
        await closeDue(c, detail.lot.tournamentId);
        detail = await read();
      }
      const viewer = await getViewer(c);
      const you = viewer ? await bidderNumberOf(db, detail.lot.tournamentId, viewer.userId) : null;
      return c.json({ ...detail, you }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}',
      access: 'public',
      noStore: true,
      summary: "A tournament's auction: its opening and closing times and every lot with its standing",
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', auctionSchema), 404: errorResponse('No such tournament') },
    }),
    async (c) => {
      const { tournamentId } = c.req.valid('param');
      const auction = await auctionOf(c.var.deps.database.db, tournamentId);
      if (!pastItsClose(c, auction.lots)) return c.json(auction, 200);
      await closeDue(c, tournamentId);
      return c.json(await auctionOf(c.var.deps.database.db, tournamentId), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}/events',
      access: 'public',
      summary: "A tournament's lots, or one lot (`lot`), as a stream of Server-Sent Events",
      description:
        `Event \`${LOT_EVENT}\` with a lot's new standing and the bids just recorded (JSON: numbers and allowed names only) ` +
        `after every bid through any process: with \`lot\` (a lot's page) that lot's only, each of them; without (the list), ` +
        `every lot's newest at most once per ${LIST_EVERY_MS / 1000} s. Event \`${LOTS_EVENT}\` when staff changed the lots or the times (read them ` +
        'again). A comment every 15 s keeps the connection open; the stream shares the live board’s caps per address and process.',
      request: { params: tournamentParam, query: z.object({ lot: z.uuid(BID_MESSAGES.lotNotFound).optional() }) },
      responses: {
        200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
        429: errorResponse('This address already holds the most streams one address may; Retry-After says when to try again'),
        503: errorResponse('This server process holds all the streams it may; Retry-After says when to try again'),
      },
    }),
    (c) => {
      const { tournamentId } = c.req.valid('param');
      const lotId = c.req.valid('query').lot ?? null;
      return serveEventStream(c, (subscriber) => c.var.deps.auctionFeed.subscribe(tournamentId, subscriber, lotId));
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{tournamentId}/lots/{lotId}/bids',
      access: 'public',
      noStore: true,
      // A bid writes bids, lots, bidders and the outbid e-mail: nothing a session, a per-user answer or the settings are
      // built from, so it answers without the processes' barrier (app.ts; decisions 117 and 125).
      writesCachedData: false,
      summary: 'Bid on a lot: an amount, or a maximum the portal bids up to for you (proxy bidding)',
      description:
        'Signed in, or with `golferToken` (a golfer through their personal link, R42). At least the opening bid, then the ' +
        'current bid plus the minimum raise; a bid at the buy-now price buys the lot (it closes now). A bid in the last two ' +
        "minutes moves the lot's close to two minutes after it. A refusal (too low: 400 naming `amountCents`; not open, closed, " +
        "another tournament's lot: 409) changes nothing.",
      request: { params: bidPathParams, body: jsonBody(bidSchema) },
      responses: {
        201: jsonResponse(
          'Placed',
          z.object({
            lot: standingSchema,
            bids: z.array(bidViewSchema),
            you: z.object({ number: z.number(), label: z.string(), leading: z.boolean() }),
            message: z.string(),
          }),
        ),
        401: errorResponse('Neither signed in nor a golfer link'),
        403: errorResponse('The golfer link is not valid, or is for another tournament'),
        404: errorResponse('No such lot'),
        409: errorResponse("Bidding has not opened, the lot has closed, or the lot is another tournament's"),
      },
    }),
    async (c) => {
      const { tournamentId, lotId } = c.req.valid('param');
      const input = c.req.valid('json');
      const { database, config, now } = c.var.deps;
      const viewer = input.golferToken ? null : await getViewer(c);
      if (!input.golferToken && !viewer) throw new AppError('UNAUTHENTICATED', BID_MESSAGES.who);
      const who = viewer ? { userId: viewer.userId, name: viewer.name, email: viewer.email } : { golferToken: input.golferToken! };
      const answer = await placeBid(database.db, tournamentId, lotId, who, input, {
        now: now(),
        appUrl: config.appUrl,
        currency: config.currency,
      });
      return c.json(answer, 201);
    },
  );

export const adminAuctionRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{tournamentId}/times',
      access: 'admin',
      summary: "Set when the tournament's auction opens and closes (both, or neither)",
      description:
        'The lots follow the close: a lot still at the old close moves to the new one; one a late bid extended keeps its later close unless the new one is later still; a closed or bought lot stays. Removing the times is refused once any lot has bids (409).',
      request: { params: tournamentParam, body: jsonBody(auctionTimesSchema) },
      responses: {
        200: jsonResponse('Saved', auctionSchema),
        404: errorResponse('No such tournament'),
        409: errorResponse('Lots have bids'),
      },
    }),
    async (c) => c.json(await setAuctionTimes(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')), 200),
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/{tournamentId}/lots',
      access: 'admin',
      summary: 'Add a lot: title, description, photo (an image uploaded first), value, opening bid, minimum raise, buy-now, donor',
      request: { params: tournamentParam, body: jsonBody(lotSchema) },
      responses: { 201: jsonResponse('Created', z.object({ lot: lotViewSchema })), 404: errorResponse('No such tournament') },
    }),
    async (c) => c.json({ lot: await createLot(c.var.deps.database.db, c.req.valid('param').tournamentId, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/lots/{id}',
      access: 'admin',
      summary: 'Change a lot (its opening bid only while it has no bids)',
      request: { params: lotIdParam, body: jsonBody(lotSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ lot: lotViewSchema })),
        404: errorResponse('No such lot'),
        409: errorResponse('The lot has bids: the opening bid cannot change'),
      },
    }),
    async (c) => c.json({ lot: await updateLot(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/lots/{id}',
      access: 'admin',
      summary: 'Delete a lot nobody has bid on',
      params: lotIdParam,
      refusals: { 404: errorResponse('No such lot'), 409: errorResponse('The lot has bids') },
      remove: (c, { id }) => deleteLot(c.var.deps.database.db, id),
    }),
  );
