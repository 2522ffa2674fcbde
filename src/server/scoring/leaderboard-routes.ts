// /api/leaderboard: the public live leaderboards (PRODUCT.md R4, R11, R22) — every active tournament's board, one board,
// and one board as a stream of Server-Sent Events that the browser's EventSource keeps open (and re-opens by itself).
import { z } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { createRouter, defineRoute } from '../http/define-route';
import { AppError } from '../http/errors';
import { LEADERBOARD_EVENT, RETRY_MS, type BoardSnapshot, type LeaderboardFeed, type LeaderboardSubscriber } from './leaderboard-feed';
import { activeTournamentIds } from './leaderboard';
import { json, leaderboardSchema } from './openapi-schemas';


const tournamentParam = z.object({ tournamentId: z.uuid('Tournament not found') });
const notFound = () => new AppError('NOT_FOUND', 'Leaderboard not found');

/** The board of an active tournament; 404 for an unknown or closed one. */
async function publicBoard(feed: LeaderboardFeed, tournamentId: string): Promise<BoardSnapshot> {
  const snapshot = await feed.get(tournamentId).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound() : error;
  });
  if (!snapshot.active) throw notFound();
  return snapshot;
}

/**
 * Writes boards to one stream, newest only: a board that arrives while the previous one is still being written replaces
 * any board waiting behind it, so a slow client holds at most one pending board.
 */
function sseSubscriber(stream: SSEStreamingApi, onClose: () => void): LeaderboardSubscriber {
  let sent = -1;
  let waiting: BoardSnapshot | null = null;
  let writing = false;
  const flush = async () => {
    writing = true;
    while (waiting && !stream.aborted && !stream.closed) {
      const snapshot = waiting;
      waiting = null;
      await stream.write(snapshot.event);
    }
    writing = false;
  };
  return {
    send(snapshot) {
      if (snapshot.version <= sent) return;
      sent = snapshot.version;
      waiting = snapshot;
      if (!writing) void flush();
    },
    heartbeat() {
      if (!writing) void stream.write(': heartbeat\n\n');
    },
    close: onClose,
  };
}

export const leaderboardRoutes = createRouter()
  .openapi(
    defineRoute({
      method: 'get',
      path: '/',
      access: 'public',
      summary: "Every active tournament's leaderboard, soonest first (names only: R11)",
      responses: { 200: json('OK', z.object({ leaderboards: z.array(leaderboardSchema) }).openapi('PublicLeaderboards')) },
    }),
    async (c) => {
      const { database, leaderboardFeed } = c.var.deps;
      const ids = await activeTournamentIds(database.db);
      const snapshots = await Promise.all(ids.map((id) => leaderboardFeed.get(id)));
      c.header('Cache-Control', 'no-store');
      return c.json({ leaderboards: snapshots.filter((s) => s.active).map((s) => s.board) }, 200);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}',
      access: 'public',
      summary: "An active tournament's leaderboard",
      description: 'Served from the live cache, refreshed whenever a score is saved in any process.',
      request: { params: tournamentParam },
      responses: { 200: json('OK', leaderboardSchema), 404: { description: 'No such tournament, or it is not active' } },
    }),
    async (c) => {
      const snapshot = await publicBoard(c.var.deps.leaderboardFeed, c.req.valid('param').tournamentId);
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' };
      if (gzip) headers['Content-Encoding'] = 'gzip';
      return c.body((gzip ? snapshot.gzip : snapshot.body) as Uint8Array<ArrayBuffer>, 200, headers);
    },
  )
  .openapi(
    defineRoute({
      method: 'get',
      path: '/{tournamentId}/events',
      access: 'public',
      summary: "An active tournament's leaderboard as Server-Sent Events",
      description:
        `Event \`${LEADERBOARD_EVENT}\` with the whole board (JSON) at once and after every change (a score saved through ` +
        `any process, a draw); a comment every 15 s keeps the connection open; \`retry: ${RETRY_MS}\` tells the browser to re-open a dropped stream.`,
      request: { params: tournamentParam },
      responses: {
        200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } },
        404: { description: 'No such tournament, or it is not active' },
      },
    }),
    async (c) => {
      const feed = c.var.deps.leaderboardFeed;
      const { tournamentId } = c.req.valid('param');
      await publicBoard(feed, tournamentId);
      // Proxies (nginx) must pass each event on at once.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let unsubscribe = () => {};
        // Open until the browser leaves (abort) or the feed closes (shutdown, tournament deleted).
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve);
          unsubscribe = feed.subscribe(tournamentId, sseSubscriber(stream, resolve));
          if (stream.aborted) resolve();
        });
        unsubscribe();
      });
    },
  );
