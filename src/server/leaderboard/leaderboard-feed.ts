// Live leaderboards for one process (R4, R22): a cache of each tournament's board, refreshed when its scores change, and the
// subscribers (one Server-Sent Events stream per open page, carrying every active tournament's board) it is pushed to.
// Every process LISTENs on one channel through one dedicated connection (Database.listen); a save NOTIFYs it when it
// commits (leaderboard-channel.ts), so a score saved through any process reaches the subscribers of all of them. A save
// is pushed at once, a burst makes at most one more refresh per 100 ms, and each board is computed once per change,
// whatever the number of subscribers. Which tournaments are active is read again every few seconds while anyone watches,
// so boards come and go by themselves.
// docs/decisions/010-tournament-day.md tells the whole design.
import { gzipSync } from 'node:zlib';
import { makeBoardPatch, type PatchableBoard } from '../../shared/stream-patch';
import type { Database } from '../db/connect';
import { AppError } from '../http/errors';
import { errorFields, type Logger } from '../logger';
import type { ActiveTournamentsEvent, Leaderboard } from '../scoring/openapi-schemas';
import { CHECK_INS_PREFIX, LEADERBOARD_CHANNEL } from './leaderboard-channel';
import { activeTournamentIds, loadLeaderboard } from './leaderboard';

/**
 * What a feed carries per tournament: the leaderboard, or another live board built the same way (the paddle raise's TV
 * board, R56: docs/decisions/112). One feed per channel, each with its own event name; the machinery is this one.
 */
export interface LiveBoard {
  tournament: { id: string };
  updatedAt: string;
}

/** A board as computed, and whether the public may see it (its stream and its GET answer 404 otherwise). */
export interface LoadedBoard<B extends LiveBoard = Leaderboard> {
  board: B;
  active: boolean;
}

/**
 * A computed board, serialised once for every subscriber and request: as JSON bytes, gzipped (a phone on the course gets a
 * tenth of the bytes) and as the Server-Sent Event every stream is sent. `version` grows with every computation that found the board changed.
 */
export interface BoardSnapshot<B extends LiveBoard = Leaderboard> {
  board: B;
  active: boolean;
  json: string;
  body: Uint8Array;
  gzip: Uint8Array;
  event: Uint8Array;
  version: number;
  /**
   * The same board as a change to the one computed before it (version `from`), for a stream that was sent that one
   * (docs/decisions/128); null for a feed without patches or a first board. `event` makes it when a stream first needs it
   * (a board computed for a read alone never does), and answers null when the patch would be no smaller than the board.
   */
  patch: { from: number; event: () => Uint8Array | null } | null;
}

/** How long a browser waits before re-opening a dropped stream (the SSE `retry` field). */
export const RETRY_MS = 2_000;
export const LEADERBOARD_EVENT = 'leaderboard';
export const ACTIVE_EVENT = 'active';
/** The last event of every stream when the process stops (R49); its `retry` is when the browser re-opens the stream. */
export const CLOSING_EVENT = 'closing';
/**
 * A stopping process's streams are re-opened after one of these pauses, picked at random: the browsers return to
 * whichever process is left (or to this one restarted) spread over a few seconds instead of all in the same instant.
 */
export const CLOSING_RETRY_MS = [2_000, 3_000, 4_000, 5_000, 6_000] as const;

const encoder = new TextEncoder();

/** One event per pause, made once (the Node stream frames each event once per process: node-event-stream.ts). */
const CLOSING_EVENTS = CLOSING_RETRY_MS.map((retryMs) =>
  encoder.encode(`event: ${CLOSING_EVENT}\ndata: ${JSON.stringify({ retryMs })}\nretry: ${retryMs}\n\n`),
);
const closingEvent = () => CLOSING_EVENTS[Math.floor(Math.random() * CLOSING_EVENTS.length)]!;

const eventOf = (name: string, json: string) => encoder.encode(`event: ${name}\ndata: ${json}\nretry: ${RETRY_MS}\n\n`);

