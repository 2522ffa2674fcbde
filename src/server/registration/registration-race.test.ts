// Simultaneous registrations never take more than a level's places or a tournament's cap (R13), and a refused or
// failed one leaves no row behind (R14).
// On PostgreSQL (TEST_DATABASE_URL) this is the real race: 60 leaders at once through a pool of 24 connections.
// PGlite is one connection that runs transactions one after another, so there the same assertions are only a functional
// check with fewer leaders; it proves nothing about concurrency (docs/stack.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { AppError } from '../http/errors';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { createLevel, createTournament, registrationInput, singleInput } from '../test/factories';
import { allRegistrationRows, insertLeaders, registrationCounts, teamsInput } from '../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { registerSingleOnce, registerTeams } from './service';

const POSTGRES = testDatabaseKind() === 'postgres';
const LEADERS = POSTGRES ? 60 : 12;
const HTTP_LEADERS = POSTGRES ? 24 : 8;
const POOL_SIZE = 24;
const NOW = new Date('2027-03-01T12:00:00Z');
const START_DATE = '2027-04-16';

let base: TestDatabase;
let pooled: Database | undefined;
let t: TestApp;

beforeAll(async () => {
  base = await openTestDatabase();
  let database: TestDatabase = base;
  if (POSTGRES) {
    // The test database's own pool is small; the race needs many connections to the same database.
    pooled = await openDatabase({ databaseUrl: base.url, dataDir: null, poolSize: POOL_SIZE });
    database = { ...pooled, url: base.url };
    // Open every connection now, so the race starts with all of them ready rather than queued behind connects.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => pooled!.db.execute(sql`select pg_sleep(0.05)`)));
  }
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t?.close();
  await pooled?.close();
  await base?.close();
});

interface Outcome {
  ok: boolean;
  teams: number;
  status?: number;
  message?: string;
}

/** Every leader registers `sizes[i]` teams at the same moment, through the service; what each got. */
async function raceService(
  leaders: string[],
  tournamentId: string,
  levelFor: (i: number) => string,
  sizes: (i: number) => number = () => 1,
) {
  const settled = await Promise.allSettled(
    leaders.map((userId, i) =>
      registerTeams(t.db, userId, registrationInput(tournamentId, levelFor(i), { teams: teamsInput(sizes(i), `L${i}`) }), NOW),
    ),
  );
  return settled.map((result, i): Outcome => {
    if (result.status === 'fulfilled') return { ok: true, teams: result.value.teams.length };
    const error = result.reason;
    if (!(error instanceof AppError)) throw error;
    return { ok: false, teams: sizes(i), status: error.status, message: error.message };
  });
}

function expectNoOrphans(counts: { teams: number; players: number; payments: number; incompleteTeams: number }) {
  expect(counts.players).toBe(4 * counts.teams);
  expect(counts.payments).toBe(counts.teams);
  expect(counts.incompleteTeams).toBe(0);
}

