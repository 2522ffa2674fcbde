// Vitest global set-up: decides which database the suite runs on and prepares it once for every test file.
// PGlite (default): migrate one in-memory database, dump it to a cached tarball; each file starts from that dump
// (measured here: 1-4 s per file from the dump, against 3-16 s to create and migrate an empty one).
// PostgreSQL (TEST_DATABASE_URL): each file creates its own database; here we only check the server answers and sweep
// databases that crashed runs left behind.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER } from '../db/connect';
import { alive } from '../db/data-dir-lock';
import type { TestDatabaseTarget } from './database';

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/golf-tests', import.meta.url));
/** Test databases are named golf_test_<base36 ms>_<random>; older than this they belong to a run that died. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url) {
    await sweepStaleDatabases(url);
    project.provide('testDatabase', { kind: 'postgres', url, template: await migratedTemplate(url) });
    return;
  }
  project.provide('testDatabase', { kind: 'pglite', dumpPath: await migratedDump() });
}

/** A hash of the migrations (and of anything else given), naming what was built from them. */
function migrationsHash(...extra: string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part);
  for (const file of listFiles(MIGRATIONS_FOLDER).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex').slice(0, 16);
}

/** A dump of a freshly migrated PGlite database, rebuilt when a migration or PGlite changes. */
async function migratedDump(): Promise<string> {
  const pgliteVersion = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url)), 'utf8'),
  ).version as string;
  const path = join(CACHE_DIR, `pglite-${migrationsHash(pgliteVersion)}.tar`);
  if (existsSync(path)) return path;

  const { migrateDatabase, openDatabase } = await import('../db/connect');
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    await migrateDatabase(database);
    // Uncompressed (about 40 MB): each test file loads it about 0.5 s faster than a gzipped one.
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    mkdirSync(CACHE_DIR, { recursive: true });
    // Dumps of older migrations, and partial files of runs that died: not this dump (a run beside this one may be reading
    // it), and not a running process's partial file (the journeys' and the unit tests' set-ups make theirs at the same
    // moment on a fresh clone: removing the other's failed its rename, ENOENT).
    const current = basename(path);
    for (const old of readdirSync(CACHE_DIR)) {
      const [name, writer] = /^pglite-[0-9a-f]+\.tar(?:\.(\d+)\.partial)?$/.exec(old) ?? [];
      if (name && name !== current && !(writer && alive(Number(writer)))) rmSync(join(CACHE_DIR, old), { force: true });
    }
    // Written aside and renamed, so a run starting at the same moment never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await database.close();
  }
  return path;
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(folder, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/**
 * PostgreSQL: a migrated database every test file copies (`create database … template …`), named by the migrations' hash.
 * Copying it took 0.2-0.8 s here against 0.9-1.3 s to create and migrate an empty database, for each of about 70 files.
 * Built under a name of its own and renamed, so two runs starting together never copy a half-migrated template.
 */
async function migratedTemplate(url: string): Promise<string> {
  const name = `golf_template_${migrationsHash()}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (exists.rowCount) return name;
    const building = `golf_test_${Date.now().toString(36)}_template_${process.pid}`;
    await admin.query(`create database "${building}"`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const { migrateDatabase, openDatabase } = await import('../db/connect');
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    // Another run may have finished its own meanwhile: then ours goes (the sweep drops it later if this fails).
    await admin.query(`alter database "${building}" rename to "${name}"`).catch(() => admin.query(`drop database if exists "${building}"`));
    return name;
  } finally {
    await admin.end();
  }
}

async function sweepStaleDatabases(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL: cannot connect to ${url}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'golf_test_%'`);
    for (const { datname } of rows) {
      const created = parseInt(/^golf_test_([0-9a-z]+)_/.exec(datname)?.[1] ?? '', 36);
      if (Number.isFinite(created) && Date.now() - created > STALE_AFTER_MS) {
        await client.query(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
      }
    }
  } finally {
    await client.end();
  }
}
