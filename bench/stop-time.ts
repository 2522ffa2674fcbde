// Stop time with open live-board streams (issue 32, R49: at most 10 s). `npm start` as a service manager runs it (its own
// process group, built first), 2,000 streams opened from this process (STREAMS_PER_ADDRESS raised so one address may hold
// them all), then SIGTERM to npm's own PID: measured until npm has exited, every stream has ended (and how many ended with
// the `closing` event and its retry hint), no process of npm's group is left and the port can be bound again. --runs times.
// --via caddy: the streams go through Caddy over HTTPS (deploy/Caddyfile, src/server/test/caddy.ts), as viewers' do in
// production (bench/behind-proxy.ts runs it so); each asks Caddy to close its connection when the stream ends.
//   node --import tsx bench/stop-time.ts [--streams 2000] [--runs 3] [--postgres] [--via direct|caddy] [--name stop-time]
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminQuery,
  argValue,
  ensureBuilt,
  freePort,
  hasArg,
  median,
  noteLoad,
  PG_ADMIN_URL,
  printChecks,
  printTable,
  round,
  sleep,
  waitForOk,
  writeResult,
  type Check,
} from './lib';
import { caddyAddress, startCaddy, type RunningCaddy } from '../src/server/test/caddy';
import { spawnNpmStart } from '../src/server/test/server-process';

const STREAMS = Number(argValue('--streams') ?? 2000);
const RUNS = Number(argValue('--runs') ?? 3);
const POSTGRES = hasArg('--postgres');
const BUDGET_S = 10;
const BATCH = 100;
const VIA = argValue('--via') ?? 'direct';
if (VIA !== 'direct' && VIA !== 'caddy') throw new Error('--via is direct or caddy');
const NAME = argValue('--name') ?? 'stop-time';

interface Stream {
  socket: net.Socket;
  closed: Promise<number>;
  /** Whether the `closing` event came before the end. */
  farewell(): boolean;
}

/**
 * One stream over a raw socket, straight to the portal or over TLS to Caddy (trusting only its root): resolves once its
 * 200 header is in. Through Caddy it asks for `Connection: close`, so the socket closes when the stream ends.
 */
function openStream(port: number, caddy?: RunningCaddy): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const host = caddy ? 'localhost' : '127.0.0.1';
    const request = `GET /api/leaderboard/events HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n${caddy ? 'Connection: close\r\n' : ''}\r\n`;
    const socket = caddy
      ? tls.connect({ port, host: '127.0.0.1', servername: host, ca: caddy.rootCertificate }, () => socket.write(request))
      : net.connect({ port, host }, () => socket.write(request));
    let text = '';
    let open = false;
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      // Only what is needed: the status, then whether the farewell came (the boards themselves are dropped).
      if (!open && text.includes('\r\n\r\n')) {
        open = true;
        if (!/^HTTP\/1\.1 200/.test(text)) return reject(new Error(`stream refused: ${text.split('\r\n')[0]}`));
        resolve({ socket, closed, farewell: () => /event: closing\ndata: [^\n]*\nretry: \d+/.test(text) });
      }
      if (text.length > 64 * 1024) text = text.slice(-4096);
    });
    socket.on('error', (error) => (open ? undefined : reject(error)));
  });
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

interface Run {
  run: number;
  streams: number;
  farewells: number;
  /** From the signal: every stream ended, npm exited, the port free (and the group empty): the stop time. */
  streamsEndedMs: number;
  npmExitedMs: number;
  portFreeMs: number;
  exitCode: number | null;
  leftBehind: boolean;
}

async function oneRun(run: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-stop-'));
  const database = POSTGRES ? `golf_bench_stop_${process.pid}_${run}` : null;
  if (database) await adminQuery(`create database "${database}"`);
  const port = await freePort();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  const proxyUrl = VIA === 'caddy' ? await caddyAddress('https') : undefined;
  const { npm, output, exited } = spawnNpmStart({
    PORT: String(port),
    APP_URL: proxyUrl ?? `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    STREAMS_PER_ADDRESS: String(STREAMS + 500),
    ...(proxyUrl ? { TRUST_PROXY: '127.0.0.1' } : {}),
    ...(database ? { DATABASE_URL: url.toString() } : {}),
  });
  let caddy: RunningCaddy | undefined;
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, undefined, 120_000, 50);
    if (proxyUrl) caddy = await startCaddy(proxyUrl, [`127.0.0.1:${port}`]);
    const streamPort = caddy ? Number(new URL(caddy.url).port) : port;
    const streams: Stream[] = [];
    while (streams.length < STREAMS) {
      const n = Math.min(BATCH, STREAMS - streams.length);
      streams.push(...(await Promise.all(Array.from({ length: n }, () => openStream(streamPort, caddy)))));
    }
    // Every stream has its first events; then npm is signalled, as systemd does.
    await sleep(500);
    const signalled = performance.now();
    process.kill(npm.pid!, 'SIGTERM');
    const ended = Math.max(...(await Promise.all(streams.map((s) => s.closed))));
    const exit = await exited;
    while (!(await portFree(port)) || groupAlive(npm.pid!)) await sleep(10);
    const free = performance.now();
    return {
      run,
      streams: streams.length,
      farewells: streams.filter((s) => s.farewell()).length,
      streamsEndedMs: round(ended - signalled),
      npmExitedMs: round(exit.at - signalled),
      portFreeMs: round(free - signalled),
      exitCode: exit.code,
      leftBehind: groupAlive(npm.pid!),
    };
  } catch (error) {
    console.error(output());
    throw error;
  } finally {
    await caddy?.stop();
    if (groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (database) await adminQuery(`drop database if exists "${database}" with (force)`);
    if (/not stopped after/.test(output()))
      console.log(
        output()
          .split('\n')
          .find((line) => line.includes('not stopped after')),
      );
  }
}

noteLoad('stop-time');
ensureBuilt();
const runs: Run[] = [];
for (let run = 1; run <= RUNS; run++) runs.push(await oneRun(run));
printTable(runs.map((r) => ({ ...r, leftBehind: String(r.leftBehind) })));

const worst = Math.max(...runs.map((r) => r.portFreeMs));
const checks: Check[] = [
  {
    name: `stop time with ${STREAMS} open streams${VIA === 'caddy' ? ' through Caddy' : ''} (SIGTERM to npm → npm exited, nothing left, port free), worst of ${RUNS}`,
    value: round(worst / 1000, 2),
    unit: 's',
    budget: `≤ ${BUDGET_S} s`,
    pass: worst <= BUDGET_S * 1000 && runs.every((r) => r.exitCode === 0 && !r.leftBehind),
  },
  {
    name: 'median stop time',
    value: round(median(runs.map((r) => r.portFreeMs)) / 1000, 2),
    unit: 's',
    budget: 'info',
    pass: null,
  },
  {
    name: 'streams that ended with the closing event and its retry hint',
    value: `${Math.min(...runs.map((r) => r.farewells))}/${STREAMS}`,
    unit: '',
    budget: 'all',
    pass: runs.every((r) => r.farewells === r.streams),
  },
];
printChecks(checks);
console.log(`written ${writeResult(NAME, { streams: STREAMS, via: VIA, database: POSTGRES ? 'postgres' : 'pglite', runs, checks })}`);
