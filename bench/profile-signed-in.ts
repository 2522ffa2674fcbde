// Where a signed-in request's time goes (issue 20): GET /api/teams/mine for a leader with 2 teams under autocannon load,
// profiled with V8's sampling profiler for the load window only (bench-server.ts's /bench/cpu-profile), on PostgreSQL and
// on PGlite; prints the top self-time and total-time entries and keeps each .cpuprofile (open it in Chrome DevTools).
// --race profiles the registration race instead: 400 leaders registering at once for 144 places.
// --via-caddy profiles the same read twice in one run, straight and then through Caddy (deploy/Caddyfile at an http://
// address, TRUST_PROXY=127.0.0.1 as deployed), and prints the portal's busy CPU per request of each (issue 32's budget).
//   node --import tsx bench/profile-signed-in.ts [--duration 10] [--connections 10] [--top 25] [--no-pglite] [--no-postgres]
//                                                [--race | --via-caddy] [--out bench/results/profiles]
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { startCaddy, caddyAddress } from '../src/server/test/caddy';
import { printSummary, summarise } from './cpu-profile';
import { argValue, freePort, hasArg, noteLoad, RESULTS_DIR, round, spawnServer, waitForOk } from './lib';
import { benchDatabase, createLeader, giveTeams, openTournament, register, signInCookie } from './signed-in-fixtures';

const DURATION = Number(argValue('--duration') ?? 10);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const TOP = Number(argValue('--top') ?? 25);
const RACE = hasArg('--race');
const VIA_CADDY = hasArg('--via-caddy');
const OUT = resolve(argValue('--out') ?? join(RESULTS_DIR, 'profiles'));
mkdirSync(OUT, { recursive: true });

async function profileOn(kind: 'postgres' | 'pglite') {
  const bench = await benchDatabase(kind, `golf_bench_profile_${process.pid}`);
  const LEADERS = RACE ? 400 : 1;
  const { tournament, emails } = await bench.prepare(async (db) => {
    const tournament = await openTournament(db, 'Profiled', RACE ? 144 : 1000);
    const emails: string[] = [];
    for (let i = 0; i < LEADERS; i++) emails.push((await createLeader(db, `leader${i}@bench.test`)).email);
    return { tournament, emails };
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    'bench/bench-server.ts',
    { ...bench.env, APP_URL: base, LOG_LEVEL: 'error', BENCH_CPU_PROFILE_DIR: OUT, ...(VIA_CADDY ? { TRUST_PROXY: '127.0.0.1' } : {}) },
    port,
    '127.0.0.1',
  );
  try {
    await waitForOk(`${base}/bench/trivial`, server);
    const cookies: string[] = [];
    for (let i = 0; i < emails.length; i += 16)
      cookies.push(...(await Promise.all(emails.slice(i, i + 16).map((e) => signInCookie(base, e)))));
    const cookie = cookies[0]!;
    let label: string;
    let run: () => Promise<string>;
    if (RACE) {
      label = `${kind}: 400 registrations racing for 144 places`;
      // One registration beforehand on another tournament would need a second fixture; the dashboard read warms the path.
      await autocannon({ url: `${base}/api/teams/mine`, connections: CONNECTIONS, duration: 2, headers: { cookie } });
      run = async () => {
        const started = performance.now();
        const results = await Promise.all(cookies.map((c, i) => register(base, c, tournament, i)));
        const accepted = results.filter((r) => r.status === 201).length;
        return `${accepted} accepted of ${results.length} in ${round(performance.now() - started)} ms`;
      };
    } else {
      label = `${kind}: GET /api/teams/mine, leader with 2 teams`;
      await giveTeams(base, cookie, tournament, 2);
      await autocannon({ url: `${base}/api/teams/mine`, connections: CONNECTIONS, duration: 3, headers: { cookie } });
      run = async () => {
        const r = await autocannon({ url: `${base}/api/teams/mine`, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
        if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
        return `${round(r.requests.average, 1)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
      };
    }
    if (!RACE) {
      // For scale: the same load on the trivial route and on the health check (one SELECT 1), not profiled.
      for (const path of ['/bench/trivial', '/api/health']) {
        const r = await autocannon({ url: base + path, connections: CONNECTIONS, duration: Math.min(DURATION, 5) });
        console.log(`${kind}: GET ${path}: ${round(r.requests.average, 1)} req/s, p50 ${r.latency.p50} ms`);
      }
    }
    const profiled = async (label: string, run: () => Promise<{ text: string; requests?: number }>) => {
      await fetch(`${base}/bench/cpu-profile/start`, { method: 'POST' });
      const outcome = await run();
      const { file } = (await (await fetch(`${base}/bench/cpu-profile/stop`, { method: 'POST' })).json()) as { file: string };
      const summary = summarise(JSON.parse(readFileSync(file, 'utf8')), TOP);
      const perRequest = outcome.requests ? `, busy ${round((summary.busyMs * 1000) / outcome.requests, 1)} µs per request` : '';
      console.log(`\n==== ${label}: ${outcome.text}${perRequest}\nprofile: ${file}`);
      printSummary(summary);
    };
    if (!VIA_CADDY) await profiled(label, async () => ({ text: await run() }));
    else {
      // One server, the same leader and read, straight then through Caddy: the difference is what the proxy's requests cost.
      const read = (url: string) => async () => {
        const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
        if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
        return { text: `${round(r.requests.average, 1)} req/s, p50 ${r.latency.p50} ms`, requests: r.requests.total };
      };
      const caddy = await startCaddy(await caddyAddress('http'), [`127.0.0.1:${port}`]);
      try {
        await autocannon({ url: `${caddy.url}/api/teams/mine`, connections: CONNECTIONS, duration: 3, headers: { cookie } });
        await profiled(`${kind}: straight`, read(`${base}/api/teams/mine`));
        await profiled(`${kind}: through Caddy (http)`, read(`${caddy.url}/api/teams/mine`));
      } finally {
        await caddy.stop();
      }
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}

noteLoad('profile-signed-in start');
if (!hasArg('--no-postgres')) await profileOn('postgres');
if (!hasArg('--no-pglite')) await profileOn('pglite');
noteLoad('profile-signed-in end');
