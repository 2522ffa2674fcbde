// Holds and unpaid card registrations expire (R24): with a clock the test sets, the reminder 24 hours before and the
// expiry at the deadline, each once; places come back at once; the team leaves the draw, check-in and leaderboard; staff
// extend and reinstate. On PostgreSQL two processes sweeping at the same moment expire each team once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { paymentEvents, payments, teams } from '../db/schema';
import { AppError } from '../http/errors';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { registerTeamsOnce } from '../registration/service';
import { listTournamentLevels } from '../tournaments/service';
import { listGolfers } from '../check-in/service';
import { fileAppWithMail } from '../test/file-app';
import { testDatabaseKind } from '../test/database';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { insertLeaders, teamsInput } from '../test/fixtures';
import { setTeamPaymentStatus } from '../teams/admin-service';
import { updatePayment } from '../payments/service';
import { extendHold, reinstateTeam, sweepHolds, EXPIRED_NEEDS_REINSTATE, NO_PLACE_TO_REINSTATE } from './expiry';
import { startHoldSweeper } from './sweeper';

const HOUR = 3600_000;
const T0 = new Date('2027-03-01T12:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

const { app: t, mail } = await fileAppWithMail({ env: { ORG_NAME: 'Rotary Club of Lakeside' } });
const [leader, admin] = await insertLeaders(t.db, 2, 'holds');

async function setUp(places = 2) {
  const tournament = await createTournament(t.db, { startDate: '2027-05-01' });
  const level = await createLevel(t.db, tournament.id, { maxTeams: places, priceCents: 40_000 });
  return { tournament, level };
}

async function register(
  tournamentId: string,
  levelId: string,
  options: { paymentOption?: 'hold' | 'pay'; cardPayments?: boolean; contactEmail?: string; teams?: number } = {},
) {
  const input = registrationInput(tournamentId, levelId, {
    paymentOption: options.paymentOption ?? 'hold',
    teams: teamsInput(options.teams ?? 1, 'Hold'),
    ...(options.contactEmail ? { contactEmail: options.contactEmail } : {}),
  });
  const result = await registerTeamsOnce(t.db, leader, input, T0, undefined, { holdHours: 72, cardPayments: options.cardPayments });
  if ('replay' in result) throw new Error('unexpected replay');
  return result;
}

const teamRow = async (id: string) => (await t.db.select().from(teams).where(eq(teams.id, id)))[0]!;
const eventsOf = async (teamId: string) =>
  t.db
    .select({
      kind: paymentEvents.kind,
      fromState: paymentEvents.fromState,
      toState: paymentEvents.toState,
      actor: paymentEvents.actorUserId,
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(eq(payments.teamId, teamId))
    .orderBy(paymentEvents.createdAt);

describe('the deadline (R24)', () => {
  it('is HOLD_HOURS after registering, for a hold and for a card registration; without card payments a card one is refused', async () => {
    const { tournament, level } = await setUp(5);
    const hold = await register(tournament.id, level.id);
    expect(hold.holdUntil?.toISOString()).toBe(at(72).toISOString());
    const cardOn = await register(tournament.id, level.id, { paymentOption: 'pay', cardPayments: true });
    expect(cardOn.holdUntil?.toISOString()).toBe(at(72).toISOString());
    // Issue 31: a place pending without a deadline was kept for ever; 'Pay now' without card payments saves nothing now.
    await expect(register(tournament.id, level.id, { paymentOption: 'pay', cardPayments: false })).rejects.toThrow(
      CARD_PAYMENTS_OFF_MESSAGE,
    );
    const unpaid = await t.db.select({ holdUntil: teams.holdUntil }).from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(unpaid.map((row) => row.holdUntil?.toISOString())).toEqual([at(72).toISOString(), at(72).toISOString()]);
  });
});

describe('the sweep', () => {
  it('reminds once 24 hours before, expires once at the deadline, returns the places and records the change', async () => {
    const { tournament, level } = await setUp(2);
    const contact = `expiring-${Date.now()}@example.org`;
    const reg = await register(tournament.id, level.id, { contactEmail: contact, teams: 2 });
    const [first, second] = reg.teams;
    expect((await listTournamentLevels(t.db, tournament.id))[0]!.placesLeft).toBe(0);

    const mine = (r: { expired: { teamId: string }[]; reminded: { teamId: string }[] }) => ({
      expired: r.expired.filter((n) => n.teamId === first!.id || n.teamId === second!.id).length,
      reminded: r.reminded.filter((n) => n.teamId === first!.id || n.teamId === second!.id).length,
    });
    expect(mine(await sweepHolds(t.db, at(47.9)))).toEqual({ expired: 0, reminded: 0 });
    expect(mine(await sweepHolds(t.db, at(48)))).toEqual({ expired: 0, reminded: 2 });
    expect(mine(await sweepHolds(t.db, at(60)))).toEqual({ expired: 0, reminded: 0 });
    expect(mine(await sweepHolds(t.db, at(71.99)))).toEqual({ expired: 0, reminded: 0 });
    expect((await teamRow(first!.id)).paymentStatus).toBe('hold');

    expect(mine(await sweepHolds(t.db, at(72)))).toEqual({ expired: 2, reminded: 0 });
    expect(mine(await sweepHolds(t.db, at(73)))).toEqual({ expired: 0, reminded: 0 });

    expect((await teamRow(first!.id)).paymentStatus).toBe('expired');
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, first!.id));
    expect(record!.state).toBe('expired');
    expect(await eventsOf(first!.id)).toEqual([
      { kind: 'registered', fromState: null, toState: 'in_progress', actor: leader },
      { kind: 'expired', fromState: 'in_progress', toState: 'expired', actor: null },
    ]);
    // Places return at once: the level offers both again, and a newcomer can take them.
    expect((await listTournamentLevels(t.db, tournament.id))[0]!.placesLeft).toBe(2);
    await register(tournament.id, level.id, { teams: 2 });
  });

  it('leaves a paid team alone, and never expires a team without a deadline', async () => {
    const { tournament, level } = await setUp(3);
    const paid = await register(tournament.id, level.id);
    await t.db.update(teams).set({ paymentStatus: 'paid' }).where(eq(teams.id, paid.teams[0]!.id));
    // Registrations always get a deadline; a team staff set pending by hand may have none.
    const noDeadline = await register(tournament.id, level.id, { paymentOption: 'pay', cardPayments: true });
    await t.db.update(teams).set({ paymentStatus: 'pending', holdUntil: null }).where(eq(teams.id, noDeadline.teams[0]!.id));
    await sweepHolds(t.db, at(1000));
    expect((await teamRow(paid.teams[0]!.id)).paymentStatus).toBe('paid');
    expect((await teamRow(noDeadline.teams[0]!.id)).paymentStatus).toBe('pending');
  });

  it('sends the reminder and the expiry notice over SMTP, each once, naming the team', async () => {
    const { tournament, level } = await setUp(1);
    const contact = `notice-${Date.now()}@example.org`;
    const reg = await register(tournament.id, level.id, { contactEmail: contact });
    let clock = at(50);
    const sweeper = startHoldSweeper(
      { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => clock },
      { intervalMs: 3_600_000 },
    );
    await sweeper.runOnce();
    await sweeper.runOnce();
    clock = at(72.5);
    await sweeper.runOnce();
    await sweeper.runOnce();
    await sweeper.stop();
    const toContact = mail.messages.filter((m) => m.to.includes(contact));
    expect(toContact.map((m) => m.subject)).toEqual([
      `Reminder: your place at ${tournament.name} is kept until Thursday, March 4, 2027 at 12:00 PM`,
      `Your place at ${tournament.name} has expired`,
    ]);
    expect(toContact[1]!.text).toContain(`The place held for ${reg.teams[0]!.name} at ${tournament.name} was not paid in time`);
    expect(toContact[1]!.text).toContain('Rotary Club of Lakeside');
  });

  it("sends a notice only once every process has dropped the leader's cached answers (settle first)", async () => {
    const { tournament, level } = await setUp(1);
    const contact = `settled-${Date.now()}@example.org`;
    await register(tournament.id, level.id, { contactEmail: contact });
    const toContact = () => mail.messages.filter((m) => m.to.includes(contact)).length;
    const settledWith: number[] = [];
    const sweeper = startHoldSweeper(
      {
        db: t.db,
        config: t.config,
        mailer: t.deps.mailer,
        logger: t.deps.logger,
        now: () => at(72.5),
        settle: async () => void settledWith.push(toContact()),
      },
      { intervalMs: 3_600_000 },
    );
    await sweeper.runOnce();
    await sweeper.runOnce();
    await sweeper.stop();
    // One pass changed something and settled before its e-mail; the second found nothing and did not settle.
    expect(settledWith).toEqual([0]);
    expect(toContact()).toBe(1);
  });

  it('leaves an expired team out of the check-in list', async () => {
    const { tournament, level } = await setUp(2);
    const kept = await register(tournament.id, level.id);
    await t.db.update(teams).set({ paymentStatus: 'paid' }).where(eq(teams.id, kept.teams[0]!.id));
    const lapsed = await register(tournament.id, level.id);
    await sweepHolds(t.db, at(80));
    const golfers = await listGolfers(t.db, { tournamentId: tournament.id });
    const teamIds = new Set(golfers.golfers.map((g: { teamId: string }) => g.teamId));
    expect(teamIds.has(kept.teams[0]!.id)).toBe(true);
    expect(teamIds.has(lapsed.teams[0]!.id)).toBe(false);
  });
});

describe('staff extend and reinstate', () => {
  it('extends an unpaid deadline (from the old one), resets the reminder and records who', async () => {
    const { tournament, level } = await setUp(1);
    const reg = await register(tournament.id, level.id);
    const id = reg.teams[0]!.id;
    await sweepHolds(t.db, at(50));
    expect((await teamRow(id)).reminderSentAt).not.toBeNull();
    const extended = await extendHold(t.db, id, 48, admin, at(50));
    expect(extended.holdUntil).toBe(at(120).toISOString());
    expect((await teamRow(id)).reminderSentAt).toBeNull();
    await sweepHolds(t.db, at(100));
    expect((await teamRow(id)).paymentStatus).toBe('hold');
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'extended', actor: admin });
  });

  it('reinstates an expired team while a place remains, to the state it had, and refuses when none does', async () => {
    const { tournament, level } = await setUp(1);
    const card = await register(tournament.id, level.id, { paymentOption: 'pay', cardPayments: true });
    const id = card.teams[0]!.id;
    await sweepHolds(t.db, at(72));
    expect((await teamRow(id)).paymentStatus).toBe('expired');

    const reinstated = await reinstateTeam(t.db, id, admin, at(73), 72);
    expect(reinstated).toEqual({ id, paymentStatus: 'pending', holdUntil: at(145).toISOString() });
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, id));
    expect(record!.state).toBe('pending');
    expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: 'reinstated', fromState: 'expired', toState: 'pending', actor: admin });

    // It expires again; someone else takes the place; now there is none to give back.
    await sweepHolds(t.db, at(146));
    const newcomer = await register(tournament.id, level.id);
    expect(newcomer.teams).toHaveLength(1);
    const refused = await reinstateTeam(t.db, id, admin, at(147), 72).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.message).toBe(NO_PLACE_TO_REINSTATE);
    expect((await teamRow(id)).paymentStatus).toBe('expired');
  });

  it("never gives an expired team its place back through a status change: the team's or its record's (only Reinstate checks the caps)", async () => {
    const { tournament, level } = await setUp(1);
    const lapsed = (await register(tournament.id, level.id)).teams[0]!.id;
    await sweepHolds(t.db, at(72));
    // The one place is sold again: setting the lapsed team Paid now would put two teams on a one-place level.
    expect((await register(tournament.id, level.id)).teams).toHaveLength(1);
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, lapsed));
    const history = await eventsOf(lapsed);

    for (const status of ['paid', 'hold', 'in_progress', 'pending']) {
      const refused = await setTeamPaymentStatus(t.db, lapsed, { status }, admin).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).message).toBe(EXPIRED_NEEDS_REINSTATE);
    }
    const viaLedger = await updatePayment(t.db, record!.id, { state: 'paid', note: 'Cheque' }, admin).catch((e: unknown) => e);
    expect((viaLedger as AppError).message).toBe(EXPIRED_NEEDS_REINSTATE);

    expect((await teamRow(lapsed)).paymentStatus).toBe('expired');
    const [after] = await t.db.select().from(payments).where(eq(payments.teamId, lapsed));
    expect(after).toMatchObject({ state: 'expired', note: record!.note });
    expect(await eventsOf(lapsed)).toEqual(history);
    // A note alone is not a state change: it is still recorded.
    await updatePayment(t.db, record!.id, { note: 'Called the sponsor' }, admin);
    expect((await t.db.select().from(payments).where(eq(payments.id, record!.id)))[0]!.note).toBe('Called the sponsor');
  });

  it('refuses to extend a paid or expired team', async () => {
    const { tournament, level } = await setUp(1);
    const reg = await register(tournament.id, level.id);
    await sweepHolds(t.db, at(80));
    await expect(extendHold(t.db, reg.teams[0]!.id, 24, admin, at(81))).rejects.toThrow('This team has expired: reinstate it instead');
  });
});

