// Raised (R38): paid minus refunded, by source, from the payment records; one statement for any number of tournaments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addons, payments, players, purchases, sponsorshipItems, tournaments } from '../db/schema';
import { insertPurchases, type PurchaseInput } from '../purchases/service';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { raisedFor, raisedForOne } from './raised';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function line(input: Omit<PurchaseInput, 'buyerName' | 'buyerEmail'>, refundedCents = 0) {
  const [created] = await t.db.transaction((tx) => insertPurchases(tx, [{ buyerName: 'Buyer', buyerEmail: 'b@example.org', ...input }]));
  if (refundedCents) await t.db.update(payments).set({ refundedCents }).where(eq(payments.id, created!.paymentId));
  return created!;
}

describe('raisedFor', () => {
  it('sums paid records by source less refunds; unpaid, expired and other tournaments do not count', async () => {
    const leader = await t.createUser('team_leader');
    const { tournament, team } = await createRegisteredTeam(t.db, leader.id);
    const other = await createTournament(t.db);
    await t.db.update(tournaments).set({ goalCents: 2_000_000 }).where(eq(tournaments.id, tournament.id));
    // The team's 500.00 record paid.
    await t.db.update(payments).set({ state: 'paid' }).where(eq(payments.teamId, team.id));
    const [item] = await t.db
      .insert(sponsorshipItems)
      .values({ tournamentId: tournament.id, name: 'Hole sponsor', priceCents: 25_000, quantity: 18, isHole: true })
      .returning();
    const [addon] = await t.db
      .insert(addons)
      .values({ tournamentId: tournament.id, name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 })
      .returning();
    const [player] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id)).limit(1);
    const base = { tournamentId: tournament.id };
    await line({ ...base, kind: 'item', itemId: item!.id, holeNumber: 3, paymentStatus: 'paid', amountCents: 25_000, fmvCents: 0 });
    await line({ ...base, kind: 'item', itemId: item!.id, holeNumber: 4, paymentStatus: 'hold', amountCents: 25_000 });
    await line({
      ...base,
      kind: 'addon',
      addonId: addon!.id,
      playerId: player!.id,
      quantity: 2,
      paymentStatus: 'paid',
      amountCents: 2_000,
    });
    await line({ ...base, kind: 'donation', paymentStatus: 'paid', amountCents: 10_000 });
    await line({ ...base, kind: 'donation', paymentStatus: 'paid', amountCents: 7_500 }, 2_500); // partly refunded
    await line({ ...base, kind: 'donation', paymentStatus: 'paid', amountCents: 9_900 }, 9_900); // refunded in full
    await line({ ...base, kind: 'donation', paymentStatus: 'pending', amountCents: 50_000 });
    const expired = await line({ ...base, kind: 'donation', paymentStatus: 'pending', amountCents: 40_000 });
    await t.db.update(purchases).set({ paymentStatus: 'expired' }).where(eq(purchases.id, expired.id));
    await t.db.update(payments).set({ state: 'expired' }).where(eq(payments.id, expired.paymentId));
    await line({ tournamentId: other.id, kind: 'donation', paymentStatus: 'paid', amountCents: 12_300 });

    const both = await raisedFor(t.db, [tournament.id, other.id, tournament.id]);
    expect(both.get(tournament.id)).toEqual({
      tournamentId: tournament.id,
      raisedCents: 50_000 + 25_000 + 2_000 + 10_000 + 5_000,
      raisedBySource: { teams: 50_000, items: 25_000, addons: 2_000, donations: 15_000, auction: 0 },
      goalCents: 2_000_000,
    });
    expect(both.get(other.id)).toMatchObject({
      raisedCents: 12_300,
      raisedBySource: { teams: 0, items: 0, addons: 0, donations: 12_300, auction: 0 },
      goalCents: null,
    });
  });

  it('answers zeros for a tournament with no money, nothing for one that does not exist, and an empty map for no ids', async () => {
    const empty = await createTournament(t.db);
    expect(await raisedForOne(t.db, empty.id)).toEqual({
      tournamentId: empty.id,
      raisedCents: 0,
      raisedBySource: { teams: 0, items: 0, addons: 0, donations: 0, auction: 0 },
      goalCents: null,
    });
    expect(await raisedForOne(t.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect((await raisedFor(t.db, [])).size).toBe(0);
  });
});
