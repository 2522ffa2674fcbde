// A worker's embedded test database, kept from one test file to the next (docs/decisions/141). Loading the run's 40 MB
// migrated dump took 0.6 CPU-s a file (105 opens: a quarter of the embedded run's CPU). A file that closes its database
// hands the client back instead: its view of it stops working at once (a timer the file left running cannot write into
// the next file's data), then the client is put back as the dump left it (every table emptied and refilled with the
// dump's own rows, sequences set back, listeners and advisory locks dropped) and checked: the same schema and the same
// rows as the dump, or it is closed and the next file loads the dump as before.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { embeddedDatabase, openDatabase, type Database, type Db } from '../db/connect';
import { fingerprint } from './db-fingerprint';

/** The catalog's user objects, as the dump made them: a client whose schema a file changed is not kept. */
const USER_NAMESPACES = `select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
  and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'`;
const SCHEMA_DIGEST = `select md5(coalesce(string_agg(x, '|' order by x), '')) as digest from (
  select 'r ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || coalesce((
    select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || a.attgenerated::text
      || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as x
  from pg_class c where c.relnamespace in (${USER_NAMESPACES})
  union all select 'i ' || pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid
    where c.relnamespace in (${USER_NAMESPACES})
  union all select 'c ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
    where connamespace in (${USER_NAMESPACES})
  union all select 't ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
  union all select 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p where p.pronamespace in (${USER_NAMESPACES})
  union all select 'e ' || enumtypid::regtype::text || ' ' || enumlabel from pg_enum
  union all select 'n ' || nspname from pg_namespace where oid in (${USER_NAMESPACES})
) objects`;
const TABLES = `select c.oid::regclass::text as name from pg_class c
  where c.relkind in ('r', 'p') and c.relnamespace in (${USER_NAMESPACES}) order by 1`;
const SEQUENCES = `select c.oid::regclass::text as name from pg_class c where c.relkind = 'S' and c.relnamespace in (${USER_NAMESPACES}) order by 1`;
/** A table's columns that can be written (not generated). */
const WRITABLE_COLUMNS = `select quote_ident(attname) as name from pg_attribute
  where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`;

/** What the dump holds beyond its schema: the rows (as JSON) of the tables that have any, and every sequence's place. */
interface Baseline {
  schema: string;
  tables: string[];
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; lastValue: string; called: boolean }[];
  /** Every table's row count and content hash (fingerprint), to check a reset against. */
  data: string;
}

/** The client kept for the next file (one per worker; a file with two databases open loads the second), and the dump's state. */
let kept: PGlite | null = null;
let baseline: Baseline | null = null;

/** This worker's opens so far: dumps loaded, and kept clients handed out again (kept-database.test.ts). */
export const keptDatabaseOpens = { loaded: 0, reused: 0 };

async function rowsOf<T>(client: PGlite, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(text, values)).rows;
}

const schemaDigest = async (client: PGlite) => (await rowsOf<{ digest: string }>(client, SCHEMA_DIGEST))[0]!.digest;

/** Every table's row count and content hash (db-fingerprint.ts), over a drizzle handle of the client's own. */
const handles = new WeakMap<PGlite, Db>();
async function dataDigest(client: PGlite): Promise<string> {
  let db = handles.get(client);
  if (!db) handles.set(client, (db = drizzle({ client }) as unknown as Db));
  return JSON.stringify(await fingerprint(db));
}

async function baselineOf(client: PGlite): Promise<Baseline> {
  const schema = await schemaDigest(client);
  const tables = (await rowsOf<{ name: string }>(client, TABLES)).map((t) => t.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const [{ json }] = await rowsOf<{ json: string }>(client, `select coalesce(jsonb_agg(t), '[]')::text as json from ${table} t`);
    if (json === '[]') continue;
    const columns = (await rowsOf<{ name: string }>(client, WRITABLE_COLUMNS, [table])).map((c) => c.name);
    rows.push({ table, columns, json });
  }
  const sequences: Baseline['sequences'] = [];
  for (const { name } of await rowsOf<{ name: string }>(client, SEQUENCES)) {
    const [place] = await rowsOf<{ lastValue: string; called: boolean }>(
      client,
      `select last_value::text as "lastValue", is_called as called from ${name}`,
    );
    sequences.push({ name, ...place! });
  }
  return { schema, tables, rows, sequences, data: await dataDigest(client) };
}

/** Puts the client back as the dump left it; false when it cannot be (its schema was changed): then it is not kept. */
async function resetTo(client: PGlite, dump: Baseline): Promise<boolean> {
  if ((await schemaDigest(client)) !== dump.schema) return false;
  await client.exec(`unlisten *; select pg_advisory_unlock_all(); discard temp; reset all`);
  await client.transaction(async (tx) => {
    // No triggers (nor the foreign keys' own) while the dump's rows go back: they were consistent when it was made.
    await tx.exec(`set local session_replication_role = replica; truncate ${dump.tables.join(', ')} restart identity cascade`);
    for (const { table, columns, json } of dump.rows) {
      const list = columns.join(', ');
      await tx.query(
        `insert into ${table} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${table}, $1::jsonb)`,
        [json],
      );
    }
    for (const { name, lastValue, called } of dump.sequences)
      await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, lastValue, called]);
  });
  return (await dataDigest(client)) === dump.data;
}

/**
 * A file's view of a kept client: every call works as on the client until `revoke`, then throws. Listeners added through
 * it are removed at `revoke` (PGlite keeps them per client, and the next file's notifications would reach them).
 */
function revocableView(client: PGlite) {
  let revoked = false;
  const unlistens = new Set<() => Promise<void>>();
  const closedError = () => new Error('This test database was closed: its test file is over.');
  const view = new Proxy(client, {
    get(target, key) {
      if (key === 'closed') return revoked || target.closed;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          if (revoked) throw closedError();
          const unlisten = await target.listen(...args);
          const once = async () => {
            if (unlistens.delete(once) && !target.closed) await unlisten();
          };
          unlistens.add(once);
          return once;
        };
      }
      return (...args: unknown[]) => {
        if (revoked) throw closedError();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    view,
    async revoke() {
      revoked = true;
      for (const unlisten of [...unlistens]) await unlisten();
    },
  };
}

/** Settles with `work`, or with false after `ms` (a file that left a transaction waiting forever holds the client). */
const within = (work: Promise<boolean>, ms: number) =>
  Promise.race([work, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

/** An embedded test database from the run's dump: the worker's kept client when it has one, else the dump loaded. */
export async function openKeptDatabase(dump: Blob): Promise<Database> {
  let client = kept;
  kept = null;
  if (client) keptDatabaseOpens.reused++;
  else {
    keptDatabaseOpens.loaded++;
    const opened = await openDatabase({ databaseUrl: null, dataDir: null, loadDataDir: dump });
    client = (opened.db as unknown as { $client: PGlite }).$client;
    baseline ??= await baselineOf(client);
  }
  const own = client;
  const { view, revoke } = revocableView(own);
  return embeddedDatabase(view, async () => {
    await revoke();
    if (own.closed) return;
    if (kept !== null || baseline === null) return own.close();
    const reset = await within(
      resetTo(own, baseline).catch(() => false),
      10_000,
    );
    if (reset && kept === null) kept = own;
    // (Not awaited when the reset gave up: the client is then busy with what the file left, and its close would wait.)
    else void own.close().catch(() => {});
  });
}
