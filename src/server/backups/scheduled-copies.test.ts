// Scheduled copies (R46): one copy per period, the newest BACKUP_KEEP kept; several processes on one PostgreSQL write one
// copy per period; a backup killed mid-write leaves the previous copy whole; a server stopping mid-copy releases the
// period; the Data page's route shows the last copy.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/connect';
import { backupCopies } from '../db/schema';
import { ConfigError } from '../config';
import { serverExit } from '../test/server-process';
import { capturingLogger, createTestApp, type LogLine, type TestApp } from '../test/test-app';
import { onTheEmbeddedRunOnly, openNewMigratedDataDir, openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { tableChecksums } from './backup-file';
import { serveBackupSocket } from './backup-socket';
import { checkBackupFile } from './restore';
import { copyFileName, periodStart, prepareBackupDir, startScheduledCopies } from './scheduled-copies';
import { seedSampleData } from './sample-data';

const HOUR = 3_600_000;
let dir: string;
let source: TestDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'golf-copies-'));
  source = await openTestDatabase();
  await seedSampleData(source.db);
});
afterAll(async () => {
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A schedule on `database` writing to a new folder, with a clock the test moves. */
function schedule(database: Database, folder: string, keep: number, clock: { now: Date }) {
  return startScheduledCopies(
    { database, schedule: { dir: folder, everyHours: 6, keep }, logger: capturingLogger(), now: () => clock.now },
    { intervalMs: 3_600_000 },
  );
}

const copiesIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.backup'))
    .sort();

describe('scheduled copies', () => {
  it('a server stopping (R49) during a copy cuts it short and releases its period: no file, no claim; the next process writes it', async () => {
    await source.db.delete(backupCopies);
    const folder = join(dir, 'stopped');
    const clock = { now: new Date('2026-11-27T07:15:00Z') };
    const stopped = schedule(source, folder, 3, clock);
    const copy = stopped.runOnce();
    await stopped.stop();
    expect(await copy).toBeNull();
    expect(readdirSync(folder)).toEqual([]);
    expect(await source.db.select().from(backupCopies)).toEqual([]);

    const next = schedule(source, folder, 3, clock);
    try {
      expect(await next.runOnce()).toMatchObject({ fileName: 'golf-portal-2026-11-27T07-15-00Z.backup' });
      expect(copiesIn(folder)).toEqual(['golf-portal-2026-11-27T07-15-00Z.backup']);
    } finally {
      await next.stop();
    }
  });

  it('writes one copy per period, a whole backup file, and keeps the newest BACKUP_KEEP', async () => {
    await source.db.delete(backupCopies);
    const folder = join(dir, 'rotation');
    const clock = { now: new Date('2026-11-26T07:15:00Z') };
    const copies = schedule(source, folder, 3, clock);
    try {
      const first = await copies.runOnce();
      expect(first).toMatchObject({ fileName: 'golf-portal-2026-11-26T07-15-00Z.backup', periodStart: new Date('2026-11-26T06:00:00Z') });
      expect(first!.bytes).toBe(statSync(join(folder, first!.fileName)).size);
      expect((await checkBackupFile(join(folder, first!.fileName))).header.tables.find((t) => t.name === 'teams')!.rows).toBeGreaterThan(0);

      // Later in the same period: nothing more.
      clock.now = new Date('2026-11-26T11:59:00Z');
      expect(await copies.runOnce()).toBeNull();
      expect(copiesIn(folder)).toHaveLength(1);

      // A temporary file a killed copy left an hour and more ago is cleared with the next rotation; a fresh one is not.
      writeFileSync(join(folder, '.golf-portal-2026-11-26T05-00-00Z.backup.999999.partial'), 'half');
      utimesSync(
        join(folder, '.golf-portal-2026-11-26T05-00-00Z.backup.999999.partial'),
        new Date(Date.now() - 2 * HOUR),
        new Date(Date.now() - 2 * HOUR),
      );
      writeFileSync(join(folder, '.golf-portal-2026-11-26T06-00-00Z.backup.999998.partial'), 'busy');

      const written = [first!.fileName];
      for (let period = 1; period <= 4; period++) {
        clock.now = new Date(Date.parse('2026-11-26T07:15:00Z') + period * 6 * HOUR);
        written.push((await copies.runOnce())!.fileName);
      }
      expect(written).toEqual([0, 1, 2, 3, 4].map((p) => copyFileName(new Date(Date.parse('2026-11-26T07:15:00Z') + p * 6 * HOUR))));
      expect(copiesIn(folder)).toEqual(written.slice(-3));
      expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([
        '.golf-portal-2026-11-26T06-00-00Z.backup.999998.partial',
      ]);
      expect(await source.db.select().from(backupCopies)).toHaveLength(5);
    } finally {
      await copies.stop();
    }
  });

  it('records a failed copy and leaves the copies already written', async () => {
    await source.db.delete(backupCopies);
    const folder = join(dir, 'failing');
    const clock = { now: new Date('2026-11-27T01:00:00Z') };
    const copies = schedule(source, folder, 7, clock);
    try {
      const good = (await copies.runOnce())!.fileName;
      const before = readFileSync(join(folder, good));
      // The folder becomes a file: the next copy cannot be written.
      rmSync(folder, { recursive: true });
      writeFileSync(folder, 'not a folder');
      clock.now = new Date('2026-11-27T07:00:00Z');
      await expect(copies.runOnce()).rejects.toThrow();
      const rows = await source.db.select().from(backupCopies).orderBy(backupCopies.periodStart);
      expect(rows.map((r) => [r.fileName, r.error === null])).toEqual([
        [good, true],
        [null, false],
      ]);

      // The server's own checks (each minute) log the folder and why, not just the error's class.
      const lines: LogLine[] = [];
      clock.now = new Date('2026-11-27T13:00:00Z');
      const checking = startScheduledCopies(
        { database: source, schedule: { dir: folder, everyHours: 6, keep: 7 }, logger: capturingLogger(lines), now: () => clock.now },
        { intervalMs: 20 },
      );
      try {
        const logged = await waitFor(() => lines.find((line) => line.message === 'scheduled backup failed'));
        expect(logged.fields).toMatchObject({ dir: folder, message: expect.stringContaining(folder) });
        expect(String(logged.fields!.message)).toMatch(/^(EEXIST|ENOTDIR)/);
      } finally {
        await checking.stop();
      }
      rmSync(folder);
      expect(before.length).toBeGreaterThan(0);
    } finally {
      await copies.stop();
    }
  });

  it('a BACKUP_DIR that cannot be used is a bad setting: the folder is made if missing, a file in its path is refused', () => {
    const made = join(dir, 'made', 'nightly');
    prepareBackupDir(made);
    expect(readdirSync(made)).toEqual([]);
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(() => prepareBackupDir(file)).toThrow(
      new ConfigError(`Invalid setting BACKUP_DIR: cannot write copies to ${file}: it is a file, not a folder`),
    );
    expect(() => prepareBackupDir(join(file, 'copies'))).toThrow(
      new ConfigError(
        `Invalid setting BACKUP_DIR: cannot write copies to ${join(file, 'copies')}: part of that path is a file, not a folder`,
      ),
    );
  });

  // Refused before any database opens, so the same on either run: the embedded run checks it; the PostgreSQL run would
  // only start the same process again (docs/decisions/012).
  onTheEmbeddedRunOnly(
    'npm start with such a BACKUP_DIR stops with that one line, before it opens the database',
    async () => {
      const file = join(dir, 'start-file');
      writeFileSync(file, 'not a folder');
      const dataDir = join(dir, 'start-data');
      const started = await serverExit({ DATA_DIR: dataDir, BACKUP_DIR: join(file, 'copies') });
      expect(started).toEqual({
        code: 1,
        stdout: '',
        stderr: `Invalid setting BACKUP_DIR: cannot write copies to ${join(file, 'copies')}: part of that path is a file, not a folder\n`,
      });
      expect(existsSync(dataDir)).toBe(false);
    },
    // A server process (npm start's, built): seconds on a busy 2-core machine.
    120_000,
  );

  it('periods are counted from the epoch, so every process agrees on them', () => {
    expect(periodStart(new Date('2026-11-26T23:59:59Z'), 24)).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(periodStart(new Date('2026-11-26T05:59:59Z'), 6)).toEqual(new Date('2026-11-26T00:00:00Z'));
    expect(periodStart(new Date('2026-11-26T06:00:00Z'), 6)).toEqual(new Date('2026-11-26T06:00:00Z'));
  });
});

describe('the Data page route', () => {
  let app: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ database: source, env: { BACKUP_DIR: join(dir, 'route'), BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '4' } });
    off = await createTestApp({ database: source });
  });
  afterAll(async () => {
    await app?.close();
    await off?.close();
  });

  it('shows the schedule and the last copy to an admin, and that copies are off without BACKUP_DIR', async () => {
    await source.db.delete(backupCopies);
    const admin = await app.createUser('admin');
    expect((await app.call('/api/admin/backups', { cookie: admin.cookie })).body).toEqual({
      schedule: { dir: join(dir, 'route'), everyHours: 6, keep: 4 },
      lastCopy: null,
      lastFailure: null,
      database: source.kind,
    });
    const clock = { now: new Date('2026-11-28T03:00:00Z') };
    const copies = schedule(source, join(dir, 'route'), 4, clock);
    const written = (await copies.runOnce())!;
    await copies.stop();
    const { body } = await app.call('/api/admin/backups', { cookie: admin.cookie });
    expect(body.lastCopy).toEqual({ fileName: written.fileName, bytes: written.bytes, finishedAt: '2026-11-28T03:00:00.000Z' });
    expect((await off.call('/api/admin/backups', { cookie: admin.cookie })).body).toMatchObject({
      schedule: null,
      lastCopy: body.lastCopy,
    });
  });
});

