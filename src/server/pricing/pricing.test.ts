// Pricing (R57, R58, docs/decisions/113): admins keep discount codes; 'Apply' and the save price with the one function; a
// code's uses are never exceeded, even by two pools (each its own batching queue, as two processes) racing on
// PostgreSQL; an early price ends by the clock at request time; a covered fee is a gift paid in the same Checkout.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountCodes, paymentEvents, payments, purchases, teams } from '../db/schema';
import { AppError } from '../http/errors';
import { testDatabaseKind } from '../test/database';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { insertLeaders, useClock } from '../test/fixtures';
import { fileAppWithStripe, usePool } from '../test/file-app';
import { registerTeams } from '../registration/service';
import { receiptsFor } from '../receipts/service';
import { raisedForOne } from '../payments/raised';
import { CODE_MESSAGES, discountCodeSchema } from '../../shared/pricing-schemas';
import { createCode } from './codes-service';
import { FEE_GIFT_NOTE } from './fee-gift';
import { buyItem, createItem } from '../items/service';

const { app: t, fake } = await fileAppWithStripe();
const admin = await t.createUser('admin');
const leader = await t.createUser('team_leader');
const POSTGRES = testDatabaseKind() === 'postgres';

async function levelWithCode(code: Record<string, unknown> = {}, level: Parameters<typeof createLevel>[2] = {}) {
  const tournament = await createTournament(t.db);
  const created = await createLevel(t.db, tournament.id, { priceCents: 50_000, fmvCents: 20_000, ...level });
  const discount = await createCode(
    t.db,
    tournament.id,
    discountCodeSchema.parse({
      code: `c${Math.random().toString(36).slice(2, 8)}`,
      kind: 'percent',
      percent: 20,
      levelIds: [created.id],
      maxUses: 5,
      ...code,
    }),
  );
  return { tournament, level: created, code: discount };
}

