// /api/admin/golfers: tournament-day staff list golfers and check them in; admins add and delete golfers (R8, R19).
import { z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { getActor } from '../http/context';
import { takeStreamSlot } from '../leaderboard/event-stream-route';
import { checkInByCode, checkInTally, listBadges, readCode } from './code-check-in';
import { createRouter, defineRoute, deleteRoute, errorResponse, jsonBody, jsonResponse } from '../http/define-route';
import {
  addGolferSchema,
  badgesQuerySchema,
  checkInByCodeSchema,
  checkInSchema,
  checkInTallyQuerySchema,
  golferTeamsQuerySchema,
  handicapSchema,
  listGolfersQuerySchema,
} from '../../shared/golfer-schemas';
import { addGolfer, deleteGolfer, listGolfers, listGolferTeams, setCheckIn, setHandicapIndex } from './service';
import { playerParam } from '../http/path-params';
import { badge, checkIn, checkInTallySchema, codeGolfer, golfer, golferPage } from './schemas';

/** The check-in page's live count: its event name, and the comment that keeps an idle stream (and proxies) open. */
export const CHECK_IN_TALLY_EVENT = 'tally';
const HEARTBEAT_MS = 15_000;

/**
 * One count per change, whatever the number of open check-in pages: the feed calls every watcher of a tournament in one
 * go, so the pages called in the same tick share one query (a count started in an earlier tick could predate the change).
 */
const countingNow = new Map<string, ReturnType<typeof checkInTally>>();
function sharedTally(db: Parameters<typeof checkInTally>[0], tournamentId: string) {
  let counting = countingNow.get(tournamentId);
  if (!counting) {
    counting = checkInTally(db, tournamentId);
    countingNow.set(tournamentId, counting);
    setImmediate(() => countingNow.delete(tournamentId));
  }
  return counting;
}
import { checkInOfBody, checkInOfGolfer, checkInOfQuery } from '../volunteers/route-scopes';

export const golferRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      ...checkInOfQuery,
      summary: "One page (50) of a tournament's golfers with their team and check-in, optionally matching q (name, e-mail, team)",
      request: { query: listGolfersQuerySchema },
      responses: {
        200: jsonResponse('OK', golferPage),
      },
    }),
    async (c) => {
      return c.json(await listGolfers(c.var.deps.database.db, c.req.valid('query')), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/teams',
      access: 'admin',
      summary: "The tournament's teams with their golfer count, for adding a golfer",
      request: { query: golferTeamsQuerySchema },
      responses: {
        200: jsonResponse('OK', z.object({ teams: z.array(z.object({ id: z.string(), name: z.string(), golfers: z.number() })) })),
      },
    }),
    async (c) => {
      return c.json({ teams: await listGolferTeams(c.var.deps.database.db, c.req.valid('query')) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/',
      access: 'admin',
      summary: 'Add a golfer to a team',
      description: 'Refused with 409 when the team already has 4 golfers, counted under a lock on the team row.',
      request: { body: jsonBody(addGolferSchema) },
      responses: {
        201: jsonResponse('Created', z.object({ golfer })),
        404: errorResponse('No such team'),
        409: errorResponse('The team is full'),
      },
    }),
    async (c) => c.json({ golfer: await addGolfer(c.var.deps.database.db, c.req.valid('json')) }, 201),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/badges',
      access: 'admin',
      summary: "R61: name badges to print (name, team, starting hole, check-in code): the tournament's golfers, or one team's",
      request: { query: badgesQuerySchema },
      responses: { 200: jsonResponse('OK', z.object({ badges: z.array(badge) })) },
    }),
    async (c) => c.json({ badges: await listBadges(c.var.deps.database.db, c.req.valid('query')) }, 200),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/by-code',
      ...checkInOfQuery,
      summary: "R61: the golfer a check-in QR code names: name, team, starting hole and check-in ('Checked in at … by …')",
      request: { query: checkInByCodeSchema },
      responses: {
        200: jsonResponse('OK', z.object({ golfer: codeGolfer })),
        404: errorResponse('Not a check-in code of this portal'),
        409: errorResponse("Another tournament's golfer"),
      },
    }),
    async (c) => {
      const { database, config } = c.var.deps;
      return c.json({ golfer: await readCode(database.db, c.req.valid('query'), config.timeZone) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'post',
      path: '/check-in-by-code',
      ...checkInOfBody,
      summary: 'R61: check in the golfer a QR code names, once; a second time answers who checked them in and when',
      request: { body: jsonBody(checkInByCodeSchema) },
      responses: {
        200: jsonResponse(
          'Checked in (already: true when they were before; nothing changed)',
          z.object({ golfer: codeGolfer, already: z.boolean() }),
        ),
        404: errorResponse('Not a check-in code of this portal'),
        409: errorResponse("Another tournament's golfer"),
      },
    }),
    async (c) => {
      const { database, config, now } = c.var.deps;
      const actor = await getActor(c);
      return c.json(await checkInByCode(database.db, actor.userId, c.req.valid('json'), now(), config.timeZone), 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/check-in-events',
      ...checkInOfQuery,
      summary: "The day's numbers, live: golfers checked in and expected, as Server-Sent Events",
      description:
        `Event \`${CHECK_IN_TALLY_EVENT}\` (\`{ checkedIn, expected }\`) at once and after every check-in in any process (the ` +
        "leaderboard feed's LISTEN connection, docs/decisions/116); a comment every 15 s keeps the connection open.",
      request: { query: checkInTallyQuerySchema },
      responses: {
        200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: checkInTallySchema } } },
        429: errorResponse('This address already holds the most streams one address may'),
        503: errorResponse('This server process holds all the streams it may'),
      },
    }),
    (c) => {
      const { leaderboardFeed: feed, database } = c.var.deps;
      const { tournamentId } = c.req.valid('query');
      // The same per-address and per-process limits as the live boards (docs/decisions/095).
      const release = takeStreamSlot(c);
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let stop = () => {};
        let heartbeat: NodeJS.Timeout | undefined;
        try {
          let sending = Promise.resolve();
          const send = () => {
            const counting = sharedTally(database.db, tournamentId);
            sending = sending
              .then(async () => {
                const tally = await counting;
                if (!stream.aborted && !stream.closed) await stream.writeSSE({ event: CHECK_IN_TALLY_EVENT, data: JSON.stringify(tally) });
              })
              .catch(() => undefined);
          };
          await new Promise<void>((resolve) => {
            stream.onAbort(resolve);
            stop = feed.watchCheckIns(tournamentId, send);
            send();
            heartbeat = setInterval(() => void stream.write(': heartbeat\n\n').catch(resolve), HEARTBEAT_MS);
            if (stream.aborted) resolve();
          });
        } finally {
          stop();
          clearInterval(heartbeat);
          release();
        }
      });
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{playerId}/check-in',
      ...checkInOfGolfer,
      summary: 'Check a golfer in or out; records who and when',
      request: { params: playerParam, body: jsonBody(checkInSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ golfer: z.object({ id: z.string(), ...checkIn }) })),
        404: errorResponse('No such golfer'),
      },
    }),
    async (c) => {
      const actor = await getActor(c);
      const saved = await setCheckIn(
        c.var.deps.database.db,
        actor.userId,
        c.req.valid('param').playerId,
        c.req.valid('json'),
        c.var.deps.now(),
      );
      return c.json({ golfer: saved }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'put',
      path: '/{playerId}/handicap',
      ...checkInOfGolfer,
      summary: "Set a golfer's Handicap Index (-10.0 to 54.0, one decimal; null clears it) (R29)",
      request: { params: playerParam, body: jsonBody(handicapSchema) },
      responses: {
        200: jsonResponse('Saved', z.object({ golfer: z.object({ id: z.string(), handicapIndex: z.number().nullable() }) })),
        400: errorResponse('Not a Handicap Index'),
        404: errorResponse('No such golfer'),
      },
    }),
    async (c) =>
      c.json({ golfer: await setHandicapIndex(c.var.deps.database.db, c.req.valid('param').playerId, c.req.valid('json')) }, 200),
  )
  .openapi(
    ...deleteRoute({
      path: '/{playerId}',
      access: 'admin',
      summary: 'Delete a golfer, with their check-in and scores',
      params: playerParam,
      refusals: { 404: errorResponse('No such golfer') },
      remove: (c, { playerId }) => deleteGolfer(c.var.deps.database.db, playerId),
    }),
  );
