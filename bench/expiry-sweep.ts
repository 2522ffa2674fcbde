// The expiry sweep (R24) on PostgreSQL: 10,000 holds past their deadline expired in one pass, its time, and the SQL
// statements it ran, which must not grow with the number of holds (measured at 100, 1,000 and 10,000). A pass is what
// the server runs every minute: the expiry, the reminders, then the waitlist's offers (R25; one leader waits here). Each size gets a
// fresh database; teams, players and payments are inserted in bulk, then one pass of sweepHolds runs and is checked: every
// team expired once, one history row per payment record.
//   node --import tsx bench/expiry-sweep.ts [--sizes 100,1000,10000]
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../src/server/db/connect';
import { sweepHolds } from '../src/server/holds/expiry';
import { lapseAndOffer } from '../src/server/waitlist/service';
import { adminQuery, argValue, noteLoad, PG_ADMIN_URL, printTable, round, writeResult, type Check } from './lib';

const SIZES = (argValue('--sizes') ?? '100,1000,10000').split(',').map(Number);
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench_expiry';
const SWEEP_BUDGET_MS = 5_000;

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

async function measure(holds: number) {
  await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  await adminQuery(`create database "${BENCH_DB}"`);
  const database = await openDatabase({ databaseUrl: dbUrl(), dataDir: null, poolSize: 4 });
  try {
    await migrateDatabase(database);
    const db = database.db;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified, role) values ('bench-leader', 'Bench Leader', 'bench@example.org', true, 'team_leader')`,
    );
    const [t] = await queryRows<{ id: string }>(
      db,
      sql`insert into tournaments (name, start_date, active) values ('Bench Open', current_date + 60, true) returning id`,
    );
    const [l] = await queryRows<{ id: string }>(
      db,
      sql`insert into sponsorship_levels (name, max_teams) values ('Bench level', 10) returning id`,
    );
    const [tl] = await queryRows<{ id: string }>(
      db,
      sql`insert into tournament_sponsorship_levels (tournament_id, sponsorship_level_id, price_cents, max_teams) values (${t!.id}, ${l!.id}, 50000, ${holds + 10}) returning id`,
    );
    await db.execute(sql`
      with made as (
        insert into teams (tournament_id, tournament_sponsorship_level_id, user_id, name, contact_email, payment_status, hold_until)
        select ${t!.id}, ${tl!.id}, 'bench-leader', 'Team ' || g, 'team' || g || '@example.org',
               case when g % 2 = 0 then 'hold' else 'pending' end, now() - interval '1 hour'
        from generate_series(1, ${holds}) g
        returning id, payment_status
      ),
      made_players as (insert into players (team_id, first_name, last_name) select id, 'P', 'Layer' from made, generate_series(1, 4))
      insert into payments (team_id, amount_cents, state) select id, 50000, case when payment_status = 'hold' then 'in_progress' else 'pending' end from made`);
    // Ten teams that are not due (paid, or a deadline tomorrow): the pass must leave them alone.
    await db.execute(sql`insert into teams (tournament_id, tournament_sponsorship_level_id, user_id, name, payment_status, hold_until)
      select ${t!.id}, ${tl!.id}, 'bench-leader', 'Safe ' || g, case when g % 2 = 0 then 'paid' else 'hold' end, now() + interval '1 day' from generate_series(1, 10) g`);
    // One leader waiting at the level: the pass offers them a freed place.
    await db.execute(sql`insert into waitlist_entries (tournament_sponsorship_level_id, user_id, teams_wanted, contact_name, contact_email)
      values (${tl!.id}, 'bench-leader', 1, 'Bench Leader', 'bench@example.org')`);
    await db.execute(sql`analyze`);

    statements = 0;
    counting = true;
    const start = performance.now();
    const result = await sweepHolds(db, new Date());
    const offers = await lapseAndOffer(db, new Date());
    const ms = performance.now() - start;
    counting = false;
    const passStatements = statements;

    const [check] = await queryRows<{ expired: number; events: number; untouched: number; expiredRecords: number }>(
      db,
      sql`select (select count(*)::int from teams where payment_status = 'expired') as expired,
                 (select count(*)::int from payment_events where kind = 'expired') as events,
                 (select count(*)::int from teams where name like 'Safe %' and payment_status <> 'expired') as untouched,
                 (select count(*)::int from payments where state = 'expired') as "expiredRecords"`,
    );
    // A second pass finds nothing: exactly once.
    const again = await sweepHolds(db, new Date());
    return {
      holds,
      ms: round(ms, 1),
      statements: passStatements,
      expired: result.expired.length,
      teamsExpired: check!.expired,
      events: check!.events,
      expiredRecords: check!.expiredRecords,
      untouched: check!.untouched,
      secondPass: again.expired.length,
      offers: offers.length,
    };
  } finally {
    await database.close();
    await adminQuery(`drop database if exists "${BENCH_DB}" with (force)`);
  }
}

const load = noteLoad('expiry-sweep');
const rows = [];
for (const size of SIZES) {
  const row = await measure(size);
  console.log(`${size} holds: ${row.ms} ms, ${row.statements} statements`);
  rows.push(row);
}
printTable(rows);
const largest = rows.at(-1)!;
const statementCounts = new Set(rows.map((r) => r.statements));
const checks: Check[] = [
  {
    name: `one pass over ${largest.holds} due holds`,
    value: largest.ms,
    unit: 'ms',
    budget: `<= ${SWEEP_BUDGET_MS} ms`,
    pass: largest.ms <= SWEEP_BUDGET_MS,
  },
  {
    name: 'SQL statements per pass',
    value: [...statementCounts].join(' / '),
    unit: '',
    budget: `the same at ${SIZES.join(', ')} holds`,
    pass: statementCounts.size === 1,
  },
  {
    name: 'every due hold expired once, one history row each, others untouched, the waiting leader offered, second pass empty',
    value: rows.every(
      (r) =>
        r.expired === r.holds &&
        r.teamsExpired === r.holds &&
        r.events === r.holds &&
        r.expiredRecords === r.holds &&
        r.untouched === 10 &&
        r.secondPass === 0 &&
        r.offers === 1,
    )
      ? 'yes'
      : 'no',
    unit: '',
    budget: 'yes',
    pass: rows.every(
      (r) =>
        r.expired === r.holds &&
        r.teamsExpired === r.holds &&
        r.events === r.holds &&
        r.expiredRecords === r.holds &&
        r.untouched === 10 &&
        r.secondPass === 0 &&
        r.offers === 1,
    ),
  },
];
printTable(
  checks.map((c) => ({ check: c.name, value: `${c.value} ${c.unit}`.trim(), budget: c.budget, result: c.pass ? 'PASS' : 'FAIL' })),
);
console.log(`written ${writeResult('expiry-sweep', { load, rows, checks })}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
