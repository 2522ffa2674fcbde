// Shared helpers for the benchmarks: free ports, starting and stopping server processes, reading their memory, results.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhatNpmStartRuns, npmStartCommand } from '../src/server/test/server-process';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'bench/results');
export const CLIENT_DIR = join(ROOT, 'dist/client');
/** Where the PostgreSQL benchmarks create and drop their throwaway databases. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM, HEADLESS_SHELL_PATH } from '../e2e/support/chromium';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export { freePort } from '../src/server/test/server-process';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Spawns `node --import tsx <script>` (the node process itself, so its PID is the server's) with the given env.
 * Does not wait for readiness: see waitForOk.
 */
export function spawnServer(script: string, env: Record<string, string>, port: number, host = 'localhost'): ServerProcess {
  return spawnNode(['--import', 'tsx', script], env, port, host);
}

/**
 * Spawns the server exactly as `npm start` ends in (the last command of package.json's start script, e.g.
 * `node --max-semi-space-size=1 dist/server/main.js`), after building what is stale: the process users run.
 */
export function spawnStartedServer(env: Record<string, string>, port: number, host = 'localhost'): ServerProcess {
  ensureBuilt();
  const start = npmStartCommand();
  return spawnNode(start.args, { ...env, ...start.env }, port, host);
}

export function spawnNode(args: string[], env: Record<string, string>, port: number, host: string): ServerProcess {
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': extra node flags for the server only, to profile it under load.
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    pid: child.pid!,
    port,
    baseUrl: `http://${host}:${port}`,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls url until it answers 200; returns the milliseconds waited. Throws after timeoutMs or if the process exits. */
export async function waitForOk(url: string, server?: ServerProcess, timeoutMs = 60_000, intervalMs = 10): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (server && (server.child.exitCode !== null || server.child.signalCode !== null)) {
      throw new Error(`server exited (${server.child.exitCode ?? server.child.signalCode}) before answering:\n${server.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > timeoutMs)
      throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${server?.output() ?? ''}`);
    await sleep(intervalMs);
  }
}

/** VmRSS and VmHWM (peak) of a process in MB, from /proc. */
export function memoryOf(pid: number): { rssMB: number; peakMB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMB: round(kb('VmRSS') / 1024, 1), peakMB: round(kb('VmHWM') / 1024, 1) };
}

/** A process's CPU time so far (user + system), in ms, from /proc (clock ticks of 10 ms; 0 once it is gone). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
export const kb = (bytes: number) => round(bytes / 1024, 1);

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The processes whose parent is `pid` (Linux: /proc/<pid>/stat's fourth field). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

/**
 * Gives the pages Chromium renders a core of their own (decision 127): every thread of `pids` and of their descendants
 * (the portal, Chromium's browser, GPU and utility processes, its own UI's renderer) is moved to the first CPU at the
 * lowest priority (nice 19). Chromium's zygotes are left alone, so the renderers they fork later for the pages keep every
 * CPU and the normal priority. Threads started later inherit both from the thread that starts them, and so do processes:
 * never pass the process that will launch the next browser.
 */
export function yieldCoresToPages(pids: number[]): void {
  const visit = (pid: number) => {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return;
    }
    if (args.includes('--type=zygote')) return;
    if (args.includes('--type=renderer') && !args.includes('--top-chrome-webui')) return;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      try {
        setPriority(Number(thread), 19);
      } catch {
        // The thread ended meanwhile.
      }
    }
    try {
      execFileSync('taskset', ['--all-tasks', '--pid', '1', String(pid)], { stdio: 'ignore' });
    } catch {
      // The process ended meanwhile.
    }
    for (const child of childrenOf(pid)) visit(child);
  };
  for (const pid of pids) visit(pid);
}

/** Results go with the machine's load: on 2 cores, anything else running (tests, builds) skews every figure. */
export function writeResult(name: string, data: object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), loadAverage1m: round(loadavg()[0]!, 2), ...data }, null, 2) + '\n');
  return file;
}

/** Prints the 1-minute load average, with a warning when other work is running on the machine. */
export function noteLoad(label: string): number {
  const load = round(loadavg()[0]!, 2);
  const warn = load > 1.5 ? ' — the machine is busy (tests or builds running?): figures are skewed, compare ratios or re-run' : '';
  console.log(`[${label}] load average (1 min): ${load}${warn}`);
  return load;
}

