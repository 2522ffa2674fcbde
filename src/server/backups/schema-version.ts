// Which migrations a database holds, and applying them inside a caller's transaction (restore builds a backup's schema).
// The bookkeeping is drizzle's own (drizzle.__drizzle_migrations: one row per migration, created_at = the journal's `when`),
// so a database restored here is migrated forward by the server's usual start-up migrator, once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, queryRows, type Db } from '../db/connect';

/** A schema version: how many migrations, and the last one's journal stamp and hash. */
export interface SchemaVersion {
  migrations: number;
  /** The last migration's file name (without .sql), e.g. 0002_backup-copies; '' for none. */
  tag: string;
  /** The journal's `when` of the last migration (what drizzle stores as created_at). */
  when: number;
  hash: string;
}

interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

let cached: Migration[] | undefined;

/** This code's migrations, in order. */
export function knownMigrations(): Migration[] {
  if (cached) return cached;
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const journal = (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }
  ).entries;
  cached = files.map((file, i) => ({ tag: journal[i]!.tag, when: file.folderMillis, hash: file.hash, statements: file.sql }));
  return cached;
}

export function versionAt(count: number): SchemaVersion {
  const last = knownMigrations()[count - 1];
  return last ? { migrations: count, tag: last.tag, when: last.when, hash: last.hash } : { migrations: 0, tag: '', when: 0, hash: '' };
}

export const latestVersion = () => versionAt(knownMigrations().length);

/** The migrations applied to a database (0 when it has none, e.g. a new one), matched against this code's list. */
export async function appliedVersion(db: Db): Promise<SchemaVersion & { known: boolean }> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return { ...versionAt(0), known: true };
  const rows = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by created_at`,
  );
  const known = knownMigrations();
  const last = rows.at(-1);
  if (!last) return { ...versionAt(0), known: true };
  const matches = rows.length <= known.length && rows.every((row, i) => row.hash === known[i]!.hash);
  return matches
    ? { ...versionAt(rows.length), known: true }
    : { migrations: rows.length, tag: '', when: Number(last.created_at), hash: last.hash, known: false };
}

/** Whether a backup's schema is one of this code's versions (same migrations, same files): only those can be rebuilt. */
export function isKnownVersion(version: SchemaVersion): boolean {
  const ours = versionAt(version.migrations);
  return version.migrations <= knownMigrations().length && ours.hash === version.hash && ours.when === version.when;
}

/** Applies migrations `from`+1 … `to` in the caller's transaction and records them as drizzle's migrator does. */
export async function applyMigrations(tx: Db, from: number, to: number): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of knownMigrations().slice(from, to)) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`);
  }
}
