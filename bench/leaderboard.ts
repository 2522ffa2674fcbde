// The public leaderboard API on PostgreSQL (issues 5 and 11, Budgets): a four-person scramble with net scoring (handicap
// indexes, slope and rating, stroke indexes) of 36 teams × 18 holes, every team finished and many level, so countback
// orders them; then 3,600 teams to show how the cost grows.
//  1. GET /api/leaderboard/:id under autocannon against /bench/trivial in the same run (trivial measured before and after;
//     the ratio uses their mean). Budget at 36 teams: throughput ≥ 0.30 of trivial's, p99 ≤ 50 ms.
//  2. What a board costs to build, the work done once per change (src/server/leaderboard/leaderboard.ts): its SQL statements
//     (the same for 36 teams as for 3,600: no N+1), the median time of a build in this process, the size of the JSON.
//  3. The same GET with gzip, as browsers ask for it.
//   node --import tsx bench/leaderboard.ts [--duration 10] [--connections 10] [--large 3600]
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createCourse, setStrokeIndexes } from '../src/server/courses/service';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/connect';
import { players, playerScores, teams, tournamentCourses, tournaments } from '../src/server/db/schema';
import { loadLeaderboard } from '../src/server/leaderboard/leaderboard';
import {
  argValue,
  freePort,
  median,
  memoryOf,
  noteLoad,
  printTable,
  round,
  spawnServer,
  waitForOk,
  writeResult,
  type Check,
  adminQuery,
  PG_ADMIN_URL,
} from './lib';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const LARGE = Number(argValue('--large') ?? 3600);
const SMALL = 36;
const BENCH_DB = `golf_bench_leaderboard_${process.pid}`;
const HOLES = 18;

async function insertAll<T>(rows: T[], size: number, insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * An active scramble with net scoring on an 18-hole course with `count` teams of four with handicap indexes; each team's
 * one row (its first golfer) scored on every hole, 3 to 5: every team finishes level, and countback sorts them into three.
 */
async function seedTournament(db: Db, count: number, courseId: string): Promise<string> {
  const [tournament] = await db
    .insert(tournaments)
    .values({ name: `Leaderboard ${count}`, startDate: '2099-06-01', active: true, courseId, format: 'scramble', netScoring: true })
    .returning({ id: tournaments.id });
  const tournamentId = tournament!.id;
  await db.insert(tournamentCourses).values({ tournamentId, courseId });
  const teamRows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    tournamentId,
    name: `Team ${i + 1}`,
    company: 'Bench Co',
    paymentStatus: 'paid',
  }));
  await insertAll(teamRows, 2000, (slice) => db.insert(teams).values(slice));
  const base = Date.now();
  const playerRows = teamRows.flatMap((team, t) =>
    [1, 2, 3, 4].map((p) => ({
      id: randomUUID(),
      teamId: team.id,
      firstName: `Golfer${p}`,
      lastName: `T${t + 1}`,
      email: `g${p}.t${t + 1}@bench.test`,
      // Every team the same mix (4.0, 8.5, 12.0, 20.3): equal team handicaps, so equal gross is a tie on net too.
      handicapIndex: [4, 8.5, 12, 20.3][p - 1]!,
      // Player order is created_at: the first golfer carries the scramble's row.
      createdAt: new Date(base + p),
    })),
  );
  await insertAll(playerRows, 5000, (slice) => db.insert(players).values(slice));
  const scoreRows = playerRows
    .filter((_, i) => i % 4 === 0)
    .flatMap((player, t) =>
      // 3, 4, 5 in turn from a different hole per team: every team 72, but not over the last 9, 6 or 3 holes.
      Array.from({ length: HOLES }, (_, h) => ({
        tournamentId,
        teamId: player.teamId,
        playerId: player.id,
        holeNumber: h + 1,
        strokes: 3 + ((t + h) % 3),
      })),
    );
  await insertAll(scoreRows, 10_000, (slice) => db.insert(playerScores).values(slice));
  await db.execute(sql`analyze`);
  return tournamentId;
}

interface Row {
  route: string;
  teams: number;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  ratio: number | null;
  kbPerResponse: number;
  non2xx: number;
  errors: number;
}

async function load(base: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, timeout: 30, headers });
  return {
    reqPerSec: round(result.requests.average, 1),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    kbPerResponse: round(result.throughput.total / Math.max(1, result['2xx'] + result.non2xx) / 1024, 1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Median time to build one board in this process (what the server does once per change), and its statements. */
async function computeCost(db: Db, tournamentId: string, runs: number) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
  const times: number[] = [];
  let bytes = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const { board } = await loadLeaderboard(db, tournamentId);
      bytes = JSON.stringify(board).length;
      times.push(performance.now() - start);
    }
  } finally {
    client.query = query;
  }
  return { medianMs: round(median(times), 1), kb: round(bytes / 1024, 1), statements: statements / runs };
}

