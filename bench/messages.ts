// Messages to the field (R45) on PostgreSQL: an admin queues one e-mail to 2,000 golfers through the real server, which
// sends them in the background to a local SMTP catcher with MAIL_PER_MINUTE unset (no limit). Measured: the queueing
// request's time (budget 300 ms), the time until the last e-mail arrived and the throughput; checked: every golfer got
// exactly one copy.
//   node --import tsx bench/messages.ts [--golfers 2000]
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/connect';

import { startMailCatcher } from '../src/server/test/mail-catcher';
import { BENCH_ADMIN_EMAIL, benchDatabase, createAdmin, signInCookie } from './signed-in-fixtures';
import { argValue, median, freePort, noteLoad, printChecks, round, sleep, spawnServer, waitForOk, writeResult, type Check } from './lib';

const GOLFERS = Number(argValue('--golfers') ?? 2000);
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench_messages';
const QUEUE_BUDGET_MS = 300;
const RUNS = 3;

const load = noteLoad('messages');
const bench = await benchDatabase('postgres', BENCH_DB);
const database = await openDatabase({ databaseUrl: bench.env.DATABASE_URL!, dataDir: null, poolSize: 2 });
await migrateDatabase(database);
const db = database.db;
const [tournament] = await queryRows<{ id: string }>(
  db,
  sql`insert into tournaments (name, start_date, active) values ('Bench Open', current_date + 30, true) returning id`,
);
await db.execute(sql`
  with made as (
    insert into teams (tournament_id, name, contact_email, payment_status)
    select ${tournament!.id}, 'Team ' || g, 'leader' || g || '@example.org', 'paid' from generate_series(1, ${Math.ceil(GOLFERS / 4)}) g
    returning id)
  insert into players (team_id, first_name, last_name, email)
  select made.id, 'Golfer', p::text, 'golfer-' || made.id || '-' || p || '@example.org' from made, generate_series(1, 4) p`);
await createAdmin(db);
await database.close();

const catcher = await startMailCatcher();
const port = await freePort();
const server = spawnServer('src/server/main.ts', { ...bench.env, SMTP_URL: catcher.url, MAIL_PER_MINUTE: '' }, port);
try {
  await waitForOk(`${server.baseUrl}/api/health`, server);
  const cookie = await signInCookie(server.baseUrl, BENCH_ADMIN_EMAIL);
  const body = JSON.stringify({ tournamentId: tournament!.id, audience: 'golfers', subject: 'Tee times moved', body: 'We start at 9.' });
  const headers = { 'content-type': 'application/json', origin: server.baseUrl, cookie };
  // A warm-up preview (the same recipients' query), as the page does before Send.
  await fetch(`${server.baseUrl}/api/admin/messages/preview`, { method: 'POST', headers, body });
  // Three messages of the same size, queued one after another: the median request is the figure (the first pays for cold
  // caches); all 3 × 2,000 e-mails are then waited for.
  const times: number[] = [];
  let total = 0;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const begun = performance.now();
    const res = await fetch(`${server.baseUrl}/api/admin/messages`, { method: 'POST', headers, body });
    times.push(performance.now() - begun);
    if (res.status !== 201) throw new Error(`queueing answered ${res.status}`);
    total += ((await res.json()) as { recipientCount: number }).recipientCount;
  }
  const queueMs = median(times);
  const queued = { recipientCount: total / RUNS };
  const deadline = Date.now() + 10 * 60_000;
  while (catcher.messages.length < total && Date.now() < deadline) await sleep(50);
  const deliveredMs = performance.now() - started;
  await sleep(2000); // a copy sent twice would arrive now
  const copies = new Map<string, number>();
  for (const m of catcher.messages) for (const to of m.to) copies.set(to, (copies.get(to) ?? 0) + 1);
  const once = copies.size === queued.recipientCount && [...copies.values()].every((n) => n === RUNS) && catcher.messages.length === total;
  const perSecond = round(total / (deliveredMs / 1000), 1);
  const checks: Check[] = [
    {
      name: `the request that queues them (median of ${RUNS}: ${times.map((ms) => round(ms)).join(', ')} ms)`,
      value: round(queueMs),
      unit: 'ms',
      budget: `<= ${QUEUE_BUDGET_MS} ms`,
      pass: queueMs <= QUEUE_BUDGET_MS,
    },
    { name: `recipients queued`, value: queued.recipientCount, unit: '', budget: `${GOLFERS}`, pass: queued.recipientCount === GOLFERS },
    {
      name: 'every golfer exactly one copy of each message',
      value: once ? 'yes' : `no (${catcher.messages.length} caught, ${copies.size} addresses)`,
      unit: '',
      budget: 'yes',
      pass: once,
    },
    {
      name: 'time until the last e-mail arrived',
      value: round(deliveredMs / 1000, 1),
      unit: 's',
      budget: 'MAIL_PER_MINUTE unset',
      pass: null,
    },
    { name: 'throughput', value: perSecond, unit: 'e-mails/s', budget: 'one process, one SMTP connection', pass: null },
  ];
  printChecks(checks);
  console.log(
    `written ${writeResult('messages', { load, golfers: GOLFERS, queueMs: round(queueMs, 1), deliveredMs: round(deliveredMs), perSecond, checks })}`,
  );
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  await server.stop();
  await catcher.close();
  await bench.drop();
}