/** A budget line for the summary: what was measured against what it may be. */
export interface Check {
  name: string;
  value: number | string | null;
  unit: string;
  budget: string;
  pass: boolean | null;
}

/** One line per check: PASS, FAIL, or INFO for a figure without a budget. */
export function printChecks(checks: Check[]): void {
  for (const c of checks)
    console.log(`${c.pass === null ? 'INFO' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
}

export function printTable(rows: Record<string, string | number | null | undefined>[]): void {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    vals.map((v, i) => (typeof rows[0]![cols[i]!] === 'number' ? v.padStart(width[i]!) : v.padEnd(width[i]!))).join('  ');
  console.log(line(cols));
  console.log(width.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => cell(r[c]))));
}

/** True when dist/client holds a built index.html that references at least one script. */
export function clientBuilt(): boolean {
  const index = join(CLIENT_DIR, 'index.html');
  return existsSync(index) && /<script[^>]+src=/.test(readFileSync(index, 'utf8'));
}

/** Builds the client with Vite when asked, when it is missing, or when its sources are newer than the build. */
export function ensureClientBuilt(force = false): { built: boolean; ms: number } {
  if (!force && clientBuilt()) return ensureBuilt();
  return ensureBuilt(true);
}

/** `node scripts/build.mjs [--if-stale]`: the client and the server bundle, as `npm start` builds them; prints what it printed. */
export function ensureBuilt(force = false): { built: boolean; ms: number } {
  const { built, ms, output } = buildWhatNpmStartRuns({ force });
  if (output) process.stdout.write(output);
  return { built, ms };
}

export function hasArg(name: string): boolean {
  return process.argv.includes(name);
}

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Runs one statement on PostgreSQL over a connection of its own (by default the admin database: create, drop). */
export async function adminQuery(text: string, url = PG_ADMIN_URL) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The p-th percentile of ascending values (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Signs in through the API and answers the Cookie header a browser would then send. */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** How a bench's event-stream client reaches the server (bench/live-updates.ts, bench/auction.ts). */
export interface EventStreamOptions {
  /** The client address the socket is bound to (127.0.0.2, …): a crowd behind one Wi-Fi is one address. */
  localAddress: string;
  /** A TLS session checked against this root certificate (Caddy's, --via caddy): read into the shared buffer. */
  ca?: string | Buffer;
  /** Node's HTTP client per stream instead of the hand-written request (live-updates' --client http). */
  nodeHttp?: boolean;
  /**
   * With `ca`: HTTP/2, agreed in the TLS handshake (ALPN) as a phone's browser agrees it with Caddy, one connection per
   * viewer (h2Stream below). Without it, HTTP/1.1 over TLS.
   */
  h2?: boolean;
}

/** One read buffer shared by every stream of the process (plain or TLS): each read is handed over before the next. */
const READ_BUFFER = Buffer.alloc(256 * 1024);
const OK_HEAD = Buffer.from('HTTP/1.1 200 ');
const HEAD_END = Buffer.from('\r\n\r\n');
const EVENT_END = Buffer.from('\n\n');
/** What may follow an event's end without being part of one: the end of its HTTP chunk and the next one's size line. */
const FRAMING = /^(?:\r\n?)?$|^\r\n[0-9a-fA-F]*\r?\n?$/;

/**
 * The events of a stream, whole: each call gets every event a read completed (`at`: when that read came), as bytes, and
 * an event split between two reads is kept (copied) until its end arrives. A read's own bytes are handed over uncopied
 * (in the shared buffer: valid only during the call). The bytes are searched as they are, with no UTF-8 decoding and no
 * joining into strings: with thousands of streams in one process, decoding and concatenating every event would cost the
 * load generator seconds that would be counted as the server's delay.
 */
function wholeEvents(onEvents: (bytes: Buffer, at: number) => void): (chunk: Buffer, at: number) => void {
  let pending: Buffer | null = null;
  return (chunk, at) => {
    const bytes = pending ? Buffer.concat([pending, chunk]) : chunk;
    const end = bytes.lastIndexOf(EVENT_END);
    const rest = end < 0 ? bytes : bytes.subarray(end + EVENT_END.length);
    pending = rest.length <= 14 && FRAMING.test(rest.toString('latin1')) ? null : Buffer.from(rest);
    if (end >= 0) onEvents(bytes.subarray(0, end + EVENT_END.length), at);
  };
}

/**
 * One open event stream (GET url, Accept: text/event-stream) from a bench: resolves once the server answered 200, then
 * hands over whole events (see wholeEvents). By default a plain socket with the request written by hand, read into one
 * buffer shared by every stream: the bytes are searched as the server framed them (each event is one HTTP chunk, so an
 * event's text is never split by the framing), and the bench does no HTTP parsing and no stream machinery per read for
 * thousands of streams on the two cores it shares with the servers.
 */
export function openEventStream(
  url: string,
  options: EventStreamOptions,
  onEvents: (bytes: Buffer, at: number) => void,
): Promise<{ destroy(): void }> {
  const { localAddress, ca, nodeHttp, h2 } = options;
  const { hostname, port, pathname, search } = new URL(url);
  const request = `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`;
  const events = wholeEvents(onEvents);
  if (nodeHttp) {
    return new Promise((resolve, reject) => {
      const get = http.get(url, { agent: false, localAddress, headers: { accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => events(chunk, performance.now()));
        resolve(get);
      });
      get.on('error', reject);
    });
  }
  return new Promise((resolve, reject) => {
    let opened = false;
    /** The first read is the answer's head (refused unless 200) and maybe its first events; every read after, events. */
    const read = (socket: net.Socket, chunk: Buffer) => {
      const at = performance.now();
      if (!opened) {
        opened = true;
        if (!chunk.subarray(0, OK_HEAD.length).equals(OK_HEAD)) {
          reject(new Error(`${url}: ${chunk.subarray(0, 600).toString('latin1')}`));
          socket.destroy();
          return;
        }
        resolve(socket);
        const headEnd = chunk.indexOf(HEAD_END);
        if (headEnd < 0) return;
        chunk = chunk.subarray(headEnd + HEAD_END.length);
      }
      events(chunk, at);
    };
    if (ca && h2)
      return void h2Stream({ port: Number(port), hostname, path: `${pathname}${search}`, localAddress, ca }, events, resolve, reject);
    if (ca) {
      // The TLS session on a socket bound to the viewer's address (Caddy forwards it: TRUST_PROXY).
      // Read into the one static buffer, as the plain sockets below are: Node's TLS takes `onread` when it opens the
      // socket itself (not given one), though its types do not say so. A Readable stream's 'data' per event and socket
      // made the proxy's figure partly the load generator's own work (decision 128).
      const onread = {
        buffer: READ_BUFFER,
        callback: (length: number) => {
          read(socket, READ_BUFFER.subarray(0, length));
          return true;
        },
      };
      const socket = tls.connect({
        port: Number(port),
        host: '127.0.0.1',
        localAddress,
        servername: hostname,
        ca,
        onread,
      } as tls.ConnectionOptions);
      socket.on('secureConnect', () => socket.write(request));
      socket.on('error', reject);
      return;
    }
    const socket: net.Socket = net.connect({
      port: Number(port),
      host: hostname,
      localAddress,
      onread: {
        buffer: READ_BUFFER,
        callback: (length) => {
          read(socket, READ_BUFFER.subarray(0, length));
          return true;
        },
      },
    });
    socket.on('connect', () => socket.write(request));
    socket.on('error', reject);
  });
}

const H2_PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const H2 = { DATA: 0, HEADERS: 1, RST_STREAM: 3, SETTINGS: 4, PING: 6, GOAWAY: 7, WINDOW_UPDATE: 8 } as const;
const H2_ACK = 0x1;
/** What the viewer lets the server send before it must say it read it: more than a bench's stream ever carries. */
const H2_WINDOW = 1 << 30;

function h2Frame(type: number, flags: number, streamId: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(streamId, 5);
  return Buffer.concat([head, payload]);
}

/** An HPACK string literal, not Huffman-coded (lengths under 127 here). */
const hpackString = (text: string) => Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1')]);

/**
 * One viewer's stream over HTTP/2 on its own TLS connection, as a phone's EventSource reaches Caddy: the preface, the
 * settings (a window larger than the bench needs, so the viewer never owes a WINDOW_UPDATE), and GET on stream 1. Frames
 * are parsed by hand, read into the shared buffer as the HTTP/1.1 viewers are: Node's HTTP/2 client would add a session,
 * a stream and 'data' events per viewer to the load generator's share of two cores. The answer's header block must start
 * with HPACK's indexed `:status: 200` (0x88, how Go encodes it); each DATA frame's bytes are the stream's events.
 */
function h2Stream(
  to: { port: number; hostname: string; path: string; localAddress: string; ca: string | Buffer },
  events: (chunk: Buffer, at: number) => void,
  resolve: (stream: { destroy(): void }) => void,
  reject: (error: Error) => void,
) {
  let pending: Buffer | null = null;
  let opened = false;
  const fail = (why: string) => {
    reject(new Error(`${to.path} over HTTP/2: ${why}`));
    socket.destroy();
  };
  // A frame's payload without its padding (PADDED, 0x8: a pad length byte first, that many bytes last), HEADERS' or DATA's.
  const unpadded = (payload: Buffer, flags: number) => (flags & 0x8 ? payload.subarray(1, payload.length - payload[0]!) : payload);
  const frame = (type: number, flags: number, streamId: number, payload: Buffer, at: number) => {
    if (type === H2.SETTINGS && !(flags & H2_ACK)) socket.write(h2Frame(H2.SETTINGS, H2_ACK, 0));
    else if (type === H2.PING && !(flags & H2_ACK)) socket.write(h2Frame(H2.PING, H2_ACK, 0, Buffer.from(payload)));
    else if (type === H2.HEADERS && streamId === 1 && !opened) {
      opened = true;
      // The header block follows the priority fields (PRIORITY, 0x20), when present.
      if (unpadded(payload, flags)[flags & 0x20 ? 5 : 0] !== 0x88) return fail('not 200');
      resolve(socket);
    } else if (type === H2.DATA && streamId === 1) events(unpadded(payload, flags), at);
    else if (type === H2.RST_STREAM || type === H2.GOAWAY) fail(`the server ended it (frame type ${type})`);
  };
  const socket = tls.connect({
    port: to.port,
    host: '127.0.0.1',
    localAddress: to.localAddress,
    servername: to.hostname,
    ca: to.ca,
    ALPNProtocols: ['h2'],
    onread: {
      buffer: READ_BUFFER,
      callback: (length: number) => {
        const at = performance.now();
        let bytes = pending ? Buffer.concat([pending, READ_BUFFER.subarray(0, length)]) : READ_BUFFER.subarray(0, length);
        pending = null;
        while (bytes.length >= 9) {
          const size = bytes.readUIntBE(0, 3);
          if (bytes.length < 9 + size) break;
          frame(bytes[3]!, bytes[4]!, bytes.readUInt32BE(5) & 0x7fffffff, bytes.subarray(9, 9 + size), at);
          bytes = bytes.subarray(9 + size);
        }
        if (bytes.length) pending = Buffer.from(bytes);
        return true;
      },
    },
  } as tls.ConnectionOptions);
  socket.on('secureConnect', () => {
    if (socket.alpnProtocol !== 'h2') return fail(`the server agreed ${socket.alpnProtocol || 'no protocol'}`);
    const settings = Buffer.alloc(12);
    settings.writeUInt16BE(0x2, 0); // ENABLE_PUSH
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(0x4, 6); // INITIAL_WINDOW_SIZE
    settings.writeUInt32BE(H2_WINDOW, 8);
    const windowUpdate = Buffer.alloc(4);
    windowUpdate.writeUInt32BE(H2_WINDOW - 65_535, 0);
    // :method GET, :scheme https (static table 2 and 7); :authority, :path and accept as literals with indexed names.
    const request = Buffer.concat([
      Buffer.from([0x82, 0x87, 0x01]),
      hpackString(`${to.hostname}:${to.port}`),
      Buffer.from([0x04]),
      hpackString(to.path),
      Buffer.from([0x0f, 0x04]),
      hpackString('text/event-stream'),
    ]);
    socket.write(
      Buffer.concat([
        H2_PREFACE,
        h2Frame(H2.SETTINGS, 0, 0, settings),
        h2Frame(H2.WINDOW_UPDATE, 0, 0, windowUpdate),
        h2Frame(H2.HEADERS, 0x1 | 0x4, 1, request),
      ]),
    );
  });
  socket.on('error', (error) => reject(error));
}
