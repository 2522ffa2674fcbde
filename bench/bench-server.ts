// A server for load tests: built like src/server/main.ts (same settings, database, migrations, createApp), but with the
// sign-in rate limits raised so thousands of sign-ins can run, and one truly trivial route, GET /bench/trivial, that goes
// through the app's global middleware (deps, security headers) and touches no database. The built client is not served.
//   node --import tsx bench/bench-server.ts      (PORT, APP_URL, DATA_DIR, DATABASE_URL, LOG_LEVEL as for the portal)
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { buildDeps, openConfiguredDatabase } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';

const config = loadConfig();
const started = performance.now();
const database = await openConfiguredDatabase(config);
const deps = await buildDeps(config, database, {
  limits: { signInPerAccount: 1_000_000_000, signInPerAddress: 1_000_000_000 },
});
const app = createApp(deps);
app.get('/bench/trivial', (c) => c.json({ ok: true }));

const server = serve({ fetch: app.fetch, port: config.port }, () => {
  console.log(`bench server on ${config.appUrl} (${database.kind}), ready in ${Math.round(performance.now() - started)} ms`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
