// Throughput of the session and sign-in routes against a trivial route, with autocannon, on PostgreSQL (PRODUCT.md R4:
// the production database). Creates a fresh database, starts bench/bench-server.ts on it (the real app with the sign-in
// rate limits raised), pre-creates accounts, runs each route for a bounded time on loopback, then drops the database.
//   node --import tsx bench/auth-throughput.ts [--duration 10] [--connections 10] [--accounts 40] [--pglite] [--no-postgres]
//   --pglite also runs the same set on the embedded database (in a temporary folder), for comparison.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { argValue, freePort, hasArg, memoryOf, printTable, round, spawnServer, waitForOk, writeResult, noteLoad, type Check, adminQuery, PG_ADMIN_URL } from './lib';

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


const dropDb = () => adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);

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
  if (res.status !== 200 || !user) throw new Error(`${path} with a cookie did not answer a signed-in user: ${res.status} ${JSON.stringify(body)}`);
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

async function runSuite(kind: 'postgres' | 'pglite'): Promise<{ rows: Row[]; rssAfterMB: number; peakMB: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let dataDir: string | undefined;
  const env: Record<string, string> = { APP_URL: base, LOG_LEVEL: 'error' };
  if (kind === 'postgres') {
    await dropDb();
    await adminQuery(`create database "${BENCH_DB}"`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${BENCH_DB}`;
    env.DATABASE_URL = url.toString();
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-pglite-'));
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = '';
  }
  const server = spawnServer('bench/bench-server.ts', env, port, '127.0.0.1');
  try {
    await waitForOk(`${base}/bench/trivial`, server);
    console.log(`\n== ${kind}: server pid ${server.pid} on ${base}; creating ${ACCOUNTS} accounts…`);
    for (let i = 0; i < ACCOUNTS; i += 4) {
      await Promise.all([0, 1, 2, 3].filter((k) => i + k < ACCOUNTS).map((k) => signUp(base, i + k)));
    }

    // Warm-up: JIT, connection pool, the database's caches.
    await autocannon({ url: `${base}/bench/trivial`, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: `${base}/api/health`, connections: CONNECTIONS, duration: 1 });

    const rows: Row[] = [];
    const run = async (name: string, spec: Parameters<typeof load>[2]) => {
      process.stdout.write(`  ${name} (${DURATION} s, ${CONNECTIONS} connections)… `);
      const row = await load(name, base, spec);
      console.log(`${row.reqPerSec} req/s, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
      rows.push(row);
    };

    await run('trivial (no db)', { path: '/bench/trivial' });
    await run('health (select 1)', { path: '/api/health' });

    // A fresh session per run: the signed cookie cache (session_data) lives 60 s.
    let cookies = await signIn(base, 0);
    await expectSignedIn(base, '/api/auth/get-session', cookies.all);
    await run('get-session, cookie cache', { path: '/api/auth/get-session', headers: { cookie: cookies.all } });
    cookies = await signIn(base, 1);
    await expectSignedIn(base, '/api/auth/get-session', cookies.tokenOnly);
    await run('get-session, token only (db)', { path: '/api/auth/get-session', headers: { cookie: cookies.tokenOnly } });
    cookies = await signIn(base, 2);
    await expectSignedIn(base, '/api/account/me', cookies.all);
    await run('account/me, cookie cache', { path: '/api/account/me', headers: { cookie: cookies.all } });
    cookies = await signIn(base, 3);
    await expectSignedIn(base, '/api/account/me', cookies.tokenOnly);
    await run('account/me, token only (db)', { path: '/api/account/me', headers: { cookie: cookies.tokenOnly } });

    let next = 0;
    await run(`sign-in (${ACCOUNTS} accounts)`, {
      path: '/api/auth/sign-in/email',
      method: 'POST',
      requests: [
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          // better-auth refuses a sign-in without an Origin (MISSING_OR_NULL_ORIGIN), so send our own.
          headers: { 'content-type': 'application/json', origin: base },
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `bench${next++ % ACCOUNTS}@example.org`, password: PASSWORD }) }),
        },
      ],
    });

    const trivial = rows[0]!.reqPerSec;
    for (const row of rows) row.ratio = round(row.reqPerSec / trivial, 3);
    const mem = memoryOf(server.pid);
    return { rows, rssAfterMB: mem.rssMB, peakMB: mem.peakMB };
  } finally {
    await server.stop();
    if (kind === 'postgres') await dropDb().catch((e) => console.error('could not drop the bench database:', String(e)));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadBefore = noteLoad('auth-throughput start');
const suites: Record<string, Awaited<ReturnType<typeof runSuite>>> = {};
if (!hasArg('--no-postgres')) suites.postgres = await runSuite('postgres');
if (hasArg('--pglite')) suites.pglite = await runSuite('pglite');

const checks: Check[] = [];
for (const [kind, suite] of Object.entries(suites)) {
  console.log(`\nauth-throughput on ${kind} (${DURATION} s each, ${CONNECTIONS} connections, loopback; ratio = req/s ÷ trivial's)`);
  printTable(suite.rows.map((r) => ({ ...r })));
  console.log(`server RSS after the runs: ${suite.rssAfterMB} MB (peak ${suite.peakMB} MB)`);
  for (const r of suite.rows) {
    // No budget: the figures are for comparison (ratio to the trivial route). Errors or non-2xx answers fail the check.
    const clean = r.errors === 0 && r.non2xx === 0;
    checks.push({ name: `${kind}: ${r.name}`, value: r.reqPerSec, unit: 'req/s', budget: `p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, ×${r.ratio} of trivial${clean ? '' : `, ${r.errors} errors, ${r.non2xx} non-2xx`}`, pass: clean ? null : false });
  }
}
const loadAfter = noteLoad('auth-throughput end');
const file = writeResult('auth-throughput', { loadBefore, loadAfter, duration: DURATION, connections: CONNECTIONS, accounts: ACCOUNTS, suites, checks });
console.log(`\nwritten ${file}`);
