// Secrets at rest (issue 31, decision 092): the embedded database's folder, the scheduled copies and `npm run backup`'s
// files are the portal's user's alone (folders 0700, files 0600) whatever the umask: every process here runs with umask
// 000, under which PGlite left the folder 0777 and most of its files 0666, and a backup 0666 in a folder anyone could enter.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackupFile } from '../backups/backup-file';
import { onTheEmbeddedRunOnly, openTestDatabase, testDatabaseKind } from '../test/database';
import { buildWhatNpmStartRuns, startServer, stopServer, type ServerProcess } from '../test/server-process';
import { migrateDatabase, openDatabase, queryRows } from './connect';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'golf-private-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every folder and file under `root` (itself included) whose mode is not 0700 (folders) or 0600 (anything else). */
function looseModes(root: string): string[] {
  const loose: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want) loose.push(`${path.slice(root.length) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return loose;
}

/** Every folder 0755 and file 0666 under `root`: the folder an earlier version left. */
function loosen(root: string) {
  const stat = lstatSync(root);
  chmodSync(root, stat.isDirectory() ? 0o755 : 0o666);
  if (stat.isDirectory()) for (const name of readdirSync(root)) loosen(join(root, name));
}

/** Runs `fn` with the process's umask 000 (children spawned meanwhile inherit it), then puts the umask back. */
async function withUmaskZero<T>(fn: () => Promise<T>): Promise<T> {
  const previous = process.umask(0);
  try {
    return await fn();
  } finally {
    process.umask(previous);
  }
}

function backupCommand(out: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', '--out', out], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('close', (code) => resolve({ code, output })));
}

async function waitFor(done: () => boolean, timeoutMs = 60_000) {
  for (const until = Date.now() + timeoutMs; !done(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() > until) throw new Error('timed out');
}

describe('with umask 000', () => {
  it(`a backup of this run's database (${testDatabaseKind()}) is written 0600, never into a folder others can enter`, async () => {
    const database = await openTestDatabase();
    try {
      const mine = join(dir, 'direct');
      await withUmaskZero(async () => {
        mkdirSync(mine);
        expect(looseModes(mine)).toEqual(['. 777']);
        await expect(writeBackupFile(database.db, database.kind, join(mine, 'a.backup'))).rejects.toThrow(
          `Cannot write a backup into ${mine}: other users can enter that folder (mode 0777).`,
        );
        expect(readdirSync(mine)).toEqual([]);
        chmodSync(mine, 0o700);
        await writeBackupFile(database.db, database.kind, join(mine, 'a.backup'));
      });
      expect(readdirSync(mine)).toEqual(['a.backup']);
      expect(looseModes(mine)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  onTheEmbeddedRunOnly(
    'a new embedded database, migrated and written, and one an earlier version left open, are the portal user’s alone',
    async () => {
      const dataDir = join(dir, 'embedded', 'data');
      await withUmaskZero(async () => {
        const database = await openDatabase({ databaseUrl: null, dataDir });
        try {
          await migrateDatabase(database);
          await database.db.execute(sql`insert into app_settings (key, value) values ('probe', 'x')`);
          await database.db.execute(sql`checkpoint`);
          expect(looseModes(dataDir)).toEqual([]);
        } finally {
          await database.close();
        }
        expect(looseModes(dataDir)).toEqual([]);

        // An existing install: folders 0755, files 0666. Opening it closes them before anything is read.
        loosen(dataDir);
        expect(looseModes(dataDir).length).toBeGreaterThan(100);
        const reopened = await openDatabase({ databaseUrl: null, dataDir });
        try {
          expect(await queryRows(reopened.db, sql`select value from app_settings where key = 'probe'`)).toEqual([{ value: 'x' }]);
          expect(looseModes(dataDir)).toEqual([]);
        } finally {
          await reopened.close();
        }
        expect(looseModes(dataDir)).toEqual([]);
      });
    },
    120_000,
  );

  onTheEmbeddedRunOnly(
    "npm start's data folder and scheduled copies, and npm run backup's file through it, are the portal user's alone",
    async () => {
      const dataDir = join(dir, 'server', 'data');
      const copies = join(dir, 'server', 'copies');
      const out = join(dir, 'server', 'mine', 'today.backup');
      // Built first with the usual umask: the build's own files are not what this checks.
      buildWhatNpmStartRuns();
      let server: ServerProcess | undefined;
      try {
        server = await withUmaskZero(() => startServer({ DATA_DIR: dataDir, BACKUP_DIR: copies }));
        // A signed-in user: a session row in the database's files.
        const signUp = await fetch(`${server.url}/api/account/sign-up`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ firstName: 'Pat', lastName: 'Putter', email: 'pat@example.org', password: 'correct horse battery' }),
        });
        expect(signUp.status).toBe(201);
        await waitFor(() => existsSync(copies) && readdirSync(copies).some((name) => name.endsWith('.backup')));

        // Its folder is made for it (0700); a folder other users can enter is refused, and nothing is written there.
        expect(await withUmaskZero(() => backupCommand(out, { DATA_DIR: dataDir }))).toMatchObject({ code: 0 });
        const open = join(dir, 'server', 'open');
        mkdirSync(open);
        chmodSync(open, 0o755);
        expect(await withUmaskZero(() => backupCommand(join(open, 'today.backup'), { DATA_DIR: dataDir }))).toEqual({
          code: 1,
          output: `Cannot write a backup into ${open}: other users can enter that folder (mode 0755). A backup holds every account's password hash: write it to a folder only you can enter (chmod 700 ${open}).\n`,
        });
        expect(readdirSync(open)).toEqual([]);

        expect(looseModes(dataDir)).toEqual([]);
        expect(looseModes(copies)).toEqual([]);
        expect(looseModes(join(dir, 'server', 'mine'))).toEqual([]);
      } finally {
        await stopServer(server);
      }
      expect(looseModes(dataDir)).toEqual([]);
    },
    180_000,
  );
});
