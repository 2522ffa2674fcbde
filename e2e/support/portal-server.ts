// A real portal process for one journey: the built server (`node dist/server/main.js` with `npm start`'s flags) on a free
// port, started from a spare process that loaded Node and the packages while the previous journey ran (spare-server.mjs), with a database of its own (a copy of the global set-up's seeded PGlite folder, or a fresh PostgreSQL database when TEST_DATABASE_URL is set) holding
// the E2E accounts, optionally an SMTP catcher. Data goes in before the server starts: the embedded database serves one process.
// E2E_DEBUG=1 prints how long each start took.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Db } from '../../src/server/db/connect';
import { openEmptyTestDatabase, openTestDatabase } from '../../src/server/test/database';
import { freePort, npmStartCommand } from '../../src/server/test/server-process';
import { startMailCatcher, type MailCatcher } from '../../src/server/test/mail-catcher';
import { E2E_ACCOUNTS, seedAccounts } from './accounts';
// The global set-up's ProvidedContext keys (e2eTemplateDataDir), for inject().
import type {} from './global-setup';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type E2eAccounts = typeof E2E_ACCOUNTS;

export interface PortalOptions {
  /** Start an SMTP catcher and give the server SMTP_URL: accounts must then confirm their e-mail (R7). */
  smtp?: boolean;
  /**
   * More data before the server starts, through the services, beyond the accounts every journey has (E2E_ACCOUNTS).
   * On PGlite this opens the journey's folder once more in this process (2-6 s): seed only what the journey needs.
   */
  seed?: (db: Db) => Promise<void>;
  /**
   * A database with nothing in it, as on a charity's first start: no tables, no accounts (not even E2E_ACCOUNTS); the
   * server migrates it (the first-run journey, R50). `seed` is not run then.
   */
  empty?: boolean;
  /** More settings for the server, as environment variables (e.g. the local Stripe fake's). */
  env?: Record<string, string>;
  /** The journey moves the server's clock (`Portal.setClock`; spare-server.mjs): for what happens by the clock. */
  movableClock?: boolean;
}

export interface Portal {
  /** APP_URL: the origin the browser must use (http://127.0.0.1:<port>). */
  url: string;
  mail: MailCatcher | null;
  /** The confirmed accounts in this portal's database, one per role. */
  users: E2eAccounts;
  database: 'pglite' | 'postgres';
  /** Everything the server printed so far. */
  output(): string;
  /**
   * Sets the server process's clock to `at` (it runs on from there), as if the machine's clock had moved; answers once
   * the server says it is set. Only with `movableClock`.
   */
  setClock(at: Date): Promise<void>;
  stop(): Promise<void>;
}

let emailCounter = 0;
/** An address no other journey or run uses. */
export const uniqueEmail = (label: string) => `${label}-${++emailCounter}-${randomBytes(3).toString('hex')}@example.org`;

