// Golfer add-ons (R37): admins define them; the leader buys them per golfer until the editing lock, within the cap; staff
// sell them at check-in (recorded with who and when); the check-in list shows each golfer's add-ons.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, players, purchases } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createRegisteredTeam, createTournament, daysFromToday } from '../test/factories';
import { fileAppWithUsers } from '../test/file-app';
import { LOCKED_MESSAGE } from '../../shared/editing-lock';
import { capReachedMessage, ITEM_MESSAGES } from '../../shared/item-schemas';
import { createAddon } from './service';

const { app: t, admin, leader, moderator } = await fileAppWithUsers();

const mulligan = { name: 'Mulligan', description: 'One do-over', priceCents: 1_000, fmvCents: 0, maxPerGolfer: 2 };

async function teamWithAddons(startDate?: string) {
  const { tournament, team } = await createRegisteredTeam(t.db, leader.id, startDate ? { startDate } : {});
  const addon = await createAddon(t.db, tournament.id, mulligan);
  const raffle = await createAddon(t.db, tournament.id, { name: 'Raffle ticket', priceCents: 500, maxPerGolfer: 10 });
  const golfers = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
  return { tournament, team, addon, raffle, golfers: golfers.map((g) => g.id) };
}

describe('admins keep add-ons', () => {
  it('adds, lists, changes and deletes; bad amounts and caps are a 400 naming the field, nothing saved', async () => {
    const tournament = await createTournament(t.db);
    const base = `/api/admin/tournaments/${tournament.id}/addons`;
    const created = await t.call(base, { json: mulligan, cookie: admin.cookie });
    expect(created.status).toBe(201);
    expect(created.body.addon).toMatchObject(mulligan);
    expect((await t.call(`/api/addons?tournamentId=${tournament.id}`)).body.addons).toEqual([created.body.addon]);
    const changed = await t.call(`/api/admin/addons/${created.body.addon.id}`, {
      method: 'PUT',
      json: { ...mulligan, priceCents: 1_500, maxPerGolfer: 3 },
      cookie: admin.cookie,
    });
    expect(changed.body.addon).toMatchObject({ priceCents: 1_500, maxPerGolfer: 3 });

    const before = await fingerprint(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceCents: 10.5 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: -5 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: 0 }, 'priceCents', ITEM_MESSAGES.price],
      [{ priceCents: 1e12 }, 'priceCents', 'Price is too high'],
      [{ priceCents: 'ten' }, 'priceCents', ITEM_MESSAGES.price],
      [{ maxPerGolfer: 0 }, 'maxPerGolfer', ITEM_MESSAGES.maxPerGolfer],
      [{ fmvCents: -1 }, 'fmvCents', ITEM_MESSAGES.fmv],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await t.call(base, { json: { ...mulligan, ...change }, cookie: admin.cookie });
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.fields[field]).toBe(message);
    }
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await t.call(`/api/admin/addons/${created.body.addon.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
  });
});

describe('the leader buys add-ons for their golfers', () => {
  it('two mulligans per golfer, held with a deadline: purchases, payments and history; the team card shows them', async () => {
    const { team, addon, golfers } = await teamWithAddons();
    const lines = golfers.map((playerId) => ({ playerId, addonId: addon.id, quantity: 2 }));
    const { status, body } = await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines, paymentOption: 'hold' },
      cookie: leader.cookie,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ purchases: 4, totalCents: 8_000, status: 'hold' });

    const rows = await t.db.select().from(purchases).where(eq(purchases.addonId, addon.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.kind === 'addon' && r.quantity === 2 && r.amountCents === 2_000 && r.paymentStatus === 'hold')).toBe(true);
    const [payment] = await t.db.select().from(payments).where(eq(payments.purchaseId, rows[0]!.id));
    expect(payment).toMatchObject({ amountCents: 2_000, state: 'hold' });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id))).toHaveLength(1);

    const card = await t.call(`/api/teams/${team.id}/addons`, { cookie: leader.cookie });
    expect(card.body.golfers[0].addons).toEqual([{ addonId: addon.id, name: 'Mulligan', quantity: 2, paid: false }]);
    const mine = await t.call('/api/items/purchases/mine', { cookie: leader.cookie });
    expect(mine.body.purchases.filter((p: { kind: string }) => p.kind === 'addon')).toHaveLength(4);
  });

  it('the cap per golfer counts what they already have; over it: 409 naming the line, nothing saved', async () => {
    const { team, addon, golfers } = await teamWithAddons();
    await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines: [{ playerId: golfers[0], addonId: addon.id, quantity: 1 }] },
      cookie: leader.cookie,
    });
    const before = await fingerprint(t.db);
    const over = await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines: [{ playerId: golfers[0], addonId: addon.id, quantity: 2 }] },
      cookie: leader.cookie,
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(capReachedMessage('Mulligan', 2, 1));
    expect(over.body.error.fields['lines.0.quantity']).toBe(capReachedMessage('Mulligan', 2, 1));
    // Two lines for one golfer in one order add up too.
    const split = await t.call(`/api/teams/${team.id}/addons`, {
      json: {
        lines: [
          { playerId: golfers[1], addonId: addon.id, quantity: 2 },
          { playerId: golfers[1], addonId: addon.id, quantity: 1 },
        ],
      },
      cookie: leader.cookie,
    });
    expect(split.status).toBe(409);
    expect(split.body.error.fields['lines.1.quantity']).toBe(capReachedMessage('Mulligan', 2, 0));
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it("another team's golfer, another tournament's add-on, a bad quantity, another leader, after the lock: refused", async () => {
    const { team, addon, golfers } = await teamWithAddons();
    const other = await teamWithAddons();
    const stranger = await t.createUser('team_leader');
    const before = await fingerprint(t.db);
    const send = (lines: unknown, cookie = leader.cookie, teamId = team.id) =>
      t.call(`/api/teams/${teamId}/addons`, { json: { lines }, cookie });
    expect((await send([{ playerId: other.golfers[0], addonId: addon.id, quantity: 1 }])).body.error.fields['lines.0.playerId']).toBe(
      ITEM_MESSAGES.player,
    );
    expect((await send([{ playerId: golfers[0], addonId: other.addon.id, quantity: 1 }])).body.error.fields['lines.0.addonId']).toBe(
      ITEM_MESSAGES.addon,
    );
    for (const quantity of [0, -1, 1.5, 'two']) {
      const bad = await send([{ playerId: golfers[0], addonId: addon.id, quantity }]);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields['lines.0.quantity']).toBe(ITEM_MESSAGES.addonQuantity);
    }
    expect((await send([{ playerId: golfers[0], addonId: addon.id, quantity: 1 }], stranger.cookie)).status).toBe(403);
    expect(await fingerprint(t.db)).toEqual(before);

    const locked = await teamWithAddons(daysFromToday(1));
    const refused = await send([{ playerId: locked.golfers[0], addonId: locked.addon.id, quantity: 1 }], leader.cookie, locked.team.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(LOCKED_MESSAGE);
  });
});

describe('staff sell add-ons at check-in', () => {
  it('paid there, recorded with who and when; the golfer list shows the add-ons; the cap holds', async () => {
    const { tournament, team, raffle, addon, golfers } = await teamWithAddons(daysFromToday(0));
    await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines: [{ playerId: golfers[0], addonId: addon.id, quantity: 1 }] },
      cookie: admin.cookie,
    });
    const sold = await t.call(`/api/admin/golfers/${golfers[0]}/addons`, {
      json: { addonId: raffle.id, quantity: 3, method: 'cash' },
      cookie: moderator.cookie,
    });
    expect(sold.status).toBe(201);
    expect(sold.body.addons).toEqual([
      { addonId: addon.id, name: 'Mulligan', quantity: 1, paid: false },
      { addonId: raffle.id, name: 'Raffle ticket', quantity: 3, paid: true },
    ]);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.addonId, raffle.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', recordedBy: moderator.id, amountCents: 1_500, note: 'Sold at check-in (cash)' });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
    const [payment] = await t.db.select().from(payments).where(eq(payments.purchaseId, row!.id));
    expect(payment).toMatchObject({ state: 'paid', amountCents: 1_500 });
    const [event] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(event).toMatchObject({ kind: 'registered', toState: 'paid', actorUserId: moderator.id, note: 'Sold at check-in (cash)' });

    const list = await t.call(`/api/admin/golfers?tournamentId=${tournament.id}`, { cookie: moderator.cookie });
    const golfer = list.body.golfers.find((g: { id: string }) => g.id === golfers[0]);
    expect(golfer.addons).toEqual(sold.body.addons);

    const over = await t.call(`/api/admin/golfers/${golfers[0]}/addons`, {
      json: { addonId: addon.id, quantity: 2, method: 'card' },
      cookie: moderator.cookie,
    });
    expect(over.status).toBe(409);
    const noMethod = await t.call(`/api/admin/golfers/${golfers[0]}/addons`, {
      json: { addonId: raffle.id, quantity: 1 },
      cookie: moderator.cookie,
    });
    expect(noMethod.body.error.fields.method).toBe(ITEM_MESSAGES.method);
    expect(
      (
        await t.call(`/api/admin/golfers/${golfers[0]}/addons`, {
          json: { addonId: raffle.id, quantity: 1, method: 'cash' },
          cookie: leader.cookie,
        })
      ).status,
    ).toBe(403);
  });
});
