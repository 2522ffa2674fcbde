// Throughput of signed-in requests against a trivial route, with autocannon, on PostgreSQL and on PGlite (issue 20): the
// dashboard's read (GET /api/teams/mine for a leader with 2 teams; budget: >= 0.25 of the trivial route's throughput),
// the same read by 40 leaders in turn, GET /api/account/me, better-auth's /api/auth/get-session, and sign-in. Each target
// is the real app (bench/bench-server.ts: sign-in limits raised) on a fresh database of its own. In the same run, the
// same routes on a server that checks every request with better-auth's getSession, as before decision 065 ("before"),
// and ratios to each server's own trivial route are compared. Last, on each server, a browser's cookies replayed after
// its sign-out must be refused (R33; two processes: src/server/auth/sessions-across-processes.test.ts).
//   node --import tsx bench/auth-throughput.ts [--duration 10] [--connections 10] [--accounts 40]
//                                              [--no-postgres] [--no-pglite] [--no-before]
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { argValue, freePort, hasArg, memoryOf, noteLoad, printTable, round, spawnServer, waitForOk, writeResult, type Check } from './lib';
import {
  BENCH_PASSWORD,
  benchDatabase,
  createLeader,
  giveTeams,
  openTournament,
  signInCookie,
  type BenchDatabase,
} from './signed-in-fixtures';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const ACCOUNTS = Number(argValue('--accounts') ?? 40);
/** Issue 20: a signed-in read at a quarter of the trivial route's throughput or more. */
const BUDGET_RATIO = 0.25;
const DASHBOARD = 'teams/mine, leader with 2 teams';

interface Row {
  name: string;
  route: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  ratio: number | null;
  ok2xx: number;
  non2xx: number;
  errors: number;
  /** 1-minute load average when the run ended (2 cores: above ~2, something else competed). */
  load: number;
}

async function load(name: string, base: string, spec: Omit<Parameters<typeof autocannon>[0], 'url'> & { path: string }): Promise<Row> {
  const { path, ...rest } = spec;
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, timeout: 30, ...rest, title: name });
  return {
    name,
    route: `${rest.method ?? 'GET'} ${path}`,
    reqPerSec: round(result.requests.average, 1),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    ratio: null,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: round(loadavg()[0]!, 2),
  };
}

interface Target {
  label: string;
  kind: 'postgres' | 'pglite';
  before: boolean;
  base: string;
  server: ReturnType<typeof spawnServer>;
  /** Every leader's Cookie header (each has 2 teams). */
  cookies: string[];
  cleanup: () => Promise<void>;
}

const email = (i: number) => `bench${i}@example.org`;

