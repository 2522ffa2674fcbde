// /api/leaderboard: the public live leaderboards (R4, R11, R22) — every active tournament's board, one board,
// and every active board as one stream of Server-Sent Events that the browser's EventSource keeps open (and re-opens by
// itself): one connection per page, whatever the number of tournaments (HTTP/1.1 allows a browser 6 per host).
import { gzipSync } from 'node:zlib';
import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute, errorResponse, jsonResponse, serializedJson } from '../http/define-route';
import { AppError } from '../http/errors';
import { ACTIVE_EVENT, CLOSING_EVENT, LEADERBOARD_EVENT, RETRY_MS, type BoardSnapshot, type LeaderboardFeed } from './leaderboard-feed';
import { LEADERBOARD_PATCH_EVENT } from '../../shared/stream-patch';
import { activeTournamentIds } from './leaderboard';
import { leaderboardSchema } from '../scoring/openapi-schemas';
import { tournamentParam } from '../http/path-params';
import { serveEventStream } from './event-stream-route';

const notFound = () => new AppError('NOT_FOUND', 'Leaderboard not found');

/** The board of an active tournament; 404 for an unknown or closed one. */
async function publicBoard(feed: LeaderboardFeed, tournamentId: string): Promise<BoardSnapshot> {
  const snapshot = await feed.get(tournamentId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound() : error;
  });
  if (!snapshot.active) throw notFound();
  return snapshot;
}

/** The last list of boards answered gzipped, with the very snapshots it was made of (a snapshot is one computation). */
let listGzip: { snapshots: BoardSnapshot[]; body: Uint8Array } | null = null;

export const leaderboardRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'public',
      summary: "Every active tournament's leaderboard, soonest first (names only: R11)",
      noStore: true,
      responses: { 200: jsonResponse('OK', z.object({ leaderboards: z.array(leaderboardSchema) }).openapi('PublicLeaderboards')) },
    }),
    async (c) => {
      const { database, leaderboardFeed } = c.var.deps;
      const ids = await activeTournamentIds(database.db);
      // The open streams must know every board a page can be shown (decision 042).
      leaderboardFeed.sawActive(ids);
      const snapshots = (await Promise.all(ids.map((id) => leaderboardFeed.get(id)))).filter((s) => s.active);
      const value = { leaderboards: snapshots.map((s) => s.board) };
      if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.json(value, 200, { Vary: 'Accept-Encoding' });
      // Gzipped as the board of one tournament is (the first /leaderboard reads this: a 36-team board is 14 KB, 3 KB
      // gzipped; Lighthouse: uses-text-compression), from the boards' JSON serialised once, and kept while they are current.
      let gzipped = listGzip;
      if (!gzipped || gzipped.snapshots.length !== snapshots.length || gzipped.snapshots.some((s, i) => s !== snapshots[i])) {
        gzipped = listGzip = { snapshots, body: gzipSync(`{"leaderboards":[${snapshots.map((s) => s.json).join(',')}]}`, { level: 6 }) };
      }
      return serializedJson(c, value, gzipped.body, { Vary: 'Accept-Encoding', 'Content-Encoding': 'gzip' });
    },
  )
  // Before /{tournamentId}, which would otherwise take 'events' for an id.
  .openapi(
    defineRoute({
      method: 'get',
      path: '/events',
      access: 'public',
      summary: "Every active tournament's leaderboard as one stream of Server-Sent Events",
      description:
        `One connection per page, however many tournaments are in play. Event \`${ACTIVE_EVENT}\` (\`{ tournamentIds }\`, in the ` +
        `order shown) at once and whenever a tournament is activated or closed; event \`${LEADERBOARD_EVENT}\` with one whole ` +
        `board (JSON, names only) for each active tournament at once, for each one that becomes active, and after every change ` +
        `(a score saved through any process, a draw). After a change, a stream that was sent the board before it may get ` +
        `event \`${LEADERBOARD_PATCH_EVENT}\` instead (\`{ tournamentId, from, updatedAt, rows, changed }\`: \`from\` is the ` +
        `\`updatedAt\` of the board it changes; each of \`rows\`, in order, is the index of an unchanged row in that board, ` +
        `\`[index, fields]\` for a row of it whose fields changed, or a row whole; \`changed\` holds the other fields that ` +
        `differ). A comment every 15 s keeps the connection open; \`retry: ${RETRY_MS}\` ` +
        `tells the browser to re-open a dropped stream, which then sends everything again. When the server process stops, ` +
        `event \`${CLOSING_EVENT}\` (\`{ retryMs }\`, with \`retry\` set to the same 2 to 6 s) ends the stream: the browser re-opens it ` +
        `then, on another process or this one restarted.`,
      responses: {
        200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
        429: errorResponse(
          'This address already holds the most streams one address may (STREAMS_PER_ADDRESS, per server process); Retry-After says when to try again',
        ),
        503: errorResponse(
          'This server process holds all the streams its file descriptors allow (a quarter stay for other requests: docs/decisions/095); Retry-After says when to try again',
        ),
      },
    }),
    (c) => serveEventStream(c, (subscriber) => c.var.deps.leaderboardFeed.subscribe(subscriber)),
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}',
      access: 'public',
      summary: "An active tournament's leaderboard",
      noStore: true,
      description: 'Served from the live cache, refreshed whenever a score is saved in any process.',
      request: { params: tournamentParam },
      responses: { 200: jsonResponse('OK', leaderboardSchema), 404: errorResponse('No such tournament, or it is not active') },
    }),
    async (c) => {
      const snapshot = await publicBoard(c.var.deps.leaderboardFeed, c.req.valid('param').tournamentId);
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      const headers: Record<string, string> = { Vary: 'Accept-Encoding' };
      if (gzip) headers['Content-Encoding'] = 'gzip';
      return serializedJson(c, snapshot.board, gzip ? snapshot.gzip : snapshot.body, headers);
    },
  );
