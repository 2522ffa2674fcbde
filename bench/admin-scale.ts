// The admin area at scale on PostgreSQL (issue 4, Budgets): one tournament with 2,000 teams (8,000 golfers, a payment
// record each, a third of the golfers checked in) beside a small one of 20 teams, on a throwaway database.
//  1. SQL statements per request, counted by bench/bench-server.ts, for every staff list, report and CSV route: the same
//     whether it shows 1 row, 20 or a full page, and whether the tournament has 20 teams or 2,000 (no N+1). Each statement
//     of the big tournament's requests is EXPLAINed (ANALYZE): database time and the tables read by a sequential scan.
//  2. Throughput and p95 latency with autocannon of the teams list (first page, a search), golfers (first page, a search),
//     dashboard, report (page and CSV) and payment ledger, each as a ratio to /bench/trivial in the same run (measured
//     first and last; the ratio uses their mean).
//   node --import tsx bench/admin-scale.ts [--duration 10] [--connections 10] [--teams 2000] [--keep]
//   --keep leaves the database in place (its URL is printed) to look at plans by hand; drop it yourself afterwards.
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import pg from 'pg';
import { createUserAccount } from '../src/server/account/service';
import { migrateDatabase, openDatabase } from '../src/server/db/connect';
import { seedTournament, type TournamentFixture } from './big-tournament';
import {
  argValue,
  freePort,
  hasArg,
  memoryOf,
  noteLoad,
  printTable,
  round,
  spawnServer,
  waitForOk,
  writeResult,
  percentile,
  signInCookie,
  type Check,
  adminQuery,
  PG_ADMIN_URL,
  printChecks,
} from './lib';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const TEAMS = Number(argValue('--teams') ?? 2000);
const SMALL_TEAMS = 20;
const KEEP = hasArg('--keep');
const BENCH_DB = `golf_bench_admin_${process.pid}`;
const ADMIN_EMAIL = 'admin@bench.test';
const PASSWORD = 'bench-password-123';

// ── The routes ─────────────────────────────────────────────────────────────────────────────────────────────────────────
interface Probe {
  label: string;
  path: string;
}
interface RouteCase {
  name: string;
  /** Measured under load with autocannon (else only its statements are counted). */
  load?: string;
  /** The same route showing different numbers of rows: each must run the same number of statements. */
  probes: Probe[];
  /** How many rows a response shows. */
  rows: (body: string) => number;
}

const json = (key: string) => (body: string) => ((JSON.parse(body) as Record<string, unknown[]>)[key] ?? []).length;
const csvRows = (body: string) => body.trimEnd().split('\n').length - 1;