/** What the global set-up provided, or undefined for a file run without it. */
export function provided<K extends 'testDatabase' | 'e2eTemplateDataDir'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** A database the server can open, with the accounts and any extra seed: its settings for the server, and its clean-up. */
async function prepareDatabase(seed: PortalOptions['seed'], empty = false) {
  const target = provided('testDatabase') ?? { kind: 'pglite', dumpPath: null };
  if (empty) return emptyDatabase(target.kind);
  if (target.kind === 'postgres') {
    const database = await openTestDatabase();
    try {
      await seedAccounts(database.db);
      await seed?.(database.db);
    } catch (error) {
      await database.close();
      throw error;
    }
    // Kept open until the end: closing it drops the database (after the server has stopped).
    return { kind: 'postgres' as const, env: { DATABASE_URL: database.url! } as Record<string, string>, cleanUp: () => database.close() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-e2e-'));
  const cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const template = provided('e2eTemplateDataDir');
    const copied = Boolean(template && existsSync(template));
    if (copied) cpSync(template!, dataDir, { recursive: true });
    if (!copied || seed) {
      // Without the global set-up's folder (a file run on its own outside vitest's set-up), build it here.
      const database = await openDatabase({ databaseUrl: null, dataDir });
      try {
        if (!copied) {
          await migrateDatabase(database);
          await seedAccounts(database.db);
        }
        await seed?.(database.db);
      } finally {
        // Releases the folder's lock: only one process may hold the embedded database.
        await database.close();
      }
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { kind: 'pglite' as const, env: { DATA_DIR: dataDir } as Record<string, string>, cleanUp };
}

/** A database the server has never seen: an empty PostgreSQL database, or an empty data folder. */
async function emptyDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const database = await openEmptyTestDatabase('postgres');
    return { kind, env: { DATABASE_URL: database.url! } as Record<string, string>, cleanUp: () => database.close() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-e2e-'));
  return {
    kind,
    env: { DATA_DIR: dataDir } as Record<string, string>,
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The environment of `npm start` on a clean machine (with what its command sets itself: NODE_ENV=production) plus our
 * settings: no NODE_ENV=test or VITEST_* leaking in.
 */
function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) if (process.env[name]) env[name] = process.env[name];
  return { ...env, LOG_LEVEL: 'info', TIME_ZONE: 'UTC', CURRENCY: 'USD', ...settings, ...npmStartCommand().env };
}

const running = new Set<ChildProcess>();
// A test process that dies mid-run must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The Node flags `npm start` runs the server with, so that a journey's server is that process. */
function startFlags(): string[] {
  const { args } = npmStartCommand();
  if (args.at(-1) !== 'dist/server/main.js') throw new Error(`npm start does not run dist/server/main.js: node ${args.join(' ')}`);
  return args.slice(0, -1);
}

interface Spare {
  child: ChildProcess;
  output(): string;
}

/**
 * A server process whose Node and packages are loaded, waiting for its settings (spare-server.mjs). Until taken it holds
 * nothing open that would keep this test process alive, and it ends by itself if this process goes.
 */
function spawnSpare(): Spare {
  const child = spawn(process.execPath, [...startFlags(), 'e2e/support/spare-server.mjs'], {
    cwd: ROOT,
    env: serverEnv({}),
    stdio: 'pipe',
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => running.delete(child));
  keepsTestProcessAlive(child, false);
  return { child, output: () => output };
}

/** Whether the child and its pipes keep this test process running (a spare must not; a journey's server does). */
function keepsTestProcessAlive(child: ChildProcess, alive: boolean) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref?(): void; unref?(): void }[]) {
    if (alive) handle.ref?.();
    else handle.unref?.();
  }
}

let spare: Spare | null = null;

/** The spare, started with these settings (and a new spare made ready for the next journey once this one is up). */
function takeSpare(settings: Record<string, string>, movableClock: boolean): Spare {
  const taken = spare && spare.child.exitCode === null && spare.child.signalCode === null ? spare : spawnSpare();
  spare = null;
  keepsTestProcessAlive(taken.child, true);
  const line = `${JSON.stringify(serverEnv(movableClock ? { ...settings, E2E_MOVABLE_CLOCK: '1' } : settings))}\n`;
  // A movable clock keeps stdin open for its lines (spare-server.mjs).
  if (movableClock) taken.child.stdin!.write(line);
  else taken.child.stdin!.end(line);
  return taken;
}

/** Waits until `output` has a line `e2e clock: …` past the `seen` lines already there. */
async function clockSet(output: () => string, seen: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while ((output().match(/^e2e clock: /gm)?.length ?? 0) <= seen) {
    if (Date.now() > deadline) throw new Error(`The server did not set its clock. It printed:\n${output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const started = performance.now();
  spare ??= spawnSpare();
  const database = await prepareDatabase(options.seed, options.empty);
  const mail = options.smtp ? await startMailCatcher() : null;
  const prepared = performance.now();

  let output: () => string;
  let child: ChildProcess | undefined;
  let url: string;
  try {
    // A port found free can be taken before the server binds it: try again with another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const settings: Record<string, string> = { PORT: String(port), APP_URL: url, ...database.env, ...options.env };
      if (mail) settings.SMTP_URL = mail.url;
      const server = takeSpare(settings, options.movableClock === true);
      child = server.child;
      output = server.output;
      const ready = await waitUntilReady(url, child);
      if (ready === 'ready') break;
      running.delete(child);
      if (!/EADDRINUSE/.test(output()) || attempt >= 3) {
        throw new Error(`The portal did not start (${ready}). It printed:\n${output()}`);
      }
    }
  } catch (error) {
    if (child) await stopProcess(child);
    await mail?.close();
    await database.cleanUp();
    throw error;
  }
  // The next journey's server loads while this one runs.
  spare ??= spawnSpare();

  const server = child!;
  if (process.env.E2E_DEBUG) {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `e2e: portal on ${url} (${database.kind}) ready in ${seconds(performance.now() - started)}: database ${seconds(prepared - started)}, server ${seconds(performance.now() - prepared)}`,
    );
  }
  let stopped: Promise<void> | undefined;
  return {
    url,
    mail,
    users: E2E_ACCOUNTS,
    database: database.kind,
    output,
    async setClock(at) {
      if (!options.movableClock) throw new Error('setClock needs setUpJourney({ movableClock: true })');
      const seen = output().match(/^e2e clock: /gm)?.length ?? 0;
      server.stdin!.write(`${JSON.stringify({ clock: at.toISOString() })}\n`);
      await clockSet(output, seen);
    },
    stop: () =>
      (stopped ??= (async () => {
        await stopProcess(server);
        running.delete(server);
        await mail?.close();
        await database.cleanUp();
      })()),
  };
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<'ready' | string> {
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) return exited;
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return 'ready';
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `not ready after ${timeoutMs / 1000} s`;
}

/** SIGTERM (the server closes its database), then SIGKILL if it hangs. Only this process, by its own PID. */
async function stopProcess(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
