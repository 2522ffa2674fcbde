// The auction's live lots for one process (R54): every open auction page holds one Server-Sent Events stream: a lot's page
// of that lot's events only, the list page of its tournament's lots, each lot's newest standing at most once per
// LIST_EVERY_MS (a card shows the current bid; 2,000 lot pages must not each be written every bid of 20 lots, decision 117). A bid NOTIFYs its new standing on the 'auction' channel inside its transaction
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

/** The list page's lot events: a lot's newest standing at most this often (the first after a quiet spell at once). */
export const LIST_EVERY_MS = 1_000;

export interface AuctionFeed {
  /**
   * Adds a page's stream: one lot's events (`lotId`), or every lot of the tournament at most once per LIST_EVERY_MS each
   * (null, the list page); both get the `lots` event. Answers the function that removes it.
   */
  subscribe(tournamentId: string, subscriber: StreamSubscriber, lotId?: string | null): () => void;
  /** Resolves once this process hears the bids of every process (the LISTEN connection is up). */
  ready(): Promise<void>;
  subscriberCount(): number;
  close(): Promise<void>;
}

const encoder = new TextEncoder();

/** One tournament's pages in this process, and the list pages' lot events waiting for their next turn. */
interface Watchers {
  lists: Set<StreamSubscriber>;
  lots: Map<string, Set<StreamSubscriber>>;
  listWaiting: Map<string, Uint8Array>;
  listTimer: NodeJS.Timeout | null;
  listSentAt: number;
}

export function createAuctionFeed({
  database,
  logger,
  heartbeatMs = 15_000,
  listEveryMs = LIST_EVERY_MS,
}: {
  database: Database;
  logger: Logger;
  heartbeatMs?: number;
  listEveryMs?: number;
}): AuctionFeed {
  const byTournament = new Map<string, Watchers>();
  let count = 0;
  /** Grows with every event heard: the queue's per-lot versions (notifications arrive in commit order). */
  let version = 0;
  let listening: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;
  let heard!: () => void;
  const firstReady = new Promise<void>((resolve) => (heard = resolve));

  const everyone = function* () {
    for (const watchers of byTournament.values()) {
      yield* watchers.lists;
      for (const set of watchers.lots.values()) yield* set;
    }
  };

  /** The list pages' turn: each lot's newest standing since the last one. */
  function sendLists(watchers: Watchers) {
    watchers.listTimer = null;
    watchers.listSentAt = performance.now();
    for (const [lotId, event] of watchers.listWaiting) {
      const next = ++version;
      for (const subscriber of watchers.lists) subscriber.queue(lotId, next, event);
    }
    watchers.listWaiting.clear();
  }

  function deliver(payload: string) {
    let notice: AuctionNotice;
    try {
      notice = JSON.parse(payload) as AuctionNotice;
    } catch {
      return;
    }
    const watchers = byTournament.get(notice.tournamentId);
    if (!watchers) return;
    if (!notice.lotId) {
      // The lots changed (or bids went unheard): every page of the tournament reads them again, at once.
      const event = encoder.encode(
        `event: ${LOTS_EVENT}\ndata: ${JSON.stringify({ tournamentId: notice.tournamentId })}\nretry: ${RETRY_MS}\n\n`,
      );
      const next = ++version;
      watchers.listWaiting.delete('');
      for (const subscriber of watchers.lists) subscriber.queue('', next, event);
      for (const set of watchers.lots.values()) for (const subscriber of set) subscriber.queue('', next, event);
      return;
    }
    const lotPages = watchers.lots.get(notice.lotId);
    if (!lotPages?.size && !watchers.lists.size) return;
    const event = encoder.encode(`event: ${LOT_EVENT}\ndata: ${JSON.stringify(notice.lot)}\nretry: ${RETRY_MS}\n\n`);
    const next = ++version;
    if (lotPages) for (const subscriber of lotPages) subscriber.queue(notice.lotId, next, event);
    if (watchers.lists.size === 0) return;
    watchers.listWaiting.set(notice.lotId, event);
    if (watchers.listTimer) return;
    const wait = watchers.listSentAt + listEveryMs - performance.now();
    if (wait <= 0) sendLists(watchers);
    else watchers.listTimer = setTimeout(() => sendLists(watchers), wait);
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
    subscribe(tournamentId, subscriber, lotId = null) {
      listen();
      let watchers = byTournament.get(tournamentId);
      if (!watchers) {
        watchers = { lists: new Set(), lots: new Map(), listWaiting: new Map(), listTimer: null, listSentAt: -Infinity };
        byTournament.set(tournamentId, watchers);
      }
      const entry = watchers;
      let set = lotId ? entry.lots.get(lotId) : entry.lists;
      if (!set) entry.lots.set(lotId!, (set = new Set()));
      const mine = set;
      mine.add(subscriber);
      count++;
      heartbeat ??= setInterval(() => {
        for (const subscriber of everyone()) subscriber.heartbeat();
      }, heartbeatMs).unref();
      return () => {
        if (!mine.delete(subscriber)) return;
        count--;
        if (lotId && mine.size === 0) entry.lots.delete(lotId);
        if (entry.lists.size === 0) {
          if (entry.listTimer) clearTimeout(entry.listTimer);
          entry.listTimer = null;
          entry.listWaiting.clear();
        }
        if (entry.lists.size === 0 && entry.lots.size === 0 && byTournament.get(tournamentId) === entry) byTournament.delete(tournamentId);
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
      for (const subscriber of [...everyone()]) subscriber.close(farewell);
      for (const watchers of byTournament.values()) if (watchers.listTimer) clearTimeout(watchers.listTimer);
      byTournament.clear();
      count = 0;
      await listening;
      await stopListening?.();
    },
  };
}