/** A bench server on a fresh database of its own, with the leaders created, signed in, given 2 teams each, warmed up. */
async function startTarget(label: string, kind: 'postgres' | 'pglite', before: boolean, dbName: string): Promise<Target> {
  const bench: BenchDatabase = await benchDatabase(kind, dbName);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawnServer> | undefined;
  const cleanup = async () => {
    await server?.stop();
    await bench.drop().catch((e) => console.error('could not drop the bench database:', String(e)));
  };
  try {
    const where = await bench.prepare(async (db) => {
      for (let i = 0; i < ACCOUNTS; i++) await createLeader(db, email(i));
      return openTournament(db, 'Bench Open', 10_000);
    });
    const env = { ...bench.env, APP_URL: base, LOG_LEVEL: 'error', ...(before ? { BENCH_SESSION_READ: 'better-auth' } : {}) };
    server = spawnServer('bench/bench-server.ts', env, port, '127.0.0.1');
    await waitForOk(`${base}/bench/trivial`, server);
    console.log(`== ${label}: server pid ${server.pid} on ${base}; ${ACCOUNTS} leaders signing in and registering 2 teams each…`);
    const cookies: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const cookie = await signInCookie(base, email(i));
      await giveTeams(base, cookie, where, 2, i * 2);
      cookies.push(cookie);
    }
    // Warm-up: JIT, connection pool, the database's caches.
    await autocannon({ url: `${base}/bench/trivial`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1 });
    await autocannon({ url: `${base}/api/teams/mine`, connections: CONNECTIONS, duration: 2, headers: { cookie: cookies[0]! } });
    return { label, kind, before, base, server, cookies, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function expectSignedIn(base: string, path: string, cookie: string) {
  const res = await fetch(base + path, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown> | null;
  const user = path.includes('get-session') ? (body as { user?: unknown } | null)?.user : (body as { me?: unknown } | null)?.me;
  if (res.status !== 200 || !user)
    throw new Error(`${path} with a cookie did not answer a signed-in user: ${res.status} ${JSON.stringify(body)}`);
}

/** One route's load spec for a target. */
type Spec = { name: string; prepare: (target: Target) => Promise<Parameters<typeof load>[2]> };

const SPECS: Spec[] = [
  { name: 'trivial (no db)', prepare: async () => ({ path: '/bench/trivial' }) },
  { name: 'health (select 1)', prepare: async () => ({ path: '/api/health' }) },
  { name: DASHBOARD, prepare: async (t) => ({ path: '/api/teams/mine', headers: { cookie: t.cookies[0]! } }) },
  {
    name: `teams/mine, ${ACCOUNTS} leaders in turn`,
    prepare: async (t) => {
      let next = 0;
      return {
        path: '/api/teams/mine',
        requests: [
          {
            method: 'GET',
            path: '/api/teams/mine',
            setupRequest: (req) => ({ ...req, headers: { cookie: t.cookies[next++ % t.cookies.length]! } }),
          },
        ],
      };
    },
  },
  {
    name: 'account/me',
    prepare: async (t) => {
      await expectSignedIn(t.base, '/api/account/me', t.cookies[1]!);
      return { path: '/api/account/me', headers: { cookie: t.cookies[1]! } };
    },
  },
  {
    name: "get-session (better-auth's)",
    prepare: async (t) => {
      await expectSignedIn(t.base, '/api/auth/get-session', t.cookies[2]!);
      return { path: '/api/auth/get-session', headers: { cookie: t.cookies[2]! } };
    },
  },
  {
    name: `sign-in (${ACCOUNTS} accounts)`,
    prepare: async (t) => {
      let next = 0;
      return {
        path: '/api/auth/sign-in/email',
        method: 'POST',
        requests: [
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            // better-auth refuses a sign-in without an Origin (MISSING_OR_NULL_ORIGIN), so send our own.
            headers: { 'content-type': 'application/json', origin: t.base },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: email(next++ % ACCOUNTS), password: BENCH_PASSWORD }) }),
          },
        ],
      };
    },
  },
];

/** Whether the cookies a browser had still sign anyone in right after its sign-out (R33). */
async function replayAfterSignOut(base: string): Promise<boolean> {
  const cookie = await signInCookie(base, email(ACCOUNTS - 1));
  // In use just before, so cached where there is a cache.
  for (let i = 0; i < 3; i++) await expectSignedIn(base, '/api/account/me', cookie);
  await fetch(`${base}/api/auth/sign-out`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: '{}',
  });
  const replay = await fetch(`${base}/api/teams/mine`, { headers: { cookie } });
  return replay.status === 401;
}

/**
 * Runs every route on every target, route by route (each route on each target before the next route), so that what else
 * the machine is doing weighs on the targets alike; ratios are to each target's own trivial route.
 */
