// The backup file (R46, docs/decisions/070): one consistent snapshot of every table, readable by either database.
//
//   line 1   the header, JSON: format and its version, the schema version (migrations applied), the time, and each table
//            in the order it loads (parents first) with its row count and an md5 of its rows as text (sorted, UTC)
//   then     the rows, gzip'd (one gzip member per batch): one JSON object per row (row_to_json), table after table
//   last     "\nsha256 <hex>\n" over every byte before it: a truncated or altered file is refused before anything is read
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, gzip as gzipCallback } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { isPrivateDir, PRIVATE_FILE_MODE } from '../db/private-files';
import { keptRows } from './left-out';
import { appliedVersion, type SchemaVersion } from './schema-version';

const gzip = promisify(gzipCallback);

export const BACKUP_FORMAT = 'golf-portal-backup';
export const FORMAT_VERSION = 1;
/** Rows fetched (and compressed) at a time. */
const BATCH_ROWS = 2000;
const TRAILER_BYTES = '\nsha256 '.length + 64 + 1;

export interface TableSummary {
  name: string;
  rows: number;
  /** md5 of the table's rows as text, sorted (collation C), joined by newlines, in UTC: equal on either database. */
  md5: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  schema: SchemaVersion;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** In load order: a table comes after every table it references. */
  tables: TableSummary[];
}

/** A backup or restore that cannot go on; its message is the one line the operator reads. */
export class BackupRefused extends Error {}

/** Settings every backup and restore transaction starts with, so rows read and checksums come out the same everywhere. */
export async function setPortableOutput(tx: Db) {
  await tx.execute(sql`set local timezone to 'UTC'`);
  await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
}

/** The public tables, parents before children (by their foreign keys), ties by name. */
export async function tablesInLoadOrder(tx: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    tx,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    tx,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1').replace(/""/g, '"');
  const parents = new Map(tables.map(({ name }) => [name, new Set<string>()]));
  for (const edge of edges) parents.get(unquote(edge.child))?.add(unquote(edge.parent));
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.find(({ name }) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)));
    if (!ready) throw new Error('The tables reference each other in a cycle; this backup format cannot order them');
    order.push(ready.name);
    placed.add(ready.name);
  }
  return order;
}

/**
 * Each table's row count and md5 over the rows a backup holds (left-out.ts: no sessions, no one-time tokens, no secret),
 * read in the caller's transaction (restore compares them with the file's header).
 */
export async function summarizeTables(tx: Db, names: string[]): Promise<TableSummary[]> {
  const out: TableSummary[] = [];
  for (const name of names) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      tx,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\n' order by t::text collate "C"), '')) as md5
          from ${keptRows(name)}`,
    );
    out.push({ name, rows: row!.rows, md5: row!.md5 });
  }
  return out;
}

/**
 * Every public table's row count and md5 (of the rows a backup holds), from one snapshot: two databases hold the same
 * rows when these are equal.
 */
export async function tableChecksums(db: Db): Promise<TableSummary[]> {
  return db.transaction(
    async (tx) => {
      await setPortableOutput(tx);
      return summarizeTables(tx, await tablesInLoadOrder(tx));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Writes a backup of `db` to `out` from one read-only snapshot (REPEATABLE READ: every table as of one moment, so a
 * registration is there whole or not at all). Answers the header written.
 */
export async function writeBackup(db: Db, engine: BackupHeader['engine'], out: Writable): Promise<BackupHeader> {
  const hash = createHash('sha256');
  const emit = async (chunk: Buffer) => {
    hash.update(chunk);
    await write(out, chunk);
  };
  const header = await db.transaction(
    async (tx) => {
      await setPortableOutput(tx);
      const schema = await appliedVersion(tx);
      if (schema.migrations === 0)
        throw new BackupRefused('The database has no portal tables yet (the server never started on it): nothing to back up.');
      if (!schema.known)
        throw new BackupRefused(
          'The database holds migrations this version of the portal does not know: back it up with the newer version.',
        );
      const tables = await summarizeTables(tx, await tablesInLoadOrder(tx));
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        schema: { migrations: schema.migrations, tag: schema.tag, when: schema.when, hash: schema.hash },
        createdAt: new Date().toISOString(),
        engine,
        tables,
      };
      await emit(Buffer.from(`${JSON.stringify(header)}\n`));
      for (const table of tables) {
        await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from ${keptRows(table.name)}`);
        for (;;) {
          const rows = await queryRows<{ r: string }>(tx, sql`fetch forward ${sql.raw(String(BATCH_ROWS))} from backup_rows`);
          if (rows.length === 0) break;
          await emit(await gzip(rows.map((row) => `${row.r}\n`).join('')));
        }
        await tx.execute(sql`close backup_rows`);
      }
      return header;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const trailer = Buffer.from(`\nsha256 ${hash.digest('hex')}\n`);
  await write(out, trailer);
  return header;
}

/** Writes and waits while the output is full; an output closed meanwhile (a reader gone) ends the backup with an error. */
async function write(out: Writable, chunk: Buffer) {
  if (out.destroyed) throw new Error('The backup output closed before the end');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', drained).off('close', closed).off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const drained = () => settle();
    const closed = () => settle(new Error('The backup output closed before the end'));
    out.on('drain', drained).on('close', closed).on('error', settle);
  });
}

/**
 * Writes a file through a temporary name in the same folder: `produce` writes it, `check` (optional) reads the finished
 * temporary file, and only then is it flushed to disk and renamed to `path`. A crash, a kill or a full disk leaves the
 * previous file at `path` as it was (and at worst a temporary file, which scheduled copies clear). Answers produce's answer
 * and the file's size.
 */