function routeCases(big: TournamentFixture, small: TournamentFixture): RouteCase[] {
  const lastPage = Math.ceil(big.teams / 50) + 1; // past the end: the service answers the last page, partly filled
  return [
    {
      name: 'teams list',
      load: `/api/admin/teams?tournamentId=${big.id}`,
      probes: [
        { label: 'big, page 1', path: `/api/admin/teams?tournamentId=${big.id}` },
        { label: 'big, last page', path: `/api/admin/teams?tournamentId=${big.id}&page=${lastPage}&sort=name&dir=asc` },
        { label: 'small', path: `/api/admin/teams?tournamentId=${small.id}` },
        { label: 'big, one match', path: `/api/admin/teams?tournamentId=${big.id}&q=${encodeURIComponent('#B1234')}` },
      ],
      rows: json('teams'),
    },
    {
      name: 'teams search',
      load: `/api/admin/teams?tournamentId=${big.id}&q=eagle&sort=name&dir=asc`,
      probes: [
        { label: 'big', path: `/api/admin/teams?tournamentId=${big.id}&q=eagle&sort=name&dir=asc` },
        { label: 'small', path: `/api/admin/teams?tournamentId=${small.id}&q=eagle&sort=name&dir=asc` },
      ],
      rows: json('teams'),
    },
    {
      name: 'teams CSV',
      probes: [
        { label: 'big', path: `/api/admin/teams/export.csv?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/teams/export.csv?tournamentId=${small.id}` },
      ],
      rows: csvRows,
    },
    {
      name: 'golfers list',
      load: `/api/admin/golfers?tournamentId=${big.id}`,
      probes: [
        { label: 'big, page 1', path: `/api/admin/golfers?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/golfers?tournamentId=${small.id}` },
      ],
      rows: json('golfers'),
    },
    {
      name: 'golfers search',
      load: `/api/admin/golfers?tournamentId=${big.id}&q=smith`,
      probes: [
        { label: 'big', path: `/api/admin/golfers?tournamentId=${big.id}&q=smith` },
        { label: 'small', path: `/api/admin/golfers?tournamentId=${small.id}&q=smith` },
        { label: 'big, one match', path: `/api/admin/golfers?tournamentId=${big.id}&q=${encodeURIComponent('p2.B1234@')}` },
      ],
      rows: json('golfers'),
    },
    {
      name: 'golfer teams (Add Golfer)',
      probes: [
        { label: 'big', path: `/api/admin/golfers/teams?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/golfers/teams?tournamentId=${small.id}` },
      ],
      rows: json('teams'),
    },
    {
      name: 'dashboard',
      load: `/api/admin/dashboard?tournamentId=${big.id}`,
      probes: [
        { label: 'big', path: `/api/admin/dashboard?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/dashboard?tournamentId=${small.id}` },
      ],
      rows: (body) => (JSON.parse(body) as { stats: { totalTeams: number } }).stats.totalTeams,
    },
    {
      name: 'report',
      load: `/api/admin/reports?tournamentId=${big.id}`,
      probes: [
        { label: 'big, page 1', path: `/api/admin/reports?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/reports?tournamentId=${small.id}` },
        { label: 'big, one team', path: `/api/admin/reports?tournamentId=${big.id}&teamId=${big.someTeamId}` },
      ],
      rows: json('rows'),
    },
    {
      name: 'report CSV',
      load: `/api/admin/reports.csv?tournamentId=${big.id}`,
      probes: [
        { label: 'big', path: `/api/admin/reports.csv?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/reports.csv?tournamentId=${small.id}` },
        { label: 'big, one team', path: `/api/admin/reports.csv?tournamentId=${big.id}&teamId=${big.someTeamId}` },
      ],
      rows: csvRows,
    },
    {
      name: 'report options',
      probes: [
        { label: 'big', path: `/api/admin/reports/options?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/reports/options?tournamentId=${small.id}` },
      ],
      rows: json('teams'),
    },
    {
      name: 'payment ledger',
      load: `/api/admin/payments?tournamentId=${big.id}`,
      probes: [
        { label: 'big, page 1', path: `/api/admin/payments?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/payments?tournamentId=${small.id}` },
        { label: 'big, hold', path: `/api/admin/payments?tournamentId=${big.id}&state=hold&page=${lastPage}` },
      ],
      rows: json('payments'),
    },
    {
      name: 'payments CSV',
      probes: [
        { label: 'big', path: `/api/admin/payments/export.csv?tournamentId=${big.id}` },
        { label: 'small', path: `/api/admin/payments/export.csv?tournamentId=${small.id}` },
      ],
      rows: csvRows,
    },
  ];
}

// ── Measuring ──────────────────────────────────────────────────────────────────────────────────────────────────────────
const signIn = (base: string) => signInCookie(base, ADMIN_EMAIL, PASSWORD);

interface Statement {
  text: string;
  values: unknown[];
}
interface PlanSummary {
  ms: number;
  seqScans: string[];
}

/**
 * EXPLAIN ANALYZE of one logged statement (reads only), run as the server ran it: prepared, then executed with its
 * parameters. Answers its execution time and the tables it reads by sequential scan.
 */
