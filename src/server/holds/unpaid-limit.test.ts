// No hoarding (issue 31, docs/decisions/094): one account holds at most UNPAID_TEAMS_LIMIT unpaid teams and
// UNPAID_PLACES_LIMIT unpaid places (sponsorship items and single places) at once; 'Pay now' without card payments
// saves nothing. The races run for real on PostgreSQL (TEST_DATABASE_URL): two app processes, each with its own pool;
// PGlite runs transactions one at a time (docs/stack.md), where the same assertions are only a functional check.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { purchases, teams } from '../db/schema';
import { createAddon } from '../addons/service';
import { createItem } from '../items/service';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { setTeamPaymentStatus } from '../teams/admin-service';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput, singleInput } from '../test/factories';
import { registrationCounts, teamsInput } from '../test/fixtures';
import { createTestApp, testConfig, type TestApp, type TestUser } from '../test/test-app';
import { sweepHolds } from './expiry';

const POSTGRES = testDatabaseKind() === 'postgres';
/** The limits as the server has them out of the box. */
const LIMIT = testConfig().unpaidPerAccount;
const env = { UNPAID_TEAMS_LIMIT: String(LIMIT.teams), UNPAID_PLACES_LIMIT: String(LIMIT.places) };

let base: TestDatabase;
const pools: Database[] = [];
/** Two app processes on one database (on PGlite, two apps on its one connection). */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  base = await openTestDatabase();
  const database = async (): Promise<TestDatabase> => {
    if (!POSTGRES) return base;
    const pool = await openDatabase({ databaseUrl: base.url, dataDir: null, poolSize: 12 });
    pools.push(pool);
    return { ...pool, url: base.url };
  };
  a = await createTestApp({ database: await database(), env });
  b = await createTestApp({ database: await database(), env });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  for (const pool of pools) await pool.close();
  await base?.close();
});

const item = { name: 'Hole sponsor', includes: 'A sign on the tee', priceCents: 25_000, quantity: 18, fmvCents: 0, isHole: false };
const buyer = { sponsorName: 'Acme Plumbing', contactName: 'Pat Lee', contactEmail: 'pat@example.org' };

/** A tournament with a level of `places` teams that also sells single places, and an item of 18 places. */
async function outing(places = 10) {
  const tournament = await createTournament(a.db);
  const level = await createLevel(a.db, tournament.id, { maxTeams: places, singlePriceCents: 15_000 });
  const sign = await createItem(a.db, tournament.id, item);
  return { tournament, level, sign };
}

const register = (app: TestApp, user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  app.call('/api/registrations', { json: body, cookie: user.cookie, headers });
const single = (app: TestApp, user: TestUser, tournamentId: string, levelId: string) =>
  app.call('/api/registrations/single', { json: singleInput(tournamentId, levelId), cookie: user.cookie });
const buy = (app: TestApp, user: TestUser, itemId: string, paymentOption: 'hold' | 'pay' = 'hold') =>
  app.call('/api/items/purchases', { json: { ...buyer, itemId, paymentOption }, cookie: user.cookie });

const unpaidTeams = async (userId: string) =>
  (
    await a.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.userId, userId), eq(teams.kind, 'team'), inArray(teams.paymentStatus, ['hold', 'pending'])))
  ).length;
const unpaidPlaces = async (userId: string) =>
  (
    await a.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.userId, userId), eq(teams.kind, 'single'), inArray(teams.paymentStatus, ['hold', 'pending'])))
  ).length +
  (
    await a.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'item'), inArray(purchases.paymentStatus, ['hold', 'pending'])))
  ).length;

const FULL_TEAMS =
  'You already hold 4 unpaid teams, the most one account may hold at once. Pay for one (or ask the organisers to release it) before holding another.';
const FULL_PLACES =
  'You already hold 6 unpaid places (sponsorship items and single places), the most one account may hold at once. Pay for one (or ask the organisers to release it) before holding another.';

describe('the defaults', () => {
  it('let a company hold 4 teams and 6 places of items and singles', () => {
    expect(LIMIT).toEqual({ teams: 4, places: 6 });
  });
});

