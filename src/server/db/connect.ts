// Opens the database the settings select: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR (R1, R2).
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import { makePrivateDir, makeTreePrivate } from './private-files';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * One statement on the hot path, without drizzle's query building: a named prepared statement on PostgreSQL (parsed
   * and planned once per pool connection), PGlite's extended protocol otherwise. Answers the rows as the driver parsed them.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /**
   * Receives NOTIFY on `channel` from every process (R4), on PostgreSQL through one dedicated connection per call, opened
   * in the background (onReady says when).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** The connections now (GET /metrics, R52). */
  pool(): PoolFigures;
  close(): Promise<void>;
}

/**
 * PostgreSQL's pool: connections open, idle among them, queries waiting for one, and the most it opens. The embedded
 * database is one connection inside the process (transactions take turns on it): open and max 1, idle and waiting unknown.
 */
export interface PoolFigures {
  open: number;
  max: number;
  idle: number | null;
  waiting: number | null;
}

export interface Listener {
  stop(): Promise<void>;
  /**
   * NOTIFY on the listened channel through the listening connection itself (PostgreSQL: without waiting for the WAL to
   * reach disk, as notifications are not kept anyway); fails while that connection is down. Every listener, this one
   * included, hears it after everything committed before it (PostgreSQL delivers in commit order).
   */
  notify(payload: string): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** Listening (again): notifications sent while the connection was down are lost, so refresh whatever they feed. */
  onReady?(): void;
  /** The connection dropped; it is being re-opened. */
  onLost?(error: Error): void;
}

/** Waits between attempts to re-open a lost LISTEN connection. */
const RELISTEN_DELAYS_MS = [100, 500, 1000, 2000, 5000];

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl: string | null;
  /** A folder for PGlite, or null for an in-memory database. */
  dataDir: string | null;
  /** For tests: a PGlite data dump (from dumpDataDir) to start from instead of an empty database. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
    pool.on('error', (error) => console.error('[db] idle client error:', error.message));
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query<T & import('pg').QueryResultRow>({ name, text, values })).rows,
      async listen(channel, handlers) {
        const listener = listenOnPostgres(pg, options.databaseUrl!, channel, handlers);
        const remove = async () => {
          listeners.delete(remove);
          await listener.stop();
        };
        listeners.add(remove);
        return { stop: remove, notify: listener.notify };
      },
      pool: () => ({ open: pool.totalCount, max, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let unlock = () => {};
  // The folder holds every password hash and, in its WAL, live sessions: the portal's user's alone (0700, files 0600,
  // decision 092), whatever the umask. A folder an earlier version left open is closed before the database opens.
  if (options.dataDir) {
    makePrivateDir(options.dataDir);
    unlock = lockDataDir(options.dataDir);
    makeTreePrivate(options.dataDir);
  }
  try {
    // 16 MB of shared buffers instead of PostgreSQL's 128 MB: a charity's data fits, and the process idles ~120 MB lighter.
    const startParams = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', 'shared_buffers=16MB'];
    const client = await PGlite.create(options.dataDir ?? undefined, { loadDataDir: options.loadDataDir, startParams });
    // PGlite writes a new database's files 0666 and rewrites its relation cache files 0644 at every start; the files
    // PostgreSQL creates afterwards (tables, WAL segments) are 0600 already.
    if (options.dataDir) makeTreePrivate(options.dataDir);
    return await embeddedDatabase(client, async () => {
      await client.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * The Database over an open PGlite client; `close` is what closing it does (the client's own close, and the folder's
 * lock). The tests' kept databases hand a file a revocable view of a client they reuse (src/server/test/kept-database.ts).
 */
export async function embeddedDatabase(client: PGlite, close: () => Promise<void>): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    prepared: async <T>(_name: string, text: string, values: unknown[]) => (await client.query<T>(text, values)).rows,
    // One in-process connection: its notifications cannot be lost, so it is ready at once.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onReady?.();
      return {
        stop: async () => {
          if (!client.closed) await unlisten();
        },
        notify: async (payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
      };
    },
    pool: () => ({ open: client.closed ? 0 : 1, max: 1, idle: null, waiting: null }),
    close,
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/**
 * A query built once per database, for the hot paths: drizzle builds a query's SQL on every call otherwise (a fifth of a
 * signed-in read's time, docs/decisions/065). `build` answers the query's `.prepare(name)` with `sql.placeholder`s.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}

/** Runs raw SQL and answers its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One dedicated connection outside the pool that LISTENs on `channel` (a pooled connection would be handed to queries).
 * Opened in the background and re-opened after a drop, with growing pauses, until stopped; onReady says when it listens.
 */
function listenOnPostgres(pg: typeof import('pg').default, url: string, channel: string, handlers: ListenHandlers): Listener {
  let client: import('pg').Client | null = null;
  /** The client once it listens (notify sends through it), until it ends. */
  let live: import('pg').Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    let listening = false;
    // An error on an idle client (server restart, network) ends it; 'end' then re-opens it.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    next.once('end', () => {
      if (live === next) live = null;
      if (!listening || stopped) return;
      client = null;
      handlers.onLost?.(new Error('LISTEN connection ended'));
      schedule();
    });
    try {
      await next.connect();
      // Its own NOTIFYs (Listener.notify) need not wait for a disk flush: a notification is never kept.
      await next.query('set synchronous_commit = off');
      await next.query(`listen ${quoteIdentifier(channel)}`);
    } catch (error) {
      client = null;
      void next.end().catch(() => undefined);
      if (!stopped) handlers.onLost?.(error as Error);
      schedule();
      return;
    }
    if (stopped) return void next.end().catch(() => undefined);
    listening = true;
    live = next;
    attempt = 0;
    handlers.onReady?.();
  };
  const schedule = () => {
    if (stopped) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(attempt++, RELISTEN_DELAYS_MS.length - 1)]!;
    retry = setTimeout(() => void open(), delay);
    retry.unref();
  };

  void open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = live = null;
      await current?.end().catch(() => undefined);
    },
    async notify(payload) {
      if (!live) throw new Error(`not listening on ${channel}`);
      await live.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
