// A server for load tests: built like src/server/main.ts (same settings, database, migrations, createApp), but with the
// sign-in and sign-up rate limits raised so thousands of sign-ins can run, and one truly trivial route, GET /bench/trivial, that goes
// through the app's global middleware (deps, security headers) and touches no database. The built client is not served.
// On PostgreSQL it also counts SQL statements per request, for the N+1 checks: a request carrying the header
// `x-bench-count-queries: 1` answers with `x-bench-query-count` (statements it ran), and GET /bench/last-queries lists
// their SQL text and parameters (to EXPLAIN them). Requests without the header run exactly as in production. Count one
// request at a time: a pool client handed over from another request's queue would log to that request.
// With BENCH_CPU_PROFILE_DIR set, POST /bench/cpu-profile/start and /bench/cpu-profile/stop profile the process between
// them (V8's sampling profiler through node:inspector, as --cpu-prof does) and stop answers the .cpuprofile file written:
// the load window alone, without start-up and fixtures (bench/profile-signed-in.ts).
//   node --import tsx bench/bench-server.ts      (PORT, APP_URL, DATA_DIR, DATABASE_URL, LOG_LEVEL as for the portal)
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { listen } from '../src/server/http/listener';
import { buildDeps, openConfiguredDatabase } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';

interface Statement {
  text: string;
  values: unknown[];
}
/** The SQL statements of the request being counted (every pool client runs its statements through Client#query). */
const statements = new AsyncLocalStorage<Statement[]>();
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const log = statements.getStore();
  if (log) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    const text = typeof first === 'string' ? first : first.text;
    const values = typeof first === 'string' ? second : (first.values ?? second);
    log.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
let lastStatements: Statement[] = [];

const config = loadConfig();
const started = performance.now();
const database = await openConfiguredDatabase(config);
const deps = await buildDeps(config, database, {
  limits: {
    signInPerAccount: 1_000_000_000,
    signInPerAddress: 1_000_000_000,
    signUpPerAddress: 1_000_000_000,
    resetPerAccount: 1_000_000_000,
    resetPerAddress: 1_000_000_000,
  },
  // BENCH_SESSION_READ=better-auth checks every request with better-auth's getSession, as before decision 065, to compare.
  benchBetterAuthSessions: process.env.BENCH_SESSION_READ === 'better-auth',
});
const app = createApp(deps);
app.get('/bench/trivial', (c) => c.json({ ok: true }));
app.get('/bench/last-queries', (c) => c.json({ database: database.kind, statements: lastStatements }));
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
if (profileDir) {
  const inspector = new Session();
  inspector.connect();
  app.post('/bench/cpu-profile/start', async (c) => {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    return c.json({ profiling: true });
  });
  app.post('/bench/cpu-profile/stop', async (c) => {
    const { profile } = await inspector.post('Profiler.stop');
    const file = join(profileDir, `${database.kind}-${process.pid}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return c.json({ file });
  });
}

/** Runs one request with its statements logged, and answers their number in a header. */
async function counted(request: Request, env: unknown): Promise<Response> {
  const log: Statement[] = [];
  const response = await statements.run(log, () => app.fetch(request, env));
  const body = await response.arrayBuffer(); // the handler's queries are all done once its body is complete
  lastStatements = log;
  const headers = new Headers(response.headers);
  headers.set('x-bench-query-count', String(log.length));
  return new Response(body, { status: response.status, headers });
}

const server = listen(
  (request, env) => (request.headers.get('x-bench-count-queries') ? counted(request, env) : app.fetch(request, env)),
  config.port,
  () => {
    console.log(`bench server on ${config.appUrl} (${database.kind}), ready in ${Math.round(performance.now() - started)} ms`);
  },
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  void server.close();
  await deps.sessions.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
