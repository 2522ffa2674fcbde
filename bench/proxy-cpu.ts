// What the portal spends per read straight and behind Caddy (issue 32, decision 124): the same signed-in read as
// bench/behind-proxy.ts (GET /api/teams/mine, a leader with 2 teams) against `npm start`'s process, the SAME number of
// reads each way at the SAME fixed rate (so neither way gains from a saturated event loop's batching), in three legs:
//  - direct: straight to the portal, as autocannon sends it;
//  - caddy: through Caddy (deploy/Caddyfile, HTTPS by default);
//  - headers: straight to the portal with what Caddy adds (Host, X-Forwarded-For/-Host/-Proto): the request's own cost
//    behind a proxy (the trust-proxy parse, the longer header list) without the proxy's process beside it.
// Per leg and per 1,000 reads: the portal's CPU (user and system), Caddy's, this process's (autocannon), the portal's
// context switches, and the connections to the portal's port (`ss`: Caddy's keep-alive to its upstream).
// --profile: the portal runs with --cpu-prof; its profile is cut by leg and the functions whose time per read differs
// most between `direct` and `caddy` are printed (V8's samples are wall time: a function descheduled in a system call
// counts, so compare with the CPU figures).
//   node --import tsx bench/proxy-cpu.ts [--reads 8000] [--rate 400] [--rounds 2] [--scheme https|http] [--profile] [--top 30]
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { caddyAddress, startCaddy } from '../src/server/test/caddy';
import { npmStartCommand } from '../src/server/test/server-process';
import { argValue, ensureBuilt, freePort, hasArg, noteLoad, printTable, round, spawnNode, waitForOk, writeResult } from './lib';
import { benchDatabase, createLeader, leaderThroughCaddy, openTournament } from './signed-in-fixtures';

const READS = Number(argValue('--reads') ?? 8000);
const RATE = Number(argValue('--rate') ?? 400);
const ROUNDS = Number(argValue('--rounds') ?? 2);
const SCHEME = (argValue('--scheme') ?? 'https') as 'https' | 'http';
const PROFILE = hasArg('--profile');
const TOP = Number(argValue('--top') ?? 30);
const EMAIL = 'proxy-cpu@example.org';
type Leg = 'direct' | 'caddy' | 'headers';

/** A process's user and system CPU so far, in milliseconds (clock ticks of 10 ms), and its context switches. */
function usage(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const switches = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)![1]);
  return {
    user: Number(stat[11]) * 10,
    sys: Number(stat[12]) * 10,
    switches: switches('voluntary_ctxt_switches') + switches('nonvoluntary_ctxt_switches'),
  };
}

/** TCP sockets to `port` by state (the client ends: autocannon's or Caddy's), e.g. { ESTAB: 10, 'TIME-WAIT': 2 }. */
function socketsTo(port: number): Record<string, number> {
  const lines = execFileSync('ss', ['-Htn', 'state', 'all', `( dport = :${port} )`])
    .toString()
    .trim()
    .split('\n');
  const by: Record<string, number> = {};
  for (const state of lines.filter(Boolean).map((l) => l.split(/\s+/)[0]!)) by[state] = (by[state] ?? 0) + 1;
  return by;
}