/** The SSE event names a feed's boards go out as: whole, and (where the feed has them) as patches. */
export interface BoardEventNames {
  eventName?: string;
  patchEventName?: string | null;
}

/**
 * Serialises a board once for all its readers. Given the previous snapshot of the same board: when nothing but the time of
 * computing differs (the same rows, the same public state), answers that snapshot itself, its `updatedAt` and version
 * kept. A recompute that found no change (the LISTEN connection coming up, the safety-net refresh) must not make the board
 * look new: the first /leaderboard page names its boards by `updatedAt` and the browser hydrates only when its
 * /api/leaderboard read answers those very boards (client/app.tsx, decision 081). Otherwise, with `patchEventName`, the
 * board is also serialised as its change from the previous one.
 */
export function snapshotOf<B extends LiveBoard>(
  loaded: LoadedBoard<B>,
  version: number,
  previous?: BoardSnapshot<B> | null,
  { eventName = LEADERBOARD_EVENT, patchEventName = null }: BoardEventNames = {},
): BoardSnapshot<B> {
  if (previous && previous.active === loaded.active) {
    // The same key order as the previous board's JSON: only updatedAt is set to the previous one's.
    const same = JSON.stringify({ ...loaded.board, updatedAt: previous.board.updatedAt });
    if (same === previous.json) return previous;
  }
  const json = JSON.stringify(loaded.board);
  const body = encoder.encode(json);
  // JSON.stringify escapes line breaks inside strings, so the data is one SSE line.
  const event = eventOf(eventName, json);
  const patchable = patchEventName && previous && Array.isArray((loaded.board as Partial<PatchableBoard>).rows);
  return {
    ...loaded,
    json,
    body,
    gzip: gzipSync(body),
    event,
    version,
    patch: patchable ? lazyPatch(previous, loaded.board, json, patchEventName) : null,
  };
}

/**
 * `board` as a change to `previous`'s, made once when first asked for. It keeps only the previous board's data until
 * then (not its snapshot, whose own patch would keep the one before, and so on).
 */
function lazyPatch<B extends LiveBoard>(
  previous: BoardSnapshot<B>,
  board: B,
  json: string,
  eventName: string,
): NonNullable<BoardSnapshot['patch']> {
  let before: PatchableBoard | undefined = previous.board as unknown as PatchableBoard;
  let made: Uint8Array | null = null;
  return {
    from: previous.version,
    event() {
      if (before) {
        const patch = makeBoardPatch(before, board as unknown as PatchableBoard, json.length);
        made = patch === null ? null : eventOf(eventName, patch);
        before = undefined;
      }
      return made;
    },
  };
}

/** Which tournaments' boards are public, in the order the page shows them, serialised once as the `active` event. */
export interface ActiveSnapshot {
  tournamentIds: string[];
  event: Uint8Array;
  version: number;
}

export function activeSnapshotOf(tournamentIds: string[], version: number): ActiveSnapshot {
  const event = encoder.encode(
    `event: ${ACTIVE_EVENT}\ndata: ${JSON.stringify({ tournamentIds } satisfies ActiveTournamentsEvent)}\nretry: ${RETRY_MS}\n\n`,
  );
  return { tournamentIds, event, version };
}

/** One open page: it is sent the active set and every active board at once, then each change. */
export interface LeaderboardSubscriber<B extends LiveBoard = Leaderboard> {
  /** The active tournaments, at once and whenever one is activated or deactivated (their boards follow). */
  sendActive(active: ActiveSnapshot): void;
  /** A newer board of an active tournament. */
  send(snapshot: BoardSnapshot<B>): void;
  /** Nothing new for a while: keep the connection (and any proxy on the way) from timing out. */
  heartbeat(): void;
  /** The feed is closing (the server stops): send `farewell` (the `closing` event, with its retry hint) and end the stream. */
  close(farewell: Uint8Array): void;
}

/**
 * A subscriber's stream as both feeds write to it (the boards here, the auction's lots: server/auction/auction-feed.ts):
 * `queue` takes any event under a key, newest version only.
 */
