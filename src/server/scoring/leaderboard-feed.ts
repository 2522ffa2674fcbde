// Live leaderboards for one process (R4, R22): a cache of each tournament's board, refreshed when its scores change, and the
// subscribers (Server-Sent Events streams) it is pushed to. Every process LISTENs on one channel through one dedicated
// connection (Database.listen); a save NOTIFYs it when it commits (leaderboard-channel.ts), so a score saved through any
// process reaches the subscribers of all of them. A burst of saves is debounced and each board is computed once per
// change, whatever the number of subscribers. docs/decisions/010-tournament-day.md tells the whole design.
import { gzipSync } from 'node:zlib';
import type { Database } from '../db/connect';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { Leaderboard } from '../../shared/tournament-day';
import { LEADERBOARD_CHANNEL } from './leaderboard-channel';
import { loadLeaderboard, type LoadedLeaderboard } from './leaderboard';

/**
 * A computed board, serialised once for every subscriber and request: as JSON bytes, gzipped (a phone on the course gets a
 * tenth of the bytes) and as the Server-Sent Event every stream is sent. `version` grows with every computation.
 */
export interface BoardSnapshot {
  board: Leaderboard;
  active: boolean;
  json: string;
  body: Uint8Array;
  gzip: Uint8Array;
  event: Uint8Array;
  version: number;
}

/** How long a browser waits before re-opening a dropped stream (the SSE `retry` field). */
export const RETRY_MS = 2_000;
export const LEADERBOARD_EVENT = 'leaderboard';

const encoder = new TextEncoder();

/** Serialises a board once for all its readers. */
export function snapshotOf(loaded: LoadedLeaderboard, version: number): BoardSnapshot {
  const json = JSON.stringify(loaded.board);
  const body = encoder.encode(json);
  // JSON.stringify escapes line breaks inside strings, so the data is one SSE line.
  const event = encoder.encode(`event: ${LEADERBOARD_EVENT}\ndata: ${json}\nretry: ${RETRY_MS}\n\n`);
  return { ...loaded, json, body, gzip: gzipSync(body), event, version };
}

export interface LeaderboardSubscriber {
  /** A newer board; called with the current one on subscribing. */
  send(snapshot: BoardSnapshot): void;
  /** Nothing new for a while: keep the connection (and any proxy on the way) from timing out. */
  heartbeat(): void;
  /** The feed is closing (server shutdown) or the tournament is gone. */
  close(): void;
}

export interface LeaderboardFeed {
  /** The current board: the cached one while this process is sure it is current, else computed (404 for no tournament). */
  get(tournamentId: string): Promise<BoardSnapshot>;
  /** Adds a subscriber and sends it the current board; answers the function that removes it. */
  subscribe(tournamentId: string, subscriber: LeaderboardSubscriber): () => void;
  /** This process changed the board: refresh at once (other processes hear it through NOTIFY). */
  changed(tournamentId: string): void;
  subscriberCount(): number;
  /** Resolves once this process hears other processes' changes (the LISTEN connection is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface FeedOptions {
  database: Database;
  logger: Logger;
  load?: (tournamentId: string) => Promise<LoadedLeaderboard>;
  /** Saves within this window make one refresh. */
  debounceMs?: number;
  heartbeatMs?: number;
  /**
   * A cached board older than this is computed again, in the background, on the next request: a safety net for changes
   * that send no notification (a team renamed or deleted, a tournament closed).
   */
  maxAgeMs?: number;
  /** ... or than this many times its build time (20: the safety-net refresh of a big board costs at most ~5% of a core). */
  buildTimeFactor?: number;
}

interface Entry {
  /** Bumped by every change; a board computed at an older generation is stale. */
  generation: number;
  /** `staleAfter`: when the safety-net refresh is due (see maxAgeMs). */
  cached: { snapshot: BoardSnapshot; generation: number; staleAfter: number } | null;
  computing: { promise: Promise<BoardSnapshot>; generation: number } | null;
  subscribers: Set<LeaderboardSubscriber>;
  refresh: NodeJS.Timeout | null;
}

