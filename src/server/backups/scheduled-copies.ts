// Scheduled backup copies (R46): with BACKUP_DIR set, the server writes a copy there every BACKUP_EVERY_HOURS and keeps the
// newest BACKUP_KEEP. Periods are counted from the Unix epoch, so every process agrees on them; a process claims a period by
// inserting its row in backup_copies, and the one whose insert lands writes the copy (several processes, one copy).
import { hostname } from 'node:os';
import { chmodSync, lstatSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ConfigError, type BackupScheduleConfig } from '../config';
import type { Database, Db } from '../db/connect';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../db/private-files';
import { backupCopies } from '../db/schema';
import { errorFields, type Logger } from '../logger';
import { startPeriodicTask, type PeriodicTask } from '../periodic-task';
import { isPartialName, writeBackupFile } from './backup-file';

/** How often a process looks whether a new period has begun. */
export const CHECK_INTERVAL_MS = 60_000;
/** A temporary file older than this belongs to a copy that was killed: it is removed. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;
const COPY_NAME = /^golf-portal-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup$/;

export interface ScheduledCopiesDeps {
  database: Database;
  schedule: BackupScheduleConfig;
  logger: Logger;
  now: () => Date;
}

export interface CopyWritten {
  fileName: string;
  bytes: number;
  periodStart: Date;
}

/** runOnce writes this period's copy unless some process has claimed the period; answers the copy, or null. */
export type ScheduledCopies = PeriodicTask<CopyWritten | null>;

export const periodStart = (now: Date, everyHours: number) => {
  const width = everyHours * 3_600_000;
  return new Date(Math.floor(now.getTime() / width) * width);
};

/** golf-portal-2026-11-26T14-00-05Z.backup: sorts by time, and reads as one. */
export const copyFileName = (at: Date) => `golf-portal-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup`;

/**
 * Start-up's check of BACKUP_DIR (R46): the folder is created if missing, made the server's user's alone (0700: a copy
 * holds every password hash, decision 092), and a file is written and removed in it, so a path through a file, a
 * read-only disk, a folder the server may not write to or one it cannot close to others stops the start with one line,
 * as any bad setting does, instead of a server that runs without its copies. Copies an earlier version left readable by
 * others (0644) are closed too.
 */
export function prepareBackupDir(dir: string): void {
  const probe = join(dir, `.golf-portal-write-check.${process.pid}`);
  try {
    makePrivateDir(dir);
    writeFileSync(probe, '', { mode: PRIVATE_FILE_MODE });
    rmSync(probe);
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if ((COPY_NAME.test(name) || isPartialName(name)) && lstatSync(path).isFile()) chmodSync(path, PRIVATE_FILE_MODE);
    }
  } catch (error) {
    throw new ConfigError(`Invalid setting BACKUP_DIR: cannot write copies to ${dir}: ${whyUnusable(error as NodeJS.ErrnoException)}`);
  }
}

function whyUnusable(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EPERM':
      return (error.syscall ?? '') === 'chmod'
        ? 'the folder belongs to another user, and copies need a folder only this server can enter'
        : 'this process may not write there';
    case 'ENOTDIR':
      return 'part of that path is a file, not a folder';
    case 'EEXIST':
      return 'it is a file, not a folder';
    case 'EACCES':
      return 'this process may not write there';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return error.message;
  }
}

/** A failed copy's log line: which folder and why (a copy's error is a file-system or database message, no personal data). */
export const copyFailureFields = (schedule: BackupScheduleConfig, error: unknown) => ({
  dir: schedule.dir,
  message: error instanceof Error ? error.message : String(error),
  ...errorFields(error),
});

export function startScheduledCopies(deps: ScheduledCopiesDeps, options: { intervalMs?: number } = {}): ScheduledCopies {
  return startPeriodicTask(
    (stopping) => writeScheduledCopy(deps, stopping),
    options.intervalMs ?? CHECK_INTERVAL_MS,
    (error) => deps.logger.error('scheduled backup failed', copyFailureFields(deps.schedule, error)),
  );
}

