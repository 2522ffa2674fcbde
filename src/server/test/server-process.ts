// A real server process, the one `npm start` runs (the built `dist/server/main.js`, built first when its sources changed),
// for tests about what a start does: two processes on one PostgreSQL, a start before a restore, a setting refused at start.
// Started on a free port, stopped by its own PID.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
}

/**
 * The command `npm start` ends in (package.json's start script, its last command, e.g.
 * `NODE_ENV=production exec node --max-semi-space-size=1 … dist/server/main.js`): the process a charity runs, for the
 * journeys and the benchmarks. `env`: the settings the command sets itself (NODE_ENV=production: React's production build
 * on the server, decision 122); `args`: Node's arguments. (`exec`: the shell npm runs the script in becomes the server, so
 * npm's signals reach it: R49.)
 */
export function npmStartCommand(): { env: Record<string, string>; args: string[] } {
  const start: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const words = start.split('&&').pop()!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words[0] === 'exec') words.shift();
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`package.json's start script does not end in a node command: ${start}`);
  return { env, args };
}

export interface NpmStarted {
  npm: ChildProcess;
  output(): string;
  /** npm's exit code (null when killed by a signal), and when it exited (performance.now()). */
  exited: Promise<{ code: number | null; at: number }>;
}

/**
 * `npm start` as a service manager runs it (R49): in its own process group, so what it leaves behind can be looked for,
 * with only PATH and HOME from this process's environment and `settings` on top (PORT, APP_URL, DATA_DIR, …).
 */
export function spawnNpmStart(settings: Record<string, string>): NpmStarted {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...settings },
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    npm.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  return { npm, output: () => output, exited };
}

/** A port nothing listens on now (another process may still take it before it is bound: callers retry). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `scripts/build.mjs`: what `npm start` runs, built when its sources changed (or always, with `force`). It swaps each half
 * in whole, so a run building beside this one is harmless (`.ci/run` builds once before its lanes). Answers whether it
 * built, how long it took and what it printed. The journeys, the tests' server processes and the benchmarks build here.
 */
export function buildWhatNpmStartRuns({ force = false } = {}): { built: boolean; ms: number; output: string } {
  const started = Date.now();
  const args = [join(ROOT, 'scripts/build.mjs'), ...(force ? [] : ['--if-stale'])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`scripts/build.mjs failed (exit ${result.status}):\n${output}`);
  return { built: result.stdout.includes('Building'), ms: Date.now() - started, output };
}

let built = false;
/**
 * `npm start`'s server process with these settings in its environment, built first (once per test process) when its
 * sources changed. Through tsx, a start took about twice the CPU (docs/decisions/090).
 */
function spawnStartedServer(env: NodeJS.ProcessEnv, { descriptors }: StartOptions = {}): ChildProcess {
  if (!built) {
    buildWhatNpmStartRuns();
    built = true;
  }
  const start = npmStartCommand();
  const node = [process.execPath, ...start.args];
  // prlimit sets the limit, then becomes the server (exec): the child's PID is still the server's own.
  const command = descriptors ? ['prlimit', `--nofile=${descriptors}:${descriptors}`, ...node] : node;
  return spawn(command[0]!, command.slice(1), { cwd: ROOT, env: { ...env, ...start.env }, stdio: 'pipe' });
}

export interface StartOptions {
  /** The process's file descriptor limit (soft and hard, so Node cannot raise it), as a host's `ulimit -n` would set. */
  descriptors?: number;
}

/**
 * `npm start`'s server with only these settings (and a free port); answers once /api/health does. APP_URL defaults to
 * the server's own address; a server behind a proxy is given the proxy's (its `url` stays the server's own).
 */
export async function startServer(settings: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...serverEnv(settings), PORT: String(port), APP_URL: settings.APP_URL ?? url };
  const child = spawnStartedServer(env, options);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A server start expected to stop by itself (a bad setting): its exit code and what it printed. One still running after
 * `deadlineMs` (the setting was not refused) is killed, so a failing test leaves no server behind.
 */
export async function serverExit(settings: Record<string, string>, deadlineMs = 90_000) {
  const child = spawnStartedServer(serverEnv(settings));
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const deadline = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(deadline);
  return { code, stdout, stderr };
}

const serverEnv = (settings: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  TIME_ZONE: 'UTC',
  LOG_LEVEL: 'warn',
  ...settings,
});

/** SIGTERM by its own PID (it closes its database), SIGKILL if it hangs. */
export async function stopServer(server: ServerProcess | undefined) {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
