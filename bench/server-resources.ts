// Start-up time and memory of the real server: the process `npm start` ends in (dist/server/main.js with its node flags).
// 1. First start on a new data folder (creates and migrates it), stop.
// 2. N restarts on that EXISTING folder: time from spawn to the first 200 from /api/health (and the server's own
//    "ready in" figure when its log says it).
// 3. RSS (VmRSS from /proc/<pid>/status, the node process itself) after ~5 s idle, then after some traffic
//    (sign-up, sign-in, a few thousand session/health requests, the pages if the client is built), then idle again.
// Budgets: RSS idle ≤ 200 MB on PGlite; cold start ≤ 3 s.
//   node --import tsx bench/server-resources.ts [--runs 5] [--idle 5] [--postgres] [--no-client]
//   --postgres  also measures on PostgreSQL (a fresh database golf_bench_resources, dropped at the end)
//   --no-client also measures with SERVE_CLIENT=false (the built client is read and compressed at start)
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  argValue,
  clientBuilt,
  freePort,
  hasArg,
  median,
  memoryOf,
  printTable,
  round,
  sleep,
  spawnStartedServer,
  waitForOk,
  writeResult,
  noteLoad,
  type Check,
  adminQuery,
  PG_ADMIN_URL,
} from './lib';

const RUNS = Number(argValue('--runs') ?? 5);
const IDLE_SECONDS = Number(argValue('--idle') ?? 5);
const PG_DB = 'golf_bench_resources';
const RSS_BUDGET_MB = 200;
const START_BUDGET_MS = 3000;

interface Variant {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

interface StartTiming {
  toFirst200Ms: number;
  /** The server's own "ready in N ms" (settings → listening), when logged. */
  readyLogMs: number | null;
}

async function startOnce(env: Record<string, string>): Promise<{ timing: StartTiming; server: ReturnType<typeof spawnStartedServer> }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const t0 = performance.now();
  const server = spawnStartedServer({ ...env, APP_URL: base, LOG_LEVEL: 'info' }, port);
  await waitForOk(`${base}/api/health`, server, 120_000, 5);
  const toFirst200Ms = round(performance.now() - t0);
  await sleep(50);
  const ready = /ready in (\d+) ms/.exec(server.output());
  return { timing: { toFirst200Ms, readyLogMs: ready ? Number(ready[1]) : null }, server };
}

