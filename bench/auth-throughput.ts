// Throughput of the session and sign-in routes against a trivial route, with autocannon, on PostgreSQL (PRODUCT.md R4:
// the production database). Creates a fresh database, starts bench/bench-server.ts on it (the real app with the sign-in
// rate limits raised), pre-creates accounts, runs each route for a bounded time on loopback, then drops the database.
// The same set runs twice in one run (issue 12): as shipped (every request reads its session from the database, so a
// sign-out ends it at once) and as before (a signed session copy in a cookie, valid 60 s), and the ratios are compared.
//   node --import tsx bench/auth-throughput.ts [--duration 10] [--connections 10] [--accounts 40] [--pglite] [--no-postgres] [--no-before]
//   --pglite also runs the same set on the embedded database (in a temporary folder), for comparison.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  argValue,
  freePort,
  hasArg,
  memoryOf,
  printTable,
  round,
  spawnServer,
  waitForOk,
  writeResult,
  noteLoad,
  type Check,
  adminQuery,
  PG_ADMIN_URL,
} from './lib';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const ACCOUNTS = Number(argValue('--accounts') ?? 40);
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench';
const PASSWORD = 'bench-password-123';

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

async function signUp(base: string, i: number) {
  const res = await fetch(`${base}/api/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ firstName: 'Bench', lastName: `User${i}`, email: `bench${i}@example.org`, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${i}: ${res.status} ${await res.text()}`);
}

/** Signs in and answers the Cookie header to send: every cookie the server set (session token and, if on, the cache). */
async function signIn(base: string, i: number): Promise<{ all: string; tokenOnly: string }> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `bench${i}@example.org`, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${i}: ${res.status} ${await res.text()}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const token = pairs.find((p) => /session_token=/.test(p));
  if (!token) throw new Error(`sign-in ${i}: no session cookie in ${JSON.stringify(pairs)}`);
  return { all: pairs.join('; '), tokenOnly: token };
}

async function expectSignedIn(base: string, path: string, cookie: string) {
  const res = await fetch(base + path, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown> | null;
  const user = path.includes('get-session') ? (body as { user?: unknown } | null)?.user : (body as { me?: unknown } | null)?.me;
  if (res.status !== 200 || !user)
    throw new Error(`${path} with a cookie did not answer a signed-in user: ${res.status} ${JSON.stringify(body)}`);
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
  base: string;
  server: ReturnType<typeof spawnServer>;
  cleanup: () => Promise<void>;
}

/** A bench server on a fresh database of its own, with the accounts created and warmed up. */
async function startTarget(label: string, kind: 'postgres' | 'pglite', cookieCacheSeconds: number, dbName: string): Promise<Target> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let dataDir: string | undefined;
  const env: Record<string, string> = { APP_URL: base, LOG_LEVEL: 'error', BENCH_SESSION_COOKIE_CACHE: String(cookieCacheSeconds) };
  const drop = () => adminQuery(`drop database if exists "${dbName}" with (force)`);
  if (kind === 'postgres') {
    await drop();
    await adminQuery(`create database "${dbName}"`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-pglite-'));
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
  }
  const server = spawnServer('bench/bench-server.ts', env, port, '127.0.0.1');
  const cleanup = async () => {
    await server.stop();
    if (kind === 'postgres') await drop().catch((e) => console.error('could not drop the bench database:', String(e)));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/bench/trivial`, server);
    console.log(`== ${label}: server pid ${server.pid} on ${base}; creating ${ACCOUNTS} accounts…`);
    for (let i = 0; i < ACCOUNTS; i += 4) {
      await Promise.all([0, 1, 2, 3].filter((k) => i + k < ACCOUNTS).map((k) => signUp(base, i + k)));
    }
    // Warm-up: JIT, connection pool, the database's caches.
    await autocannon({ url: `${base}/bench/trivial`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1 });
    await autocannon({
      url: `${base}/api/account/me`,
      connections: CONNECTIONS,
      duration: 1,
      headers: { cookie: (await signIn(base, ACCOUNTS - 1)).all },
    });
    return { label, base, server, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** One route's load spec for a target (signing in first where it needs a session). */
type Spec = { name: string; prepare: (base: string) => Promise<Parameters<typeof load>[2]> };

let nextAccount = 0;
const freshSession = async (base: string) => signIn(base, nextAccount++ % (ACCOUNTS - 1));
const SPECS: Spec[] = [
  { name: 'trivial (no db)', prepare: async () => ({ path: '/bench/trivial' }) },
  { name: 'health (select 1)', prepare: async () => ({ path: '/api/health' }) },
  // A fresh session per run: the old signed cookie cache (session_data) lived 60 s.
  {
    name: 'get-session, browser cookies',
    prepare: async (base) => {
      const cookies = await freshSession(base);
      await expectSignedIn(base, '/api/auth/get-session', cookies.all);
      return { path: '/api/auth/get-session', headers: { cookie: cookies.all } };
    },
  },
  {
    name: 'account/me, browser cookies',
    prepare: async (base) => {
      const cookies = await freshSession(base);
      await expectSignedIn(base, '/api/account/me', cookies.all);
      return { path: '/api/account/me', headers: { cookie: cookies.all } };
    },
  },
  {
    name: 'account/me, token only (db)',
    prepare: async (base) => {
      const cookies = await freshSession(base);
      await expectSignedIn(base, '/api/account/me', cookies.tokenOnly);
      return { path: '/api/account/me', headers: { cookie: cookies.tokenOnly } };
    },
  },
  // A route whose guard is the signed-in check (access: signed-in), with every cookie a browser sends.
  {
    name: 'teams/mine (signed-in guard), browser cookies',
    prepare: async (base) => ({ path: '/api/teams/mine', headers: { cookie: (await freshSession(base)).all } }),
  },
  {
    name: `sign-in (${ACCOUNTS} accounts)`,
    prepare: async (base) => {
      let next = 0;
      return {
        path: '/api/auth/sign-in/email',
        method: 'POST',
        requests: [
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            // better-auth refuses a sign-in without an Origin (MISSING_OR_NULL_ORIGIN), so send our own.
            headers: { 'content-type': 'application/json', origin: base },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ email: `bench${next++ % ACCOUNTS}@example.org`, password: PASSWORD }),
            }),
          },
        ],
      };
    },
  },
];

/** Whether the cookies a browser had still sign anyone in right after its sign-out. */
async function replayAfterSignOut(base: string): Promise<boolean> {
  const cookies = await signIn(base, ACCOUNTS - 1);
  await expectSignedIn(base, '/api/account/me', cookies.all);
  await fetch(`${base}/api/auth/sign-out`, {
    method: 'POST',
    headers: { cookie: cookies.all, origin: base, 'content-type': 'application/json' },
    body: '{}',
  });
  const replay = (await (await fetch(`${base}/api/account/me`, { headers: { cookie: cookies.all } })).json()) as { me: unknown };
  return replay.me === null;
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
      const row = await load(spec.name, target.base, await spec.prepare(target.base));
      console.log(`${row.reqPerSec} req/s, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
      rows.get(target.label)!.push(row);
    }
  }
  const suites: Record<string, { rows: Row[]; rssAfterMB: number; peakMB: number; revokedAtOnce: boolean }> = {};
  for (const target of targets) {
    const list = rows.get(target.label)!;
    const trivial = list[0]!.reqPerSec;
    for (const row of list) row.ratio = round(row.reqPerSec / trivial, 3);
    const mem = memoryOf(target.server.pid);
    const revokedAtOnce = await replayAfterSignOut(target.base);
    console.log(
      `  ${target.label}: cookies replayed after sign-out ${revokedAtOnce ? 'are refused (signed out at once)' : 'STILL SIGN IN'}`,
    );
    suites[target.label] = { rows: list, rssAfterMB: mem.rssMB, peakMB: mem.peakMB, revokedAtOnce };
  }
  return suites;
}

