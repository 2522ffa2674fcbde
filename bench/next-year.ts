// The next year and after the outing (R59) on PostgreSQL. (1) 'Copy to a new tournament' of a 36-team tournament's setup:
// 4 levels, 18 hole items and 2 more, 3 add-ons, 5 golfer questions, a course (its 36 teams, players and scores are not
// copied); the service's time, median of 5 (budget 1 s). (2) The thank-you to 2,000 people (500 teams of four, each
// leader one of their golfers) of a finished, scored tournament, queued through the real server: the request's time,
// median of 3 tournaments (budget 300 ms); checked: each address queued once.
//   node --import tsx bench/next-year.ts [--people 2000]
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows, type Db } from '../src/server/db/connect';
import { copyTournament } from '../src/server/next-year/copy';
import { startMailCatcher } from '../src/server/test/mail-catcher';
import { BENCH_ADMIN_EMAIL, benchDatabase, createAdmin, signInCookie } from './signed-in-fixtures';
import { argValue, freePort, median, noteLoad, printChecks, round, spawnServer, waitForOk, writeResult, type Check } from './lib';

const PEOPLE = Number(argValue('--people') ?? 2000);
const BENCH_DB = process.env.BENCH_PG_DATABASE ?? 'golf_bench_next_year';
const COPY_BUDGET_MS = 1000;
const QUEUE_BUDGET_MS = 300;