async function explain(client: pg.Client, statement: Statement): Promise<PlanSummary | null> {
  if (!/^\s*(select|with)\b/i.test(statement.text)) return null;
  const literal = (v: unknown) =>
    v === null || v === undefined ? 'null' : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
  await client.query(`prepare bench_statement as ${statement.text}`);
  const args = statement.values.length ? `(${statement.values.map(literal).join(', ')})` : '';
  const { rows } = await client
    .query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      `explain (analyze, format json) execute bench_statement${args}`,
    )
    .finally(() => client.query('deallocate bench_statement'));
  const [plan] = rows[0]!['QUERY PLAN'];
  const seqScans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
      seqScans.push(`${node['Relation Name']} (${node['Actual Rows'] * node['Actual Loops']} rows)`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { ms: plan['Execution Time'], seqScans };
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

interface ProbeResult {
  route: string;
  probe: string;
  rows: number;
  statements: number;
}

/** One request at a time, each with its statements counted (and, for the big tournament's first probe, EXPLAINed). */
async function countStatements(base: string, cases: RouteCase[], client: pg.Client) {
  const cookie = await signIn(base);
  const probes: ProbeResult[] = [];
  const plans: { route: string; statements: number; dbMs: number; slowestMs: number; seqScans: string }[] = [];
  for (const route of cases) {
    for (const [i, probe] of route.probes.entries()) {
      const res = await fetch(base + probe.path, { headers: { cookie, 'x-bench-count-queries': '1' } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${probe.path}: ${res.status} ${body.slice(0, 300)}`);
      const statements = Number(res.headers.get('x-bench-query-count'));
      probes.push({ route: route.name, probe: probe.label, rows: route.rows(body), statements });
      if (i > 0) continue;
      const logged = ((await (await fetch(`${base}/bench/last-queries`)).json()) as { statements: Statement[] }).statements;
      const explained: PlanSummary[] = [];
      for (const statement of logged) {
        const plan = await explain(client, statement);
        if (plan) explained.push(plan);
      }
      plans.push({
        route: route.name,
        statements: logged.length,
        dbMs: round(
          explained.reduce((a, p) => a + p.ms, 0),
          2,
        ),
        slowestMs: round(Math.max(0, ...explained.map((p) => p.ms)), 2),
        seqScans: [...new Set(explained.flatMap((p) => p.seqScans))].join(', '),
      });
    }
  }
  return { probes, plans };
}

interface LoadRow {
  name: string;
  route: string;
  reqPerSec: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
  ratio: number | null;
  ok2xx: number;
  non2xx: number;
  errors: number;
  load: number;
}

/** One route under load for DURATION seconds; p95 from every response's own time (autocannon's histogram has no p95). */
async function load(name: string, base: string, path: string, headers: Record<string, string>): Promise<LoadRow> {
  process.stdout.write(`  ${name} (${DURATION} s, ${CONNECTIONS} connections)… `);
  const times: number[] = [];
  const instance = autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, timeout: 30, headers, title: name });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  const row: LoadRow = {
    name,
    route: path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id'),
    reqPerSec: round(result.requests.average, 1),
    p50ms: round(percentile(times, 50), 1),
    p95ms: round(percentile(times, 95), 1),
    p99ms: round(percentile(times, 99), 1),
    ratio: null,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: round(loadavg()[0]!, 2),
  };
  console.log(`${row.reqPerSec} req/s, p95 ${row.p95ms} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
  return row;
}

// ── The run ────────────────────────────────────────────────────────────────────────────────────────────────────────────
const loadBefore = noteLoad('admin-scale start');
const databaseUrl = (() => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
})();
await adminQuery(`create database "${BENCH_DB}"`);
let server: ReturnType<typeof spawnServer> | undefined;
const explainClient = new pg.Client({ connectionString: databaseUrl });
try {
  // Seed before the server starts, so nothing competes with it.
  const seedStart = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 2 });
  let big: TournamentFixture;
  let small: TournamentFixture;
  try {
    await migrateDatabase(database);
    const admin = await createUserAccount(database.db, {
      firstName: 'Bench',
      lastName: 'Admin',
      email: ADMIN_EMAIL,
      password: PASSWORD,
      emailVerified: true,
      role: 'admin',
    });
    small = await seedTournament(database.db, 'Small Classic', SMALL_TEAMS, admin.id, 'S');
    big = await seedTournament(database.db, 'Scale Open', TEAMS, admin.id, 'B');
  } finally {
    await database.close();
  }
  await adminQuery('analyze', databaseUrl);
  const seedSeconds = round((performance.now() - seedStart) / 1000, 1);
  console.log(`seeded ${TEAMS} + ${SMALL_TEAMS} teams (×4 golfers, a payment each, a third checked in) in ${seedSeconds} s`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawnServer('bench/bench-server.ts', { DATABASE_URL: databaseUrl, APP_URL: base, LOG_LEVEL: 'error' }, port, '127.0.0.1');
  await waitForOk(`${base}/bench/trivial`, server);
  await explainClient.connect();
  const cases = routeCases(big, small);

  // Warm-up (JIT, pool, caches), then the statement counts: one request at a time.
  const warmCookie = await signIn(base);
  for (const route of cases)
    for (const probe of route.probes) await (await fetch(base + probe.path, { headers: { cookie: warmCookie } })).arrayBuffer();
  const health = await fetch(`${base}/api/health`, { headers: { 'x-bench-count-queries': '1' } });
  const healthStatements = Number(health.headers.get('x-bench-query-count'));
  const { probes, plans } = await countStatements(base, cases, explainClient);

  console.log(`\n== load: ${DURATION} s per route, ${CONNECTIONS} connections, loopback`);
  await autocannon({ url: `${base}/bench/trivial`, connections: CONNECTIONS, duration: 2 });
  const rows: LoadRow[] = [await load('trivial (first)', base, '/bench/trivial', {})];
  for (const route of cases.filter((c) => c.load)) {
    // A fresh session per route: the signed cookie cache lives 60 s, and each route should see the same session cost.
    rows.push(await load(route.name, base, route.load!, { cookie: await signIn(base) }));
  }
  rows.push(await load('trivial (last)', base, '/bench/trivial', {}));
  const trivial = (rows[0]!.reqPerSec + rows.at(-1)!.reqPerSec) / 2;
  for (const row of rows) row.ratio = round(row.reqPerSec / trivial, 3);
  const memory = memoryOf(server.pid);

  // ── Report ──
  console.log(`\nSQL statements per request (one at a time; /api/health runs ${healthStatements}, proving the count works)`);
  printTable(probes.map((p) => ({ ...p })));
  console.log('\nEXPLAIN ANALYZE of the big tournament’s statements (first probe of each route)');
  printTable(plans.map((p) => ({ ...p })));
  console.log(
    `\nadmin-scale on PostgreSQL: ${TEAMS} teams (${TEAMS * 4} golfers) in one tournament; ratio = req/s ÷ trivial's mean (${round(trivial, 1)})`,
  );
  printTable(rows.map((r) => ({ ...r })));
  console.log(`server RSS after the runs: ${memory.rssMB} MB (peak ${memory.peakMB} MB)`);

  const checks: Check[] = [];
  for (const route of cases) {
    const counts = probes.filter((p) => p.route === route.name);
    const same = counts.every((p) => p.statements === counts[0]!.statements);
    checks.push({
      name: `${route.name}: statements per request`,
      value: same ? counts[0]!.statements : counts.map((p) => p.statements).join('/'),
      unit: 'statements',
      budget: `same for ${counts.map((p) => `${p.rows} rows`).join(', ')}`,
      pass: same,
    });
  }
  for (const r of rows) {
    const clean = r.errors === 0 && r.non2xx === 0;
    checks.push({
      name: `${r.name}: p95`,
      value: r.p95ms,
      unit: 'ms',
      budget: `${r.reqPerSec} req/s, ×${r.ratio} of trivial${clean ? '' : `, ${r.errors} errors, ${r.non2xx} non-2xx`}`,
      pass: clean ? null : false,
    });
  }
  printChecks(checks);
  const loadAfter = noteLoad('admin-scale end');
  const file = writeResult('admin-scale', {
    loadBefore,
    loadAfter,
    teams: TEAMS,
    golfers: TEAMS * 4,
    seedSeconds,
    duration: DURATION,
    connections: CONNECTIONS,
    healthStatements,
    probes,
    plans,
    rows,
    serverMemory: memory,
    checks,
  });
  console.log(`\nwritten ${file}`);
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  await explainClient.end().catch(() => {});
  await server?.stop();
  if (KEEP) console.log(`kept the database: ${databaseUrl}`);
  else
    await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`).catch((e) =>
      console.error('could not drop the bench database:', String(e)),
    );
}
