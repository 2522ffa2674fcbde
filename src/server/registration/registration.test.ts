import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { payments, players, teams } from '../db/schema';
import { AppError } from '../http/errors';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, playersInput, registrationInput } from '../test/factories';
import { registrationCounts, teamsInput, useClock } from '../test/fixtures';
import { fileAppWithMail } from '../test/file-app';
import { registerTeams } from './service';

const NOW = '2027-03-01T12:00:00.000Z';
/** 72 hours after NOW. */
const HOLD_UNTIL = '2027-03-04T12:00:00.000Z';
const START_DATE = '2027-04-16';

const { app: t, mail } = await fileAppWithMail({ env: { MAIL_FROM: 'Golf Classic <golf@example.org>' } });
const clock = useClock(t, NOW);
const leader = await t.createUser('team_leader', { firstName: 'Lee', lastName: 'Leader' });

/** A fresh tournament (unlimited unless told) with one level; every test gets its own so counts do not mix. */
async function tournamentWithLevel(options: { maxTeams?: number | null; places?: number; priceCents?: number; name?: string } = {}) {
  const tournament = await createTournament(t.db, {
    startDate: START_DATE,
    maxTeams: options.maxTeams ?? null,
    ...(options.name ? { name: options.name } : {}),
  });
  const level = await createLevel(t.db, tournament.id, {
    name: 'Eagle Sponsor',
    maxTeams: options.places ?? 10,
    priceCents: options.priceCents ?? 120_000,
  });
  return { tournament, level };
}

const register = (body: unknown, cookie = leader.cookie) => t.call('/api/registrations', { json: body, cookie });

