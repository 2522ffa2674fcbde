// Puts a backup into an empty database of either kind (R46): the file is checked first, then, in ONE transaction, the
// backup's own schema is built (its migrations), the rows are loaded parents first and compared table by table with the
// header's checksums. Anything refused or failing rolls back: nothing changes. The caller then runs the usual migrator,
// which brings an older backup forward exactly as a server start would (R47).
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database, type Db } from '../db/connect';
import * as schema from '../db/schema';
import {
  BackupRefused,
  readBackupRows,
  setPortableOutput,
  summarizeTables,
  tablesInLoadOrder,
  verifyBackupFile,
  type BackupHeader,
} from './backup-file';
import { applyMigrations, isKnownVersion, latestVersion } from './schema-version';

export type VerifiedBackup = Awaited<ReturnType<typeof verifyBackupFile>> & { path: string };

/**
 * Everything that can be checked before the target is opened: the file is whole and unaltered (its checksum), and its schema
 * is one this version can build (a newer one is refused).
 */
export async function checkBackupFile(path: string): Promise<VerifiedBackup> {
  const verified = await verifyBackupFile(path);
  const { schema: theirs } = verified.header;
  if (!isKnownVersion(theirs)) {
    const ours = latestVersion();
    if (theirs.migrations > ours.migrations || theirs.when > ours.when)
      throw new BackupRefused(
        `${path} comes from a newer version of the portal (schema ${theirs.tag || theirs.migrations}; this one has ${ours.tag}): update the portal first. Nothing was changed.`,
      );
    throw new BackupRefused(`${path} has a schema this version of the portal does not know (${theirs.tag}). Nothing was changed.`);
  }
  return { ...verified, path };
}

/** The portal's own tables (any version's); a target holding others is not ours to replace. */
const PORTAL_TABLES = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);

/** Restores a checked backup into `database`, which must hold no rows. Answers the header of what was restored. */
export async function restoreBackup(database: Database, backup: VerifiedBackup): Promise<BackupHeader> {
  const { header } = backup;
  const db = database.db;
  const present = await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`);
  const foreign = present.map((t) => t.name).filter((name) => !PORTAL_TABLES.has(name) && !header.tables.some((t) => t.name === name));
  if (foreign.length)
    throw new BackupRefused(
      `The target database holds tables that are not the portal's (${foreign.slice(0, 3).join(', ')}): restore into an empty database. Nothing was changed.`,
    );
  for (const { name } of present) {
    const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${sql.identifier(name)}) as any`);
    if (row!.any)
      throw new BackupRefused(
        `The target database is not empty (table ${name} has rows): restore only into an empty database. Nothing was changed.`,
      );
  }

  await db.transaction(async (tx) => {
    await setPortableOutput(tx);
    // An empty database may already hold the portal's tables (a server started on it once): they are rebuilt at the
    // backup's schema version, which may be older than theirs.
    for (const { name } of present) await tx.execute(sql`drop table if exists ${sql.identifier(name)} cascade`);
    await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
    await applyMigrations(tx, 0, header.schema.migrations);

    const built = await tablesInLoadOrder(tx);
    const listed = header.tables.map((t) => t.name);
    if (built.length !== listed.length || built.some((name) => !listed.includes(name)))
      throw new BackupRefused(`The backup's tables do not match its schema ${header.schema.tag}. Nothing was changed.`);

    for await (const batch of readBackupRows(backup.path, backup)) await insertRows(tx, batch.table, batch.rows);

    const loaded = await summarizeTables(tx, listed);
    const differs = loaded.find((table, i) => table.rows !== header.tables[i]!.rows || table.md5 !== header.tables[i]!.md5);
    if (differs)
      throw new BackupRefused(`The rows loaded into ${differs.name} differ from the backup's (its checksum). Nothing was changed.`);
  });
  return header;
}

/** One statement per batch: the rows' JSON objects become rows of the table (columns matched by name). */
async function insertRows(tx: Db, table: string, rows: string[]) {
  await tx.execute(
    sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
  );
}