async function runTargets(targets: Target[]) {
  const rows = new Map<string, Row[]>(targets.map((t) => [t.label, []]));
  for (const spec of SPECS) {
    for (const target of targets) {
      process.stdout.write(`  ${target.label}: ${spec.name} (${DURATION} s, ${CONNECTIONS} connections)… `);
      const row = await load(spec.name, target.base, await spec.prepare(target));
      console.log(`${row.reqPerSec} req/s, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
      rows.get(target.label)!.push(row);
    }
  }
  const suites: Record<string, { kind: string; before: boolean; rows: Row[]; rssAfterMB: number; peakMB: number; revokedAtOnce: boolean }> =
    {};
  for (const target of targets) {
    const list = rows.get(target.label)!;
    const trivial = list[0]!.reqPerSec;
    for (const row of list) row.ratio = round(row.reqPerSec / trivial, 3);
    const mem = memoryOf(target.server.pid);
    const revokedAtOnce = await replayAfterSignOut(target.base);
    console.log(
      `  ${target.label}: cookies replayed after sign-out ${revokedAtOnce ? 'are refused (signed out at once)' : 'STILL SIGN IN'}`,
    );
    suites[target.label] = {
      kind: target.kind,
      before: target.before,
      rows: list,
      rssAfterMB: mem.rssMB,
      peakMB: mem.peakMB,
      revokedAtOnce,
    };
  }
  return suites;
}

const loadBefore = noteLoad('auth-throughput start');
const suites: Awaited<ReturnType<typeof runTargets>> = {};
for (const kind of ['postgres', 'pglite'] as const) {
  if (hasArg(`--no-${kind}`)) continue;
  const targets: Target[] = [];
  try {
    targets.push(await startTarget(kind, kind, false, `golf_bench_auth_${process.pid}`));
    if (!hasArg('--no-before'))
      targets.push(await startTarget(`${kind}, before (better-auth getSession)`, kind, true, `golf_bench_auth_before_${process.pid}`));
    Object.assign(suites, await runTargets(targets));
  } finally {
    for (const target of targets) await target.cleanup();
  }
}

const checks: Check[] = [];
for (const [label, suite] of Object.entries(suites)) {
  console.log(`\nauth-throughput on ${label} (${DURATION} s each, ${CONNECTIONS} connections, loopback; ratio = req/s ÷ trivial's)`);
  printTable(suite.rows.map((r) => ({ ...r })));
  console.log(`server RSS after the runs: ${suite.rssAfterMB} MB (peak ${suite.peakMB} MB)`);
  for (const r of suite.rows) {
    const clean = r.errors === 0 && r.non2xx === 0;
    // The budget is the shipped dashboard read's; the other rows are for comparison. Errors or non-2xx answers fail.
    const budgeted = !suite.before && r.name === DASHBOARD;
    checks.push({
      name: `${label}: ${r.name}`,
      value: budgeted ? r.ratio : r.reqPerSec,
      unit: budgeted ? '× trivial' : 'req/s',
      budget: `${budgeted ? `>= ${BUDGET_RATIO} × trivial; ` : ''}${r.reqPerSec} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ×${r.ratio} of trivial${clean ? '' : `, ${r.errors} errors, ${r.non2xx} non-2xx`}`,
      pass: !clean ? false : budgeted ? r.ratio! >= BUDGET_RATIO : null,
    });
  }
  checks.push({
    name: `${label}: cookies replayed after sign-out are refused`,
    value: suite.revokedAtOnce ? 1 : 0,
    unit: 'bool',
    budget: '1',
    pass: suite.revokedAtOnce,
  });
}

const comparison = Object.entries(suites)
  .filter(([, suite]) => !suite.before)
  .flatMap(([label, after]) => {
    const before = Object.values(suites).find((s) => s.before && s.kind === after.kind);
    if (!before) return [];
    return after.rows.map((row) => {
      const old = before.rows.find((r) => r.name === row.name);
      return {
        database: label,
        route: row.name,
        ratioBefore: old?.ratio ?? null,
        ratioAfter: row.ratio,
        afterOverBefore: old?.ratio ? round(row.ratio! / old.ratio, 2) : null,
      };
    });
  });
if (comparison.length) {
  console.log("\nthe signed-in check, as shipped vs before (better-auth's getSession on every request), same run: ratio to trivial");
  printTable(comparison);
}
const loadAfter = noteLoad('auth-throughput end');
const file = writeResult('auth-throughput', {
  loadBefore,
  loadAfter,
  duration: DURATION,
  connections: CONNECTIONS,
  accounts: ACCOUNTS,
  suites,
  comparison,
  checks,
});
console.log(`\nwritten ${file}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
