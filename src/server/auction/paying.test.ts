// Paying for won lots (R55): one Stripe Checkout for all of a winner's lots through the one path (fake Stripe, signed
// webhook), signed in or through a golfer's personal link (R42); staff's 'Mark paid' at the checkout table writes the
// ledger (R26); raised counts the auction (R38); receipts carry each lot's value and the deductible part (R39); the CSV.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, players } from '../db/schema';
import { issueLinks } from '../golfer-answers/links';
import { openAuction, insertLot, placeBids } from '../test/auction-lots';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { fileAppWithStripe } from '../test/file-app';
import { bidderFor } from './bidders';
import { closeDueLots } from './closing';
import { ALREADY_PAID, NO_WINNER } from './results';
import { NOTHING_TO_PAY } from './won-lots';

const { app: t, fake } = await fileAppWithStripe();
const staff = await t.createUser('admin');
const closeOptions = { appUrl: t.config.appUrl, currency: t.config.currency };

/** A closed auction: the winner's golf bag (won under its value) and lake weekend (over it), another's lot, an unsold one. */
async function wonAuction() {
  const tournament = await createTournament(t.db);
  await openAuction(t.db, tournament.id, new Date(Date.now() - 1_000));
  const winner = await t.createUser('team_leader');
  const me = await bidderFor(t.db, tournament.id, { userId: winner.id, name: 'Wynn Winner', email: winner.email });
  const other = await bidderFor(t.db, tournament.id, { name: 'Otto Other', email: 'otto@example.org' });
  const bag = await insertLot(t.db, tournament.id, { title: 'Signed golf bag', valueCents: 50_000, sortOrder: 1 });
  const lake = await insertLot(t.db, tournament.id, { title: 'Weekend at the lake house', valueCents: 100_000, sortOrder: 2 });
  const club = await insertLot(t.db, tournament.id, { title: 'Foursome at a private club', valueCents: 80_000, sortOrder: 3 });
  const unsold = await insertLot(t.db, tournament.id, { title: 'Nobody bid', sortOrder: 4 });
  await placeBids(t.db, bag.id, [
    { bidder: other, amountCents: 40_000 },
    { bidder: me, amountCents: 45_000 },
  ]);
  await placeBids(t.db, lake.id, [{ bidder: me, amountCents: 120_000 }]);
  await placeBids(t.db, club.id, [{ bidder: other, amountCents: 90_000 }]);
  await closeDueLots(t.db, new Date(), closeOptions);
  return { tournament, winner, me, other, bag, lake, club, unsold };
}

const mine = (cookie: string) => t.call('/api/won-lots/mine', { cookie });

describe("the winner's lots, paid in one Checkout (R55)", () => {
  it('lists both lots with their value and deductible part, pays both in one session, and the signed webhook marks both paid', async () => {
    const { tournament, winner } = await wonAuction();
    const before = await mine(winner.cookie);
    expect(before.body.lots).toMatchObject([
      { title: 'Signed golf bag', wonCents: 45_000, valueCents: 50_000, deductibleCents: 0, paymentStatus: 'pending', receiptUrl: null },
      { title: 'Weekend at the lake house', wonCents: 120_000, valueCents: 100_000, deductibleCents: 20_000, paymentStatus: 'pending' },
    ]);

    const opened = await t.call('/api/won-lots/mine/checkout', { method: 'POST', cookie: winner.cookie });
    expect(opened.status).toBe(201);
    const sessionId = (opened.body.url as string).split('/pay/')[1]!;
    const session = fake.sessions.get(sessionId)!;
    expect(session.line_items.map((l) => [l.name, l.amount])).toEqual([
      ['Auction lot: Signed golf bag', 45_000],
      ['Auction lot: Weekend at the lake house', 120_000],
    ]);
    expect(session.success_url).toBe(`${t.config.appUrl}/auction/lots/payment?session_id={CHECKOUT_SESSION_ID}`);

    expect(await fake.pay(sessionId)).toBe(200);
    const after = await mine(winner.cookie);
    expect(after.body.lots.map((l: { paymentStatus: string }) => l.paymentStatus)).toEqual(['paid', 'paid']);
    // The one return question of purchases answers the session.
    expect((await t.call(`/api/donations/checkout/${sessionId}`, { cookie: winner.cookie })).body).toMatchObject({ paid: true });

    // Staff's results say how: by card.
    const results = await t.call(`/api/admin/auction-results?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    const paidLots = results.body.lots.filter((l: { paymentStatus: string }) => l.paymentStatus === 'paid');
    expect(paidLots.map((l: { paymentNote: string }) => l.paymentNote)).toEqual(['Paid by card', 'Paid by card']);

    // R38: the auction is a source of raised, counted once.
    const raised = await t.call(`/api/tournaments/${tournament.id}/raised`);
    expect(raised.body.raisedBySource).toMatchObject({ auction: 165_000, donations: 0, items: 0 });
    expect(raised.body.raisedCents).toBe(165_000);

    // R39: the receipt (by its keyed link, as a golfer without an account opens it) names the lot, its value, the deductible part.
    const lake = after.body.lots[1];
    const receipt = await t.call(`/api${lake.receiptUrl}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.receipt).toMatchObject({
      kind: 'lot',
      description: 'Auction lot: Weekend at the lake house',
      amountCents: 120_000,
      fmvCents: 100_000,
      deductibleCents: 20_000,
      disclosure: true,
    });
    const bag = await t.call(`/api${after.body.lots[0].receiptUrl}`);
    expect(bag.body.receipt).toMatchObject({ fmvCents: 50_000, deductibleCents: 0 });

    const again = await t.call('/api/won-lots/mine/checkout', { method: 'POST', cookie: winner.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(NOTHING_TO_PAY);
  });

  it("shows nobody else's lots, and a golfer pays theirs through their personal link", async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, team } = await createRegisteredTeam(t.db, leader.id);
    const [golfer] = await t.db.select().from(players).where(eq(players.teamId, team.id));
    await openAuction(t.db, tournament.id, new Date(Date.now() - 1_000));
    const bidder = await bidderFor(t.db, tournament.id, {
      playerId: golfer!.id,
      name: 'Gail Golfer',
      email: golfer!.email ?? 'g@example.org',
    });
    const lot = await insertLot(t.db, tournament.id, { title: 'Golf lesson', valueCents: 0 });
    await placeBids(t.db, lot.id, [{ bidder, amountCents: 15_000 }]);
    await closeDueLots(t.db, new Date(), closeOptions);

    expect((await mine(leader.cookie)).body.lots).toEqual([]);
    const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
    const lots = await t.call(`/api/won-lots/golfer/${token}`);
    expect(lots.body.lots).toMatchObject([{ title: 'Golf lesson', wonCents: 15_000, deductibleCents: 15_000 }]);
    const opened = await t.call(`/api/won-lots/golfer/${token}/checkout`, { method: 'POST' });
    expect(opened.status).toBe(201);
    expect(await fake.pay((opened.body.url as string).split('/pay/')[1]!)).toBe(200);
    expect((await t.call(`/api/won-lots/golfer/${token}`)).body.lots).toMatchObject([{ paymentStatus: 'paid' }]);
    expect((await t.call('/api/won-lots/golfer/not-a-link')).status).toBe(404);
    expect((await t.call('/api/won-lots/golfer/not-a-link/checkout', { method: 'POST' })).status).toBe(404);
  });
});