export async function writeFileAtomically<T>(
  path: string,
  produce: (out: Writable) => Promise<T>,
  check?: (partial: string) => Promise<unknown>,
): Promise<{ result: T; bytes: number }> {
  refuseUnlessPrivate(dirname(path));
  const partial = partialName(path);
  // 0600 whatever the umask (an open only narrows the mode it is given), so readable by no one else from its first byte.
  const stream = createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await once(stream, 'open');
    const result = await produce(stream);
    await finishFile(stream);
    await check?.(partial);
    renameSync(partial, path);
    return { result, bytes: fileBytes(path) };
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * A backup holds every account's password hash: it is written only into a folder no other user can enter (decision 092),
 * where nobody else can list, read, replace or delete it.
 */
function refuseUnlessPrivate(dir: string) {
  if (isPrivateDir(dir)) return;
  const mode = (statSync(dir).mode & 0o777).toString(8).padStart(4, '0');
  throw new BackupRefused(
    `Cannot write a backup into ${dir}: other users can enter that folder (mode ${mode}). A backup holds every account's password hash: write it to a folder only you can enter (chmod 700 ${dir}).`,
  );
}

/** A backup of `db` written to `path` (see writeFileAtomically); `stopping` aborted cuts it short (the file is not written). */
export async function writeBackupFile(db: Db, engine: BackupHeader['engine'], path: string, stopping?: AbortSignal) {
  const { result: header, bytes } = await writeFileAtomically(path, (out) => {
    // The next write then fails, which rolls the snapshot's transaction back and removes the temporary file.
    const cut = () => out.destroy();
    if (stopping?.aborted) cut();
    stopping?.addEventListener('abort', cut, { once: true });
    return writeBackup(db, engine, out).finally(() => stopping?.removeEventListener('abort', cut));
  });
  return { header, bytes };
}

/** Ends a write stream, flushing the file to disk before it is renamed into place. */
async function finishFile(stream: ReturnType<typeof createWriteStream>) {
  await new Promise<void>((resolve, reject) => stream.write('', (error) => (error ? reject(error) : resolve())));
  fsyncSync((stream as unknown as { fd: number }).fd);
  stream.end();
  await once(stream, 'close');
}

/** The temporary name a file is written under before it is renamed to `path` (scheduled copies clear stale ones). */
export const partialName = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
export const isPartialName = (name: string) => /^\..*\.\d+\.partial$/.test(name);

const fileBytes = (path: string) => statSync(path).size;

/**
 * Checks a backup file end to end before anything is read from it: its trailer is present and its checksum matches, the
 * header names this format. Answers the header, or throws BackupRefused with one line.
 */
export async function verifyBackupFile(path: string): Promise<{ header: BackupHeader; headerBytes: number; bodyEnd: number }> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new BackupRefused(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let size: number;
  let trailer: string;
  let first: string;
  try {
    size = fstatSync(fd).size;
    const tail = Buffer.alloc(Math.min(TRAILER_BYTES, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    trailer = tail.toString('latin1');
    const head = Buffer.alloc(Math.min(1 << 20, size));
    readSync(fd, head, 0, head.length, 0);
    first = head.toString('utf8');
  } finally {
    closeSync(fd);
  }
  const newline = first.indexOf('\n');
  if (!first.startsWith(`{"format":"${BACKUP_FORMAT}"`)) throw new BackupRefused(`${path} is not a portal backup file.`);
  const expected = /^\nsha256 ([0-9a-f]{64})\n$/.exec(trailer)?.[1];
  if (!expected || newline < 0)
    throw new BackupRefused(`${path} is incomplete (its end is missing): the copy was cut short. Nothing was changed.`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { start: 0, end: size - TRAILER_BYTES - 1 })) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== expected) throw new BackupRefused(`${path} is damaged (its checksum does not match). Nothing was changed.`);
  const header = JSON.parse(first.slice(0, newline)) as BackupHeader;
  if (header.formatVersion > FORMAT_VERSION)
    throw new BackupRefused(
      `${path} is in a newer backup format (${header.formatVersion}): update the portal to restore it. Nothing was changed.`,
    );
  return { header, headerBytes: Buffer.byteLength(first.slice(0, newline + 1)), bodyEnd: size - TRAILER_BYTES };
}

/** Reads a verified file's rows: for each table of the header in turn, its rows' JSON texts in batches. */
export async function* readBackupRows(path: string, verified: Awaited<ReturnType<typeof verifyBackupFile>>) {
  const { header, headerBytes, bodyEnd } = verified;
  const rows = createReadStream(path, { start: headerBytes, end: bodyEnd - 1 }).pipe(createGunzip());
  // Decoded as one stream, so a character split across two chunks stays whole.
  rows.setEncoding('utf8');
  const lines = splitLines(rows);
  for (const table of header.tables) {
    let batch: string[] = [];
    for (let i = 0; i < table.rows; i++) {
      const next = await lines.next();
      if (next.done) throw new BackupRefused(`The backup ends inside table ${table.name}. Nothing was changed.`);
      batch.push(next.value);
      if (batch.length === BATCH_ROWS) {
        yield { table: table.name, rows: batch };
        batch = [];
      }
    }
    if (batch.length) yield { table: table.name, rows: batch };
  }
  if (!(await lines.next()).done) throw new BackupRefused('The backup holds more rows than its header lists. Nothing was changed.');
}

async function* splitLines(stream: AsyncIterable<string>) {
  let rest = '';
  for await (const chunk of stream) {
    const text = rest + chunk;
    const parts = text.split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}
