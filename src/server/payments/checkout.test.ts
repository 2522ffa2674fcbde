// The one Checkout path (docs/decisions/101): nothing else in src/server creates a Stripe Checkout Session, and one session
// pays lines of both tables at once (a team and a gift: how a covered fee or an auction winner's lots plug in), through
// the one webhook, with each table's return-page question answering for its own lines only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, payments, players } from '../db/schema';
import { createAddon } from '../addons/service';
import { createItem } from '../items/service';
import { insertPurchases } from '../purchases/service';
import { fileAppWithStripe } from '../test/file-app';
import { createRegisteredTeam } from '../test/factories';
import { createCheckout } from './checkout';
import type { MoneyLine } from './money-line';

const serverDir = join(import.meta.dirname, '..');

describe('one path', () => {
  it('creates every Checkout Session in payments/checkout.ts, and nowhere else in src/server', () => {
    const sources = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(serverDir, file));
    const creating = sources.filter((file) => /checkout\s*\.\s*sessions\s*\.\s*create\s*\(/.test(readFileSync(file, 'utf8')));
    expect(creating.map((file) => relative(serverDir, file))).toEqual([join('payments', 'checkout.ts')]);
  });
});

// The app with the fake Stripe, and a leader paying.
const { app: t, fake } = await fileAppWithStripe();
const leader = await t.createUser('team_leader');

describe('a session with a team and a gift', () => {
  /** A pending gift of the leader's, made as the Give page makes it. */
  const pendingGift = async (tournamentId: string, amountCents: number) => {
    const [gift] = await t.db.transaction((tx) =>
      insertPurchases(tx, [
        {
          tournamentId,
          kind: 'donation',
          userId: leader.id,
          buyerName: 'Lee Leader',
          buyerEmail: leader.email,
          paymentStatus: 'pending',
          amountCents,
        },
      ]),
    );
    return gift!;
  };
  /** A session of the leader's lines, back to `returnPath`. */
  const checkoutOf = (lines: MoneyLine[], returnPath = '/register/payment') =>
    createCheckout(t.db, t.deps.stripe!, {
      lines,
      userId: leader.id,
      appUrl: t.config.appUrl,
      currency: t.config.currency,
      returnPath,
      cancelPath: `${returnPath}?cancelled=1`,
    });

  it('lists both on one Stripe page, and the one webhook marks both paid', async () => {
    const { tournament, level, team } = await createRegisteredTeam(t.db, leader.id);
    const gift = await pendingGift(tournament.id, 1_250);
    const checkout = await checkoutOf([
      { kind: 'purchase', id: gift.id },
      { kind: 'team', id: team.id },
    ]);
    const session = fake.sessions.get(checkout.sessionId)!;
    // In the order the caller named them; each line its own table's name.
    expect(session.line_items.map((l) => l.name)).toEqual([`Gift: ${tournament.name}`, `${level.name}: ${team.name}`]);
    expect(session.amount_total).toBe(checkout.amountCents);
    expect(session.metadata).toEqual({ team_ids: team.id, purchase_ids: gift.id });
    const [saved] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.sessionId));
    expect(saved).toMatchObject({ userId: leader.id, teamIds: [team.id], purchaseIds: [gift.id] });

    const teams = () => t.call(`/api/payments/checkout/${checkout.sessionId}`, { cookie: leader.cookie });
    const gifts = () => t.call(`/api/donations/checkout/${checkout.sessionId}`, { cookie: leader.cookie });
    expect((await teams()).body).toMatchObject({ paid: false, teams: [{ id: team.id, paymentStatus: 'hold' }] });
    expect((await gifts()).body).toMatchObject({ paid: false, purchases: [{ id: gift.id, paymentStatus: 'pending' }] });

    expect(await fake.pay(checkout.sessionId)).toBe(200);
    expect((await teams()).body).toMatchObject({ paid: true, teams: [{ id: team.id, paymentStatus: 'paid' }] });
    expect((await gifts()).body).toMatchObject({ paid: true, purchases: [{ id: gift.id, paymentStatus: 'paid' }] });
    const records = await t.db
      .select({ state: payments.state, providerRef: payments.providerRef })
      .from(payments)
      .where(inArray(payments.id, [gift.paymentId]));
    expect(records).toEqual([{ state: 'paid', providerRef: expect.stringMatching(/^pi_/) }]);
  });

  it('sends each money line back to its own return page: items and add-ons to the purchases’ one', async () => {
    const { tournament, team } = await createRegisteredTeam(t.db, leader.id);
    const item = await createItem(t.db, tournament.id, { name: 'Cart sign', priceCents: 5_000, quantity: 3 });
    const addon = await createAddon(t.db, tournament.id, { name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 });
    const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id));
    const bought = await t.call('/api/items/purchases', {
      json: { itemId: item.id, sponsorName: 'Acme', contactName: 'Pat Lee', contactEmail: 'pat@example.org', paymentOption: 'pay' },
      cookie: leader.cookie,
    });
    const ordered = await t.call(`/api/teams/${team.id}/addons`, {
      json: { lines: [{ playerId: golfer!.id, addonId: addon.id, quantity: 1 }], paymentOption: 'pay' },
      cookie: leader.cookie,
    });
    const paid = await t.call('/api/payments/checkout', { json: { teamIds: [team.id] }, cookie: leader.cookie });
    const returns = [bought.body.checkoutUrl, ordered.body.checkoutUrl, paid.body.url].map((url: string) => {
      const session = fake.sessions.get(url.split('/pay/')[1]!)!;
      return [session.success_url.replace(t.config.appUrl, ''), session.cancel_url.replace(t.config.appUrl, '')];
    });
    expect(returns).toEqual([
      ['/register/purchase-payment?session_id={CHECKOUT_SESSION_ID}', '/register/purchase-payment?cancelled=1'],
      ['/register/purchase-payment?session_id={CHECKOUT_SESSION_ID}', '/register/purchase-payment?cancelled=1'],
      ['/register/payment?session_id={CHECKOUT_SESSION_ID}', '/register/payment?cancelled=1'],
    ]);
  });

  it("answers a gift-only session as not found on the teams' return question", async () => {
    const { tournament } = await createRegisteredTeam(t.db, leader.id);
    const gift = await pendingGift(tournament.id, 2_000);
    const checkout = await checkoutOf([{ kind: 'purchase', id: gift.id }], '/give/thanks');
    expect((await t.call(`/api/payments/checkout/${checkout.sessionId}`, { cookie: leader.cookie })).status).toBe(404);
    expect((await t.call(`/api/donations/checkout/${checkout.sessionId}`, { cookie: leader.cookie })).status).toBe(200);
  });
});