// On PGlite (one connection, one transaction at a time) the same assertions are only a functional check (docs/stack.md).
describe('two processes on one PostgreSQL', () => {
  let other: Database;
  let opened: Database | undefined;
  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') opened = await openDatabase({ databaseUrl: t.database.url!, dataDir: null, poolSize: 4 });
    other = opened ?? t.database;
  });
  afterAll(() => opened?.close());

  it('expire each due team exactly once (one event row each) when they sweep at the same moment', async () => {
    const { tournament, level } = await setUp(10);
    for (let i = 0; i < 5; i++) await register(tournament.id, level.id, { teams: 2 });
    const results = await Promise.all([
      sweepHolds(t.db, at(100)),
      sweepHolds(other.db, at(100)),
      sweepHolds(t.db, at(100)),
      sweepHolds(other.db, at(100)),
    ]);
    const mine = (r: { expired: { teamId: string }[] }[]) => r.flatMap((x) => x.expired);
    const ours = await t.db.select({ id: teams.id }).from(teams).where(eq(teams.tournamentId, tournament.id));
    const ids = new Set(ours.map((r) => r.id));
    const expired = mine(results).filter((n) => ids.has(n.teamId));
    expect(expired).toHaveLength(10);
    expect(new Set(expired.map((n) => n.teamId)).size).toBe(10);
    const [events] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_events e join payments p on p.id = e.payment_id join teams tm on tm.id = p.team_id
          where tm.tournament_id = ${tournament.id} and e.kind = 'expired'`,
    );
    expect(events!.n).toBe(10);
  });

  it('send one expiry notice per team when two processes’ sweepers run at the same moment', async () => {
    const { tournament, level } = await setUp(4);
    const contacts = Array.from({ length: 4 }, (_, i) => `twice-${i}-${Date.now()}@example.org`);
    for (const contactEmail of contacts) await register(tournament.id, level.id, { contactEmail });
    const clock = () => at(200);
    const sweepers = [t.db, other.db].map((db) =>
      startHoldSweeper({ db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: clock }, { intervalMs: 3_600_000 }),
    );
    await Promise.all(sweepers.map((s) => s.runOnce()));
    await Promise.all(sweepers.map((s) => s.stop()));
    for (const contact of contacts) await mail.waitFor(contact, (m) => m.subject.endsWith('has expired'));
    await new Promise((r) => setTimeout(r, 200));
    expect(contacts.map((c) => mail.messages.filter((m) => m.to.includes(c) && m.subject.endsWith('has expired')).length)).toEqual([
      1, 1, 1, 1,
    ]);
  });
});
