// Which cached sessions this process may still trust (R33 with a cache, docs/decisions/065). The database tells every
// process of each change to a session or a user at commit (triggers NOTIFY 'u:<user id>' on `golf_sessions`, migration
// 0002); this module hears them and answers two questions:
//  - trusted(): may a cached session be used now, i.e. has this process certainly heard every change committed before
//    this request arrived? On PGlite, yes while it listens: one process, and its notifications are handed over with the
//    commit that made them. On PostgreSQL notifications travel on a connection of their own and may be late, so the
//    process holds a lease: it sends itself a heartbeat NOTIFY every HEARTBEAT_MS, noting when it sent it, and trusts its
//    cache only while one it sent at most LEASE_MS ago has come back. PostgreSQL delivers notifications in commit order,
//    so a heartbeat sent after a change committed comes back only after that change's notification, which evicts first.
//  - settle(): called by every write before it answers (app.ts). It returns once no process can serve what the write ended or
//    changed (a session, a user's cached answers) from a cache any more: either every process that may hold a lease has acknowledged a barrier sent after the change (the
//    usual case: a few milliseconds), or LEASE_MS has passed since the change committed, after which any process that
//    still trusts its cache has heard a heartbeat it sent after the change, hence the change too.
// The same channel carries changes to what a user's own answers show ('d:<user id>', 'd*' for everyone's; migration 0008),
// for the per-user answer cache (http/per-user-cache.ts): onDataChange; and changes to the organisation's settings ('o', sent
// by the settings' own write: settings/organisation.ts): onSettingsChange.
// The proof, and why the live set below is complete, is in docs/decisions/065.
import { randomBytes } from 'node:crypto';
import type { Database, Listener } from '../db/connect';
import { errorFields, type Logger } from '../logger';

export const SESSION_CHANNEL = 'golf_sessions';
const HEARTBEAT_MS = 250;
export const LEASE_MS = 1_000;
/** Added to LEASE_MS where another process's clock is involved (clock rates differ a little; events are noted late). */
const MARGIN_MS = 100;
/** Heartbeats stop after this long without a signed-in request (an idle process sends nothing; its lease lapses). */
const IDLE_MS = 60_000;

export interface SessionChanges {
  /** Whether a session cached now may be used now (see above). Cheap: called on every signed-in request. */
  trusted(): boolean;
  /** Grows with every eviction: a session read from the database is cached only if it did not move during the read. */
  generation(): number;
  /** Every cached session of this user must go; `null`: every cached session. */
  onChange(evict: (userId: string | null) => void): void;
  /** Every cached answer built from this user's rows must go ('d:<user id>'); `null`: every user's. */
  onDataChange(evict: (userId: string | null) => void): void;
  /** The organisation's settings changed ('o'): a cached copy must go. */
  onSettingsChange(evict: () => void): void;
  /** Resolves once no process serves a session ended, or an answer changed, before this call from its cache (see above). */
  settle(): Promise<void>;
  /** Resolves once this process hears the channel (tests). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function createSessionChanges(options: {
  database: Database;
  logger: Logger;
  heartbeatMs?: number;
  leaseMs?: number;
}): SessionChanges {
  const { database, logger, heartbeatMs = HEARTBEAT_MS, leaseMs = LEASE_MS } = options;
  const me = randomBytes(6).toString('hex');
  const evictions: ((userId: string | null) => void)[] = [];
  const dataEvictions: ((userId: string | null) => void)[] = [];
  const settingsEvictions: (() => void)[] = [];
  let generation = 0;
  let listener: Listener | null = null;
  let starting: Promise<void> | null = null;
  let listening = false;
  let closed = false;
  // PostgreSQL's lease: heartbeats this process sent (sequence → when), and when the newest one that came back was sent.
  let heartbeat: NodeJS.Timeout | null = null;
  let heartbeatSeq = 0;
  let heartbeatInFlight = false;
  const heartbeatSentAt = new Map<number, number>();
  let leaseFrom = -Infinity;
  let lastUse = -Infinity;
  /** Other processes: when their last heartbeat was heard here. */
  const heardFrom = new Map<string, number>();
  /** Barriers this process sent and is waiting on. */
  const barriers = new Map<number, { returned: boolean; waitingFor: Set<string>; done: () => void }>();
  let barrierSeq = 0;
  /** The barrier the writes of this turn of the event loop will share (settle). */
  let batch: Promise<void> | null = null;
  let heard!: () => void;
  const firstReady = new Promise<void>((resolve) => (heard = resolve));

  const evict = (userId: string | null) => {
    generation++;
    for (const each of evictions) each(userId);
  };
  const evictData = (userId: string | null) => {
    generation++;
    for (const each of dataEvictions) each(userId);
  };
  const evictSettings = () => {
    generation++;
    for (const each of settingsEvictions) each();
  };
  /** Notifications may have been lost (connection down or re-opened): nothing cached can be trusted. */
  const forgetAll = () => {
    listening = false;
    leaseFrom = -Infinity;
    heartbeatSentAt.clear();
    evict(null);
    evictData(null);
    evictSettings();
  };