async function main() {
  const loadBefore = noteLoad('leaderboard start');
  await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  await adminQuery(`create database "${BENCH_DB}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  const databaseUrl = url.toString();
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawnServer> | undefined;
  try {
    await migrateDatabase(database);
    const db = database.db;
    console.log(`seeding ${SMALL} and ${LARGE} teams × 4 golfers × ${HOLES} holes…`);
    const course = await createCourse(db, { name: 'Bench Links', totalHoles: HOLES, slope: 128, rating: 71.3 });
    await setStrokeIndexes(db, course.id, { strokeIndexes: [7, 15, 1, 11, 3, 17, 9, 13, 5, 8, 16, 2, 12, 4, 18, 10, 14, 6] });
    const small = await seedTournament(db, SMALL, course.id);
    const large = await seedTournament(db, LARGE, course.id);

    server = spawnServer('bench/bench-server.ts', { DATABASE_URL: databaseUrl, APP_URL: base, LOG_LEVEL: 'error' }, port, '127.0.0.1');
    await waitForOk(`${base}/bench/trivial`, server);
    // The boards are right before they are fast.
    for (const [id, count] of [
      [small, SMALL],
      [large, LARGE],
    ] as const) {
      const board = (await (await fetch(`${base}/api/leaderboard/${id}`)).json()) as {
        rows: { thru: number; netToPar: number | null; countback: string | null }[];
      };
      if (board.rows.length !== count || board.rows.some((r) => r.thru !== HOLES || r.netToPar == null))
        throw new Error(`board of ${count} teams is wrong`);
      const decided = board.rows.filter((r) => r.countback).length;
      if (decided === 0) throw new Error(`board of ${count} teams: no tie went to countback, so the bench would not measure it`);
      console.log(`board of ${count} teams: ${decided} teams placed by countback`);
    }

    const cost = { small: await computeCost(db, small, 21), large: await computeCost(db, large, 5) };
    console.log('one board build in this process:', cost);

    // Warm-up: JIT, pools, the database's caches, the boards' cache.
    await autocannon({ url: `${base}/bench/trivial`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${base}/api/leaderboard/${small}`, connections: CONNECTIONS, duration: 2 });

    const rows: Row[] = [];
    const run = async (label: string, teamsCount: number, path: string, headers?: Record<string, string>) => {
      process.stdout.write(`  ${label} (${DURATION} s, ${CONNECTIONS} connections)… `);
      const r = await load(base, path, headers);
      console.log(
        `${r.reqPerSec} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ${r.kbPerResponse} KB${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
      );
      rows.push({ route: label, teams: teamsCount, ...r, ratio: null });
      return r;
    };
    const trivialBefore = await run('trivial', 0, '/bench/trivial');
    const smallBoard = await run('GET /api/leaderboard/:id', SMALL, `/api/leaderboard/${small}`);
    const trivialAfter = await run('trivial', 0, '/bench/trivial');
    const largeBoard = await run('GET /api/leaderboard/:id', LARGE, `/api/leaderboard/${large}`);
    // As browsers ask for it: gzip, built once per change.
    await run('GET /api/leaderboard/:id, gzip', SMALL, `/api/leaderboard/${small}`, { 'accept-encoding': 'gzip, deflate, br' });
    await run('GET /api/leaderboard/:id, gzip', LARGE, `/api/leaderboard/${large}`, { 'accept-encoding': 'gzip, deflate, br' });
    const trivial = (trivialBefore.reqPerSec + trivialAfter.reqPerSec) / 2;
    for (const row of rows) row.ratio = round(row.reqPerSec / trivial, 3);
    const mem = memoryOf(server.pid);

    const ratio = round(smallBoard.reqPerSec / trivial, 3);
    const checks: Check[] = [
      { name: `leaderboard ${SMALL} teams: throughput vs trivial`, value: ratio, unit: '×', budget: '≥ 0.30', pass: ratio >= 0.3 },
      { name: `leaderboard ${SMALL} teams: p99`, value: smallBoard.p99ms, unit: 'ms', budget: '≤ 50', pass: smallBoard.p99ms <= 50 },
      {
        name: `leaderboard ${LARGE} teams (cached)`,
        value: largeBoard.reqPerSec,
        unit: 'req/s',
        budget: `p99 ${largeBoard.p99ms} ms, ${largeBoard.kbPerResponse} KB, ×${round(largeBoard.reqPerSec / trivial, 3)} of trivial`,
        pass: null,
      },
      {
        name: `board build ${SMALL} teams`,
        value: cost.small.medianMs,
        unit: 'ms',
        budget: `${cost.small.statements} statements, ${cost.small.kb} KB of JSON`,
        pass: null,
      },
      {
        name: `board build ${LARGE} teams`,
        value: cost.large.medianMs,
        unit: 'ms',
        budget: `${cost.large.statements} statements, ${cost.large.kb} KB of JSON`,
        pass: null,
      },
      {
        name: `statements per board, ${SMALL} vs ${LARGE} teams`,
        value: `${cost.small.statements} vs ${cost.large.statements}`,
        unit: '',
        budget: 'equal (no N+1)',
        pass: cost.small.statements === cost.large.statements,
      },
    ];
    const clean = rows.every((r) => r.errors === 0 && r.non2xx === 0);
    if (!clean) checks.push({ name: 'errors or non-2xx answers', value: null, unit: '', budget: 'none', pass: false });

    console.log(`\nleaderboard on PostgreSQL (${DURATION} s each, ${CONNECTIONS} connections, loopback; ratio = req/s ÷ trivial's mean)`);
    printTable(rows.map((r) => ({ ...r })));
    console.log(`server RSS after the runs: ${mem.rssMB} MB (peak ${mem.peakMB} MB); load average ${round(loadavg()[0]!, 2)}`);
    for (const c of checks)
      console.log(`${c.pass === null ? 'info' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
    const loadAfter = noteLoad('leaderboard end');
    const file = writeResult('leaderboard', {
      loadBefore,
      loadAfter,
      duration: DURATION,
      connections: CONNECTIONS,
      cost,
      rows,
      memory: mem,
      checks,
    });
    console.log(`written ${file}`);
    if (checks.some((c) => c.pass === false)) process.exitCode = 1;
  } finally {
    await server?.stop();
    await database.close();
    await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`).catch((e) =>
      console.error('could not drop the bench database:', String(e)),
    );
  }
}

await main();