export interface StreamSubscriber extends LeaderboardSubscriber<LiveBoard> {
  queue(key: string, version: number, event: Uint8Array): void;
}

/**
 * The newest-only queue of a subscriber's stream: a board that arrives while the stream is busy replaces the same
 * tournament's board waiting to be written, so a slow client holds at most one pending board per tournament and the latest
 * active set. `waiting` is in the order events were last queued (the active set queued after a board goes after it); a
 * board of a tournament that left the active set is dropped. `write` is called after each queueing: it sends what waits
 * unless the stream is busy.
 */
export function newestOnlyQueue(write: () => void) {
  /** The version last queued per tournament ('' for the active set): versions grow, so an older one is never sent after. */
  const sent = new Map<string, number>();
  const waiting = new Map<string, Uint8Array>();
  const queue = (key: string, version: number, event: Uint8Array) => {
    if (version <= (sent.get(key) ?? -1)) return;
    sent.set(key, version);
    // Re-inserted at the end: events go out in the order they were last queued.
    waiting.delete(key);
    waiting.set(key, event);
    write();
  };
  const senders: Pick<LeaderboardSubscriber<LiveBoard>, 'sendActive' | 'send'> = {
    sendActive(active) {
      // A board waiting for a tournament no longer active must not follow the set that dropped it.
      for (const key of waiting.keys()) if (key && !active.tournamentIds.includes(key)) waiting.delete(key);
      queue('', active.version, active.event);
    },
    send(snapshot) {
      const key = snapshot.board.tournament.id;
      // The change alone to a stream that was sent (written, not still waiting) the board it changes; else the whole board.
      const { patch } = snapshot;
      const event = (patch && sent.get(key) === patch.from && !waiting.has(key) && patch.event()) || snapshot.event;
      queue(key, snapshot.version, event);
    },
  };
  return { waiting, senders, queue };
}

export interface LeaderboardFeed<B extends LiveBoard = Leaderboard> {
  /** The current board: the cached one while this process is sure it is current, else computed (404 for no tournament). */
  get(tournamentId: string): Promise<BoardSnapshot<B>>;
  /** Adds a subscriber to every active board and sends it the current ones; answers the function that removes it. */
  subscribe(subscriber: LeaderboardSubscriber<B>): () => void;
  /** This process changed the board: refresh at once (other processes hear it through NOTIFY). */
  changed(tournamentId: string): void;
  subscriberCount(): number;
  /** A request read which tournaments are active (GET /api/leaderboard): subscribers not yet sent that set get it now. */
  sawActive(tournamentIds: string[]): void;
  /**
   * R19, R61: `onChange` is called when the tournament's check-ins change in any process (at most once per debounce window)
   * and when the LISTEN connection comes back (changes may have gone unheard); answers the function that stops it.
   */
  watchCheckIns(tournamentId: string, onChange: () => void): () => void;
  /** Resolves once this process hears other processes' changes (the LISTEN connection is up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface FeedOptions<B extends LiveBoard = Leaderboard> {
  database: Database;
  logger: Logger;
  load?: (tournamentId: string) => Promise<LoadedBoard<B>>;
  /** The NOTIFY channel whose payload is a tournament id whose board changed (the leaderboard's by default). */
  channel?: string;
  /** The SSE event name each board goes out as (`leaderboard` by default). */
  eventName?: string;
  /** The SSE event name a board's change goes out as, to a stream that has the board before it; none: whole boards only. */
  patchEventName?: string;
  /** The ids of the active tournaments, in the order they are shown. */
  listActive?: () => Promise<string[]>;
  /**
   * At most one refresh per board in this window: the first change after a quiet window is pushed at once, the changes
   * that follow within it make one refresh at its end (docs/decisions/042).
   */
  debounceMs?: number;
  heartbeatMs?: number;
  /**
   * While anyone watches, which tournaments are active is read this often: activating or closing one sends no
   * notification, and a clubhouse TV must not need a reload. One small query per process, whatever the subscribers.
   */
  activePollMs?: number;
  /**
   * A cached board older than this is computed again, in the background, on the next request: a safety net for changes
   * that send no notification (a team renamed or deleted, a tournament closed).
   */
  maxAgeMs?: number;
  /** ... or than this many times its build time (20: the safety-net refresh of a big board costs at most ~5% of a core). */
  buildTimeFactor?: number;
}

