// Shared helpers for the benchmarks: free ports, starting and stopping server processes, reading their memory, results.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhatNpmStartRuns, npmStartCommand } from '../src/server/test/server-process';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'bench/results');
export const CLIENT_DIR = join(ROOT, 'dist/client');
/** Where the PostgreSQL benchmarks create and drop their throwaway databases. */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../e2e/support/chromium';

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

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
export const kb = (bytes: number) => round(bytes / 1024, 1);

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
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
