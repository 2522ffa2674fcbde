// Sponsorship items (R36): admins define them; buyers take places atomically, one sponsor per hole, paid by card or held.
// The races run for real on PostgreSQL (TEST_DATABASE_URL); PGlite runs transactions one at a time (docs/stack.md), where the
// same assertions are only a functional check.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, purchases, sponsorshipItems } from '../db/schema';
import { AppError } from '../http/errors';
import { testDatabaseKind } from '../test/database';
import { fingerprint } from '../test/db-fingerprint';
import { createTournament, daysFromToday } from '../test/factories';
import { insertLeaders } from '../test/fixtures';
import { fileAppWithUsers, usePool } from '../test/file-app';
import { holeTakenMessage, ITEM_MESSAGES, ITEM_SOLD_OUT_MESSAGE } from '../../shared/item-schemas';
import { buyItem, createItem } from './service';
import { storeImage } from '../images/service';
import { createTournamentDay } from '../test/tournament-day-fixtures';
import sharp from 'sharp';

const { app: t, admin, leader, moderator } = await fileAppWithUsers();
const POSTGRES = testDatabaseKind() === 'postgres';
const pool = usePool(() => t, 24);
const item = { name: 'Hole sponsor', includes: 'A sign on the tee', priceCents: 25_000, quantity: 18, fmvCents: 0, isHole: true };
const buyer = { sponsorName: 'Acme Plumbing', contactName: 'Pat Lee', contactEmail: 'pat@example.org' };

async function tournamentWithItem(values: Partial<typeof item> = {}) {
  const tournament = await createTournament(t.db);
  const created = await createItem(t.db, tournament.id, { ...item, ...values });
  return { tournament, item: created };
}

