// Backup and restore (R46): a round trip keeps every table's rows (checksum per table) on this run's database and, on a
// PostgreSQL run, from each kind of database to the other; a database a server has started on once takes a restore (its
// session secret replaced by the backup's); scheduled-copy records stay with the server that wrote them; damaged, newer and
// misdirected restores are refused with one line and change nothing; a backup taken during 100 registrations and score
// saves holds whole registrations only.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../account/service';
import { loadAuthSecret } from '../auth/secret';
import { openConfiguredDatabase } from '../bootstrap';
import { migrateDatabase, openDatabase, queryRows, type Db } from '../db/connect';
import { appSettings, backupCopies, players, session, teams, verification } from '../db/schema';
import { registerTeams } from '../registration/service';
import { saveScores } from '../scoring/scores';
import { fingerprint } from '../test/db-fingerprint';
import { onTheEmbeddedRunOnly, openEmptyTestDatabase, openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { startServer, stopServer } from '../test/server-process';
import { testConfig } from '../test/test-app';
import { tableChecksums, writeBackupFile, type BackupHeader, type TableSummary } from './backup-file';
import { backupToFile, restoreFromFile } from './commands';
import { checkBackupFile, NOT_RESTORED, restoreBackup } from './restore';
import { seedSampleData } from './sample-data';
import { backupStatus } from './scheduled-copies';
import { latestVersion } from './schema-version';

const POSTGRES = testDatabaseKind() === 'postgres';
let dir: string;
let source: TestDatabase;
let file: string;
let sourceSecret: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'golf-backup-'));
  source = await openTestDatabase();
  await seedSampleData(source.db);
  // What the source's server wrote by itself: its session secret, and the record of a scheduled copy it wrote.
  sourceSecret = await loadAuthSecret(source.db, null);
  await source.db.insert(backupCopies).values({
    periodStart: new Date('2026-11-25T00:00:00Z'),
    claimedBy: 'old-host:123',
    startedAt: new Date('2026-11-25T00:00:01Z'),
    finishedAt: new Date('2026-11-25T00:00:03Z'),
    fileName: 'golf-portal-2026-11-25T00-00-01Z.backup',
    bytes: 4321,
  });
  file = join(dir, 'sample.backup');
  await writeBackupFile(source.db, source.kind, file);
});
afterAll(async () => {
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Restores `path` into a new empty database of `kind` and migrates it as a server start would; answers it (open). */
async function restoredInto(kind: 'pglite' | 'postgres', path: string) {
  const target = await openEmptyTestDatabase(kind);
  await restoreBackup(target, await checkBackupFile(path));
  await migrateDatabase(target);
  return target;
}

const tablesWithRows = (summary: { name: string; rows: number }[]) => summary.filter((t) => t.rows > 0).map((t) => t.name);

/** The tables a restore carries across: every one but the scheduled-copy records, which stay with their server. */
const restorable = (summary: TableSummary[]) => summary.filter((t) => !NOT_RESTORED.has(t.name));

/** A database's tables (none for one never migrated): a refused restore leaves them as they were. */
const tableNames = async (db: Db) =>
  (await queryRows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).map(
    (r) => r.name,
  );

describe(`a round trip on ${testDatabaseKind()}`, () => {
  it('restores every table with the same rows into an empty database', async () => {
    const before = await tableChecksums(source.db);
    // The sample reaches every table a charity's data lives in, with uuid[], jsonb, quotes and non-ASCII text.
    expect(tablesWithRows(before)).toEqual(
      expect.arrayContaining([
        'user',
        'account',
        'profiles',
        'tournaments',
        'teams',
        'players',
        'payments',
        'payment_events',
        'player_scores',
        'checkout_sessions',
        'score_saves',
        'backup_copies',
      ]),
    );
    const target = await restoredInto(source.kind, file);
    try {
      expect(restorable(await tableChecksums(target.db))).toEqual(restorable(before));
      // Every row as it is, but in the tables whose sessions, tokens and secret a backup leaves out (the next test).
      const carried = async (db: Db) =>
        Object.entries(await fingerprint(db)).filter(
          ([name]) => !NOT_RESTORED.has(name) && !['session', 'verification', 'app_settings'].includes(name),
        );
      expect(await carried(target.db)).toEqual(await carried(source.db));
      // The auction's bid order (an identity column) is restored as it was, and the next bid comes after the last (R54).
      const [last] = await queryRows<{ lot: string; bidder: string; seq: number }>(
        target.db,
        sql`select lot_id as lot, bidder_id as bidder, seq::int as seq from auction_bids order by seq desc limit 1`,
      );
      expect(last).toBeDefined();
      const [next] = await queryRows<{ seq: number }>(
        target.db,
        sql`insert into auction_bids (lot_id, bidder_id, amount_cents, max_cents) values (${last!.lot}, ${last!.bidder}, 1, 1) returning seq::int as seq`,
      );
      expect(next!.seq).toBe(last!.seq + 1);
      // The source server's copy is not this one's: the Data page shows none until this server writes one.
      expect(await target.db.select().from(backupCopies)).toEqual([]);
      expect(await backupStatus(target.db)).toEqual({ lastCopy: null, lastFailure: null });
    } finally {
      await target.close();
    }
  });

  it('holds no session, one-time token or session secret: a restore signs everyone out and keeps every account', async () => {
    const secrets = async (db: Db) =>
      (
        await queryRows<{ sessions: number; verifications: number; secrets: number; accounts: number; hashes: number }>(
          db,
          sql`select (select count(*)::int from session) as sessions, (select count(*)::int from verification) as verifications,
                (select count(*)::int from app_settings where key = 'auth_secret') as secrets,
                (select count(*)::int from account) as accounts,
                (select count(*)::int from account where password is not null) as hashes`,
        )
      )[0]!;
    const before = await secrets(source.db);
    expect(before).toMatchObject({ sessions: 1, verifications: 1, secrets: 1 });
    const { header } = await checkBackupFile(file);
    const rows = (name: string) => header.tables.find((t) => t.name === name)?.rows;
    expect([rows('session'), rows('verification'), rows('app_settings')]).toEqual([0, 0, 0]);
    // Nor anywhere in the file: the tokens and the secret are not in its rows.
    const text = gunzipSync(readFileSync(file).subarray(readFileSync(file).indexOf(10) + 1, -73)).toString();
    for (const secret of [sourceSecret, 'session-token-', 'reset-token-']) expect(text).not.toContain(secret);
    const target = await restoredInto(source.kind, file);
    try {
      expect(await secrets(target.db)).toEqual({ ...before, sessions: 0, verifications: 0, secrets: 0 });
    } finally {
      await target.close();
    }
  });

  it('leaves out the sessions, tokens and secret of a file written before backups left them out', async () => {
    // Such a file: this one with the left-out rows put back into their tables, counted in the header (as the previous
    // release wrote them; their md5 is never compared, as a restore leaves them out).
    const older = withLeftOutRows(file, {
      session: [
        {
          id: 's1',
          expires_at: '2099-01-01T00:00:00+00:00',
          token: 'old-session-token',
          created_at: '2026-11-25T00:00:00+00:00',
          updated_at: '2026-11-25T00:00:00+00:00',
          ip_address: null,
          user_agent: null,
          user_id: 'nobody',
        },
      ],
      verification: [
        {
          id: 'v1',
          identifier: 'reset-password:old-reset-token',
          value: 'x',
          expires_at: '2099-01-01T00:00:00+00:00',
          created_at: '2026-11-25T00:00:00+00:00',
          updated_at: '2026-11-25T00:00:00+00:00',
        },
      ],
      app_settings: [{ key: 'auth_secret', value: 'the-old-release-secret-of-32-characters' }],
    });
    const target = await restoredInto(source.kind, older);
    try {
      expect(await target.db.select().from(session)).toEqual([]);
      expect(await target.db.select().from(verification)).toEqual([]);
      expect(await target.db.select().from(appSettings)).toEqual([]);
      expect(restorable(await tableChecksums(target.db))).toEqual(restorable(await tableChecksums(source.db)));
    } finally {
      await target.close();
    }
  });

  it("restores into an empty database a server already started on (its empty tables rebuilt at the backup's schema)", async () => {
    const target = await openTestDatabase();
    try {
      expect((await tableChecksums(target.db)).every((t) => t.rows === 0)).toBe(true);
      await restoreBackup(target, await checkBackupFile(file));
      await migrateDatabase(target);
      expect(restorable(await tableChecksums(target.db))).toEqual(restorable(await tableChecksums(source.db)));
    } finally {
      await target.close();
    }
  });

  it('writes the schema version and each table with its row count in the header, and the rows compressed', async () => {
    const { header } = await checkBackupFile(file);
    expect(header).toMatchObject({ format: 'golf-portal-backup', formatVersion: 1, schema: latestVersion(), engine: source.kind });
    const teamCount = await queryRows<{ n: number }>(source.db, sql`select count(*)::int as n from teams`);
    expect(header.tables.find((t) => t.name === 'teams')?.rows).toBe(teamCount[0]!.n);
    // Parents before children: a restore inserts in this order.
    const order = header.tables.map((t) => t.name);
    expect(order.indexOf('user')).toBeLessThan(order.indexOf('teams'));
    expect(order.indexOf('teams')).toBeLessThan(order.indexOf('players'));
    expect(order.indexOf('players')).toBeLessThan(order.indexOf('player_scores'));
    // gzip'd rows: no row text in the clear (the player names are in the demo).
    expect(readFileSync(file).includes('Golfer')).toBe(false);
  });

  it('restores through the command into the configured database, and writes through it too', async () => {
    const copy = join(dir, 'again.backup');
    // The embedded database's command opens its folder (this run's PGlite is in memory): a new folder of our own.
    const target = POSTGRES ? await openEmptyTestDatabase('postgres') : null;
    const config = target ? testConfig({ DATABASE_URL: target.url! }) : testConfig({ DATA_DIR: join(dir, 'restored-data') });
    try {
      await restoreFromFile(config, file);
      const { header, via } = await backupToFile(config, copy);
      expect(via).toBe('direct');
      expect(restorable(header.tables)).toEqual(restorable((await checkBackupFile(file)).header.tables));
    } finally {
      await target?.close();
    }
    // Two embedded folders opened and migrated: seconds each on a busy 2-core machine.
  }, 120_000);
});

describe('into a database a server has started on once (start the new server, then restore)', () => {
  for (const kind of POSTGRES ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    it(`${kind}: takes the backup and keeps its own generated session secret (a backup holds none); the server's copy records are cleared`, async () => {
      const target = kind === 'postgres' ? await openEmptyTestDatabase('postgres') : null;
      const settings: Record<string, string> = target ? { DATABASE_URL: target.url! } : { DATA_DIR: join(dir, 'started-once') };
      const copies = join(dir, `copies-${kind}`);
      const config = testConfig(settings);
      try {
        // `npm start` on the new database, with scheduled copies on: it migrates, generates a session secret, and writes
        // its first copy (of the empty database) at once.
        const server = await startServer({ ...settings, BACKUP_DIR: copies });
        try {
          await waitFor(() => existsSync(copies) && readdirSync(copies).some((name) => name.endsWith('.backup')));
        } finally {
          await stopServer(server);
        }
        let generatedSecret: unknown;
        const started = await openConfiguredDatabase(config);
        try {
          const generated = await started.db.select().from(appSettings);
          expect(generated).toEqual([{ key: 'auth_secret', value: expect.any(String) }]);
          expect(generated[0]!.value).not.toBe(sourceSecret);
          generatedSecret = generated;
          expect(await started.db.select().from(backupCopies)).toHaveLength(1);
        } finally {
          await started.close();
        }

        await restoreFromFile(config, file);

        const restored = await openConfiguredDatabase(config);
        try {
          expect(restorable(await tableChecksums(restored.db))).toEqual(restorable(await tableChecksums(source.db)));
          // What the next start signs sessions with: the secret this server generated, never the backup's (it holds none;
          // no session was restored either: everyone signs in again).
          expect(await restored.db.select().from(appSettings)).toEqual(generatedSecret);
          expect(await loadAuthSecret(restored.db, null)).not.toBe(sourceSecret);
          expect(await restored.db.select().from(backupCopies)).toEqual([]);
        } finally {
          await restored.close();
        }
      } finally {
        await target?.close();
      }
    }, 180_000);
  }
});

describe('refusals change nothing', () => {
  /** The backup with its header rewritten and its checksum made to match again (what a newer version would write). */
  function withHeader(edit: (header: BackupHeader) => void) {
    const bytes = readFileSync(file);
    const newline = bytes.indexOf(10);
    const header = JSON.parse(bytes.subarray(0, newline).toString()) as BackupHeader;
    edit(header);
    const body = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), bytes.subarray(newline + 1, bytes.length - 73)]);
    const path = join(dir, `edited-${Date.now()}.backup`);
    writeFileSync(path, Buffer.concat([body, Buffer.from(`\nsha256 ${createHash('sha256').update(body).digest('hex')}\n`)]));
    return path;
  }

  async function expectRefused(path: string, message: RegExp) {
    const target = POSTGRES ? await openEmptyTestDatabase('postgres') : null;
    const dataDir = join(dir, `refused-${Date.now()}`);
    const config = target ? testConfig({ DATABASE_URL: target.url! }) : testConfig({ DATA_DIR: dataDir });
    try {
      const error = await restoreFromFile(config, path).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(message);
      expect(error?.message.split('\n')).toHaveLength(1);
      if (target) expect(await tableNames(target.db)).toEqual([]);
      // The embedded target's folder was never even created.
      else expect(existsSync(dataDir)).toBe(false);
    } finally {
      await target?.close();
    }
  }

  it('a truncated file', async () => {
    const path = join(dir, 'truncated.backup');
    writeFileSync(path, readFileSync(file));
    truncateSync(path, readFileSync(file).length - 500);
    await expectRefused(path, /^.*truncated\.backup is incomplete \(its end is missing\): the copy was cut short\. Nothing was changed\.$/);
  });

  it('an altered byte', async () => {
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    const path = join(dir, 'altered.backup');
    writeFileSync(path, bytes);
    await expectRefused(path, /altered\.backup is damaged \(its checksum does not match\)\. Nothing was changed\.$/);
  });

  it('a file from a newer schema', async () => {
    const path = withHeader((header) => {
      header.schema = {
        migrations: header.schema.migrations + 1,
        tag: '9999_from-the-future',
        when: header.schema.when + 1,
        hash: 'f'.repeat(64),
      };
    });
    const current = latestVersion().tag;
    await expectRefused(
      path,
      new RegExp(
        `comes from a newer version of the portal \\(schema 9999_from-the-future; this one has ${current}\\): update the portal first\\. Nothing was changed\\.$`,
      ),
    );
  });

  it('a file that is not a backup', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'shopping list\n');
    await expectRefused(path, /notes\.txt is not a portal backup file\.$/);
  });

  // Refused before any database opens (an embedded one, whichever the run's): the embedded run checks it; the PostgreSQL
  // run would only start the same two commands again (docs/decisions/012).
  onTheEmbeddedRunOnly(
    'through the commands themselves: one line on stderr, exit 1 for a refusal and 2 for a usage error',
    async () => {
      const path = join(dir, 'cut.backup');
      writeFileSync(path, readFileSync(file).subarray(0, 1000));
      const env = { DATA_DIR: join(dir, `cli-${Date.now()}`) };
      const refused = await runCommand('restore', [path], env);
      expect(refused).toEqual({
        code: 1,
        stdout: '',
        stderr: `${path} is incomplete (its end is missing): the copy was cut short. Nothing was changed.\n`,
      });
      expect(existsSync(env.DATA_DIR)).toBe(false);
      expect(await runCommand('backup', [], env)).toEqual({
        code: 2,
        stdout: '',
        stderr: 'Missing --out\nUsage: npm run backup -- --out FILE\n',
      });
    },
    120_000,
  );

  it('a backup of a database with no portal tables writes no file', async () => {
    const empty = await openEmptyTestDatabase();
    const path = join(dir, 'nothing.backup');
    try {
      await expect(writeBackupFile(empty.db, empty.kind, path)).rejects.toThrow(
        'The database has no portal tables yet (the server never started on it): nothing to back up.',
      );
      expect(readdirSync(dir).filter((name) => name.includes('nothing.backup'))).toEqual([]);
    } finally {
      await empty.close();
    }
    // An empty embedded database is initialised from nothing (no migrated dump to start from): 30 s and more on a loaded machine.
  }, 120_000);

  it('a target that holds rows a user made, beside what a start writes', async () => {
    const target = await openTestDatabase();
    try {
      await loadAuthSecret(target.db, null);
      await createUserAccount(target.db, {
        firstName: 'Al',
        lastName: 'Ready',
        email: 'already@example.org',
        password: 'correct horse battery',
      });
      const before = await fingerprint(target.db);
      await expect(restoreBackup(target, await checkBackupFile(file))).rejects.toThrow(
        /^The target database is not empty \(table \w+ has rows\): restore only into an empty database\. Nothing was changed\.$/,
      );
      expect(await fingerprint(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('a target set up by a newer version of the portal (migrations this one does not know)', async () => {
    const target = await openTestDatabase();
    try {
      await target.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${'e'.repeat(64)}, ${Date.now()})`);
      const before = await fingerprint(target.db);
      await expect(restoreBackup(target, await checkBackupFile(file))).rejects.toThrow(
        /^The target database was set up by a newer version of the portal \(its migrations are not this version's\): restore with that version\. Nothing was changed\.$/,
      );
      expect(await fingerprint(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('an embedded target that a running server holds', async () => {
    const dataDir = join(dir, 'held');
    mkdirSync(dataDir);
    // The folder's lock held by a live process (our parent stands in for a running server).
    writeFileSync(join(dataDir, 'portal.lock'), String(process.ppid));
    await expect(restoreFromFile(testConfig({ DATA_DIR: dataDir }), file)).rejects.toThrow(
      /^The embedded database in .* is in use by another portal process \(pid \d+\)\..* Nothing was changed\.$/,
    );
    expect(readdirSync(dataDir)).toEqual(['portal.lock']);
  });
});

if (POSTGRES) {
  describe('across the two kinds of database', () => {
    it('a PostgreSQL backup restores into the embedded database, and that one back into PostgreSQL, every table equal', async () => {
      const before = await tableChecksums(source.db);
      const embedded = await restoredInto('pglite', file);
      const back = join(dir, 'from-pglite.backup');
      try {
        expect(restorable(await tableChecksums(embedded.db))).toEqual(restorable(before));
        await writeBackupFile(embedded.db, embedded.kind, back);
        expect((await checkBackupFile(back)).header.engine).toBe('pglite');
      } finally {
        await embedded.close();
      }
      const postgres = await restoredInto('postgres', back);
      try {
        expect(restorable(await tableChecksums(postgres.db))).toEqual(restorable(before));
      } finally {
        await postgres.close();
      }
    }, 120_000);
  });

  describe('a backup taken while people register and score (PostgreSQL)', () => {
    let pool: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      pool = await openDatabase({ databaseUrl: source.url, dataDir: null, poolSize: 12 });
    });
    afterAll(() => pool?.close());

    it('holds every team with its four players and its payment record, never part of one', async () => {
      const tournament = await createTournament(source.db);
      const level = await createLevel(source.db, tournament.id, { maxTeams: 500 });
      const leaders = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createUserAccount(source.db, {
            firstName: 'Lee',
            lastName: `Der${i}`,
            email: `racer${i}@example.org`,
            password: 'correct horse battery',
          }),
        ),
      );
      const outingTeams = await source.db
        .select({ id: teams.id })
        .from(teams)
        .where(sql`${teams.tournamentId} <> ${tournament.id}`)
        .limit(20);
      const actor = { userId: leaders[0]!.id, staff: true, admin: true };
      const teamsBefore = (await queryRows<{ n: number }>(source.db, sql`select count(*)::int as n from teams`))[0]!.n;

      let lastWriteDone = 0;
      const writes = Array.from({ length: 100 }, async (_, i) => {
        if (i % 2 === 0) {
          await registerTeams(pool.db, leaders[i % 10]!.id, registrationInput(tournament.id, level.id), new Date());
        } else {
          const team = outingTeams[i % outingTeams.length]!;
          const roster = await pool.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
          const scores = roster.map((p) => ({ playerId: p.id, holeNumber: (i % 18) + 1, strokes: 3 + (i % 4) }));
          await saveScores(pool.db, actor, team.id, { scores }).catch(() => undefined);
        }
        lastWriteDone = Date.now();
      });
      const racing = join(dir, 'racing.backup');
      // Start once some writes have landed, so the snapshot falls in the middle of them.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const backupStarted = Date.now();
      await writeBackupFile(pool.db, 'postgres', racing);
      await Promise.all(writes);
      expect(backupStarted).toBeLessThan(lastWriteDone);

      const restored = await restoredInto('postgres', racing);
      try {
        const [check] = await queryRows<{ teams: number; without_four: number; without_payment: number }>(
          restored.db,
          sql`select count(*)::int as teams,
                     -- A team's golfers fill its places: 4 for a team, 1 for a single (R43, the demo has two).
                     count(*) filter (where (select count(*) from players p where p.team_id = t.id) <> t.places)::int as without_four,
                     count(*) filter (where not exists (select 1 from payments m where m.team_id = t.id))::int as without_payment
              from teams t`,
        );
        expect(check).toMatchObject({ without_four: 0, without_payment: 0 });
        expect(check!.teams).toBeGreaterThanOrEqual(teamsBefore);
        expect(check!.teams).toBeLessThanOrEqual(teamsBefore + 50);
        expect(restorable(await tableChecksums(restored.db))).toEqual(restorable((await checkBackupFile(racing)).header.tables));
      } finally {
        await restored.close();
      }
    });
  });
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** `npm run <name> -- args` as its own process, with only these settings. */
function runCommand(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/**
 * A copy of the backup at `path` with `extra` rows in the named tables (their row counts in the header raised to match), its
 * checksum made to match again: what an earlier version, which kept sessions and tokens, wrote.
 */
function withLeftOutRows(path: string, extra: Record<string, object[]>) {
  const bytes = readFileSync(path);
  const newline = bytes.indexOf(10);
  const header = JSON.parse(bytes.subarray(0, newline).toString()) as BackupHeader;
  const lines = gunzipSync(bytes.subarray(newline + 1, bytes.length - 73))
    .toString()
    .split('\n')
    .slice(0, -1);
  const rows: string[] = [];
  let at = 0;
  for (const table of header.tables) {
    rows.push(...lines.slice(at, at + table.rows), ...(extra[table.name] ?? []).map((row) => JSON.stringify(row)));
    at += table.rows;
    table.rows += extra[table.name]?.length ?? 0;
  }
  const body = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), gzipSync(rows.map((row) => `${row}\n`).join(''))]);
  const older = join(dir, `older-${Date.now()}.backup`);
  writeFileSync(older, Buffer.concat([body, Buffer.from(`\nsha256 ${createHash('sha256').update(body).digest('hex')}\n`)]));
  return older;
}

async function waitFor(done: () => boolean, timeoutMs = 60_000) {
  for (const until = Date.now() + timeoutMs; !done(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() > until) throw new Error('timed out');
}
