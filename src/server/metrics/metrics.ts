// GET /metrics (R52): the process's figures in the Prometheus text format, through prom-client, for an operator's
// Prometheus (or anything that reads the format). Only with METRICS_TOKEN set and `Authorization: Bearer <token>`; anything
// else is answered exactly as an unknown address is (404), so the address gives nothing away. Outside /api and the OpenAPI
// document: it is for the operator's monitoring, not for the portal's clients (docs/decisions/096).
//
// Every label value comes from a fixed set: the route's template as declared (`/api/teams/:id`, never the path asked for),
// `unmatched` for any address no route declares, `static` for the app's pages and files; the method (or `other`); the
// status code. A thousand random addresses make no new series.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps, AppEnv } from '../http/context';
import { operationsFigures } from './figures';

const METRICS_PATH = '/metrics';
/** Every request to an address no route declares (the /api catch-all's 404, an unknown page). */
export const UNMATCHED = 'unmatched';
/** The app's pages and files, served by the one handler for everything outside /api. */
export const STATIC = 'static';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route a request was declared under: the first matching route that is not middleware nor a catch-all. */
function routeLabel(c: Parameters<typeof matchedRoutes>[0], status: number): string {
  for (const route of matchedRoutes(c)) if (route.method !== 'ALL' && !route.path.includes('*')) return route.path;
  return status === 404 ? UNMATCHED : STATIC;
}

/** Whether `header` is `Bearer <token>`, compared in constant time (both sides hashed to the same length first). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * With METRICS_TOKEN set: times every request (first, so that it sees every answer, refusals included) and serves
 * GET /metrics. Without it nothing is installed and nothing is measured.
 */
export function installMetrics(app: Hono<AppEnv>, deps: AppDeps): void {
  const token = deps.config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'golf_http_requests_total',
    help: 'HTTP requests answered, by route template and status',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'golf_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the headers, for a live-board stream), by route template and status',
    labelNames,
    registers,
  });
  new Gauge({
    name: 'golf_live_board_streams',
    help: 'Live-board event streams open in this process',
    registers,
    collect() {
      this.set(deps.streamSlots.total);
    },
  });
  const messages = new Gauge({
    name: 'golf_messages',
    help: 'E-mails to the field in the queue (every process): waiting to be sent, or failed after the last attempt',
    labelNames: ['status'],
    registers,
  });
  const holds = new Gauge({
    name: 'golf_holds_due',
    help: 'Unpaid holds (teams, purchases) whose deadline has passed (expired by the next sweep) or comes within 24 hours',
    labelNames: ['kind', 'due'],
    registers,
  });
  const backupAge = new Gauge({
    name: 'golf_backup_last_copy_age_seconds',
    help: 'Seconds since the newest finished backup copy was written (any process); +Inf if none ever was',
    registers,
  });
  const poolLabels = ['database'] as const;
  const pool = {
    open: new Gauge({ name: 'golf_db_pool_connections', help: 'Database connections open', labelNames: poolLabels, registers }),
    max: new Gauge({
      name: 'golf_db_pool_max_connections',
      help: 'The most database connections this process opens',
      labelNames: poolLabels,
      registers,
    }),
    idle: new Gauge({
      name: 'golf_db_pool_idle_connections',
      help: 'Open database connections idle (PostgreSQL)',
      labelNames: poolLabels,
      registers,
    }),
    waiting: new Gauge({
      name: 'golf_db_pool_waiting_queries',
      help: 'Queries waiting for a database connection (PostgreSQL)',
      labelNames: poolLabels,
      registers,
    }),
  };

  app.use('*', async (c, next) => {
    if (c.req.path === METRICS_PATH) return next();
    const started = performance.now();
    await next();
    const status = c.res.status;
    const labels = { method: METHODS.has(c.req.method) ? c.req.method : 'other', route: routeLabel(c, status), status: String(status) };
    requests.inc(labels);
    latency.observe(labels, (performance.now() - started) / 1000);
  });

  app.get(METRICS_PATH, async (c, next) => {
    // Refused exactly as an address that does not exist: the next handler answers it so.
    if (!bearerMatches(c.req.header('authorization'), token)) return next();
    const now = deps.now();
    const figures = await operationsFigures(deps.database.db, now);
    messages.set({ status: 'waiting' }, figures.messagesWaiting);
    messages.set({ status: 'failed' }, figures.messagesFailed);
    for (const { kind, passed, soon } of figures.holds) {
      holds.set({ kind, due: 'passed' }, passed);
      holds.set({ kind, due: 'within_24h' }, soon);
    }
    backupAge.set(figures.lastCopyAt ? Math.max(0, (now.getTime() - figures.lastCopyAt.getTime()) / 1000) : Infinity);
    const database = { database: deps.database.kind };
    const connections = deps.database.pool();
    pool.open.set(database, connections.open);
    pool.max.set(database, connections.max);
    if (connections.idle !== null) pool.idle.set(database, connections.idle);
    if (connections.waiting !== null) pool.waiting.set(database, connections.waiting);
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  });
}