async function traffic(base: string): Promise<number> {
  const email = `resources-${Date.now()}@example.org`;
  const password = 'resources-password-123';
  const headers = { 'content-type': 'application/json', origin: base };
  let res = await fetch(`${base}/api/account/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Res', lastName: 'Ources', email, password }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  res = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  let total = 2;
  const paths = ['/api/health', '/api/auth/get-session', '/api/account/me'];
  if (clientBuilt()) paths.push('/', '/register', '/auth');
  for (const path of paths) {
    const r = await autocannon({ url: base + path, connections: 10, duration: 3, headers: { cookie, 'accept-encoding': 'gzip, br' } });
    total += r.requests.total;
  }
  return total;
}

async function measure(variant: Variant) {
  console.log(`\n== ${variant.name}`);
  try {
    const first = await startOnce(variant.env);
    console.log(`first start (new data / fresh database, migrations): ${first.timing.toFirst200Ms} ms to the first 200`);
    await first.server.stop();

    const restarts: StartTiming[] = [];
    let last: Awaited<ReturnType<typeof startOnce>> | undefined;
    for (let i = 0; i < RUNS; i++) {
      const run = await startOnce(variant.env);
      restarts.push(run.timing);
      console.log(
        `restart ${i + 1}: ${run.timing.toFirst200Ms} ms spawn → first 200 (server log: ready in ${run.timing.readyLogMs ?? '?'} ms)`,
      );
      if (i < RUNS - 1) await run.server.stop();
      else last = run;
    }
    const server = last!.server;
    try {
      await sleep(IDLE_SECONDS * 1000);
      const idle = memoryOf(server.pid);
      console.log(`RSS after ${IDLE_SECONDS} s idle: ${idle.rssMB} MB (peak so far ${idle.peakMB} MB)`);
      const requests = await traffic(server.baseUrl);
      const busy = memoryOf(server.pid);
      console.log(`RSS after ${requests} requests: ${busy.rssMB} MB (peak ${busy.peakMB} MB)`);
      await sleep(IDLE_SECONDS * 1000);
      const after = memoryOf(server.pid);
      console.log(`RSS ${IDLE_SECONDS} s later: ${after.rssMB} MB`);
      const times = restarts.map((r) => r.toFirst200Ms);
      return {
        name: variant.name,
        firstStartMs: first.timing.toFirst200Ms,
        restartsMs: times,
        restartMedianMs: median(times),
        restartMaxMs: Math.max(...times),
        readyLogMedianMs: restarts.every((r) => r.readyLogMs !== null) ? median(restarts.map((r) => r.readyLogMs!)) : null,
        rssIdleMB: idle.rssMB,
        rssAfterTrafficMB: busy.rssMB,
        rssLaterMB: after.rssMB,
        peakMB: after.peakMB,
        trafficRequests: requests,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await variant.cleanup();
  }
}

function pgliteVariant(name: string, extra: Record<string, string> = {}): Variant {
  const dir = mkdtempSync(join(tmpdir(), 'golf-bench-resources-'));
  return {
    name,
    env: { DATA_DIR: join(dir, 'data'), DATABASE_URL: '', ...extra },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const variants: Variant[] = [pgliteVariant(clientBuilt() ? 'PGlite, serving the built client' : 'PGlite (client not built)')];
if (clientBuilt() && hasArg('--no-client')) variants.push(pgliteVariant('PGlite, SERVE_CLIENT=false', { SERVE_CLIENT: 'false' }));
if (hasArg('--postgres')) {
  await adminQuery(`drop database if exists "${PG_DB}" with (force)`);
  await adminQuery(`create database "${PG_DB}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  variants.push({
    name: 'PostgreSQL (DATABASE_URL)',
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => void (await adminQuery(`drop database if exists "${PG_DB}" with (force)`)),
  });
}

const loadBefore = noteLoad('server-resources start');
const results = [];
for (const v of variants) results.push(await measure(v));

console.log(`\nserver-resources (${RUNS} restarts each on an existing data folder; RSS of the node process)`);
printTable(
  results.map((r) => ({
    variant: r.name,
    'first start ms': r.firstStartMs,
    'restart median ms': r.restartMedianMs,
    'restart max ms': r.restartMaxMs,
    'ready-in (log) ms': r.readyLogMedianMs,
    'RSS idle MB': r.rssIdleMB,
    'RSS after traffic MB': r.rssAfterTrafficMB,
    'RSS later MB': r.rssLaterMB,
    'peak MB': r.peakMB,
  })),
);

const pglite = results[0]!;
const checks: Check[] = [
  {
    name: `cold start (restart, median of ${RUNS}), ${pglite.name}`,
    value: pglite.restartMedianMs,
    unit: 'ms',
    budget: `≤ ${START_BUDGET_MS} ms (max ${pglite.restartMaxMs})`,
    pass: pglite.restartMedianMs <= START_BUDGET_MS,
  },
  {
    name: `RSS idle, ${pglite.name}`,
    value: pglite.rssIdleMB,
    unit: 'MB',
    budget: `≤ ${RSS_BUDGET_MB} MB`,
    pass: pglite.rssIdleMB <= RSS_BUDGET_MB,
  },
  { name: `RSS after traffic, ${pglite.name}`, value: pglite.rssAfterTrafficMB, unit: 'MB', budget: 'info', pass: null },
];
for (const r of results.slice(1)) {
  checks.push({ name: `cold start (restart, median), ${r.name}`, value: r.restartMedianMs, unit: 'ms', budget: 'info', pass: null });
  checks.push({ name: `RSS idle, ${r.name}`, value: r.rssIdleMB, unit: 'MB', budget: 'info', pass: null });
}
for (const c of checks)
  console.log(`${c.pass === null ? 'INFO' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
const loadAfter = noteLoad('server-resources end');
const file = writeResult('server-resources', { loadBefore, loadAfter, runs: RUNS, idleSeconds: IDLE_SECONDS, results, checks });
console.log(`written ${file}`);
