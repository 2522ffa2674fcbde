// Stripe webhook handling (R23) on PostgreSQL: 1,000 signed `checkout.session.completed` deliveries, 10 % of them replays
// of an event already sent, against the real app (bench/bench-server.ts). Checks exactly one state change per new event
// (every team paid once, one history row and one processed-event row per new event, replays answered `duplicate`), and
// measures throughput as a ratio to the trivial route in the same run, both driven the same way (10 at a time).
//   node --import tsx bench/webhooks.ts [--events 1000] [--connections 10]
import { randomUUID } from 'node:crypto';
import {
  adminQuery,
  argValue,
  freePort,
  noteLoad,
  PG_ADMIN_URL,
  printTable,
  round,
  spawnServer,
  waitForOk,
  writeResult,
  type Check,
} from './lib';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeSession } from '../src/server/test/fake-stripe';

const EVENTS = Number(argValue('--events') ?? 1000);
const CONNECTIONS = Number(argValue('--connections') ?? 10);
const DUPLICATES = Math.round(EVENTS / 10);
const NEW_EVENTS = EVENTS - DUPLICATES;
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench_webhooks';

const dbUrl = () => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
};

/** Sends every request, `CONNECTIONS` at a time; answers requests per second and the statuses. */
async function drive(requests: (() => Promise<Response>)[]) {
  const statuses: number[] = [];
  const bodies: string[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < requests.length) {
        const i = next++;
        const response = await requests[i]!();
        statuses[i] = response.status;
        bodies[i] = await response.text();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: round(requests.length / seconds, 1), seconds: round(seconds, 2), statuses, bodies };
}

await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
await adminQuery(`create database "${BENCH_DB}"`);
const fake = await startFakeStripe();
const port = await freePort();
const server = spawnServer(
  'bench/bench-server.ts',
  {
    DATABASE_URL: dbUrl(),
    LOG_LEVEL: 'warn',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  },
  port,
);
try {
  await waitForOk(`${server.baseUrl}/api/health`, server);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  await client.query(
    `insert into "user" (id, name, email, email_verified) values ('bench-leader', 'Bench Leader', 'bench@example.org', true)`,
  );
  const {
    rows: [t],
  } = await client.query(
    `insert into tournaments (name, start_date, active) values ('Webhook Open', current_date + 60, true) returning id`,
  );
  const {
    rows: [l],
  } = await client.query(`insert into sponsorship_levels (name, max_teams) values ('Bench level', 10) returning id`);
  const {
    rows: [tl],
  } = await client.query(
    `insert into tournament_sponsorship_levels (tournament_id, sponsorship_level_id, price_cents, max_teams) values ($1, $2, 50000, $3) returning id`,
    [t.id, l.id, NEW_EVENTS + 10],
  );
  const { rows: teamRows } = await client.query(
    `with made as (
       insert into teams (tournament_id, tournament_sponsorship_level_id, user_id, name, payment_status, hold_until)
       select $1, $2, 'bench-leader', 'Team ' || g, 'pending', now() + interval '3 days' from generate_series(1, $3::int) g returning id)
     insert into payments (team_id, amount_cents, state) select id, 50000, 'pending' from made returning team_id`,
    [t.id, tl.id, NEW_EVENTS],
  );

  // One completed session per team, each its own event; then 10 % of them delivered again, shuffled in.
  const events = teamRows.map(({ team_id }: { team_id: string }) => {
    const session = {
      id: `cs_test_${randomUUID().replace(/-/g, '')}`,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_test_${randomUUID().replace(/-/g, '')}`,
      metadata: { team_ids: team_id },
    } as unknown as FakeSession;
    return fake.event('checkout.session.completed', session).payload;
  });
  const deliveries = [...events, ...events.slice(0, DUPLICATES)];
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  // Duplicates must come after their first delivery to count as replays: move each second copy behind its first.
  const seen = new Set<string>();
  const ordered: string[] = [];
  const held: string[] = [];
  for (const payload of deliveries) {
    if (seen.has(payload)) held.push(payload);
    else {
      seen.add(payload);
      ordered.push(payload);
    }
    if (held.length && ordered.length > NEW_EVENTS / 2) ordered.push(held.shift()!);
  }
  ordered.push(...held);

  const webhookUrl = `${server.baseUrl}/api/payments/webhook`;
  // Signed at send time, as Stripe does (the signature carries a timestamp checked against a tolerance).
  const webhook = await drive(
    ordered.map(
      (payload) => () =>
        fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
          body: payload,
        }),
    ),
  );
  const trivial = await drive(Array.from({ length: EVENTS }, () => () => fetch(`${server.baseUrl}/bench/trivial`)));

  const {
    rows: [state],
  } = await client.query(
    `select (select count(*)::int from teams where payment_status = 'paid') as paid,
            (select count(*)::int from payments where state = 'paid') as "paidRecords",
            (select count(*)::int from payment_events where kind = 'card') as "cardEvents",
            (select count(*)::int from processed_provider_events) as processed`,
  );
  await client.end();
  const duplicatesAnswered = webhook.bodies.filter((b) => b.includes('"duplicate":true')).length;
  const ratio = round(webhook.perSecond / trivial.perSecond, 3);
  const load = noteLoad('webhooks');
  printTable([
    {
      route: 'POST /api/payments/webhook',
      requests: ordered.length,
      perSecond: webhook.perSecond,
      seconds: webhook.seconds,
      non200: webhook.statuses.filter((s) => s !== 200).length,
    },
    {
      route: 'GET /bench/trivial',
      requests: EVENTS,
      perSecond: trivial.perSecond,
      seconds: trivial.seconds,
      non200: trivial.statuses.filter((s) => s !== 200).length,
    },
  ]);
  const exact =
    state.paid === NEW_EVENTS &&
    state.paidRecords === NEW_EVENTS &&
    state.cardEvents === NEW_EVENTS &&
    state.processed === NEW_EVENTS &&
    duplicatesAnswered === DUPLICATES &&
    webhook.statuses.every((s) => s === 200);
  const checks: Check[] = [
    {
      name: `${ordered.length} deliveries (${DUPLICATES} replays): one state change per new event`,
      value: `${state.paid} paid, ${state.cardEvents} history rows, ${state.processed} events kept, ${duplicatesAnswered} replays`,
      unit: '',
      budget: `${NEW_EVENTS} / ${NEW_EVENTS} / ${NEW_EVENTS} / ${DUPLICATES}`,
      pass: exact,
    },
    { name: 'webhook throughput', value: webhook.perSecond, unit: 'req/s', budget: 'info', pass: null },
    // No budget yet: a new event is one transaction of about eight statements on PostgreSQL, the trivial route none.
    { name: 'webhook / trivial route throughput', value: ratio, unit: '', budget: 'info', pass: null },
  ];
  printTable(
    checks.map((c) => ({
      check: c.name,
      value: `${c.value} ${c.unit}`.trim(),
      budget: c.budget,
      result: c.pass === null ? 'info' : c.pass ? 'PASS' : 'FAIL',
    })),
  );
  console.log(
    `written ${writeResult('webhooks', { load, webhook: { perSecond: webhook.perSecond, seconds: webhook.seconds }, trivial: { perSecond: trivial.perSecond }, state, checks })}`,
  );
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  await server.stop();
  await fake.close();
  await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
}