describe('npm run backup as its own process', () => {
  it('writes through the server holding an embedded database; killed while it writes, it leaves the previous copy whole', async () => {
    const folder = join(dir, 'killed');
    const target = join(folder, 'nightly.backup');
    // Backups are written only into a folder no other user can enter (decision 092).
    mkdirSync(folder, { mode: 0o700 });
    // On PostgreSQL the command connects itself. An embedded database is held by a server (this test process stands in
    // for it), so the command asks that server, through the data folder's socket.
    let env: Record<string, string>;
    let held: Database = source;
    let stopSocket = async () => {};
    if (source.kind === 'postgres') env = { DATABASE_URL: source.url! };
    else {
      const dataDir = join(folder, 'data');
      held = await openNewMigratedDataDir(dataDir);
      await seedSampleData(held.db);
      stopSocket = await serveBackupSocket(held, dataDir, capturingLogger());
      env = { DATA_DIR: dataDir };
    }
    try {
      const first = await runBackup(env, target);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        source.kind === 'postgres'
          ? // Its database and host by name, never the password.
            `Backed up the PostgreSQL database "${new URL(source.url!).pathname.slice(1)}" on 127.0.0.1:5432 to ${target}: `
          : /\(through the running server\)/,
      );
      expect(await tableChecksums(held.db)).toEqual((await checkBackupFile(target)).header.tables);
      const previous = digest(target);

      // Enough rows that the next copy takes a while to write.
      await held.db.execute(
        sql`insert into rate_limits (key, count, window_start) select 'bulk-' || g, g, now() from generate_series(1, 150000) g`,
      );
      const child = startBackup(env, target);
      const partial = await waitFor(() =>
        readdirSync(folder).find((name) => name.endsWith('.partial') && statSync(join(folder, name)).size > 0),
      );
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      expect(readdirSync(folder)).toContain(partial);
      expect(digest(target)).toBe(previous);
      await checkBackupFile(target);
      // The server is still serving (an embedded one would be stuck if the dropped reader had hung its transaction).
      expect(await held.db.execute(sql`select 1`)).toBeTruthy();
    } finally {
      await stopSocket();
      if (held !== source) await held.close();
    }
  }, 180_000);
});