describe('POST /api/registrations', () => {
  it('refuses an anonymous caller with 401 in the error shape and saves nothing', async () => {
    const { tournament, level } = await tournamentWithLevel();
    const before = await fingerprint(t.db);
    const { status, body } = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id) });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' } });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('registers one team on hold: status hold, held for 72 hours, a payment in progress for the level price', async () => {
    const { tournament, level } = await tournamentWithLevel({ priceCents: 120_000 });
    const input = registrationInput(tournament.id, level.id, {
      teams: [{ teamName: '  Birdie Hunters ', players: playersInput('Hold') }],
      contactEmail: ' Casey.Contact@Example.ORG ',
    });
    const { status, body } = await register(input);
    expect(status).toBe(201);
    expect(body).toEqual({ teams: [{ id: expect.any(String), name: 'Birdie Hunters' }], totalCents: 120_000, holdUntil: HOLD_UNTIL });

    const [team] = await t.db.select().from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(team).toMatchObject({
      id: body.teams[0].id,
      userId: leader.id,
      tournamentSponsorshipLevelId: level.id,
      name: 'Birdie Hunters',
      company: 'Fairway Ltd',
      contactName: 'Casey Contact',
      contactPhone: '555-0199',
      contactEmail: 'casey.contact@example.org',
      paymentStatus: 'hold',
    });
    expect(team!.holdUntil!.toISOString()).toBe(HOLD_UNTIL);

    const roster = await t.db.select().from(players).where(eq(players.teamId, team!.id));
    expect(roster.map((p) => `${p.firstName} ${p.lastName} ${p.phone}`).sort()).toEqual(
      input.teams[0]!.players.map((p) => `${p.firstName} ${p.lastName} ${p.phone}`).sort(),
    );
    expect(roster.map((p) => p.email).sort()).toEqual(input.teams[0]!.players.map((p) => p.email).sort());

    const paid = await t.db.select().from(payments).where(eq(payments.teamId, team!.id));
    expect(paid).toEqual([expect.objectContaining({ amountCents: 120_000, state: 'in_progress' })]);
  });

  it("refuses 'Pay now' without card payments with the toast's words, saving nothing: no place is ever pending without a deadline", async () => {
    const { tournament, level } = await tournamentWithLevel({ priceCents: 250_000 });
    const before = await fingerprint(t.db);
    const { status, body } = await register(registrationInput(tournament.id, level.id, { paymentOption: 'pay' }));
    expect(status).toBe(409);
    expect(body.error.message).toBe(CARD_PAYMENTS_OFF_MESSAGE);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('holds by default when no payment option is sent', async () => {
    const { tournament, level } = await tournamentWithLevel();
    const { paymentOption: _p, ...input } = registrationInput(tournament.id, level.id);
    expect((await register(input)).status).toBe(201);
    const [team] = await t.db.select().from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(team!.paymentStatus).toBe('hold');
  });

  it('registers several teams at once: N teams, 4N players, N payments, all the leader’s', async () => {
    const { tournament, level } = await tournamentWithLevel({ priceCents: 50_000 });
    const input = registrationInput(tournament.id, level.id, { teams: teamsInput(3, 'Flight') });
    const { status, body } = await register(input);
    expect(status).toBe(201);
    expect(body.teams.map((team: { name: string }) => team.name)).toEqual(['Flight 1', 'Flight 2', 'Flight 3']);
    expect(body.totalCents).toBe(150_000);

    expect(await registrationCounts(t.db, tournament.id)).toEqual({ teams: 3, players: 12, payments: 3, incompleteTeams: 0 });
    const rows = await t.db.select().from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([leader.id]));
    expect(new Set(rows.map((r) => r.contactEmail))).toEqual(new Set([input.contactEmail]));
    // Each team got its own four players, not another team's.
    for (const [i, team] of input.teams.entries()) {
      const id = body.teams[i].id;
      const roster = await t.db.select({ firstName: players.firstName }).from(players).where(eq(players.teamId, id));
      expect(roster.map((p) => p.firstName).sort()).toEqual(team.players.map((p) => p.firstName).sort());
    }
    const owed = await t.db
      .select({ amountCents: payments.amountCents, state: payments.state })
      .from(payments)
      .where(
        inArray(
          payments.teamId,
          rows.map((r) => r.id),
        ),
      );
    expect(owed).toEqual(Array(3).fill({ amountCents: 50_000, state: 'in_progress' }));
  });

  it('ignores status, owner and amount sent by the client (no mass assignment)', async () => {
    const other = await t.createUser();
    const { tournament, level } = await tournamentWithLevel({ priceCents: 80_000 });
    const input = {
      ...registrationInput(tournament.id, level.id),
      paymentStatus: 'paid',
      userId: other.id,
      amount: 0,
      amountCents: 0,
      holdUntil: null,
    };
    expect((await register(input)).status).toBe(201);
    const [team] = await t.db.select().from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(team).toMatchObject({ paymentStatus: 'hold', userId: leader.id });
    expect(team!.holdUntil!.toISOString()).toBe(HOLD_UNTIL);
    const [payment] = await t.db.select().from(payments).where(eq(payments.teamId, team!.id));
    expect(payment).toMatchObject({ amountCents: 80_000, state: 'in_progress' });
  });

  describe('capacity (R13)', () => {
    it('refuses more teams than the level has places left with 409 "Only N places left at this level", saving nothing', async () => {
      const { tournament, level } = await tournamentWithLevel({ places: 3 });
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);

      const before = await fingerprint(t.db);
      const { status, body } = await register(registrationInput(tournament.id, level.id, { teams: teamsInput(3) }));
      expect(status).toBe(409);
      expect(body).toEqual({ error: { code: 'CONFLICT', message: 'Only 2 places left at this level' } });
      expect(await fingerprint(t.db)).toEqual(before);

      // What fits is still taken, whole.
      expect((await register(registrationInput(tournament.id, level.id, { teams: teamsInput(2) }))).status).toBe(201);
      expect(await registrationCounts(t.db, tournament.id)).toEqual({ teams: 3, players: 12, payments: 3, incompleteTeams: 0 });
    });

    it('says "Only 1 place left" for one place, and that the level is sold out when none are', async () => {
      const { tournament, level } = await tournamentWithLevel({ places: 1 });
      const two = await register(registrationInput(tournament.id, level.id, { teams: teamsInput(2) }));
      expect(two.status).toBe(409);
      expect(two.body.error.message).toBe('Only 1 place left at this level');
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);

      const before = await fingerprint(t.db);
      const { status, body } = await register(registrationInput(tournament.id, level.id));
      expect(status).toBe(409);
      expect(body).toEqual({ error: { code: 'CONFLICT', message: 'This level is sold out' } });
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('answers a refusal without waiting for the other processes (it changed nothing), a registration only after', async () => {
      // settle() is the barrier every write waits for so that no process serves what it changed from a cache (R33,
      // docs/decisions/065); a sold-out refusal wrote nothing, and a sell-out has hundreds of them.
      const { tournament, level } = await tournamentWithLevel({ places: 1 });
      const settle = vi.spyOn(t.deps.sessions, 'settle');
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);
      expect(settle).toHaveBeenCalledTimes(1);
      settle.mockClear();
      const before = await fingerprint(t.db);
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(409);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(settle).not.toHaveBeenCalled();
    });

    it('counts every leader’s teams against the level, not only the caller’s', async () => {
      const other = await t.createUser();
      const { tournament, level } = await tournamentWithLevel({ places: 2 });
      expect((await register(registrationInput(tournament.id, level.id), other.cookie)).status).toBe(201);
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);
      expect((await register(registrationInput(tournament.id, level.id), other.cookie)).status).toBe(409);
    });

    it('refuses a registration when the tournament is full with 409 "The tournament is full", saving nothing', async () => {
      const { tournament, level } = await tournamentWithLevel({ maxTeams: 2, places: 10 });
      const second = await createLevel(t.db, tournament.id, { name: 'Birdie Sponsor', maxTeams: 10 });
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);
      expect((await register(registrationInput(tournament.id, second.id))).status).toBe(201);

      const before = await fingerprint(t.db);
      for (const levelId of [level.id, second.id]) {
        const { status, body } = await register(registrationInput(tournament.id, levelId));
        expect(status).toBe(409);
        expect(body).toEqual({ error: { code: 'CONFLICT', message: 'The tournament is full' } });
      }
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('refuses more teams than the tournament has places left, whole', async () => {
      const { tournament, level } = await tournamentWithLevel({ maxTeams: 3, places: 10 });
      expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);
      const before = await fingerprint(t.db);
      const { status, body } = await register(registrationInput(tournament.id, level.id, { teams: teamsInput(3) }));
      expect(status).toBe(409);
      // The tournament's cap binds, not the level's: the refusal names it (R13).
      expect(body.error.message).toBe('Only 2 places left in this tournament');
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  describe('what may be registered for', () => {
    it('refuses a level of another tournament with 400, saving nothing', async () => {
      const { tournament } = await tournamentWithLevel();
      const { level: foreign } = await tournamentWithLevel();
      const before = await fingerprint(t.db);
      const { status, body } = await register(registrationInput(tournament.id, foreign.id));
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION', fields: { sponsorshipLevelId: 'Please select a sponsorship level' } });
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('refuses an unknown level (%s) with 400', async (levelId) => {
      const { tournament } = await tournamentWithLevel();
      const { status, body } = await register(registrationInput(tournament.id, levelId));
      expect(status).toBe(400);
      expect(body.error.fields).toEqual({ sponsorshipLevelId: 'Please select a sponsorship level' });
    });

    it('refuses an inactive or unknown tournament with 400, saving nothing', async () => {
      const closed = await createTournament(t.db, { startDate: START_DATE, active: false });
      const closedLevel = await createLevel(t.db, closed.id);
      const before = await fingerprint(t.db);
      for (const tournamentId of [closed.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const { status, body } = await register(registrationInput(tournamentId, closedLevel.id));
        expect(status, tournamentId).toBe(400);
        expect(body.error.fields, tournamentId).toEqual({ tournamentId: 'Please select a tournament' });
      }
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('closes registration at the editing lock (00:00 of the day before the start, R17): 409, nothing saved', async () => {
      // NOW is 2027-03-01 12:00 UTC (TIME_ZONE is UTC): a tournament starting 2027-03-03 locks at 2027-03-02 00:00.
      const soon = await createTournament(t.db, { startDate: '2027-03-03' });
      const level = await createLevel(t.db, soon.id);
      const isOpen = async () =>
        (await t.call('/api/tournaments/active', { cookie: leader.cookie })).body.tournaments.find((x: { id: string }) => x.id === soon.id)
          .registrationOpen;
      try {
        clock.set('2027-03-01T23:59:59.000Z');
        expect(await isOpen()).toBe(true);
        expect((await register(registrationInput(soon.id, level.id))).status).toBe(201);

        clock.set('2027-03-02T00:00:00.000Z');
        expect(await isOpen()).toBe(false);
        const before = await fingerprint(t.db);
        const { status, body } = await register(registrationInput(soon.id, level.id));
        expect(status).toBe(409);
        expect(body.error).toMatchObject({ code: 'CONFLICT', message: 'Registration for this tournament has closed (it starts soon)' });
        expect(await fingerprint(t.db)).toEqual(before);
      } finally {
        clock.set(NOW);
      }
    });

    it('refuses an invalid form with 400 and the form’s messages, saving nothing', async () => {
      const { tournament, level } = await tournamentWithLevel();
      const before = await fingerprint(t.db);
      const input = registrationInput(tournament.id, level.id, {
        contactPhone: '123',
        teams: [{ teamName: 'Trio', players: playersInput().slice(0, 3) }],
      });
      const { status, body } = await register(input);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'VALIDATION',
        fields: { contactPhone: 'Invalid phone', 'teams.0.players': 'Each team must have exactly 4 players' },
      });
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  describe('the confirmation e-mail (R18)', () => {
    it('tells the contact the teams, players, level, amount, payment choice and the hold deadline', async () => {
      const { tournament, level } = await tournamentWithLevel({ priceCents: 120_000, name: 'Spring Charity Classic' });
      const input = registrationInput(tournament.id, level.id, { teams: teamsInput(2, 'Sandbaggers') });
      expect((await register(input)).status).toBe(201);

      const sent = await mail.waitFor(input.contactEmail);
      expect(sent.subject).toBe('Registration received: Spring Charity Classic');
      const text = sent.text.replace(/\s+/g, ' ');
      expect(text).toContain('Hi Casey Contact,');
      expect(text).toContain('your 2 teams for Spring Charity Classic on 2027-04-16');
      expect(text).toContain('Sponsorship level: Eagle Sponsor, $1,200.00 per team. Total: $2,400.00.');
      for (const team of input.teams) {
        expect(text).toContain(`${team.teamName}: ${team.players.map((p) => `${p.firstName} ${p.lastName}`).join(', ')}`);
      }
      // The deadline is 72 hours after registering, in the tournament's time zone (UTC here).
      expect(text).toMatch(/on hold until Thursday, March 4, 2027 at 12:00\sPM/);
      expect(text).toContain('http://localhost:3000/register');
      expect(sent.html).toContain('Sandbaggers 1');
      // The players' own addresses get nothing.
      expect(mail.messages.filter((m) => input.teams[0]!.players.some((p) => m.to.includes(p.email)))).toEqual([]);
    });

    it('sends nothing for a refused registration', async () => {
      const { tournament, level } = await tournamentWithLevel({ places: 1 });
      const input = registrationInput(tournament.id, level.id, { teams: teamsInput(2) });
      expect((await register(input)).status).toBe(409);
      await new Promise((r) => setTimeout(r, 200));
      expect(mail.messages.filter((m) => m.to.includes(input.contactEmail))).toEqual([]);
    });
  });
});

describe('a registration that fails half-way leaves nothing behind (R14)', () => {
  /** Makes the database refuse a row, as a crash or a constraint would, for the length of `run`. */
  async function withConstraint(table: 'players' | 'payments', check: string, run: () => Promise<void>) {
    await t.db.execute(sql.raw(`alter table ${table} add constraint t_fail check (${check})`));
    try {
      await run();
    } finally {
      await t.db.execute(sql.raw(`alter table ${table} drop constraint t_fail`));
    }
  }

  it('a player insert that fails rolls back the teams (service)', async () => {
    const { tournament, level } = await tournamentWithLevel();
    await withConstraint('players', `first_name <> 'FAIL'`, async () => {
      const input = registrationInput(tournament.id, level.id, { teams: teamsInput(3) });
      input.teams[2]!.players[3]!.firstName = 'FAIL';
      const before = await fingerprint(t.db);
      const error = await registerTeams(t.db, leader.id, input, clock.now()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(AppError);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(await registrationCounts(t.db, tournament.id)).toEqual({ teams: 0, players: 0, payments: 0, incompleteTeams: 0 });
    });
  });

  it('a player insert that fails answers 500, saves nothing and sends no e-mail (HTTP)', async () => {
    const { tournament, level } = await tournamentWithLevel();
    await withConstraint('players', `first_name <> 'FAIL'`, async () => {
      const input = registrationInput(tournament.id, level.id);
      input.teams[0]!.players[0]!.firstName = 'FAIL';
      const before = await fingerprint(t.db);
      const { status, body } = await register(input);
      expect(status).toBe(500);
      expect(body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } });
      expect(await fingerprint(t.db)).toEqual(before);
      await new Promise((r) => setTimeout(r, 200));
      expect(mail.messages.filter((m) => m.to.includes(input.contactEmail))).toEqual([]);
    });
    // The same registration goes through once the database accepts it: nothing of the failed one was left to collide.
    const { status } = await register(registrationInput(tournament.id, level.id));
    expect(status).toBe(201);
    expect(await registrationCounts(t.db, tournament.id)).toEqual({ teams: 1, players: 4, payments: 1, incompleteTeams: 0 });
  });

  it('a payment insert that fails (the last step) rolls back the teams and players', async () => {
    const { tournament, level } = await tournamentWithLevel({ priceCents: 777 });
    await withConstraint('payments', 'amount_cents <> 777', async () => {
      const before = await fingerprint(t.db);
      const { status } = await register(registrationInput(tournament.id, level.id, { teams: teamsInput(2) }));
      expect(status).toBe(500);
      expect(await fingerprint(t.db)).toEqual(before);
    });
  });

  it('a failed registration does not hold on to places', async () => {
    const { tournament, level } = await tournamentWithLevel({ places: 1 });
    await withConstraint('players', `first_name <> 'FAIL'`, async () => {
      const input = registrationInput(tournament.id, level.id);
      input.teams[0]!.players[1]!.firstName = 'FAIL';
      expect((await register(input)).status).toBe(500);
    });
    expect((await register(registrationInput(tournament.id, level.id))).status).toBe(201);
  });
});
