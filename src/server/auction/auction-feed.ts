// The auction's live lots for one process (R54): every open auction page (the list, a lot) holds one Server-Sent Events
// stream of its tournament's lot events. A bid NOTIFYs its new standing on the 'auction' channel inside its transaction
// (delivered at commit, in commit order, never for a rolled-back bid); every process LISTENs through its one listening
// connection (Database.listen, as the leaderboard does) and writes the event, serialised once, to its subscribers of that
// tournament, newest only per lot (leaderboard-feed.ts's queue, node-event-stream.ts's socket writes). The standing rides
// in the notification itself, so a bid costs no read per process however many watch. docs/decisions/110.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/connect';
import { errorFields, type Logger } from '../logger';
import { CLOSING_RETRY_MS, RETRY_MS, type StreamSubscriber } from '../leaderboard/leaderboard-feed';

export const AUCTION_CHANNEL = 'auction';
/** A lot's new standing after a bid (its `lot` payload: the public lot and the bid rows just recorded). */
export const LOT_EVENT = 'lot';
/** Staff changed the tournament's lots or times: the page reads them again. */
export const LOTS_EVENT = 'lots';

/** What a notification carries: a lot's standing (`lot` set) or a change to the lots (`lot` null). */
export interface AuctionNotice {
  tournamentId: string;
  lotId: string | null;
  /** The lot event's data, already the public JSON the pages take. */
  lot: unknown;
}

/** Call inside the transaction that changed the lot (a bid) or the lots (staff): sent when it commits, never on rollback. */
export async function notifyAuction(tx: Pick<Db, 'execute'>, notice: AuctionNotice): Promise<void> {
  await tx.execute(sql`select ${auctionNotification(notice)}`);
}

/** The notification as an SQL expression, for a statement that does more in the same round trip (a bid's outbid e-mail). */
export const auctionNotification = (notice: AuctionNotice) => sql`pg_notify(${AUCTION_CHANNEL}, ${JSON.stringify(notice)})`;

export interface AuctionFeed {
  /** Adds a page's stream for a tournament's lots; answers the function that removes it. */
  subscribe(tournamentId: string, subscriber: StreamSubscriber): () => void;
  /** Resolves once this process hears the bids of every process (the LISTEN connection is up). */
  ready(): Promise<void>;
  subscriberCount(): number;
  close(): Promise<void>;
}

const encoder = new TextEncoder();

export function createAuctionFeed({
  database,
  logger,
  heartbeatMs = 15_000,
}: {
  database: Database;
  logger: Logger;
  heartbeatMs?: number;
}): AuctionFeed {
  const byTournament = new Map<string, Set<StreamSubscriber>>();
  let count = 0;
  /** Grows with every event heard: the queue's per-lot versions (notifications arrive in commit order). */
  let version = 0;
  let listening: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;
  let heard!: () => void;
  const firstReady = new Promise<void>((resolve) => (heard = resolve));

  function deliver(payload: string) {
    let notice: AuctionNotice;
    try {
      notice = JSON.parse(payload) as AuctionNotice;
    } catch {
      return;
    }
    const subscribers = byTournament.get(notice.tournamentId);
    if (!subscribers?.size) return;
    const name = notice.lotId ? LOT_EVENT : LOTS_EVENT;
    const data = JSON.stringify(notice.lot ?? { tournamentId: notice.tournamentId });
    const event = encoder.encode(`event: ${name}\ndata: ${data}\nretry: ${RETRY_MS}\n\n`);
    const next = ++version;
    for (const subscriber of subscribers) subscriber.queue(notice.lotId ?? '', next, event);
  }

  function listen() {
    listening ??= database
      .listen(AUCTION_CHANNEL, {
        onNotify: deliver,
        onReady: () => {
          heard();
          // Bids made while the connection was down went unheard: every page reads its lots again.
          for (const tournamentId of byTournament.keys()) deliver(JSON.stringify({ tournamentId, lotId: null, lot: null }));
        },
        onLost: (error) => logger.warn('auction: LISTEN connection lost, re-opening', errorFields(error)),
      })
      .then(({ stop }) => {
        if (closed) return void stop();
        stopListening = stop;
      })
      .catch((error: Error) => {
        listening = null;
        logger.error('auction: cannot LISTEN', errorFields(error));
      });
  }

  return {
    subscribe(tournamentId, subscriber) {
      listen();
      let set = byTournament.get(tournamentId);
      if (!set) byTournament.set(tournamentId, (set = new Set()));
      set.add(subscriber);
      count++;
      heartbeat ??= setInterval(() => {
        for (const each of byTournament.values()) for (const subscriber of each) subscriber.heartbeat();
      }, heartbeatMs).unref();
      return () => {
        if (!set.delete(subscriber)) return;
        count--;
        if (set.size === 0) byTournament.delete(tournamentId);
        if (count === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = null;
        }
      };
    },
    ready() {
      listen();
      return firstReady;
    },
    subscriberCount: () => count,
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      const retryMs = CLOSING_RETRY_MS[Math.floor(Math.random() * CLOSING_RETRY_MS.length)]!;
      const farewell = encoder.encode(`event: closing\ndata: ${JSON.stringify({ retryMs })}\nretry: ${retryMs}\n\n`);
      for (const set of byTournament.values()) for (const subscriber of set) subscriber.close(farewell);
      byTournament.clear();
      count = 0;
      await listening;
      await stopListening?.();
    },
  };
}