export function createLeaderboardFeed(options: FeedOptions): LeaderboardFeed {
  const { database, logger, debounceMs = 100, heartbeatMs = 15_000, maxAgeMs = 5_000, buildTimeFactor = 20 } = options;
  const load = options.load ?? ((id: string) => loadLeaderboard(database.db, id));
  const entries = new Map<string, Entry>();
  let version = 0;
  let listening: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  /** The cache can be trusted only while the LISTEN connection is up: otherwise another process's save could go unheard. */
  let hearing = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;
  let heard!: () => void;
  const firstReady = new Promise<void>((resolve) => (heard = resolve));

  const entryOf = (id: string) => {
    let entry = entries.get(id);
    if (!entry) entries.set(id, (entry = { generation: 0, cached: null, computing: null, subscribers: new Set(), refresh: null }));
    return entry;
  };

  function listen() {
    listening ??= database
      .listen(LEADERBOARD_CHANNEL, {
        onNotify: (tournamentId) => changed(tournamentId),
        onReady: () => {
          hearing = true;
          heard();
          // Saves made while the connection was down went unheard: every board may be stale.
          for (const id of entries.keys()) changed(id);
        },
        onLost: (error) => {
          hearing = false;
          logger.warn('leaderboard: LISTEN connection lost, re-opening', { error: error.message });
        },
      })
      .then((stop) => {
        if (closed) return void stop();
        stopListening = stop;
      })
      .catch((error: Error) => {
        listening = null;
        logger.error('leaderboard: cannot LISTEN', { error: error.message });
      });
  }

  /** One computation at a time per tournament; callers wanting the same generation share it. */
  async function compute(id: string, entry: Entry): Promise<BoardSnapshot> {
    while (entry.computing) {
      if (entry.computing.generation === entry.generation) return entry.computing.promise;
      await entry.computing.promise.catch(() => undefined);
    }
    const generation = entry.generation;
    const promise = (async () => {
      const next = ++version;
      const started = Date.now();
      const snapshot = snapshotOf(await load(id), next);
      const now = Date.now();
      const staleAfter = now + Math.max(maxAgeMs, buildTimeFactor * (now - started));
      if (entry.generation === generation) entry.cached = { snapshot, generation, staleAfter };
      return snapshot;
    })();
    entry.computing = { promise, generation };
    try {
      return await promise;
    } catch (error) {
      // An unknown tournament must not leave an entry behind (ids come from the URL).
      if (error instanceof AppError && error.code === 'NOT_FOUND' && entry.subscribers.size === 0) entries.delete(id);
      throw error;
    } finally {
      if (entry.computing?.promise === promise) entry.computing = null;
    }
  }

  async function get(id: string): Promise<BoardSnapshot> {
    listen();
    const entry = entryOf(id);
    const cached = entry.cached;
    if (hearing && cached && cached.generation === entry.generation) {
      // No change heard, only old: answer it and refresh behind (a 3,600-team board takes a second to build).
      if (Date.now() >= cached.staleAfter && !entry.computing) {
        compute(id, entry).catch((error: Error) => logger.warn('leaderboard: refresh failed', { tournamentId: id, error: error.message }));
      }
      return cached.snapshot;
    }
    return compute(id, entry);
  }

  function changed(id: string) {
    const entry = entries.get(id);
    // Nobody here has this board cached or open.
    if (!entry || closed) return;
    entry.generation++;
    if (entry.subscribers.size > 0 && !entry.refresh) {
      entry.refresh = setTimeout(() => {
        entry.refresh = null;
        void push(id, entry);
      }, debounceMs);
      entry.refresh.unref();
    }
  }

  async function push(id: string, entry: Entry) {
    try {
      const snapshot = await compute(id, entry);
      for (const subscriber of entry.subscribers) subscriber.send(snapshot);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        for (const subscriber of entry.subscribers) subscriber.close();
        entries.delete(id);
        return;
      }
      logger.error('leaderboard: refresh failed', { tournamentId: id, error: (error as Error).stack ?? String(error) });
    }
  }

  const subscriberCount = () => [...entries.values()].reduce((n, entry) => n + entry.subscribers.size, 0);

  function subscribe(id: string, subscriber: LeaderboardSubscriber) {
    listen();
    const entry = entryOf(id);
    entry.subscribers.add(subscriber);
    heartbeat ??= setInterval(() => {
      for (const each of entries.values()) for (const s of each.subscribers) s.heartbeat();
    }, heartbeatMs).unref();
    get(id).then(
      (snapshot) => entry.subscribers.has(subscriber) && subscriber.send(snapshot),
      (error: Error) => logger.error('leaderboard: first board failed', { tournamentId: id, error: error.message }),
    );
    return () => {
      entry.subscribers.delete(subscriber);
      if (heartbeat && subscriberCount() === 0) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
    };
  }

  return {
    get,
    subscribe,
    changed,
    subscriberCount,
    ready() {
      listen();
      return firstReady;
    },
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      for (const entry of entries.values()) {
        if (entry.refresh) clearTimeout(entry.refresh);
        for (const subscriber of entry.subscribers) subscriber.close();
        entry.subscribers.clear();
      }
      await listening;
      await stopListening?.();
    },
  };
}