describe(`simultaneous registrations (${POSTGRES ? `PostgreSQL, ${LEADERS} leaders, pool of ${POOL_SIZE}` : `PGlite, ${LEADERS} leaders, one at a time`})`, () => {
  it('take exactly the places of a level, and every other leader is told it is sold out', async () => {
    const tournament = await createTournament(t.db, { startDate: START_DATE, maxTeams: null });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 5 });
    const leaders = await insertLeaders(t.db, LEADERS, 'level-race');

    const outcomes = await raceService(leaders, tournament.id, () => level.id);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused).toHaveLength(LEADERS - 5);
    for (const o of refused) expect(o).toEqual({ ok: false, teams: 1, status: 409, message: 'This level is sold out' });

    const counts = await registrationCounts(t.db, tournament.id);
    expect(counts.teams).toBe(5);
    expectNoOrphans(counts);
  });

  it('of singles for the last places take exactly the golfer places left (R43: a single takes one of a team’s four)', async () => {
    const tournament = await createTournament(t.db, { startDate: START_DATE, maxTeams: null });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 2, singlePriceCents: 15_000 });
    const [early] = await insertLeaders(t.db, 1, 'team-first');
    await registerTeams(t.db, early!, registrationInput(tournament.id, level.id), NOW);
    const singles = await insertLeaders(t.db, LEADERS, 'single-race');

    const settled = await Promise.allSettled(
      singles.map((userId, i) => registerSingleOnce(t.db, userId, singleInput(tournament.id, level.id, { firstName: `S${i}` }), NOW)),
    );

    // 2 teams' worth is 8 golfer places; the team holds 4: exactly 4 singles get one.
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of settled.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toBe('This level is sold out');
    }
    const [places] = await queryRows<{ golfers: number; rows: number; players: number; payments: number }>(
      t.db,
      sql`select (select sum(places)::int from teams where tournament_id = ${tournament.id}) as golfers,
                 (select count(*)::int from teams where tournament_id = ${tournament.id}) as rows,
                 (select count(*)::int from players p join teams x on x.id = p.team_id where x.tournament_id = ${tournament.id}) as players,
                 (select count(*)::int from payments p join teams x on x.id = p.team_id where x.tournament_id = ${tournament.id}) as payments`,
    );
    expect(places).toEqual({ golfers: 8, rows: 5, players: 8, payments: 5 });
    // A whole team no longer fits, even though a team's place was never taken by a team.
    await expect(registerTeams(t.db, early!, registrationInput(tournament.id, level.id), NOW)).rejects.toThrow('This level is sold out');
  });

  it('take exactly the places left in a nearly full tournament, whatever the level', async () => {
    const tournament = await createTournament(t.db, { startDate: START_DATE, maxTeams: 10 });
    const levels = [await createLevel(t.db, tournament.id, { maxTeams: 10 }), await createLevel(t.db, tournament.id, { maxTeams: 10 })];
    const [early] = await insertLeaders(t.db, 1, 'early');
    await registerTeams(t.db, early!, registrationInput(tournament.id, levels[0]!.id, { teams: teamsInput(4) }), NOW);
    await registerTeams(t.db, early!, registrationInput(tournament.id, levels[1]!.id, { teams: teamsInput(3) }), NOW);
    const leaders = await insertLeaders(t.db, LEADERS, 'cap-race');

    const outcomes = await raceService(leaders, tournament.id, (i) => levels[i % 2]!.id);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    for (const o of outcomes.filter((x) => !x.ok))
      expect(o).toEqual({ ok: false, teams: 1, status: 409, message: 'The tournament is full' });
    const counts = await registrationCounts(t.db, tournament.id);
    expect(counts.teams).toBe(10);
    expectNoOrphans(counts);
  });

  it('of one to three teams each never exceed the places, and each refusal names what was left', async () => {
    const PLACES = 10;
    const tournament = await createTournament(t.db, { startDate: START_DATE, maxTeams: null });
    const level = await createLevel(t.db, tournament.id, { maxTeams: PLACES });
    const leaders = await insertLeaders(t.db, LEADERS, 'mixed-race');
    const sizes = (i: number) => (i % 3) + 1;

    const outcomes = await raceService(leaders, tournament.id, () => level.id, sizes);

    const taken = outcomes.filter((o) => o.ok).reduce((sum, o) => sum + o.teams, 0);
    expect(taken).toBeLessThanOrEqual(PLACES);
    const counts = await registrationCounts(t.db, tournament.id);
    expect(counts.teams).toBe(taken);
    expectNoOrphans(counts);

    const refused = outcomes.filter((o) => !o.ok);
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused) {
      expect(o.status).toBe(409);
      const left = o.message === 'This level is sold out' ? 0 : Number(/^Only (\d+) places? left at this level$/.exec(o.message!)?.[1]);
      // What was left when it was refused was too little for it, and no less than what is left now.
      expect(left, o.message).toBeLessThan(o.teams);
      expect(left).toBeGreaterThanOrEqual(PLACES - taken);
    }
    // Places stay free only if every request still waiting was too big for them.
    expect(PLACES - taken).toBeLessThan(Math.min(...refused.map((o) => o.teams)));
  });

  it('through the API: exactly the level’s places are taken, every other leader gets 409 and the message', async () => {
    const tournament = await createTournament(t.db, { startDate: START_DATE, maxTeams: null });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 3 });
    const leaders: TestUser[] = await Promise.all(Array.from({ length: HTTP_LEADERS }, () => t.createUser('team_leader')));

    const answers = await Promise.all(
      leaders.map((leader) => t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: leader.cookie })),
    );

    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(HTTP_LEADERS - 3);
    for (const a of refused)
      expect(a).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: 'This level is sold out' } } });
    const counts = await registrationCounts(t.db, tournament.id);
    expect(counts.teams).toBe(3);
    expectNoOrphans(counts);
  });

  it('left no player or payment row outside a complete registration anywhere', async () => {
    const everywhere = await allRegistrationRows(t.db);
    // Every golfer place holds its golfer: 4 for a team, 1 for a single (R43).
    expect(everywhere.players).toBe(everywhere.places);
    expect(everywhere.payments).toBe(everywhere.teams);
    // Singles (R43) hold one golfer each: every team row holds a player per place and one payment.
    expect((await registrationCounts(t.db)).incompleteTeams).toBe(0);
  });
});