describe('Admin → Codes (R57)', () => {
  it('adds a code per tournament (stored upper case), lists it with its uses, changes and deletes it', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id);
    const base = `/api/admin/tournaments/${tournament.id}/codes`;
    const input = { code: ' sponsor-4 ', kind: 'free', levelIds: [level.id], maxUses: 2, validUntil: '2099-12-31' };
    const created = await t.call(base, { json: input, cookie: admin.cookie });
    expect(created.status).toBe(201);
    expect(created.body.code).toMatchObject({
      code: 'SPONSOR-4',
      kind: 'free',
      uses: 0,
      maxUses: 2,
      validFrom: null,
      validUntil: '2099-12-31',
    });
    expect((await t.call(base, { cookie: admin.cookie })).body.codes).toEqual([created.body.code]);

    const again = await t.call(base, { json: { ...input, code: 'Sponsor-4' }, cookie: admin.cookie });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: CODE_MESSAGES.duplicate, fields: { code: CODE_MESSAGES.duplicate } } },
    });

    const changed = await t.call(`/api/admin/codes/${created.body.code.id}`, {
      method: 'PUT',
      json: { ...input, kind: 'amount', amountCents: 10_000 },
      cookie: admin.cookie,
    });
    expect(changed.body.code).toMatchObject({ kind: 'amount', amountCents: 10_000, percent: null });
    expect((await t.call(`/api/admin/codes/${created.body.code.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect((await t.call(base, { cookie: admin.cookie })).body.codes).toEqual([]);
  });

  it('refuses a bad code with the field and its message, and saves nothing', async () => {
    const tournament = await createTournament(t.db);
    const other = await createLevel(t.db, (await createTournament(t.db)).id);
    const base = `/api/admin/tournaments/${tournament.id}/codes`;
    const before = await fingerprint(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'x', kind: 'free', levelIds: [other.id], maxUses: 1 }, 'code', CODE_MESSAGES.codeText],
      [{ code: 'HALF', kind: 'percent', levelIds: [other.id], maxUses: 1 }, 'percent', CODE_MESSAGES.percent],
      [{ code: 'HALF', kind: 'percent', percent: 150, levelIds: [other.id], maxUses: 1 }, 'percent', CODE_MESSAGES.percent],
      [{ code: 'HALF', kind: 'free', levelIds: [], maxUses: 1 }, 'levelIds', CODE_MESSAGES.appliesTo],
      [{ code: 'HALF', kind: 'free', levelIds: [other.id], maxUses: 0 }, 'maxUses', CODE_MESSAGES.maxUses],
      [
        { code: 'HALF', kind: 'free', levelIds: [other.id], maxUses: 1, validFrom: '2027-05-02', validUntil: '2027-05-01' },
        'validUntil',
        CODE_MESSAGES.dates,
      ],
      // Another tournament's level: never this tournament's code.
      [{ code: 'HALF', kind: 'free', levelIds: [other.id], maxUses: 1 }, 'levelIds', CODE_MESSAGES.appliesTo],
    ];
    for (const [json, field, message] of cases) {
      const answer = await t.call(base, { json, cookie: admin.cookie });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.error.fields[field]).toBe(message);
    }
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('refuses to lower the number of uses below those counted', async () => {
    const { tournament, level, code } = await levelWithCode({ maxUses: 3 });
    await registerTeams(t.db, leader.id, { ...registrationInput(tournament.id, level.id), code: code.code }, new Date());
    await registerTeams(t.db, leader.id, { ...registrationInput(tournament.id, level.id), code: code.code }, new Date());
    const lowered = await t.call(`/api/admin/codes/${code.id}`, {
      method: 'PUT',
      json: { code: code.code, kind: 'percent', percent: 20, levelIds: [level.id], maxUses: 1 },
      cookie: admin.cookie,
    });
    expect(lowered).toMatchObject({ status: 409, body: { error: { message: CODE_MESSAGES.fewerUses } } });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row).toMatchObject({ maxUses: 3, uses: 2 });
  });
});

describe("'Apply' (POST /api/pricing/quote)", () => {
  const quote = (json: Record<string, unknown>) => t.call('/api/pricing/quote', { json, cookie: leader.cookie });

  it('prices a level with a code, or without it and says why it does not apply', async () => {
    const { tournament, level, code } = await levelWithCode({ maxUses: 1, validUntil: '2099-01-01' });
    const other = await createLevel(t.db, tournament.id, { priceCents: 30_000 });
    const ask = { tournamentId: tournament.id, levelId: level.id };
    expect((await quote({ ...ask, code: code.code.toLowerCase(), quantity: 1 })).body).toMatchObject({
      listCents: 50_000,
      baseCents: 50_000,
      discountCents: 10_000,
      unitCents: 40_000,
      totalCents: 40_000,
      code: code.code,
      codeMessage: null,
    });
    const refused = async (json: Record<string, unknown>) => (await quote({ ...ask, ...json })).body;
    expect(await refused({ code: 'NOSUCH' })).toMatchObject({ codeMessage: CODE_MESSAGES.unknown, unitCents: 50_000, code: null });
    expect(await refused({ code: code.code, levelId: other.id })).toMatchObject({
      codeMessage: CODE_MESSAGES.notForLevel,
      unitCents: 30_000,
    });
    expect(await refused({ code: code.code, quantity: 2 })).toMatchObject({ codeMessage: CODE_MESSAGES.usedUp });
    await t.db.update(discountCodes).set({ validUntil: '2020-01-01' }).where(eq(discountCodes.id, code.id));
    expect(await refused({ code: code.code })).toMatchObject({ codeMessage: CODE_MESSAGES.expired });
  });

  it('needs a session: codes are not for guessing', async () => {
    const { tournament, level } = await levelWithCode();
    expect((await t.call('/api/pricing/quote', { json: { tournamentId: tournament.id, levelId: level.id, code: 'ANY' } })).status).toBe(
      401,
    );
  });
});

describe('registering with a code (R57)', () => {
  it('charges the discounted price, records price, discount and code in the payment and the ledger, and counts a use per team', async () => {
    const { tournament, level, code } = await levelWithCode({ kind: 'amount', amountCents: 12_500 });
    const answer = await t.call('/api/registrations', {
      json: {
        ...registrationInput(tournament.id, level.id, {
          teams: registrationInput(tournament.id, level.id).teams.concat(registrationInput(tournament.id, level.id).teams),
        }),
        code: code.code,
      },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.totalCents).toBe(2 * 37_500);
    const ids = answer.body.teams.map((team: { id: string }) => team.id);
    const records = await t.db.select().from(payments).where(inArray(payments.teamId, ids));
    for (const record of records)
      expect(record).toMatchObject({ amountCents: 37_500, discountCents: 12_500, discountCode: code.code, state: 'in_progress' });
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          records.map((r) => r.id),
        ),
      );
    for (const event of events)
      expect(event).toMatchObject({
        kind: 'registered',
        amountCents: 37_500,
        note: `Price 500.00, code ${code.code} −125.00, to pay 375.00`,
      });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.uses).toBe(2);
  });

  it('refuses a code that does not apply with its reason on the code field, and saves nothing', async () => {
    const { tournament, level, code } = await levelWithCode({ maxUses: 1 });
    const other = await createLevel(t.db, tournament.id);
    const before = await fingerprint(t.db);
    const refused = await t.call('/api/registrations', {
      json: { ...registrationInput(tournament.id, other.id), code: code.code },
      cookie: leader.cookie,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: CODE_MESSAGES.notForLevel, fields: { code: CODE_MESSAGES.notForLevel } } },
    });
    const unknown = await t.call('/api/registrations', {
      json: { ...registrationInput(tournament.id, level.id), code: 'WHO-KNOWS' },
      cookie: leader.cookie,
    });
    expect(unknown.body.error.message).toBe(CODE_MESSAGES.unknown);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it("makes a 'free' registration paid at 0 with its code, with nothing to pay by card, and a receipt of price, discount and paid", async () => {
    const { tournament, level, code } = await levelWithCode({ kind: 'free' });
    const answer = await t.call('/api/registrations', {
      json: { ...registrationInput(tournament.id, level.id), paymentOption: 'pay', code: code.code },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ totalCents: 0, holdUntil: null });
    expect(answer.body.checkoutUrl).toBeUndefined();
    const [team] = await t.db.select().from(teams).where(eq(teams.id, answer.body.teams[0].id));
    expect(team!.paymentStatus).toBe('paid');
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, team!.id));
    expect(record).toMatchObject({ amountCents: 0, discountCents: 50_000, discountCode: code.code, state: 'paid' });
    const [receipt] = await receiptsFor(t.db, [record!.id]);
    // Deductible: paid less the FMV, never below 0 (R39).
    expect(receipt).toMatchObject({
      priceCents: 50_000,
      discountCents: 50_000,
      discountCode: code.code,
      amountCents: 0,
      fmvCents: 20_000,
      deductibleCents: 0,
    });
  });
});

describe(`40 buyers for the last 3 uses of a code (${POSTGRES ? 'PostgreSQL, two pools racing' : 'PGlite, one at a time'})`, () => {
  // Two pools of their own, each with its own queue of registrations (locked-section.ts), as two processes have; PGlite is
  // one connection, where this is only a functional check.
  const pools = POSTGRES ? [usePool(() => t, 12), usePool(() => t, 12)] : null;
  const dbOf = (i: number) => (pools ? pools[i % 2]!.db : t.db);

  it('exactly 3 get the discount; every other is told the code is used up and nothing of theirs is saved', async () => {
    const { tournament, level, code } = await levelWithCode({ maxUses: 5 }, { maxTeams: 50 });
    // Two uses gone already: 3 left.
    await t.db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.id, code.id));
    const buyers = await insertLeaders(t.db, 40, 'code-race');
    const now = new Date();
    const settled = await Promise.allSettled(
      buyers.map((userId, i) => registerTeams(dbOf(i), userId, { ...registrationInput(tournament.id, level.id), code: code.code }, now)),
    );
    const won = settled.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const r of settled.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toBe(CODE_MESSAGES.usedUp);
    }
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.uses).toBe(5);
    const saved = await t.db
      .select({ amount: payments.amountCents, code: payments.discountCode })
      .from(payments)
      .innerJoin(teams, eq(teams.id, payments.teamId))
      .where(eq(teams.tournamentId, tournament.id));
    expect(saved).toEqual(Array.from({ length: 3 }, () => ({ amount: 40_000, code: code.code })));
  });
});

describe('early bird (R58)', () => {
  it('charges the early price until midnight at the end of its date in TIME_ZONE, then the list price, by the request’s clock', async () => {
    const tournament = await createTournament(t.db, { startDate: '2099-06-01' });
    const level = await createLevel(t.db, tournament.id, { priceCents: 50_000, earlyPriceCents: 42_000, earlyUntil: '2099-03-31' });
    const clock = useClock(t, new Date());
    try {
      const zone = t.config.timeZone;
      // The last minute of 31 March and the first of 1 April in the configured zone, as UTC instants.
      const offsetAt = (iso: string) => {
        const local = new Date(new Date(iso).toLocaleString('en-US', { timeZone: zone }) + ' UTC');
        return new Date(iso).getTime() - local.getTime();
      };
      const lastMinute = new Date(Date.parse('2099-03-31T23:59:00Z') + offsetAt('2099-03-31T23:59:00Z'));
      const firstMinute = new Date(lastMinute.getTime() + 60_000);
      const register = () => t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: leader.cookie });
      const levels = async () => (await t.call(`/api/tournaments/${tournament.id}/levels`)).body;

      clock.set(lastMinute);
      expect((await register()).body.totalCents).toBe(42_000);
      expect(JSON.stringify(await levels())).toContain('"earlyPriceCents":42000');
      clock.set(firstMinute);
      expect((await register()).body.totalCents).toBe(50_000);
    } finally {
      t.deps.now = () => new Date();
    }
  });
});

describe('covering the card fee (R58)', () => {
  it('adds the fee as a gift in the same Checkout; one webhook pays both; it counts in raised and its receipt is deductible', async () => {
    expect(
      (await t.call('/api/admin/settings/fee', { method: 'PUT', json: { basisPoints: 290, fixedCents: 30 }, cookie: admin.cookie })).status,
    ).toBe(200);
    const { tournament, level, code } = await levelWithCode({ percent: 10 });
    const answer = await t.call('/api/registrations', {
      json: { ...registrationInput(tournament.id, level.id), paymentOption: 'pay', code: code.code, coverFee: true },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(201);
    // 450.00 after the code; 2.9 % of it is 13.05, plus 0.30.
    const sessionId = answer.body.checkoutUrl.split('/pay/')[1];
    const session = fake.sessions.get(sessionId)!;
    expect(session.line_items.map((l) => l.amount)).toEqual([45_000, 1_335]);
    expect(session.amount_total).toBe(46_335);
    const [gift] = await t.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.tournamentId, tournament.id), eq(purchases.kind, 'donation')));
    expect(gift).toMatchObject({ amountCents: 1_335, note: FEE_GIFT_NOTE, paymentStatus: 'pending', fmvCents: 0 });

    expect(await fake.pay(sessionId)).toBe(200);
    const [paidGift] = await t.db.select().from(purchases).where(eq(purchases.id, gift!.id));
    expect(paidGift!.paymentStatus).toBe('paid');
    const raised = await raisedForOne(t.db, tournament.id);
    expect(raised).toMatchObject({ raisedCents: 46_335, raisedBySource: { teams: 45_000, donations: 1_335 } });
    const [giftRecord] = await t.db.select().from(payments).where(eq(payments.purchaseId, gift!.id));
    const [receipt] = await receiptsFor(t.db, [giftRecord!.id]);
    expect(receipt).toMatchObject({ amountCents: 1_335, fmvCents: 0, deductibleCents: 1_335, paid: true });
  });
});

describe("covering the card fee on 'Pay now' later (R58)", () => {
  it("offers the fee on what a held team owes, adds it as a gift to the card's Checkout, and one webhook pays both", async () => {
    await t.call('/api/admin/settings/fee', { method: 'PUT', json: { basisPoints: 290, fixedCents: 30 }, cookie: admin.cookie });
    // 425.00: 2.9 % is 12.325, rounded half up to 12.33, plus 0.30.
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { priceCents: 42_500, fmvCents: 10_000 });
    const held = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: leader.cookie });
    expect(held.status).toBe(201);
    const teamId: string = held.body.teams[0].id;

    const mine = await t.call('/api/teams/mine', { cookie: leader.cookie });
    expect(mine.body.teams.find((team: { id: string }) => team.id === teamId)).toMatchObject({
      paymentStatus: 'hold',
      dueCents: 42_500,
      coverableFeeCents: 1_263,
    });

    const checkout = await t.call('/api/payments/checkout', { json: { teamIds: [teamId], coverFee: true }, cookie: leader.cookie });
    expect(checkout.status).toBe(201);
    expect(checkout.body.amountCents).toBe(43_763);
    const session = fake.sessions.get(checkout.body.sessionId)!;
    expect(session.line_items.map((l) => [l.name, l.amount])).toEqual([
      [expect.stringContaining(': Team '), 42_500],
      [expect.stringMatching(/^Gift: /), 1_263],
    ]);
    const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
    const [gift] = await t.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.tournamentId, tournament.id), eq(purchases.kind, 'donation')));
    // It expires with the team it covers if neither is paid (R24).
    expect(gift).toMatchObject({
      amountCents: 1_263,
      note: FEE_GIFT_NOTE,
      paymentStatus: 'pending',
      fmvCents: 0,
      holdUntil: team!.holdUntil,
    });

    expect(await fake.pay(checkout.body.sessionId)).toBe(200);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, gift!.id)))[0]!.paymentStatus).toBe('paid');
    expect((await t.db.select().from(teams).where(eq(teams.id, teamId)))[0]!.paymentStatus).toBe('paid');
    expect(await raisedForOne(t.db, tournament.id)).toMatchObject({
      raisedCents: 43_763,
      raisedBySource: { teams: 42_500, donations: 1_263 },
    });
    const after = await t.call('/api/teams/mine', { cookie: leader.cookie });
    expect(after.body.teams.find((team: { id: string }) => team.id === teamId)).toMatchObject({ dueCents: 0, coverableFeeCents: 0 });
  });

  it("adds no gift without the tick, and none for another leader's team (refused as before)", async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { priceCents: 42_500 });
    const held = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: leader.cookie });
    const teamId: string = held.body.teams[0].id;
    const stranger = await t.createUser('team_leader');
    const refused = await t.call('/api/payments/checkout', { json: { teamIds: [teamId], coverFee: true }, cookie: stranger.cookie });
    expect(refused.status).toBe(404);
    const plain = await t.call('/api/payments/checkout', { json: { teamIds: [teamId] }, cookie: leader.cookie });
    expect(plain.status).toBe(201);
    expect(plain.body.amountCents).toBe(42_500);
    expect(fake.sessions.get(plain.body.sessionId)!.line_items).toHaveLength(1);
    const gifts = await t.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.tournamentId, tournament.id), eq(purchases.kind, 'donation')));
    expect(gifts).toEqual([]);
  });
});

/** A non-hole item of 250.00 (FMV 50.00) with a code for it. */
async function itemWithCode(code: Record<string, unknown> = {}, quantity = 10) {
  const tournament = await createTournament(t.db);
  const created = await createItem(t.db, tournament.id, {
    name: 'Cart sponsor',
    includes: 'A sign on every cart',
    priceCents: 25_000,
    quantity,
    fmvCents: 5_000,
    isHole: false,
  });
  const discount = await createCode(
    t.db,
    tournament.id,
    discountCodeSchema.parse({
      code: `i${Math.random().toString(36).slice(2, 8)}`,
      kind: 'percent',
      percent: 20,
      itemIds: [created.id],
      maxUses: 5,
      ...code,
    }),
  );
  return { tournament, item: created, code: discount };
}
const itemBuyer = { sponsorName: 'Acme Plumbing', contactName: 'Pat Lee', contactEmail: 'pat@example.org' };
const usesOf = async (id: string) => (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;

describe('buying an item with a code and the covered fee (R57, R58)', () => {
  it("charges the price 'Apply' quoted, counts the use with the purchase, adds the fee to the same Checkout, and the receipt shows price, discount and paid", async () => {
    await t.call('/api/admin/settings/fee', { method: 'PUT', json: { basisPoints: 290, fixedCents: 30 }, cookie: admin.cookie });
    const { item, code } = await itemWithCode();
    const quote = await t.call('/api/pricing/quote', {
      json: { tournamentId: item.tournamentId, itemId: item.id, code: code.code.toLowerCase(), coverFee: true },
      cookie: leader.cookie,
    });
    // 250.00 less 20 % is 200.00; 2.9 % of it is 5.80, plus 0.30.
    expect(quote.body).toMatchObject({ baseCents: 25_000, discountCents: 5_000, unitCents: 20_000, feeCents: 610, totalCents: 20_610 });
    const answer = await t.call('/api/items/purchases', {
      json: { ...itemBuyer, itemId: item.id, paymentOption: 'pay', code: code.code.toLowerCase(), coverFee: true },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.purchase).toMatchObject({
      priceCents: 25_000,
      discountCents: 5_000,
      discountCode: code.code,
      amountCents: 20_000,
      feeCents: 610,
      status: 'pending',
    });
    expect(await usesOf(code.id)).toBe(1);
    const sessionId = answer.body.checkoutUrl.split('/pay/')[1];
    expect(fake.sessions.get(sessionId)!.line_items.map((l) => l.amount)).toEqual([20_000, 610]);
    const [record] = await t.db.select().from(payments).where(eq(payments.purchaseId, answer.body.purchase.id));
    expect(record).toMatchObject({ amountCents: 20_000, discountCents: 5_000, discountCode: code.code });
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, record!.id));
    expect(event!.note).toContain(`code ${code.code} −50.00, to pay 200.00`);

    expect(await fake.pay(sessionId)).toBe(200);
    const raised = await raisedForOne(t.db, item.tournamentId);
    expect(raised!.raisedCents).toBe(20_610);
    const [receipt] = await receiptsFor(t.db, [record!.id]);
    expect(receipt).toMatchObject({
      priceCents: 25_000,
      discountCents: 5_000,
      discountCode: code.code,
      amountCents: 20_000,
      fmvCents: 5_000,
      deductibleCents: 15_000,
      paid: true,
    });
  });

  it("makes an item bought with a 'free' code paid at 0 with its code, with no Checkout and no fee", async () => {
    const { item, code } = await itemWithCode({ kind: 'free' });
    const answer = await t.call('/api/items/purchases', {
      json: { ...itemBuyer, itemId: item.id, paymentOption: 'pay', code: code.code, coverFee: true },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.purchase).toMatchObject({ amountCents: 0, discountCents: 25_000, feeCents: 0, status: 'paid', holdUntil: null });
    expect(answer.body.checkoutUrl).toBeUndefined();
    const bought = await t.db.select().from(purchases).where(eq(purchases.tournamentId, item.tournamentId));
    expect(bought.map((p) => [p.kind, p.amountCents, p.paymentStatus])).toEqual([['item', 0, 'paid']]);
    const [record] = await t.db.select().from(payments).where(eq(payments.purchaseId, bought[0]!.id));
    const [receipt] = await receiptsFor(t.db, [record!.id]);
    expect(receipt).toMatchObject({
      priceCents: 25_000,
      discountCents: 25_000,
      discountCode: code.code,
      amountCents: 0,
      deductibleCents: 0,
    });
    expect(await usesOf(code.id)).toBe(1);
  });

  it('refuses a code that does not apply with its reason on the code field, and saves nothing', async () => {
    // A code for a level only.
    const { tournament, code: levelCode } = await levelWithCode();
    const created = await createItem(t.db, tournament.id, {
      name: 'Beverage cart',
      includes: 'A sign',
      priceCents: 10_000,
      quantity: 5,
      fmvCents: 0,
      isHole: false,
    });
    const before = await fingerprint(t.db);
    const answer = await t.call('/api/items/purchases', {
      json: { ...itemBuyer, itemId: created.id, code: levelCode.code },
      cookie: leader.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.fields).toEqual({ code: CODE_MESSAGES.notForItem });
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe(`40 item buyers for the last 3 uses of a code (${POSTGRES ? 'PostgreSQL, two pools racing' : 'PGlite, one at a time'})`, () => {
  const pools = POSTGRES ? [usePool(() => t, 12), usePool(() => t, 12)] : null;
  const dbOf = (i: number) => (pools ? pools[i % 2]!.db : t.db);

  it('exactly 3 get the discount; every other is told the code is used up and nothing of theirs is saved', async () => {
    const { item, code } = await itemWithCode({ maxUses: 5 }, 100);
    await t.db.update(discountCodes).set({ uses: 2 }).where(eq(discountCodes.id, code.id));
    const buyers = await insertLeaders(t.db, 40, 'item-code-race');
    const now = new Date();
    const settled = await Promise.allSettled(
      buyers.map((userId, i) => buyItem(dbOf(i), userId, { ...itemBuyer, itemId: item.id, code: code.code }, now, { timeZone: 'UTC' })),
    );
    expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of settled.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect((r.reason as AppError).message).toBe(CODE_MESSAGES.usedUp);
    }
    expect(await usesOf(code.id)).toBe(5);
    const saved = await t.db
      .select({ amount: payments.amountCents, code: payments.discountCode })
      .from(payments)
      .innerJoin(purchases, eq(purchases.id, payments.purchaseId))
      .where(eq(purchases.itemId, item.id));
    expect(saved).toEqual(Array.from({ length: 3 }, () => ({ amount: 20_000, code: code.code })));
  });
});
