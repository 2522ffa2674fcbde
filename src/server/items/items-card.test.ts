// Items and add-ons paid by card (R23, R36, R37): 'Pay now' answers a Stripe Checkout page (the local fake), and only the
// signed webhook marks the purchase paid; the hole stays taken meanwhile.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, players, purchases } from '../db/schema';
import { createAddon } from '../addons/service';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { fileAppWithStripe } from '../test/file-app';
import { createItem } from './service';

const { app: t, fake } = await fileAppWithStripe();
const leader = await t.createUser('team_leader');

const sessionIdOf = (url: string) => [...fake.sessions.keys()].find((id) => url.includes(id))!;

describe('paying by card', () => {
  it('a hole sponsorship: pending with a deadline, a Checkout line, paid only when the signed webhook says so', async () => {
    const tournament = await createTournament(t.db);
    const item = await createItem(t.db, tournament.id, { name: 'Hole sponsor', priceCents: 30_000, quantity: 18, isHole: true });
    const { status, body } = await t.call('/api/items/purchases', {
      json: {
        itemId: item.id,
        holeNumber: 7,
        sponsorName: 'Acme',
        contactName: 'Pat Lee',
        contactEmail: 'pat@example.org',
        paymentOption: 'pay',
      },
      cookie: leader.cookie,
    });
    expect(status).toBe(201);
    expect(body.purchase).toMatchObject({ status: 'pending', holeNumber: 7 });
    expect(body.purchase.holdUntil).not.toBeNull();
    const session = fake.sessions.get(sessionIdOf(body.checkoutUrl))!;
    expect(session.line_items.map((l) => l.name)).toEqual(['Sponsorship: Hole sponsor (hole 7)']);
    expect(session.amount_total).toBe(30_000);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, body.purchase.id)))[0]!.paymentStatus).toBe('pending');

    expect(await fake.pay(session.id)).toBe(200);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, body.purchase.id)))[0]!.paymentStatus).toBe('paid');
    const [record] = await t.db.select().from(payments).where(eq(payments.purchaseId, body.purchase.id));
    expect(record).toMatchObject({ state: 'paid' });
    const mine = await t.call('/api/items/purchases/mine', { cookie: leader.cookie });
    expect(mine.body.purchases[0]).toMatchObject({ description: 'Hole sponsor · Hole 7', status: 'paid' });
  });

  it("add-ons with 'Pay now': one Checkout line per golfer's add-ons", async () => {
    const { tournament, team } = await createRegisteredTeam(t.db, leader.id);
    const addon = await createAddon(t.db, tournament.id, { name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 });
    const golfers = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
    const { status, body } = await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines: golfers.map((g) => ({ playerId: g.id, addonId: addon.id, quantity: 2 })), paymentOption: 'pay' },
      cookie: leader.cookie,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ purchases: 4, totalCents: 8_000, status: 'pending' });
    const session = fake.sessions.get(sessionIdOf(body.checkoutUrl))!;
    expect(session.line_items.map((l) => l.name)).toEqual(Array(4).fill('Add-on: Mulligan × 2'));
    expect(session.amount_total).toBe(8_000);
  });
});
