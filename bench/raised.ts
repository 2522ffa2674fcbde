// Raised (R38) on PostgreSQL: raisedFor for a tournament with 10,000 money lines (teams, sponsorship items, add-ons, gifts,
// some refunded, some unpaid) beside another tournament with as many, p95 of 200 calls at most 20 ms, and the SQL
// statements per call, which must not grow with the lines (measured at 100, 1,000 and 10,000). Each size gets a fresh
// database; the lines are inserted in bulk, the figure is checked against a plain sum.
//   node --import tsx bench/raised.ts [--sizes 100,1000,10000] [--calls 200]
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Db } from '../src/server/db/connect';
import { raisedForOne, raisedQuery } from '../src/server/payments/raised';
import {
  adminQuery,
  argValue,
  hasArg,
  noteLoad,
  PG_ADMIN_URL,
  percentile,
  printChecks,
  printTable,
  round,
  writeResult,
  type Check,
} from './lib';

const SIZES = (argValue('--sizes') ?? '100,1000,10000').split(',').map(Number);
const CALLS = Number(argValue('--calls') ?? '200');
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench_raised';
const P95_BUDGET_MS = 20;

let counting = false;
let statements = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (counting) statements++;
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const dbUrl = () => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
};

/** A tournament with `lines` money lines: half teams (with their payments), the rest items, add-ons and gifts. */
async function fill(db: Db, name: string, lines: number) {
  const [t] = await queryRows<{ id: string }>(
    db,
    sql`insert into tournaments (name, start_date, active) values (${name}, current_date + 30, true) returning id`,
  );
  const [item] = await queryRows<{ id: string }>(
    db,
    sql`insert into sponsorship_items (tournament_id, name, price_cents, quantity, is_hole) values (${t!.id}, 'Hole sign', 25000, 100000, false) returning id`,
  );
  const [addon] = await queryRows<{ id: string }>(
    db,
    sql`insert into addons (tournament_id, name, price_cents, max_per_golfer) values (${t!.id}, 'Mulligan', 1000, 4) returning id`,
  );
  const teamsCount = Math.floor(lines / 2);
  await db.execute(sql`
    with made as (
      insert into teams (tournament_id, name, payment_status)
      select ${t!.id}, 'Team ' || g, case when g % 10 = 0 then 'hold' else 'paid' end from generate_series(1, ${teamsCount}) g
      returning id, payment_status
    ),
    golfers as (insert into players (team_id, first_name, last_name) select id, 'P', 'Layer' from made returning id)
    insert into payments (team_id, amount_cents, state, refunded_cents)
    select id, 60000, case when payment_status = 'hold' then 'in_progress' else 'paid' end, 0 from made`);
  const [player] = await queryRows<{ id: string }>(
    db,
    sql`select p.id from players p join teams t on t.id = p.team_id where t.tournament_id = ${t!.id} limit 1`,
  );
  const rest = lines - teamsCount;
  await db.execute(sql`
    with made as (
      insert into purchases (tournament_id, kind, buyer_name, buyer_email, payment_status, amount_cents, item_id, addon_id, player_id)
      select ${t!.id}, k.kind, 'Buyer ' || g, 'b' || g || '@example.org', case when g % 7 = 0 then 'pending' else 'paid' end,
             case k.kind when 'item' then 25000 when 'addon' then 1000 else 5000 end,
             case when k.kind = 'item' then ${item!.id}::uuid end,
             case when k.kind = 'addon' then ${addon!.id}::uuid end,
             case when k.kind = 'addon' then ${player!.id}::uuid end
      from generate_series(1, ${rest}) g
      cross join lateral (select (array['item', 'addon', 'donation'])[1 + g % 3] as kind) k
      returning id, payment_status, amount_cents
    )
    insert into payments (purchase_id, amount_cents, state, refunded_cents)
    select id, amount_cents, payment_status, case when random() < 0.05 and payment_status = 'paid' then amount_cents else 0 end from made`);
  return t!.id;
}

async function measure(lines: number) {
  await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  await adminQuery(`create database "${BENCH_DB}"`);
  const database = await openDatabase({ databaseUrl: dbUrl(), dataDir: null, poolSize: 4 });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const id = await fill(db, 'Bench Open', lines);
    await fill(db, 'Other Open', lines);
    await db.execute(sql`analyze`);
    const [expected] = await queryRows<{ cents: string }>(
      db,
      sql`select coalesce(sum(p.amount_cents - p.refunded_cents), 0)::bigint as cents from payments p
          left join teams t on t.id = p.team_id left join purchases u on u.id = p.purchase_id
          where p.state = 'paid' and coalesce(t.tournament_id, u.tournament_id) = ${id}`,
    );
    for (let i = 0; i < 20; i++) await raisedForOne(db, id); // warm-up
    if (hasArg('--explain')) {
      const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${raisedQuery([id])}`);
      console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    }
    statements = 0;
    counting = true;
    const first = await raisedForOne(db, id);
    counting = false;
    const perCall = statements;
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await raisedForOne(db, id);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return {
      lines,
      p50: round(percentile(times, 50), 2),
      p95: round(percentile(times, 95), 2),
      statements: perCall,
      raisedCents: first!.raisedCents,
      expectedCents: Number(expected!.cents),
    };
  } finally {
    await database.close();
    await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  }
}

const load = noteLoad('raised');
const rows = [];
for (const size of SIZES) {
  const row = await measure(size);
  console.log(`${size} lines: p95 ${row.p95} ms, ${row.statements} statement(s)`);
  rows.push(row);
}
printTable(rows);
const largest = rows.at(-1)!;
const statementCounts = new Set(rows.map((r) => r.statements));
const checks: Check[] = [
  {
    name: `raised for a tournament of ${largest.lines} money lines, p95 of ${CALLS} calls`,
    value: largest.p95,
    unit: 'ms',
    budget: `<= ${P95_BUDGET_MS} ms`,
    pass: largest.p95 <= P95_BUDGET_MS,
  },
  {
    name: 'SQL statements per call',
    value: [...statementCounts].join(' / '),
    unit: '',
    budget: `the same at ${SIZES.join(', ')} lines`,
    pass: statementCounts.size === 1,
  },
  {
    name: 'raised equals the plain sum of paid records less refunds',
    value: rows.every((r) => r.raisedCents === r.expectedCents) ? 'yes' : 'no',
    unit: '',
    budget: 'yes',
    pass: rows.every((r) => r.raisedCents === r.expectedCents),
  },
];
printChecks(checks);
console.log(`written ${writeResult('raised', { load, rows, checks })}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
