// Puts a backup into an empty database of either kind (R46): the file is checked first, then, in ONE transaction, the
// backup's own schema is built (its migrations), the rows are loaded parents first and compared table by table with the
// header's checksums. Anything refused or failing rolls back: nothing changes. The caller then runs the usual migrator,
// which brings an older backup forward exactly as a server start would (R47).
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { SETUP_IDENTIFIER } from '../setup/setup-identifier';
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
import { isLeftOut } from './left-out';
import { applyMigrations, appliedVersion, isKnownVersion, latestVersion } from './schema-version';

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

/**
 * Tables about the server itself rather than the charity's data: the scheduled-copy records (which copies THIS server wrote
 * to ITS BACKUP_DIR). A restore leaves them empty, whatever the backup holds, so the Data page never shows a copy this
 * server did not write; the next scheduled check writes a copy of the restored data (decision 070).
 */
export const NOT_RESTORED: ReadonlySet<string> = new Set(['backup_copies']);

/**
 * What a first start writes by itself: the generated session secret (kept: no backup holds one, left-out.ts) and the
 * scheduled-copy records (of the empty database, cleared). A target holding any other row is someone's data and is refused.
 */
const WRITTEN_AT_START: Record<string, (db: Db) => Promise<boolean>> = {
  app_settings: async (db) =>
    (await queryRows<{ other: boolean }>(db, sql`select exists (select 1 from app_settings where key <> 'auth_secret') as other`))[0]!
      .other,
  backup_copies: async () => false,
  // While no admin exists, a start writes its one-time setup address (R50); nothing a user made.
  verification: async (db) =>
    (
      await queryRows<{ other: boolean }>(
        db,
        sql`select exists (select 1 from verification where identifier <> ${SETUP_IDENTIFIER}) as other`,
      )
    )[0]!.other,
};

/**
 * Restores a checked backup into `database`, which must hold nothing a user made: an empty database, or one a server has
 * started on (its schema, of any version this code knows, and the rows a start writes by itself). No session, one-time
 * token or secret is restored, even from a file written before backups left them out (left-out.ts): everyone signs in
 * again; the target's own session secret, if it has one, stays. Answers the header of what was restored.
 */
export async function restoreBackup(database: Database, backup: VerifiedBackup): Promise<BackupHeader> {
  const { header } = backup;
  await database.db.transaction(async (tx) => {
    const present = await refuseUnlessEmpty(tx, header);
    const ownSecret = present.includes('app_settings')
      ? await queryRows<{ key: string; value: string }>(tx, sql`select key, value from app_settings where key = 'auth_secret'`)
      : [];
    await setPortableOutput(tx);
    // The target's (empty) tables are rebuilt at the backup's schema version, which may be older than theirs.
    for (const name of present) await tx.execute(sql`drop table if exists ${sql.identifier(name)} cascade`);
    // The migrations' functions too (golf_register_teams): an older migration's CREATE OR REPLACE cannot change the newer
    // one's answer columns. Functions of extensions are not ours to drop.
    const functions = await queryRows<{ signature: string }>(
      tx,
      sql`select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    for (const { signature } of functions) await tx.execute(sql.raw(`drop function if exists ${signature} cascade`));
    await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
    await applyMigrations(tx, 0, header.schema.migrations);

    const built = await tablesInLoadOrder(tx);
    const listed = header.tables.map((t) => t.name);
    if (built.length !== listed.length || built.some((name) => !listed.includes(name)))
      throw new BackupRefused(`The backup's tables do not match its schema ${header.schema.tag}. Nothing was changed.`);

    const leftOut = new Map<string, number>();
    for await (const batch of readBackupRows(backup.path, backup)) {
      if (NOT_RESTORED.has(batch.table)) continue;
      const kept = batch.rows.filter((row) => !isLeftOut(batch.table, row));
      leftOut.set(batch.table, (leftOut.get(batch.table) ?? 0) + batch.rows.length - kept.length);
      if (kept.length) await insertRows(tx, batch.table, kept);
    }
    await continueIdentities(tx);

    // A table some of whose rows were left out (an older file) is checked by its count: its md5 covers the rows left out.
    const restored = header.tables.filter((t) => !NOT_RESTORED.has(t.name));
    const loaded = await summarizeTables(
      tx,
      restored.map((t) => t.name),
    );
    const differs = loaded.find((table, i) => {
      const dropped = leftOut.get(table.name) ?? 0;
      return table.rows !== restored[i]!.rows - dropped || (dropped === 0 && table.md5 !== restored[i]!.md5);
    });
    if (differs)
      throw new BackupRefused(`The rows loaded into ${differs.name} differ from the backup's (its checksum). Nothing was changed.`);
    if (ownSecret.length && built.includes('app_settings'))
      await tx.execute(sql`insert into app_settings (key, value) values ('auth_secret', ${ownSecret[0]!.value})`);
  });
  return header;
}

/**
 * Inside the restore's transaction, with the target's tables locked (a server running on a PostgreSQL target cannot write
 * between the check and the load): refuses a target holding tables that are not the portal's, a schema this code does not
 * know, or any row a user made. Answers the target's tables.
 */
async function refuseUnlessEmpty(tx: Db, header: BackupHeader): Promise<string[]> {
  const present = (
    await queryRows<{ name: string }>(tx, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  ).map((t) => t.name);
  const foreign = present.filter((name) => !PORTAL_TABLES.has(name) && !header.tables.some((t) => t.name === name));
  if (foreign.length)
    throw new BackupRefused(
      `The target database holds tables that are not the portal's (${foreign.slice(0, 3).join(', ')}): restore into an empty database. Nothing was changed.`,
    );
  if (present.length)
    await tx.execute(
      sql`lock table ${sql.join(
        present.map((name) => sql.identifier(name)),
        sql`, `,
      )} in access exclusive mode`,
    );
  const target = await appliedVersion(tx);
  if (!target.known)
    throw new BackupRefused(
      "The target database was set up by a newer version of the portal (its migrations are not this version's): restore with that version. Nothing was changed.",
    );
  for (const name of present) {
    const madeByUser = WRITTEN_AT_START[name] ?? anyRow(name);
    if (await madeByUser(tx))
      throw new BackupRefused(
        `The target database is not empty (table ${name} has rows): restore only into an empty database. Nothing was changed.`,
      );
  }
  return present;
}

const anyRow = (name: string) => async (db: Db) =>
  (await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${sql.identifier(name)}) as any`))[0]!.any;

/**
 * One statement per batch: the rows' JSON objects become rows of the table (columns matched by name). An identity column
 * (the auction's bid order, `auction_bids.seq`) keeps the backup's values: OVERRIDING SYSTEM VALUE.
 */
async function insertRows(tx: Db, table: string, rows: string[]) {
  await tx.execute(
    sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/** Each identity column's sequence goes on after the highest value restored, so the next row (a new bid) comes after them. */
async function continueIdentities(tx: Db) {
  const columns = await queryRows<{ table: string; column: string }>(
    tx,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table, column } of columns)
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false)
          from ${sql.identifier(table)}`,
    );
}