interface Entry<B extends LiveBoard> {
  /** Grows with every change heard; a cached board is current only if computed at the current generation. */
  generation: number;
  /** staleAfter: when the safety-net refresh is due (see maxAgeMs). */
  cached: { snapshot: BoardSnapshot<B>; generation: number; staleAfter: number } | null;
  computing: { promise: Promise<BoardSnapshot<B>>; generation: number } | null;
  refresh: NodeJS.Timeout | null;
  /** When the last pushed refresh started (Date.now()): the next waits until debounceMs after it. */
  pushedAt: number;
  /**
   * The last board pushed to every subscriber (its version, and its content without updatedAt) while no subscriber has
   * been sent another since: a refresh with the same content is not pushed again (the saving process hears its own save
   * twice, from the route and from its NOTIFY; a second fan-out of the same rows would cost as much as the first).
   */
  pushed: { version: number; content: string } | null;
  /** The board last computed, whatever its generation: a recompute with the same content answers it again (snapshotOf). */
  latest: BoardSnapshot<B> | null;
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function createLeaderboardFeed<B extends LiveBoard = Leaderboard>(options: FeedOptions<B>): LeaderboardFeed<B> {
  const {
    database,
    logger,
    channel = LEADERBOARD_CHANNEL,
    eventName = LEADERBOARD_EVENT,
    patchEventName,
    debounceMs = 100,
    heartbeatMs = 15_000,
    activePollMs = 5_000,
    maxAgeMs = 5_000,
    buildTimeFactor = 20,
  } = options;
  // Without a loader the feed is the leaderboard's (B is then Leaderboard).
  const load = options.load ?? ((id: string) => loadLeaderboard(database.db, id) as unknown as Promise<LoadedBoard<B>>);
  const listActive = options.listActive ?? (() => activeTournamentIds(database.db));
  const entries = new Map<string, Entry<B>>();
  const subscribers = new Set<LeaderboardSubscriber<B>>();
  let version = 0;
  /** The active set last read; trusted while the poll runs (that is, while anyone watches). */
  let active: ActiveSnapshot | null = null;
  let readingActive: Promise<ActiveSnapshot> | null = null;
  let activePoll: NodeJS.Timeout | null = null;
  let listening: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  /** The cache can be trusted only while the LISTEN connection is up: otherwise another process's save could go unheard. */
  let hearing = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;
  let heard!: () => void;
  /** The check-in pages watching each tournament, and the pending call per tournament (one per debounce window). */
  const checkInWatchers = new Map<string, Set<() => void>>();
  const checkInTimers = new Map<string, NodeJS.Timeout>();
  const checkInsChanged = (id: string) => {
    if (closed || !checkInWatchers.has(id) || checkInTimers.has(id)) return;
    const timer = setTimeout(() => {
      checkInTimers.delete(id);
      for (const onChange of checkInWatchers.get(id) ?? []) onChange();
    }, debounceMs);
    timer.unref();
    checkInTimers.set(id, timer);
  };
  const firstReady = new Promise<void>((resolve) => (heard = resolve));

  const entryOf = (id: string) => {
    let entry = entries.get(id);
    if (!entry)
      entries.set(
        id,
        (entry = { generation: 0, cached: null, computing: null, refresh: null, pushedAt: -Infinity, pushed: null, latest: null }),
      );
    return entry;
  };
  const isShown = (id: string) => subscribers.size > 0 && !!active?.tournamentIds.includes(id);

  function listen() {
    listening ??= database
      .listen(channel, {
        // The leaderboard's channel also carries check-ins (R61's live count at the table), marked by their prefix.
        onNotify: (payload) =>
          payload.startsWith(CHECK_INS_PREFIX) ? checkInsChanged(payload.slice(CHECK_INS_PREFIX.length)) : changed(payload),
        onReady: () => {
          hearing = true;
          heard();
          // Saves made while the connection was down went unheard: every board may be stale.
          for (const id of entries.keys()) changed(id);
          for (const id of checkInWatchers.keys()) checkInsChanged(id);
        },
        onLost: (error) => {
          hearing = false;
          logger.warn('leaderboard: LISTEN connection lost, re-opening', errorFields(error));
        },
      })
      .then(({ stop }) => {
        if (closed) return void stop();
        stopListening = stop;
      })
      .catch((error: Error) => {
        listening = null;
        logger.error('leaderboard: cannot LISTEN', errorFields(error));
      });
  }

  /** One computation at a time per tournament; callers wanting the same generation share it. */
  async function compute(id: string, entry: Entry<B>): Promise<BoardSnapshot<B>> {
    while (entry.computing) {
      if (entry.computing.generation === entry.generation) return entry.computing.promise;
      await entry.computing.promise.catch(() => undefined);
    }
    const generation = entry.generation;
    const promise = (async () => {
      const next = ++version;
      const started = Date.now();
      const snapshot = snapshotOf(await load(id), next, entry.latest, { eventName, patchEventName });
      entry.latest = snapshot;
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
      if (error instanceof AppError && error.code === 'NOT_FOUND' && !isShown(id)) entries.delete(id);
      throw error;
    } finally {
      if (entry.computing?.promise === promise) entry.computing = null;
    }
  }

  async function get(id: string): Promise<BoardSnapshot<B>> {
    listen();
    const entry = entryOf(id);
    const cached = entry.cached;
    if (hearing && cached && cached.generation === entry.generation) {
      // No change heard, only old: answer it and refresh behind (a 3,600-team board takes a second to build).
      if (Date.now() >= cached.staleAfter && !entry.computing) {
        compute(id, entry).catch((error: Error) => logger.warn('leaderboard: refresh failed', { tournamentId: id, ...errorFields(error) }));
      }
      return cached.snapshot;
    }
    return compute(id, entry);
  }

  /** Sends a board to the given subscribers if it is (still) one of the active ones; answers whether it did. */
  function sendBoard(snapshot: BoardSnapshot<B>, to: Iterable<LeaderboardSubscriber<B>>): boolean {
    if (!snapshot.active || !active?.tournamentIds.includes(snapshot.board.tournament.id)) return false;
    for (const subscriber of to) if (subscribers.has(subscriber)) subscriber.send(snapshot);
    return true;
  }

  /** Sends the active boards to the given subscribers, each as soon as it is ready. */
  function sendBoards(ids: string[], to: LeaderboardSubscriber<B>[]) {
    for (const id of ids) {
      get(id).then(
        (snapshot) => {
          const entry = entries.get(id);
          if (entry?.pushed && entry.pushed.version !== snapshot.version) entry.pushed = null;
          sendBoard(snapshot, to);
        },
        (error: Error) => logger.error('leaderboard: board failed', { tournamentId: id, ...errorFields(error) }),
      );
    }
  }

  /** Reads which tournaments are active; when that changed, tells every subscriber and sends them the boards that joined. */
  function readActive(): Promise<ActiveSnapshot> {
    readingActive ??= (async () => {
      try {
        return adopt(await listActive());
      } finally {
        readingActive = null;
      }
    })();
    return readingActive;
  }

  /** The active set is now `ids`: when that changed, tells every subscriber and sends them the boards that joined. */
  function adopt(ids: string[]): ActiveSnapshot {
    const before = active;
    if (before && sameIds(before.tournamentIds, ids)) return before;
    active = activeSnapshotOf(ids, ++version);
    // A board cached while its tournament was closed (or open) says so: build it again.
    const moved = [
      ...ids.filter((id) => !before?.tournamentIds.includes(id)),
      ...(before?.tournamentIds.filter((id) => !ids.includes(id)) ?? []),
    ];
    for (const id of moved) {
      const entry = entries.get(id);
      if (entry) entry.generation++;
    }
    if (closed) return active;
    for (const subscriber of subscribers) subscriber.sendActive(active);
    if (before)
      sendBoards(
        ids.filter((id) => !before.tournamentIds.includes(id)),
        [...subscribers],
      );
    return active;
  }

  /**
   * A request read the active set itself (GET /api/leaderboard): a set the subscribers were not sent goes to them at
   * once. Otherwise a page could show a board its stream never heard of: activated, fetched by the page, and closed again
   * between two polls, the poll sees no change and the page keeps the board for ever (the leaderboard journey, run alone).
   */
  function sawActive(ids: string[]) {
    if (closed || subscribers.size === 0 || !active || sameIds(active.tournamentIds, ids)) return;
    adopt(ids);
  }

  function changed(id: string) {
    const entry = entries.get(id);
    // Nobody here has this board cached or open.
    if (!entry || closed) return;
    entry.generation++;
    if (isShown(id) && !entry.refresh) {
      // A timer even when due now: the changes of the same tick (a burst) are all counted in before it computes.
      entry.refresh = setTimeout(
        () => {
          entry.refresh = null;
          entry.pushedAt = Date.now();
          void push(id, entry);
        },
        Math.max(0, entry.pushedAt + debounceMs - Date.now()),
      );
      entry.refresh.unref();
    }
  }

  async function push(id: string, entry: Entry<B>) {
    try {
      const snapshot = await compute(id, entry);
      const { updatedAt: _, ...rows } = snapshot.board;
      const content = JSON.stringify(rows);
      if (entry.pushed?.content === content) return;
      entry.pushed = sendBoard(snapshot, subscribers) ? { version: snapshot.version, content } : null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        // Deleted: the active set no longer has it.
        entries.delete(id);
        readActive().catch(() => undefined);
        return;
      }
      logger.error('leaderboard: refresh failed', { tournamentId: id, ...errorFields(error) });
    }
  }

  function subscribe(subscriber: LeaderboardSubscriber<B>) {
    listen();
    subscribers.add(subscriber);
    heartbeat ??= setInterval(() => {
      for (const each of subscribers) each.heartbeat();
    }, heartbeatMs).unref();
    activePoll ??= setInterval(() => {
      readActive().catch((error: Error) => logger.warn('leaderboard: cannot read the active tournaments', errorFields(error)));
    }, activePollMs).unref();
    // The set read by the running poll is current enough; a first subscriber reads it afresh.
    const current = active && subscribers.size > 1 ? Promise.resolve(active) : readActive();
    current.then(
      (set) => {
        if (!subscribers.has(subscriber)) return;
        subscriber.sendActive(set);
        sendBoards(set.tournamentIds, [subscriber]);
      },
      (error: Error) => logger.error('leaderboard: cannot read the active tournaments', errorFields(error)),
    );
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) {
        if (heartbeat) clearInterval(heartbeat);
        if (activePoll) clearInterval(activePoll);
        heartbeat = activePoll = null;
        active = null;
      }
    };
  }

  return {
    get,
    subscribe,
    changed,
    subscriberCount: () => subscribers.size,
    sawActive,
    watchCheckIns(tournamentId, onChange) {
      listen();
      let watchers = checkInWatchers.get(tournamentId);
      if (!watchers) checkInWatchers.set(tournamentId, (watchers = new Set()));
      watchers.add(onChange);
      return () => {
        watchers.delete(onChange);
        if (watchers.size === 0 && checkInWatchers.get(tournamentId) === watchers) checkInWatchers.delete(tournamentId);
      };
    },
    ready() {
      listen();
      return firstReady;
    },
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      if (activePoll) clearInterval(activePoll);
      for (const entry of entries.values()) if (entry.refresh) clearTimeout(entry.refresh);
      for (const timer of checkInTimers.values()) clearTimeout(timer);
      checkInWatchers.clear();
      for (const subscriber of subscribers) subscriber.close(closingEvent());
      subscribers.clear();
      await listening;
      await stopListening?.();
    },
  };
}