if (testDatabaseKind() === 'postgres') {
  describe('two processes on one PostgreSQL', () => {
    it('write one copy per period between them', async () => {
      await source.db.delete(backupCopies);
      const folder = join(dir, 'two');
      const [a, b] = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: source.url, dataDir: null, poolSize: 2 })));
      const clock = { now: new Date('2026-11-29T00:30:00Z') };
      const first = schedule(a!, folder, 10, clock);
      const second = schedule(b!, folder, 10, clock);
      try {
        const outcomes: (string | null)[][] = [];
        for (let period = 0; period < 4; period++) {
          clock.now = new Date(Date.parse('2026-11-29T00:30:00Z') + period * 6 * HOUR);
          const both = await Promise.all([first.runOnce(), second.runOnce()]);
          outcomes.push(both.map((copy) => copy?.fileName ?? null));
        }
        for (const round of outcomes) expect(round.filter(Boolean)).toHaveLength(1);
        expect(copiesIn(folder)).toHaveLength(4);
        const rows = await source.db.select().from(backupCopies);
        expect(rows).toHaveLength(4);
        expect(rows.every((row) => row.finishedAt && row.fileName)).toBe(true);
      } finally {
        await first.stop();
        await second.stop();
        await a!.close();
        await b!.close();
      }
    });
  });
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
function startBackup(env: Record<string, string>, out: string, stdout: 'pipe' | 'ignore' = 'ignore') {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', '--out', out], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', stdout, stdout],
  });
}
async function runBackup(env: Record<string, string>, out: string) {
  const child = startBackup(env, out, 'pipe');
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function waitFor<T>(find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
