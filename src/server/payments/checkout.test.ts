// The one Checkout path (docs/decisions/101): nothing else in src/server creates a Stripe Checkout Session, and one session
// pays lines of both tables at once (a team and a gift: how a covered fee or an auction winner's lots plug in), through
// the one webhook, with each table's return-page question answering for its own lines only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, payments, players } from '../db/schema';
import { createAddon } from '../addons/service';
import { createItem } from '../items/service';
import { insertPurchases } from '../purchases/service';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { createRegisteredTeam } from '../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createCheckout } from './checkout';

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

describe('a session with a team and a gift', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let server: ServerType;
  let leader: TestUser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({ env: fake.env });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    fake.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
    leader = await t.createUser('team_leader');
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    await fake?.close();
  });

  it('lists both on one Stripe page, and the one webhook marks both paid', async () => {
    const { tournament, level, team } = await createRegisteredTeam(t.db, leader.id);
    const [gift] = await t.db.transaction((tx) =>
      insertPurchases(tx, [
        {
          tournamentId: tournament.id,
          kind: 'donation',
          userId: leader.id,
          buyerName: 'Lee Leader',
          buyerEmail: leader.email,
          paymentStatus: 'pending',
          amountCents: 1_250,
        },
      ]),
    );
    const checkout = await createCheckout(t.db, t.deps.stripe!, {
      lines: [
        { kind: 'purchase', id: gift!.id },
        { kind: 'team', id: team.id },
      ],
      userId: leader.id,
      appUrl: t.config.appUrl,
      currency: t.config.currency,
      returnPath: '/register/payment',
      cancelPath: '/register/payment?cancelled=1',
    });
    const session = fake.sessions.get(checkout.sessionId)!;
    // In the order the caller named them; each line its own table's name.
    expect(session.line_items.map((l) => l.name)).toEqual([`Gift: ${tournament.name}`, `${level.name}: ${team.name}`]);
    expect(session.amount_total).toBe(checkout.amountCents);
    expect(session.metadata).toEqual({ team_ids: team.id, purchase_ids: gift!.id });
    const [saved] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkout.sessionId));
    expect(saved).toMatchObject({ userId: leader.id, teamIds: [team.id], purchaseIds: [gift!.id] });

    const teams = () => t.call(`/api/payments/checkout/${checkout.sessionId}`, { cookie: leader.cookie });
    const gifts = () => t.call(`/api/donations/checkout/${checkout.sessionId}`, { cookie: leader.cookie });
    expect((await teams()).body).toMatchObject({ paid: false, teams: [{ id: team.id, paymentStatus: 'hold' }] });
    expect((await gifts()).body).toMatchObject({ paid: false, purchases: [{ id: gift!.id, paymentStatus: 'pending' }] });

    expect(await fake.pay(checkout.sessionId)).toBe(200);
    expect((await teams()).body).toMatchObject({ paid: true, teams: [{ id: team.id, paymentStatus: 'paid' }] });
    expect((await gifts()).body).toMatchObject({ paid: true, purchases: [{ id: gift!.id, paymentStatus: 'paid' }] });
    const records = await t.db
      .select({ state: payments.state, providerRef: payments.providerRef })
      .from(payments)
      .where(inArray(payments.id, [gift!.paymentId]));
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
    const [gift] = await t.db.transaction((tx) =>
      insertPurchases(tx, [
        {
          tournamentId: tournament.id,
          kind: 'donation',
          userId: leader.id,
          buyerName: 'Lee Leader',
          buyerEmail: leader.email,
          paymentStatus: 'pending',
          amountCents: 2_000,
        },
      ]),
    );
    const checkout = await createCheckout(t.db, t.deps.stripe!, {
      lines: [{ kind: 'purchase', id: gift!.id }],
      userId: leader.id,
      appUrl: t.config.appUrl,
      currency: t.config.currency,
      returnPath: '/give/thanks',
      cancelPath: '/give',
    });
    expect((await t.call(`/api/payments/checkout/${checkout.sessionId}`, { cookie: leader.cookie })).status).toBe(404);
    expect((await t.call(`/api/donations/checkout/${checkout.sessionId}`, { cookie: leader.cookie })).status).toBe(200);
  });
});