/**
 * Writes this period's copy if this process claims the period. A stop (R49) cuts the copy short: its temporary file is
 * removed and the claim released (the row deleted), so a restart or another process writes the period's copy.
 */
async function writeScheduledCopy(
  { database, schedule, logger, now }: ScheduledCopiesDeps,
  stopping?: AbortSignal,
): Promise<CopyWritten | null> {
  const db = database.db;
  const at = now();
  const period = periodStart(at, schedule.everyHours);
  if (stopping?.aborted) return null;
  const claimedBy = `${hostname()}:${process.pid}`;
  const claimed = await db
    .insert(backupCopies)
    .values({ periodStart: period, claimedBy, startedAt: at })
    .onConflictDoNothing()
    .returning({ periodStart: backupCopies.periodStart });
  if (claimed.length === 0) return null;

  const fileName = copyFileName(at);
  try {
    makePrivateDir(schedule.dir);
    const { bytes } = await writeBackupFile(db, database.kind, join(schedule.dir, fileName), stopping);
    await db.update(backupCopies).set({ finishedAt: now(), fileName, bytes }).where(eq(backupCopies.periodStart, period));
    const removed = rotate(schedule.dir, schedule.keep);
    logger.info('backup copy written', { fileName, bytes, removed: removed.length });
    return { fileName, bytes, periodStart: period };
  } catch (error) {
    if (stopping?.aborted) {
      await db
        .delete(backupCopies)
        .where(and(eq(backupCopies.periodStart, period), eq(backupCopies.claimedBy, claimedBy), isNull(backupCopies.finishedAt)));
      logger.info('backup copy stopped with the server: the period is left to a restart or another process', { fileName });
      return null;
    }
    // The period stays claimed: its copy is the next period's. The previous copies are untouched.
    await db
      .update(backupCopies)
      .set({ error: (error as Error).message.slice(0, 500) })
      .where(eq(backupCopies.periodStart, period))
      .catch(() => undefined);
    throw error;
  }
}

/** Keeps the newest `keep` copies in `dir` and removes temporary files of copies that were killed. Answers what it removed. */
export function rotate(dir: string, keep: number): string[] {
  const names = readdirSync(dir);
  const old = names
    .filter((name) => COPY_NAME.test(name))
    .sort()
    .reverse()
    .slice(keep);
  const stale = names.filter((name) => isPartialName(name) && Date.now() - statSync(join(dir, name)).mtimeMs > STALE_PARTIAL_MS);
  for (const name of [...old, ...stale]) rmSync(join(dir, name), { force: true });
  return [...old, ...stale];
}

export interface BackupStatus {
  lastCopy: { fileName: string; bytes: number; finishedAt: Date } | null;
  /** The newest period whose copy failed after the last good one, with why. */
  lastFailure: { at: Date; error: string } | null;
}

/** What the Data page shows: the newest finished copy (written by any process) and a failure since, if any. */
export async function backupStatus(db: Db): Promise<BackupStatus> {
  const [last] = await db
    .select({
      fileName: backupCopies.fileName,
      bytes: backupCopies.bytes,
      finishedAt: backupCopies.finishedAt,
      periodStart: backupCopies.periodStart,
    })
    .from(backupCopies)
    .where(isNotNull(backupCopies.finishedAt))
    .orderBy(desc(backupCopies.periodStart))
    .limit(1);
  const [failure] = await db
    .select({ at: backupCopies.startedAt, error: backupCopies.error })
    .from(backupCopies)
    .where(and(isNotNull(backupCopies.error), last ? sql`${backupCopies.periodStart} > ${last.periodStart}` : undefined))
    .orderBy(desc(backupCopies.periodStart))
    .limit(1);
  return {
    lastCopy: last ? { fileName: last.fileName!, bytes: last.bytes!, finishedAt: last.finishedAt! } : null,
    lastFailure: failure ? { at: failure.at, error: failure.error! } : null,
  };
}