  function onNotify(payload: string) {
    const [kind, from, seqText, acker] = payload.split(':');
    if (kind === 'u' && payload.length > 2) return evict(payload.slice(2));
    if (payload === '*') return evict(null);
    if (kind === 'd' && payload.length > 2) return evictData(payload.slice(2));
    if (payload === 'd*') return evictData(null);
    if (payload === 'o') return evictSettings();
    const seq = Number(seqText);
    if (kind === 'h') {
      if (from !== me) return void heardFrom.set(from!, now());
      const sentAt = heartbeatSentAt.get(seq);
      if (sentAt === undefined) return;
      for (const key of heartbeatSentAt.keys()) if (key <= seq) heartbeatSentAt.delete(key);
      leaseFrom = Math.max(leaseFrom, sentAt);
    } else if (kind === 'b') {
      if (from === me) return barrierReturned(seq);
      // Heard after everything committed before the barrier, so after the changes it follows: acknowledge.
      void listener?.notify(`a:${from}:${seq}:${me}`).catch(() => undefined);
    } else if (kind === 'a' && from === me) {
      const barrier = barriers.get(seq);
      barrier?.waitingFor.delete(acker!);
      if (barrier?.returned && barrier.waitingFor.size === 0) barrier.done();
    }
  }

  /**
   * The barrier came back: every heartbeat committed before it has been heard. A process heard from within the lease (and
   * margin) may still trust its cache and must acknowledge; any other one's lease has lapsed, and any heartbeat it sends
   * now commits after the change, so it hears the change before it trusts its cache again.
   */
  function barrierReturned(seq: number) {
    const barrier = barriers.get(seq);
    if (!barrier) return;
    barrier.returned = true;
    const since = now() - leaseMs - MARGIN_MS;
    for (const [process, at] of heardFrom) {
      if (at >= since) barrier.waitingFor.add(process);
      else heardFrom.delete(process);
    }
    if (barrier.waitingFor.size === 0) barrier.done();
  }

  /** A barrier sent now, after every change it settles committed: see settle(). */
  async function barrier(): Promise<void> {
    if (closed) return;
    const deadline = now() + leaseMs + MARGIN_MS;
    if (!listening || !listener) return sleep(deadline - now());
    const seq = ++barrierSeq;
    let done!: () => void;
    const acknowledged = new Promise<void>((resolve) => (done = resolve));
    barriers.set(seq, { returned: false, waitingFor: new Set(), done });
    let timer: NodeJS.Timeout | undefined;
    try {
      await listener.notify(`b:${me}:${seq}`).catch(() => undefined);
      await Promise.race([acknowledged, new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - now())))]);
    } finally {
      clearTimeout(timer);
      barriers.delete(seq);
    }
  }

  function start(): Promise<void> {
    starting ??= database
      .listen(SESSION_CHANNEL, {
        onNotify,
        onReady: () => {
          forgetAll();
          listening = true;
          heard();
        },
        onLost: (error) => {
          forgetAll();
          logger.warn('sessions: LISTEN connection lost, re-opening (sessions are read from the database meanwhile)', errorFields(error));
        },
      })
      .then((opened) => {
        if (closed) return void opened.stop();
        listener = opened;
      })
      .catch((error: Error) => {
        starting = null;
        logger.error('sessions: cannot LISTEN (sessions are read from the database)', errorFields(error));
      });
    return starting;
  }

  function sendHeartbeat() {
    if (now() - lastUse > IDLE_MS) {
      clearInterval(heartbeat!);
      heartbeat = null;
      return;
    }
    if (!listening || !listener || heartbeatInFlight) return;
    const seq = ++heartbeatSeq;
    heartbeatSentAt.set(seq, now());
    heartbeatInFlight = true;
    listener
      .notify(`h:${me}:${seq}`)
      .catch(() => heartbeatSentAt.delete(seq))
      .finally(() => (heartbeatInFlight = false));
  }

  // At once, not on first use: a process whose first act is to end a session (a sign-out) settles quickly only if it listens.
  void start();

  return {
    ready: () => firstReady,
    trusted() {
      lastUse = now();
      if (!listening) {
        void start();
        return false;
      }
      if (database.kind === 'pglite') return true;
      if (!heartbeat) {
        heartbeat = setInterval(sendHeartbeat, heartbeatMs).unref();
        sendHeartbeat();
      }
      return now() - leaseFrom <= leaseMs;
    },
    generation: () => generation,
    onChange(each) {
      evictions.push(each);
    },
    onDataChange(each) {
      dataEvictions.push(each);
    },
    onSettingsChange(each) {
      settingsEvictions.push(each);
    },
    settle() {
      // PGlite hands a commit's notifications over before the commit's own answer: already applied. Not listening:
      // nothing is cached here.
      if (database.kind === 'pglite' || closed) return Promise.resolve();
      // Every write settles (app.ts), so writes that end in the same turn of the event loop share one barrier, sent after
      // all of their commits.
      batch ??= new Promise<void>((resolve) =>
        setImmediate(() => {
          batch = null;
          void barrier().then(resolve);
        }),
      );
      return batch;
    },
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      for (const barrier of barriers.values()) barrier.done();
      await starting;
      await listener?.stop();
      listening = false;
    },
  };
}