describe('unpaid teams per account', () => {
  it('are at most 4: the 5th is refused naming the limit, nothing saved; a paid or expired one frees its room', async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level } = await outing();
    expect((await register(a, leader, registrationInput(tournament.id, level.id, { teams: teamsInput(3, 'First') }))).status).toBe(201);

    // Two more would make 5: refused whole, saying how many are left.
    let before = await fingerprint(a.db);
    const two = await register(a, leader, registrationInput(tournament.id, level.id, { teams: teamsInput(2, 'Two') }));
    expect([two.status, two.body.error.message]).toEqual([
      409,
      'You already hold 3 unpaid teams and one account may hold at most 4 at once: you can register 1 more now, not 2. Pay for one (or ask the organisers to release it) before holding another.',
    ]);
    expect(await fingerprint(a.db)).toEqual(before);

    // The 4th, from the other process; a single place is not a team.
    expect((await register(b, leader, registrationInput(tournament.id, level.id))).status).toBe(201);
    expect((await single(a, leader, tournament.id, level.id)).status).toBe(201);

    // The 5th, in another tournament, with an Idempotency-Key (the registration's other path), from either process.
    const other = await outing();
    before = await fingerprint(a.db);
    for (const [app, headers] of [
      [a, {}],
      [b, { 'idempotency-key': 'limit-test-key-0001' }],
    ] as const) {
      const fifth = await register(app, leader, registrationInput(other.tournament.id, other.level.id), headers);
      expect([fifth.status, fifth.body.error.message]).toEqual([409, FULL_TEAMS]);
    }
    expect(await fingerprint(a.db)).toEqual(before);
    expect(await unpaidTeams(leader.id)).toBe(4);

    // Paid: no longer held unpaid, so one more may be registered.
    const [first] = await a.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.userId, leader.id), eq(teams.kind, 'team')));
    await setTeamPaymentStatus(a.db, first!.id, { status: 'paid' });
    expect((await register(a, leader, registrationInput(other.tournament.id, other.level.id))).status).toBe(201);
    expect((await register(a, leader, registrationInput(other.tournament.id, other.level.id))).status).toBe(409);

    // Expired at their deadline (R24): the room comes back.
    const deadlines = await a.db.select({ holdUntil: teams.holdUntil }).from(teams).where(eq(teams.userId, leader.id));
    await sweepHolds(a.db, new Date(Math.max(...deadlines.map((row) => row.holdUntil?.getTime() ?? 0)) + 1000));
    expect(await unpaidTeams(leader.id)).toBe(0);
    expect((await register(a, leader, registrationInput(other.tournament.id, other.level.id, { teams: teamsInput(4) }))).status).toBe(201);
  });

  it('registering more than 4 at once is refused, saying so', async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level } = await outing();
    const five = await register(a, leader, registrationInput(tournament.id, level.id, { teams: teamsInput(5) }));
    expect([five.status, five.body.error.message]).toEqual([
      409,
      'One account may hold at most 4 unpaid teams at once: register 4 or fewer now, and pay for them before holding more.',
    ]);
    expect(await unpaidTeams(leader.id)).toBe(0);
  });

  it('do not bind staff, who add teams for others', async () => {
    const moderator = await a.createUser('moderator');
    const { tournament, level } = await outing();
    expect((await register(a, moderator, registrationInput(tournament.id, level.id, { teams: teamsInput(6) }))).status).toBe(201);
    expect((await register(b, moderator, registrationInput(tournament.id, level.id))).status).toBe(201);
    expect(await unpaidTeams(moderator.id)).toBe(7);
  });

  it(`hold under simultaneous registrations of one account, across ${POSTGRES ? 'two processes' : 'two apps'} and two tournaments`, async () => {
    const leader = await a.createUser('team_leader');
    const [one, two] = [await outing(), await outing()];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const { tournament, level } = i % 2 ? one : two;
        return register(i % 4 < 2 ? a : b, leader, registrationInput(tournament.id, level.id, { teams: teamsInput(1, `Race ${i}`) }));
      }),
    );
    expect(answers.filter((x) => x.status === 201)).toHaveLength(4);
    const refused = answers.filter((x) => x.status !== 201);
    expect(refused.map((x) => [x.status, x.body.error.message])).toEqual(Array.from({ length: 8 }, () => [409, FULL_TEAMS]));
    expect(await unpaidTeams(leader.id)).toBe(4);
    for (const { tournament } of [one, two]) {
      const counts = await registrationCounts(a.db, tournament.id);
      expect(counts.players).toBe(4 * counts.teams);
      expect(counts.incompleteTeams).toBe(0);
    }
  });
});