describe('Admin → Auction results (R55)', () => {
  it("records a winner's payment at the checkout table in the ledger, once; a lot without a winner has nothing to record", async () => {
    const { tournament, club, unsold, other } = await wonAuction();
    const results = await t.call(`/api/admin/auction-results?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    const row = results.body.lots.find((l: { id: string }) => l.id === club.id);
    expect(row).toMatchObject({
      state: 'sold',
      winner: { number: other.number, name: 'Otto Other' },
      wonCents: 90_000,
      paymentStatus: 'pending',
      bids: [{ number: other.number, amountCents: 90_000 }],
    });

    const paid = await t.call(`/api/admin/auction-results/${club.id}/paid`, {
      cookie: staff.cookie,
      json: { method: 'cheque', note: 'No. 1042' },
    });
    expect(paid.status).toBe(200);
    const history = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paid.body.paymentId), eq(paymentEvents.kind, 'status')));
    expect(history).toMatchObject([
      {
        fromState: 'pending',
        toState: 'paid',
        amountCents: 90_000,
        actorUserId: staff.id,
        note: 'Paid at the checkout table: Cheque (No. 1042)',
      },
    ]);
    const twice = await t.call(`/api/admin/auction-results/${club.id}/paid`, { cookie: staff.cookie, json: { method: 'cash' } });
    expect([twice.status, twice.body.error.message]).toEqual([409, ALREADY_PAID]);
    const none = await t.call(`/api/admin/auction-results/${unsold.id}/paid`, { cookie: staff.cookie, json: { method: 'cash' } });
    expect([none.status, none.body.error.message]).toEqual([409, NO_WINNER]);
    const bad = await t.call(`/api/admin/auction-results/${unsold.id}/paid`, { cookie: staff.cookie, json: { method: 'barter' } });
    expect(bad.status).toBe(400);
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedBySource.auction).toBe(90_000);
  });

  it('exports one CSV row per lot: state, winner, amount, deductible, payment', async () => {
    const { tournament, me } = await wonAuction();
    const csv = await t.call(`/api/admin/auction-results/export.csv?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toContain('text/csv');
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('Lot,Donor,Value,State,Bids,Bidder number,Winner,Winner e-mail,Won,Deductible,Payment');
    expect(lines.slice(1)).toEqual([
      `Signed golf bag,,500.00,Sold,2,${me.number},Wynn Winner,${me.email},450.00,0.00,Pending`,
      `Weekend at the lake house,,1000.00,Sold,1,${me.number},Wynn Winner,${me.email},1200.00,200.00,Pending`,
      expect.stringMatching(/^Foursome at a private club,,800\.00,Sold,1,\d+,Otto Other,otto@example\.org,900\.00,100\.00,Pending$/),
      'Nobody bid,,100.00,Unsold,0,,,,,,',
    ]);
  });
});
