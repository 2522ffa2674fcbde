// Backups at scale (issue 21, R46): a database with 2,000 teams, 8,000 golfers with 18 holes of scores each, a payment
// record and its history entry each (bench/big-tournament.ts).
//  1. Backup time and file size, restore time, on PostgreSQL and on the embedded database (PGlite), every table's checksum
//     equal after each restore (PostgreSQL → PostgreSQL, PostgreSQL → PGlite).
//  2. With the server running: `npm run backup` once (wall time, process start included); then a signed-in read's p95 (the
//     admin's teams list of the big tournament) while backups run back to back, as a ratio to the same read without them.
//     On PostgreSQL a backup connects itself; on PGlite the server holding the folder writes it (its socket), inside its
//     one connection.
//   node --import tsx bench/backup.ts [--duration 10] [--connections 10] [--teams 2000]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createUserAccount } from '../src/server/account/service';
import { tableChecksums } from '../src/server/backups/backup-file';
import { NOT_RESTORED } from '../src/server/backups/restore';
import { backupToFile, restoreFromFile } from '../src/server/backups/commands';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { seedTournament } from './big-tournament';
import {
  adminQuery,
  argValue,
  freePort,
  kb,
  noteLoad,
  PG_ADMIN_URL,
  printTable,
  round,
  ROOT,
  spawnServer,
  waitForOk,
  writeResult,
  percentile,
  signInCookie,
  type Check,
  printChecks,
} from './lib';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const TEAMS = Number(argValue('--teams') ?? 2000);
const ADMIN = { email: 'admin@bench.test', password: 'bench-password-123' };
const SOURCE_DB = `golf_bench_backup_${process.pid}`;
const RESTORED_DB = `golf_bench_restored_${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'golf-bench-backup-'));

const urlOf = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
const seconds = (since: number) => round((performance.now() - since) / 1000, 2);

async function seed(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const admin = await createUserAccount(database.db, {
      firstName: 'Bench',
      lastName: 'Admin',
      ...ADMIN,
      emailVerified: true,
      role: 'admin',
    });
    const big = await seedTournament(database.db, 'Backup Open', TEAMS, admin.id, 'B');
    await database.db.execute(sql`
      insert into player_scores (tournament_id, team_id, player_id, hole_number, strokes)
      select t.tournament_id, p.team_id, p.id, h, 3 + (abs(hashtext(p.id::text || h::text)) % 4)
      from players p join teams t on t.id = p.team_id cross join generate_series(1, 18) h`);
    await database.db.execute(sql`
      insert into payment_events (payment_id, kind, to_state, amount_cents, actor_user_id, note)
      select id, 'registered', state, amount_cents, ${admin.id}, 'Registered' from payments`);
    return big;
  } finally {
    await database.close();
  }
}

async function checksumsOf(config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    // Scheduled-copy records stay with the server that wrote them (decision 070): every other table must be equal.
    return JSON.stringify((await tableChecksums(database.db)).filter((t) => !NOT_RESTORED.has(t.name)));
  } finally {
    await database.close();
  }
}

const signIn = (base: string) => signInCookie(base, ADMIN.email, ADMIN.password);

async function readUnderLoad(url: string, cookie: string) {
  const times: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION, timeout: 60, headers: { cookie } });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  return { p95: round(percentile(times, 95), 1), reqPerSec: round(result.requests.average, 1), failed: result.non2xx + result.errors };
}

/** `npm run backup` as its own process, as an operator runs it; answers its wall time in seconds. */
function runBackupCommand(env: Record<string, string>, out: string): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', '--out', out], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(seconds(start)) : reject(new Error(`npm run backup exited ${code}`)))),
  );
}

/**
 * With the server running: `npm run backup` once (its wall time, process start included), then the read's p95 alone, then
 * while backups run back to back for the same duration (in this process, as the command does once started: on PGlite the
 * folder is the server's, so each is written by the server, through its socket).
 */
async function readDuringBackups(label: string, env: Record<string, string>, config: ReturnType<typeof loadConfig>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer('src/server/main.ts', { ...env, APP_URL: base, SERVE_CLIENT: 'false', LOG_LEVEL: 'error' }, port, '127.0.0.1');
  try {
    await waitForOk(`${base}/api/health`, server, 180_000);
    const commandSeconds = await runBackupCommand(env, join(work, `${label}-command.backup`));
    const cookie = await signIn(base);
    const { tournaments } = (await (await fetch(`${base}/api/admin/tournaments`, { headers: { cookie } })).json()) as {
      tournaments: { id: string }[];
    };
    const read = `${base}/api/admin/teams?tournamentId=${tournaments[0]!.id}`;
    await readUnderLoad(read, cookie); // warm-up
    console.log(`  ${label}: the read alone (${DURATION} s)…`);
    const alone = await readUnderLoad(read, cookie);
    console.log(`  ${label}: the read while backups run back to back…`);
    let loading = true;
    const backups: number[] = [];
    const loop = (async () => {
      while (loading) {
        const start = performance.now();
        await backupToFile(config, join(work, `${label}-during.backup`));
        backups.push(seconds(start));
      }
    })();
    const during = await readUnderLoad(read, cookie);
    loading = false;
    await loop;
    return {
      alone,
      during,
      ratio: round(during.p95 / alone.p95, 2),
      backupsDuring: backups.length,
      backupSeconds: backups,
      commandSeconds,
    };
  } finally {
    await server.stop();
  }
}

const loadBefore = noteLoad('backup start');
const pg = loadConfig({ DATABASE_URL: urlOf(SOURCE_DB) });
const pgRestored = loadConfig({ DATABASE_URL: urlOf(RESTORED_DB) });
const embedded = loadConfig({ DATA_DIR: join(work, 'embedded') });
await adminQuery(`create database "${SOURCE_DB}"`);
await adminQuery(`create database "${RESTORED_DB}"`);
try {
  let start = performance.now();
  await seed(pg.databaseUrl!);
  await adminQuery('analyze', pg.databaseUrl!);
  console.log(`seeded ${TEAMS} teams, ${TEAMS * 4} golfers, ${TEAMS * 4 * 18} scores in ${seconds(start)} s`);

  const pgFile = join(work, 'postgres.backup');
  start = performance.now();
  const pgBackup = await backupToFile(pg, pgFile);
  const pgBackupSeconds = seconds(start);
  start = performance.now();
  await restoreFromFile(pgRestored, pgFile);
  const pgRestoreSeconds = seconds(start);
  start = performance.now();
  await restoreFromFile(embedded, pgFile);
  const embeddedRestoreSeconds = seconds(start);
  const embeddedFile = join(work, 'embedded.backup');
  start = performance.now();
  const embeddedBackup = await backupToFile(embedded, embeddedFile);
  const embeddedBackupSeconds = seconds(start);
  const source = await checksumsOf(pg);
  const equal = { postgres: (await checksumsOf(pgRestored)) === source, embedded: (await checksumsOf(embedded)) === source };
  const rows = pgBackup.header.tables.reduce((n, t) => n + t.rows, 0);

  console.log('\nbackup and restore (in-process, the server idle):');
  printTable([
    {
      database: 'PostgreSQL',
      backupS: pgBackupSeconds,
      fileKB: kb(pgBackup.bytes),
      restoreS: pgRestoreSeconds,
      rows,
      sameRows: String(equal.postgres),
    },
    {
      database: 'PGlite',
      backupS: embeddedBackupSeconds,
      fileKB: kb(embeddedBackup.bytes),
      restoreS: embeddedRestoreSeconds,
      rows,
      sameRows: String(equal.embedded),
    },
  ]);

  console.log('\na signed-in read during backups:');
  const onPostgres = await readDuringBackups('postgres', { DATABASE_URL: pg.databaseUrl! }, pg);
  const onEmbedded = await readDuringBackups('pglite', { DATA_DIR: embedded.dataDir }, embedded);
  printTable(
    [
      ['PostgreSQL', onPostgres],
      ['PGlite', onEmbedded],
    ].map(([name, r]) => {
      const m = r as typeof onPostgres;
      return {
        database: name as string,
        p95AloneMs: m.alone.p95,
        p95DuringMs: m.during.p95,
        ratio: m.ratio,
        reqPerSecAlone: m.alone.reqPerSec,
        reqPerSecDuring: m.during.reqPerSec,
        backupsDuring: m.backupsDuring,
        backupS: round(m.backupSeconds.reduce((a, b) => a + b, 0) / Math.max(1, m.backupSeconds.length), 1),
        commandS: m.commandSeconds,
        failed: m.alone.failed + m.during.failed,
      };
    }),
  );

  const checks: Check[] = [
    { name: 'PostgreSQL backup', value: pgBackupSeconds, unit: 's', budget: `${kb(pgBackup.bytes)} KB, ${rows} rows`, pass: null },
    { name: 'PostgreSQL restore (into PostgreSQL)', value: pgRestoreSeconds, unit: 's', budget: 'every table equal', pass: equal.postgres },
    {
      name: 'PGlite restore (of the PostgreSQL backup)',
      value: embeddedRestoreSeconds,
      unit: 's',
      budget: 'every table equal',
      pass: equal.embedded,
    },
    { name: 'PGlite backup', value: embeddedBackupSeconds, unit: 's', budget: `${kb(embeddedBackup.bytes)} KB`, pass: null },
    {
      name: 'PostgreSQL: read p95 during backups',
      value: onPostgres.ratio,
      unit: '× alone',
      budget: `${onPostgres.during.p95} vs ${onPostgres.alone.p95} ms, ${onPostgres.backupsDuring} backups`,
      pass: onPostgres.alone.failed + onPostgres.during.failed === 0 ? null : false,
    },
    {
      name: 'PGlite: read p95 during backups (written by the server)',
      value: onEmbedded.ratio,
      unit: '× alone',
      budget: `${onEmbedded.during.p95} vs ${onEmbedded.alone.p95} ms, ${onEmbedded.backupsDuring} backups`,
      pass: onEmbedded.alone.failed + onEmbedded.during.failed === 0 ? null : false,
    },
  ];
  printChecks(checks);
  const loadAfter = noteLoad('backup end');
  const file = writeResult('backup', {
    loadBefore,
    loadAfter,
    teams: TEAMS,
    rows,
    bytes: { postgres: pgBackup.bytes, pglite: embeddedBackup.bytes, pgliteFolder: folderBytes(embedded.dataDir) },
    seconds: { pgBackupSeconds, pgRestoreSeconds, embeddedRestoreSeconds, embeddedBackupSeconds },
    reads: { postgres: onPostgres, pglite: onEmbedded },
    checks,
  });
  console.log(`\nwritten ${file}`);
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  for (const name of [SOURCE_DB, RESTORED_DB]) await adminQuery(`drop database if exists "${name}" with (force)`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
}