describe('unpaid places per account (sponsorship items and single places)', () => {
  it('are at most 6 together: the 7th item or single place is refused naming the limit, nothing saved', async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level, sign } = await outing();
    expect((await single(a, leader, tournament.id, level.id)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await buy(i % 2 ? a : b, leader, sign.id)).status).toBe(201);
    // Teams are counted on their own: the leader may still hold teams.
    expect((await register(a, leader, registrationInput(tournament.id, level.id))).status).toBe(201);

    const before = await fingerprint(a.db);
    const seventh = await buy(a, leader, sign.id);
    expect([seventh.status, seventh.body.error.message]).toEqual([409, FULL_PLACES]);
    const anotherSingle = await single(b, leader, tournament.id, level.id);
    expect([anotherSingle.status, anotherSingle.body.error.message]).toEqual([409, FULL_PLACES]);
    expect(await fingerprint(a.db)).toEqual(before);

    // Staff are not bound.
    const admin = await a.createUser('admin');
    for (let i = 0; i < 7; i++) expect((await buy(a, admin, sign.id)).status).toBe(201);
  });

  it(`hold under simultaneous purchases and single places of one account${POSTGRES ? ', across two processes' : ''}`, async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level, sign } = await outing();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const app = i % 4 < 2 ? a : b;
        return i % 2 ? buy(app, leader, sign.id) : single(app, leader, tournament.id, level.id);
      }),
    );
    expect(answers.filter((x) => x.status === 201)).toHaveLength(6);
    const refused = answers.filter((x) => x.status !== 201);
    expect(refused.map((x) => [x.status, x.body.error.message])).toEqual(Array.from({ length: 6 }, () => [409, FULL_PLACES]));
    expect(await unpaidPlaces(leader.id)).toBe(6);
  });
});

describe("'Pay now' without card payments (no Stripe settings)", () => {
  it("is refused with the spec's words for a team, a single place, an item and add-ons, saving nothing", async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level, sign } = await outing();
    const held = await register(a, leader, registrationInput(tournament.id, level.id));
    const mulligan = await createAddon(a.db, tournament.id, { name: 'Mulligan', priceCents: 1_000, fmvCents: 0, maxPerGolfer: 3 });
    const [golfer] = await queryRows<{ id: string }>(a.db, sql`select id from players where team_id = ${held.body.teams[0].id} limit 1`);

    const before = await fingerprint(a.db);
    const answers = [
      await register(a, leader, registrationInput(tournament.id, level.id, { paymentOption: 'pay' })),
      await a.call('/api/registrations/single', {
        json: singleInput(tournament.id, level.id, { paymentOption: 'pay' }),
        cookie: leader.cookie,
      }),
      await buy(a, leader, sign.id, 'pay'),
      await a.call(`/api/teams/${held.body.teams[0].id}/addons`, {
        json: { lines: [{ playerId: golfer!.id, addonId: mulligan.id, quantity: 1 }], paymentOption: 'pay' },
        cookie: leader.cookie,
      }),
    ];
    expect(answers.map((x) => [x.status, x.body.error.message])).toEqual(Array.from({ length: 4 }, () => [409, CARD_PAYMENTS_OFF_MESSAGE]));
    expect(await fingerprint(a.db)).toEqual(before);
  });

  it('leaves no unpaid row without its deadline (R24): of this file, and a hold of each kind', async () => {
    const leader = await a.createUser('team_leader');
    const { tournament, level, sign } = await outing();
    const held = await register(a, leader, registrationInput(tournament.id, level.id));
    const mulligan = await createAddon(a.db, tournament.id, { name: 'Mulligan', priceCents: 1_000, fmvCents: 0, maxPerGolfer: 3 });
    const [golfer] = await queryRows<{ id: string }>(a.db, sql`select id from players where team_id = ${held.body.teams[0].id} limit 1`);
    const more = [
      await single(a, leader, tournament.id, level.id),
      await buy(a, leader, sign.id),
      await a.call(`/api/teams/${held.body.teams[0].id}/addons`, {
        json: { lines: [{ playerId: golfer!.id, addonId: mulligan.id, quantity: 1 }], paymentOption: 'hold' },
        cookie: leader.cookie,
      }),
    ];
    expect([held, ...more].map((x) => x.status)).toEqual([201, 201, 201, 201]);
    const unpaid = await queryRows<{ kind: string; deadline: boolean }>(
      a.db,
      sql`select 'team' as kind, hold_until is not null as deadline from teams where payment_status in ('hold', 'pending')
          union all
          select 'purchase', hold_until is not null from purchases where payment_status in ('hold', 'pending')`,
    );
    expect(unpaid.length).toBeGreaterThanOrEqual(4);
    expect(unpaid.filter((row) => !row.deadline)).toEqual([]);
  });
});