const loadBefore = noteLoad('proxy-cpu start');
ensureBuilt();
const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'golf-proxy-cpu-')) : '';
const bench = await benchDatabase('postgres', `golf_bench_proxy_cpu_${process.pid}`);
const proxyUrl = await caddyAddress(SCHEME);
const port = await freePort();
const windows: { leg: Leg; from: number; to: number; reads: number }[] = [];
const rows: Record<string, string | number>[] = [];
// The fixtures first: the server migrates the same database as it starts.
const where = await bench.prepare(async (db) => {
  await createLeader(db, EMAIL);
  return openTournament(db, 'Proxy CPU Open', 1000);
});
const server = spawnNode(
  [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...npmStartCommand().args],
  { ...bench.env, APP_URL: proxyUrl, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'error' },
  port,
  '127.0.0.1',
);
try {
  await waitForOk(`${server.baseUrl}/api/health`, server);
  const caddy = await startCaddy(proxyUrl, [`127.0.0.1:${port}`]);
  try {
    const cookie = await leaderThroughCaddy(caddy, server.baseUrl, proxyUrl, EMAIL, where);
    // What Caddy 2.6 sends the portal besides the client's own headers (seen with an echoing upstream).
    const host = new URL(caddy.url).host;
    const asCaddySends = { host, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': host, 'x-forwarded-proto': SCHEME };
    const run = async (leg: Leg, amount: number, record: boolean) => {
      const before = { portal: usage(server.pid), caddy: usage(caddy.pid), client: usage(process.pid) };
      let sockets: Record<string, number> = {};
      const look = setTimeout(() => (sockets = socketsTo(port)), 1000);
      const from = Number(process.hrtime.bigint() / 1000n);
      const options: Parameters<typeof autocannon>[0] = {
        url: `${leg === 'caddy' ? caddy.url : server.baseUrl}/api/teams/mine`,
        connections: 10,
        amount,
        headers: leg === 'headers' ? { cookie, ...asCaddySends } : { cookie },
      };
      // autocannon's own option (requests per second over all connections); its type declarations lack it.
      const result = await autocannon({ ...options, overallRate: RATE } as typeof options);
      const to = Number(process.hrtime.bigint() / 1000n);
      clearTimeout(look);
      if (result.non2xx || result.errors) throw new Error(`${leg}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      if (!record) return;
      const after = { portal: usage(server.pid), caddy: usage(caddy.pid), client: usage(process.pid) };
      const reads = result.requests.total;
      const per1000 = (now: number, then: number) => round(((now - then) * 1000) / reads);
      windows.push({ leg, from, to, reads });
      rows.push({
        leg,
        'req/s': round(result.requests.average),
        'portal ms': per1000(after.portal.user + after.portal.sys, before.portal.user + before.portal.sys),
        'portal user': per1000(after.portal.user, before.portal.user),
        'portal sys': per1000(after.portal.sys, before.portal.sys),
        'Caddy ms': per1000(after.caddy.user + after.caddy.sys, before.caddy.user + before.caddy.sys),
        'client ms': per1000(after.client.user + after.client.sys, before.client.user + before.client.sys),
        'portal switches/read': round((after.portal.switches - before.portal.switches) / reads, 2),
        'sockets to portal': JSON.stringify(sockets),
      });
    };
    for (const leg of ['direct', 'caddy', 'headers'] as const) await run(leg, 2000, false);
    for (let i = 0; i < ROUNDS; i++) for (const leg of ['direct', 'caddy', 'headers'] as const) await run(leg, READS, true);
  } finally {
    await caddy.stop();
  }
} finally {
  await server.stop();
  await bench.drop();
}

console.log(`\n${READS} reads per leg and round at ${RATE}/s, ${ROUNDS} rounds, Caddy over ${SCHEME}; CPU ms per 1,000 reads:`);
printTable(rows);
if (PROFILE) printProfileDifference();
const file = writeResult('proxy-cpu', { loadBefore, loadAfter: noteLoad('proxy-cpu end'), reads: READS, rate: RATE, scheme: SCHEME, rows });
console.log(`written ${file}`);

/** The server's profile cut into the legs' windows: time per read by function, largest differences direct → caddy. */
function printProfileDifference() {
  const [name] = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (!name) throw new Error(`the server wrote no profile in ${profileDir}`);
  const profile = JSON.parse(readFileSync(join(profileDir, name), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
  };
  rmSync(profileDir, { recursive: true, force: true });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}:${lineNumber + 1}`;
  };
  // V8's sample times are µs of the monotonic clock, as process.hrtime here.
  const at: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) at.push((time += delta));
  const perRead = (leg: Leg, kind: 'self' | 'total') => {
    const mine = windows.filter((w) => w.leg === leg);
    const reads = mine.reduce((sum, w) => sum + w.reads, 0);
    const us = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (!mine.some((w) => at[i]! >= w.from && at[i]! <= w.to)) return;
      const fn = byId.get(id)!.callFrame.functionName;
      if (fn === '(idle)' || fn === '(program)') return;
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = kind === 'self' ? undefined : parent.get(node)) {
        const each = label(node);
        if (seen.has(each) || byId.get(node)!.callFrame.functionName === '(root)') continue;
        seen.add(each);
        us.set(each, (us.get(each) ?? 0) + profile.timeDeltas[i]!);
      }
    });
    return new Map([...us].map(([fn, total]) => [fn, total / reads]));
  };
  for (const kind of ['self', 'total'] as const) {
    const direct = perRead('direct', kind);
    const caddy = perRead('caddy', kind);
    const headers = perRead('headers', kind);
    const busy = (m: Map<string, number>) =>
      round(
        [...m.values()].reduce((a, b) => a + b, 0),
        1,
      );
    if (kind === 'self') console.log(`\nprofiled busy µs per read: direct ${busy(direct)}, caddy ${busy(caddy)}, headers ${busy(headers)}`);
    const names = [...new Set([...direct.keys(), ...caddy.keys()])];
    const diff = (fn: string) => (caddy.get(fn) ?? 0) - (direct.get(fn) ?? 0);
    names.sort((a, b) => diff(b) - diff(a));
    console.log(`\n${kind} time, µs per read (largest increases direct → caddy, then the largest decreases):`);
    printTable(
      [...names.slice(0, TOP), ...names.slice(-8)].map((fn) => ({
        direct: round(direct.get(fn) ?? 0, 1),
        caddy: round(caddy.get(fn) ?? 0, 1),
        headers: round(headers.get(fn) ?? 0, 1),
        'caddy − direct': round(diff(fn), 1),
        function: fn,
      })),
    );
  }
}