describe('admins keep the items of a tournament', () => {
  it('adds, lists with places left, changes and deletes an item', async () => {
    const tournament = await createTournament(t.db);
    const base = `/api/admin/tournaments/${tournament.id}/items`;
    const created = await t.call(base, { json: { ...item, name: '  Beverage cart ', isHole: false, quantity: 1 }, cookie: admin.cookie });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ name: 'Beverage cart', quantity: 1, placesLeft: 1, isHole: false, freeHoles: [] });
    const hole = await t.call(base, { json: { ...item, quantity: 3 }, cookie: admin.cookie });
    expect(hole.body.item.freeHoles).toEqual([1, 2, 3]);

    const list = await t.call(base, { cookie: admin.cookie });
    expect(list.body.items.map((i: { name: string }) => i.name)).toEqual(['Beverage cart', 'Hole sponsor']);
    const open = await t.call(`/api/items?tournamentId=${tournament.id}`);
    expect(open.status).toBe(200);
    expect(open.body.items).toEqual(list.body.items);

    const changed = await t.call(`/api/admin/items/${created.body.item.id}`, {
      method: 'PUT',
      json: { ...item, name: 'Lunch', isHole: false, quantity: 2, priceCents: 120_000, fmvCents: 30_000 },
      cookie: admin.cookie,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.item).toMatchObject({ name: 'Lunch', priceCents: 120_000, fmvCents: 30_000, placesLeft: 2 });

    expect((await t.call(`/api/admin/items/${created.body.item.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(await t.db.select().from(sponsorshipItems).where(eq(sponsorshipItems.id, created.body.item.id))).toEqual([]);
  });

  it('refuses bad amounts and quantities with 400 naming the field, nothing saved', async () => {
    const tournament = await createTournament(t.db);
    const base = `/api/admin/tournaments/${tournament.id}/items`;
    const before = await fingerprint(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceCents: 12.345 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: -100 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: 0 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: 100_000_001 }, 'priceCents', 'Price is too high'],
      [{ priceCents: '250.00' }, 'priceCents', ITEM_MESSAGES.price],
      [{ fmvCents: -1 }, 'fmvCents', ITEM_MESSAGES.fmv],
      [{ fmvCents: 1.5 }, 'fmvCents', ITEM_MESSAGES.fmv],
      [{ quantity: 0 }, 'quantity', ITEM_MESSAGES.quantity],
      [{ quantity: 40 }, 'quantity', ITEM_MESSAGES.holeQuantity],
      [{ name: '  ' }, 'name', ITEM_MESSAGES.name],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await t.call(base, { json: { ...item, ...change }, cookie: admin.cookie });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.fields[field], JSON.stringify(change)).toBe(message);
    }
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('moderators and leaders may not keep items', async () => {
    const tournament = await createTournament(t.db);
    const base = `/api/admin/tournaments/${tournament.id}/items`;
    expect((await t.call(base, { json: item, cookie: moderator.cookie })).status).toBe(403);
    expect((await t.call(base, { json: item, cookie: leader.cookie })).status).toBe(403);
  });

  it('an item bought cannot be deleted, nor its quantity set below what is sold', async () => {
    const { item: created } = await tournamentWithItem({ quantity: 3 });
    await buyItem(t.db, leader.id, { ...buyer, itemId: created.id, holeNumber: 2 }, new Date(), { timeZone: 'UTC' });
    const del = await t.call(`/api/admin/items/${created.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(del.status).toBe(409);
    const put = await t.call(`/api/admin/items/${created.id}`, { method: 'PUT', json: { ...item, quantity: 0 }, cookie: admin.cookie });
    expect(put.status).toBe(400);
    const below = await t.call(`/api/admin/items/${created.id}`, { method: 'PUT', json: { ...item, quantity: 1 }, cookie: admin.cookie });
    expect(below.status).toBe(409);
    expect(below.body.error.fields.quantity).toBe('Hole 2 is sold: the quantity cannot be lower than 2');
    const ok = await t.call(`/api/admin/items/${created.id}`, { method: 'PUT', json: { ...item, quantity: 2 }, cookie: admin.cookie });
    expect(ok.status).toBe(200);
    expect(ok.body.item).toMatchObject({ quantity: 2, placesLeft: 1, freeHoles: [1] });
  });
});

describe('buying an item', () => {
  it('a hold takes the place and the hole, with a payment record and its history, and a deadline', async () => {
    const { tournament, item: created } = await tournamentWithItem({ quantity: 4, fmvCents: 5_000 });
    const { status, body } = await t.call('/api/items/purchases', {
      json: { ...buyer, itemId: created.id, holeNumber: 3, paymentOption: 'hold' },
      cookie: leader.cookie,
    });
    expect(status).toBe(201);
    expect(body.purchase).toMatchObject({ itemName: 'Hole sponsor', holeNumber: 3, amountCents: 25_000, status: 'hold' });
    expect(new Date(body.purchase.holdUntil).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);

    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, body.purchase.id));
    expect(row).toMatchObject({ kind: 'item', userId: leader.id, holeNumber: 3, sponsorName: 'Acme Plumbing', fmvCents: 5_000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.purchaseId, row!.id));
    expect(payment).toMatchObject({ amountCents: 25_000, state: 'hold' });
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(events).toMatchObject([{ kind: 'registered', toState: 'hold', amountCents: 25_000, actorUserId: leader.id }]);

    const open = await t.call(`/api/items?tournamentId=${tournament.id}`);
    expect(open.body.items[0]).toMatchObject({ placesLeft: 3, freeHoles: [1, 2, 4] });
    expect(open.body.holeSponsors).toEqual([{ holeNumber: 3, sponsorName: 'Acme Plumbing', logoUrl: null }]);
  });

  it('a taken hole, a hole out of range, no hole: refused, nothing saved', async () => {
    const { item: created } = await tournamentWithItem({ quantity: 4 });
    await buyItem(t.db, leader.id, { ...buyer, itemId: created.id, holeNumber: 1 }, new Date(), { timeZone: 'UTC' });
    const before = await fingerprint(t.db);
    const taken = await t.call('/api/items/purchases', { json: { ...buyer, itemId: created.id, holeNumber: 1 }, cookie: leader.cookie });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(holeTakenMessage(1));
    for (const holeNumber of [5, null, 0, 2.5]) {
      const refused = await t.call('/api/items/purchases', { json: { ...buyer, itemId: created.id, holeNumber }, cookie: leader.cookie });
      expect(refused.status, String(holeNumber)).toBe(400);
      expect(refused.body.error.fields.holeNumber).toBe(ITEM_MESSAGES.hole);
    }
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('a sold-out item, a missing sponsor name, an unknown logo: refused, nothing saved', async () => {
    const { item: created } = await tournamentWithItem({ isHole: false, quantity: 1, name: 'Lunch sponsor' });
    await buyItem(t.db, leader.id, { ...buyer, itemId: created.id }, new Date(), { timeZone: 'UTC' });
    const { item: other } = await tournamentWithItem({ isHole: false, quantity: 5 });
    const before = await fingerprint(t.db);
    const soldOut = await t.call('/api/items/purchases', { json: { ...buyer, itemId: created.id }, cookie: leader.cookie });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error.message).toBe(ITEM_SOLD_OUT_MESSAGE);
    const noName = await t.call('/api/items/purchases', { json: { ...buyer, sponsorName: ' ', itemId: other.id }, cookie: leader.cookie });
    expect(noName.body.error.fields.sponsorName).toBe(ITEM_MESSAGES.sponsorName);
    const noLogo = await t.call('/api/items/purchases', {
      json: { ...buyer, itemId: other.id, logoImageId: '00000000-0000-4000-8000-000000000000' },
      cookie: leader.cookie,
    });
    expect(noLogo.status).toBe(400);
    expect(noLogo.body.error.fields.logoImageId).toMatch(/upload it again/);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('closes at the editing lock (R17), and an expired purchase frees its place and its hole', async () => {
    const soon = await createTournament(t.db, { startDate: daysFromToday(1) });
    const late = await createItem(t.db, soon.id, { ...item, quantity: 2 });
    await expect(buyItem(t.db, leader.id, { ...buyer, itemId: late.id, holeNumber: 1 }, new Date(), { timeZone: 'UTC' })).rejects.toThrow(
      'Registration for this tournament has closed',
    );

    const { item: created } = await tournamentWithItem({ quantity: 1 });
    const first = await buyItem(t.db, leader.id, { ...buyer, itemId: created.id, holeNumber: 1 }, new Date(), { timeZone: 'UTC' });
    await t.db.update(purchases).set({ paymentStatus: 'expired' }).where(eq(purchases.id, first.id));
    const again = await buyItem(t.db, admin.id, { ...buyer, itemId: created.id, holeNumber: 1 }, new Date(), { timeZone: 'UTC' });
    expect(again.holeNumber).toBe(1);
  });
});

describe('hole sponsors on the starting sheet and cart signs', () => {
  it('the sheet names each sponsored hole with its sponsor and logo; an expired sponsor is gone', async () => {
    const day = await createTournamentDay(t.db, leader.id, { teams: 2 });
    await t.call(`/api/admin/tournaments/${day.tournament.id}/assign-teams`, { method: 'POST', cookie: admin.cookie });
    const created = await createItem(t.db, day.tournament.id, item);
    const logo = await storeImage(
      t.db,
      await sharp({ create: { width: 200, height: 100, channels: 3, background: '#246' } })
        .png()
        .toBuffer(),
      { purpose: 'logo', uploadedBy: leader.id },
    );
    const options = { timeZone: 'UTC' };
    await buyItem(t.db, leader.id, { ...buyer, itemId: created.id, holeNumber: 4, logoImageId: logo.id }, new Date(), options);
    const gone = await buyItem(
      t.db,
      admin.id,
      { ...buyer, sponsorName: 'Gone Ltd', itemId: created.id, holeNumber: 9 },
      new Date(),
      options,
    );
    await t.db.update(purchases).set({ paymentStatus: 'expired' }).where(eq(purchases.id, gone.id));

    const sheet = await t.call(`/api/admin/tournaments/${day.tournament.id}/starting-sheet`, { cookie: moderator.cookie });
    expect(sheet.status).toBe(200);
    expect(sheet.body.holeSponsors).toEqual([{ holeNumber: 4, sponsorName: 'Acme Plumbing', logoUrl: `/api/images/${logo.id}/w320` }]);
    expect((await t.request(sheet.body.holeSponsors[0].logoUrl)).status).toBe(200);
  });
});

describe('races (real on PostgreSQL)', () => {
  it('50 buyers for the last 3 hole signs: exactly 3 sold, the others told', async () => {
    const { item: created } = await tournamentWithItem({ quantity: 18 });
    // 15 of the 18 holes are sold already.
    for (let hole = 1; hole <= 15; hole++)
      await buyItem(t.db, leader.id, { ...buyer, itemId: created.id, holeNumber: hole }, new Date(), { timeZone: 'UTC' });
    const buyers = await insertLeaders(t.db, POSTGRES ? 50 : 10, 'hole-racer');
    const db = POSTGRES ? pool.db : t.db;
    const settled = await Promise.allSettled(
      buyers.map((userId, i) =>
        buyItem(db, userId, { ...buyer, itemId: created.id, holeNumber: 16 + (i % 3) }, new Date(), { timeZone: 'UTC' }),
      ),
    );
    const won = settled.filter((s) => s.status === 'fulfilled');
    expect(won).toHaveLength(3);
    for (const lost of settled.filter((s) => s.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect([ITEM_SOLD_OUT_MESSAGE, ...[16, 17, 18].map(holeTakenMessage)]).toContain((lost as PromiseRejectedResult).reason.message);
    }
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int`, holes: sql<number[]>`array_agg(hole_number order by hole_number)` })
      .from(purchases)
      .where(eq(purchases.itemId, created.id));
    expect(count!.n).toBe(18);
    expect(count!.holes).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });

  it('two buyers for one hole: one wins, the other is told the hole is taken', async () => {
    const { item: created } = await tournamentWithItem({ quantity: 18 });
    const [a, b] = await insertLeaders(t.db, 2, 'one-hole');
    const db = POSTGRES ? pool.db : t.db;
    const settled = await Promise.allSettled(
      [a!, b!].map((userId) => buyItem(db, userId, { ...buyer, itemId: created.id, holeNumber: 7 }, new Date(), { timeZone: 'UTC' })),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    const lost = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.message).toBe(holeTakenMessage(7));
    expect(lost.reason.status).toBe(409);
  });
});
