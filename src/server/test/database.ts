// A freshly migrated database of its own for each test file: PGlite in memory (a worker's kept one, emptied back to the
// migrated dump between files: kept-database.ts), or a new PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { inject, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../db/connect';
import { openKeptDatabase } from './kept-database';

/** Chosen once by global-setup.ts and handed to every test file. */
export type TestDatabaseTarget =
  | { kind: 'pglite'; dumpPath: string | null }
  | { kind: 'postgres'; url: string; /** a migrated database to copy (global-setup.ts), or none: migrate */ template?: string };

export interface TestDatabase extends Database {
  /** PostgreSQL only: the URL of this test's own database (for a second app process, or a CLI under test). */
  url: string | null;
}

function target(): TestDatabaseTarget {
  try {
    return inject('testDatabase') ?? { kind: 'pglite', dumpPath: null };
  } catch {
    // Outside a vitest run with our global set-up: migrate from scratch.
    return { kind: 'pglite', dumpPath: null };
  }
}

export const testDatabaseKind = (): 'pglite' | 'postgres' => target().kind;

/**
 * A test that never opens a database of the run's kind (a start refused before it opens one, a command on an embedded
 * folder whatever the run): defined on the embedded run only, so that the PostgreSQL run does not repeat it word for word
 * (docs/decisions/012). Not a skip: on the PostgreSQL run it does not exist.
 */
export function onTheEmbeddedRunOnly(name: string, fn: () => Promise<void>, timeoutMs?: number) {
  if (testDatabaseKind() === 'pglite') it(name, fn, timeoutMs);
}

let dump: Blob | undefined;

/** The run's migrated PGlite dump (global-setup.ts), or undefined on PostgreSQL or without one. */
function migratedDump(): Blob | undefined {
  const where = target();
  if (where.kind !== 'pglite' || !where.dumpPath || !existsSync(where.dumpPath)) return undefined;
  return (dump ??= new Blob([readFileSync(where.dumpPath)]));
}

/**
 * A new embedded data folder `dataDir` (empty or not there yet), migrated, as a server's own: started from the run's
 * migrated dump when there is one, else migrated from nothing. A folder migrated from nothing took 6 CPU-s and 18 s here
 * under load, one from the dump 2 CPU-s and 9 s (docs/decisions/123). For tests that run a server or a command on a folder.
 */
export async function openNewMigratedDataDir(dataDir: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, dataDir, loadDataDir: migratedDump() });
  try {
    // Nothing to do when it came from the dump; the whole migration when it did not.
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const database = await open();
  let closing: Promise<void> | undefined;
  // Closing twice (a test's own close and the file's afterAll) is harmless.
  return { ...database, close: () => (closing ??= database.close()) };
}

async function open(): Promise<TestDatabase> {
  const where = target();
  if (where.kind === 'postgres') return openPostgresTestDatabase(where.url, { template: where.template });
  // (A run that started on older migrations may have had its dump replaced meanwhile: then migrate from scratch.)
  const loadDataDir = migratedDump();
  // The worker's kept database when the last file handed it back, put back as the dump left it (kept-database.ts).
  if (loadDataDir) return { ...(await openKeptDatabase(loadDataDir)), url: null };
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrateDatabase(database);
  return { ...database, url: null };
}

/**
 * A new database with no tables at all (not migrated), of the run's kind or, on a PostgreSQL run, of either kind: what a
 * restore starts from. Closed (and dropped) like any test database.
 */
export async function openEmptyTestDatabase(kind: 'pglite' | 'postgres' = testDatabaseKind()): Promise<TestDatabase> {
  if (kind === 'pglite') return { ...(await openDatabase({ databaseUrl: null, dataDir: null })), url: null };
  const where = target();
  if (where.kind !== 'postgres') throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL');
  return openPostgresTestDatabase(where.url, { migrate: false });
}

/** `template`: a migrated database to copy (global-setup.ts); `migrate: false`: an empty one (no template then). */
async function openPostgresTestDatabase(adminUrl: string, options: { template?: string; migrate?: boolean } = {}): Promise<TestDatabase> {
  const { default: pg } = await import('pg');
  const name = `golf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(options.template ? `create database "${name}" template "${options.template}"` : `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 5 });
  try {
    if (options.migrate !== false) await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await admin(`drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}