const AFTER = 'postgres';
const BEFORE = 'postgres, before (cookie cache 60 s)';
const loadBefore = noteLoad('auth-throughput start');
const suites: Record<string, Awaited<ReturnType<typeof runTargets>>[string]> = {};
for (const group of [
  hasArg('--no-postgres')
    ? []
    : [
        { label: AFTER, kind: 'postgres' as const, cache: 0, db: BENCH_DB },
        ...(hasArg('--no-before') ? [] : [{ label: BEFORE, kind: 'postgres' as const, cache: 60, db: `${BENCH_DB}_before` }]),
      ],
  hasArg('--pglite') ? [{ label: 'pglite', kind: 'pglite' as const, cache: 0, db: '' }] : [],
]) {
  if (group.length === 0) continue;
  const targets: Target[] = [];
  try {
    for (const g of group) targets.push(await startTarget(g.label, g.kind, g.cache, g.db));
    Object.assign(suites, await runTargets(targets));
  } finally {
    for (const target of targets) await target.cleanup();
  }
}

const checks: Check[] = [];
for (const [kind, suite] of Object.entries(suites)) {
  console.log(`\nauth-throughput on ${kind} (${DURATION} s each, ${CONNECTIONS} connections, loopback; ratio = req/s ÷ trivial's)`);
  printTable(suite.rows.map((r) => ({ ...r })));
  console.log(`server RSS after the runs: ${suite.rssAfterMB} MB (peak ${suite.peakMB} MB)`);
  for (const r of suite.rows) {
    // No budget: the figures are for comparison (ratio to the trivial route). Errors or non-2xx answers fail the check.
    const clean = r.errors === 0 && r.non2xx === 0;
    checks.push({
      name: `${kind}: ${r.name}`,
      value: r.reqPerSec,
      unit: 'req/s',
      budget: `p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ×${r.ratio} of trivial${clean ? '' : `, ${r.errors} errors, ${r.non2xx} non-2xx`}`,
      pass: clean ? null : false,
    });
  }
}
const after = suites[AFTER];
const before = suites[BEFORE];
const comparison =
  after && before
    ? after.rows.map((row) => {
        const old = before.rows.find((r) => r.name === row.name);
        return {
          name: row.name,
          ratioBefore: old?.ratio ?? null,
          ratioAfter: row.ratio,
          afterOverBefore: old?.ratio ? round(row.ratio! / old.ratio, 2) : null,
        };
      })
    : [];
if (comparison.length) {
  console.log('\nthe signed-in check, as shipped (immediate revocation) vs before (cookie cache), same run: ratio to trivial');
  printTable(comparison);
}
for (const [kind, suite] of Object.entries(suites)) {
  // As shipped, a sign-out must end the session at once; the old behaviour is expected not to (that was the defect).
  if (!kind.includes('before'))
    checks.push({
      name: `${kind}: cookies replayed after sign-out are refused`,
      value: suite.revokedAtOnce ? 1 : 0,
      unit: 'bool',
      budget: '1',
      pass: suite.revokedAtOnce,
    });
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