/** A tournament on an 18-hole course with `teams` scored teams of four (the leader is golfer 1), dated `startDate`. */
async function scoredTournament(db: Db, name: string, teams: number, startDate: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into tournaments (name, start_date, active, goal_cents, skins, closest_to_pin_holes, cause, schedule, address)
        values (${name}, ${startDate}::date, false, 5000000, 'gross', '{3,7}', 'For the food bank', '{"12:00 Check-in","13:00 Start"}', '1 Fairway Drive')
        returning id`,
  );
  const id = row!.id;
  const [course] = await queryRows<{ id: string }>(db, sql`insert into golf_courses (name) values (${`${name} Links`}) returning id`);
  await db.execute(sql`insert into course_holes (course_id, hole_number, par) select ${course!.id}, h, 4 from generate_series(1, 18) h`);
  await db.execute(sql`update tournaments set course_id = ${course!.id} where id = ${id}`);
  await db.execute(sql`insert into tournament_courses (tournament_id, course_id) values (${id}, ${course!.id})`);
  await db.execute(sql`
    with made as (
      insert into teams (tournament_id, name, contact_name, contact_email, payment_status)
      select ${id}::uuid, 'Team ' || g, 'Leader ' || g, 'p-' || ${name} || '-' || g || '-1@example.org', 'paid' from generate_series(1, ${teams}) g
      returning id, name)
    insert into players (team_id, first_name, last_name, email)
    select made.id, 'Golfer', p::text, 'p-' || ${name} || '-' || substr(made.name, 6) || '-' || p || '@example.org' from made, generate_series(1, 4) p`);
  await db.execute(sql`
    insert into player_scores (tournament_id, team_id, player_id, hole_number, strokes)
    select ${id}::uuid, p.team_id, p.id, h, 3 + ((h + abs(hashtext(p.id::text))) % 3) from players p join teams t on t.id = p.team_id, generate_series(1, 18) h
    where t.tournament_id = ${id}`);
  return id;
}

const load = noteLoad('next-year');
const bench = await benchDatabase('postgres', BENCH_DB);
const database = await openDatabase({ databaseUrl: bench.env.DATABASE_URL!, dataDir: null, poolSize: 2 });
await migrateDatabase(database);
const db = database.db;

// (1) The copy: last year's 36-team outing with its setup.
const source = await scoredTournament(db, 'Bench Classic', 36, '2026-06-01');
await db.execute(sql`
  with levels as (insert into sponsorship_levels (name, max_teams) select 'Level ' || l, 10 from generate_series(1, 4) l returning id)
  insert into tournament_sponsorship_levels (tournament_id, sponsorship_level_id, price_cents, max_teams, fmv_cents)
  select ${source}::uuid, id, 100000, 9, 40000 from levels`);
await db.execute(sql`
  insert into sponsorship_items (tournament_id, name, price_cents, quantity, is_hole, sort_order)
  select ${source}::uuid, 'Hole ' || h || ' sponsor', 25000, 1, true, h from generate_series(1, 18) h
  union all select ${source}::uuid, 'Beverage cart', 100000, 1, false, 19 union all select ${source}::uuid, 'Lunch', 150000, 1, false, 20`);
await db.execute(sql`
  insert into addons (tournament_id, name, price_cents, max_per_golfer)
  values (${source}::uuid, 'Mulligan', 1000, 2), (${source}::uuid, 'Raffle ticket', 500, 10), (${source}::uuid, 'String', 2000, 1)`);
await db.execute(sql`
  insert into golfer_questions (tournament_id, label, kind, choices)
  select ${source}::uuid, 'Question ' || q, case when q % 2 = 0 then 'choice' else 'text' end,
         case when q % 2 = 0 then '{A,B,C}'::text[] else '{}'::text[] end from generate_series(1, 5) q`);
const copyTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const begun = performance.now();
  await copyTournament(db, source, { name: `Bench Classic ${2027 + i}`, startDate: `${2027 + i}-06-01`, endDate: null });
  copyTimes.push(performance.now() - begun);
}
const [copied] = await queryRows<{ levels: number; items: number; teams: number }>(
  db,
  sql`select (select count(*)::int from tournament_sponsorship_levels l join tournaments t on t.id = l.tournament_id where t.copied_from_id = ${source}) as levels,
             (select count(*)::int from sponsorship_items i join tournaments t on t.id = i.tournament_id where t.copied_from_id = ${source}) as items,
             (select count(*)::int from teams m join tournaments t on t.id = m.tournament_id where t.copied_from_id = ${source}) as teams`,
);

// (2) The thank-you: three finished tournaments of PEOPLE golfers each.
const finished: string[] = [];
for (let i = 0; i < 3; i++) finished.push(await scoredTournament(db, `Bench Outing ${i + 1}`, Math.ceil(PEOPLE / 4), '2026-01-10'));
await createAdmin(db);
await database.close();

const catcher = await startMailCatcher();
const port = await freePort();
// The sender is left to run: the figure is the request's, as staff wait for it.
const server = spawnServer('src/server/main.ts', { ...bench.env, SMTP_URL: catcher.url, MAIL_PER_MINUTE: '' }, port);
try {
  await waitForOk(`${server.baseUrl}/api/health`, server);
  const cookie = await signInCookie(server.baseUrl, BENCH_ADMIN_EMAIL);
  const headers = { 'content-type': 'application/json', origin: server.baseUrl, cookie };
  const times: number[] = [];
  const counts: number[] = [];
  for (const id of finished) {
    const begun = performance.now();
    const res = await fetch(`${server.baseUrl}/api/admin/tournaments/${id}/thank-you`, { method: 'POST', headers });
    times.push(performance.now() - begun);
    if (res.status !== 201) throw new Error(`the thank-you answered ${res.status}: ${await res.text()}`);
    counts.push(((await res.json()) as { recipientCount: number }).recipientCount);
  }
  const again = await fetch(`${server.baseUrl}/api/admin/tournaments/${finished[0]}/thank-you`, { method: 'POST', headers });
  const copyMs = median(copyTimes);
  const queueMs = median(times);
  const checks: Check[] = [
    {
      name: `copy of a 36-team tournament's setup (median of 5: ${copyTimes.map((ms) => round(ms)).join(', ')} ms)`,
      value: round(copyMs),
      unit: 'ms',
      budget: `<= ${COPY_BUDGET_MS} ms`,
      pass: copyMs <= COPY_BUDGET_MS,
    },
    {
      name: 'copied per tournament: levels, items, teams',
      value: `${copied!.levels / 5}, ${copied!.items / 5}, ${copied!.teams}`,
      unit: '',
      budget: '4, 20, 0',
      pass: copied!.levels === 20 && copied!.items === 100 && copied!.teams === 0,
    },
    {
      name: `the thank-you request (median of 3: ${times.map((ms) => round(ms)).join(', ')} ms)`,
      value: round(queueMs),
      unit: 'ms',
      budget: `<= ${QUEUE_BUDGET_MS} ms`,
      pass: queueMs <= QUEUE_BUDGET_MS,
    },
    {
      name: 'people queued per thank-you',
      value: counts.join(', '),
      unit: '',
      budget: `${PEOPLE} each`,
      pass: counts.every((n) => n === PEOPLE),
    },
    { name: 'sent again: refused, nobody twice', value: again.status, unit: '', budget: '409', pass: again.status === 409 },
  ];
  printChecks(checks);
  console.log(
    `written ${writeResult('next-year', { load, people: PEOPLE, copyMs: round(copyMs, 1), thankYouMs: round(queueMs, 1), checks })}`,
  );
  if (checks.some((c) => c.pass === false)) process.exitCode = 1;
} finally {
  await server.stop();
  await catcher.close();
  await bench.drop();
}
