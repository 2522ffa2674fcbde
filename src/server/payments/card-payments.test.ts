// Card payments (R23) against the local Stripe-compatible fake: Checkout creation and its redirect, the webhook signed by
// the real `stripe` package (good, bad and missing signatures, a replayed event, out-of-order events), 'Pay now' again,
// the return page's status, receipts (R26) and refunds; and, on PostgreSQL, a webhook racing an admin's status change.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/connect';
import { paymentEvents, payments, teams } from '../db/schema';
import { sweepHolds } from '../holds/expiry';
import { fingerprint } from '../test/db-fingerprint';
import { fileApp, fileAppWithStripe, fileMailCatcher } from '../test/file-app';
import { disclosureText, NO_GOODS_TEXT } from '../../shared/receipts';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import type { TestApp } from '../test/test-app';
import { CARD_PAYMENTS_OFF_MESSAGE } from './card-payments';

const mail = await fileMailCatcher();
const { app: t, fake } = await fileAppWithStripe({ env: { SMTP_URL: mail.url, ORG_NAME: 'Lakeside Rotary' } });
const off = await fileApp({ database: t.database });
const leader = await t.createUser('team_leader');
const admin = await t.createUser('admin');

async function levelWith(places = 5, priceCents = 25_000) {
  const tournament = await createTournament(t.db);
  const level = await createLevel(t.db, tournament.id, {
    name: `Birdie ${Math.random().toString(36).slice(2, 7)}`,
    maxTeams: places,
    priceCents,
  });
  return { tournament, level };
}

async function registerByCard(
  count = 1,
  places = 5,
  contactEmail = `card-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`,
) {
  const { tournament, level } = await levelWith(places);
  const { status, body } = await t.call('/api/registrations', {
    cookie: leader.cookie,
    json: registrationInput(tournament.id, level.id, { paymentOption: 'pay', contactEmail, teams: teamsInput(count, 'Card') }),
  });
  expect(status).toBe(201);
  const sessionId = (body.checkoutUrl as string).split('/pay/')[1]!;
  return {
    tournament,
    level,
    body,
    sessionId,
    session: fake.sessions.get(sessionId)!,
    contactEmail,
    teamIds: body.teams.map((x: { id: string }) => x.id) as string[],
  };
}

const statusOf = async (teamId: string) => (await t.db.select({ s: teams.paymentStatus }).from(teams).where(eq(teams.id, teamId)))[0]!.s;
const cardEvents = async (teamId: string) =>
  t.db
    .select({
      kind: paymentEvents.kind,
      toState: paymentEvents.toState,
      providerEventId: paymentEvents.providerEventId,
      note: paymentEvents.note,
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .where(sql`${payments.teamId} = ${teamId} and ${paymentEvents.kind} = 'card'`);
const webhook = (payload: string, signature?: string, app: TestApp = t) =>
  app.call('/api/payments/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    origin: null,
  });

describe('without Stripe settings', () => {
  it("refuses a card registration with the toast's words, saving nothing; a hold has no payment page; 'Pay now' and the webhook answer no", async () => {
    const { tournament, level } = await levelWith();
    const before = await fingerprint(t.db);
    const refused = await off.call('/api/registrations', {
      cookie: leader.cookie,
      json: registrationInput(tournament.id, level.id, { paymentOption: 'pay' }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CARD_PAYMENTS_OFF_MESSAGE);
    expect(await fingerprint(t.db)).toEqual(before);
    const { body } = await off.call('/api/registrations', {
      cookie: leader.cookie,
      json: registrationInput(tournament.id, level.id, { paymentOption: 'hold' }),
    });
    expect(body.checkoutUrl).toBeUndefined();
    expect(body.holdUntil).not.toBeNull();
    const pay = await off.call('/api/payments/checkout', { cookie: leader.cookie, json: { teamIds: [body.teams[0].id] } });
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toBe(CARD_PAYMENTS_OFF_MESSAGE);
    expect((await off.call('/api/tournaments/active')).body.cardPayments).toBe(false);
    expect((await webhook('{}', 't=1,v1=abc', off)).status).toBe(404);
  });
});

describe('Checkout', () => {
  it('is created for a card registration with one line per team (level and team name) and the total; places are taken, teams pending', async () => {
    const { level, body, session, teamIds } = await registerByCard(2);
    expect(body.checkoutUrl).toBe(`${fake.url}/pay/${session.id}`);
    expect(session.amount_total).toBe(50_000);
    expect(session.currency).toBe('usd');
    expect(session.line_items.map((l) => [l.name, l.amount])).toEqual([
      [`${level.name}: Card 1`, 25_000],
      [`${level.name}: Card 2`, 25_000],
    ]);
    expect(session.success_url).toBe(`${t.config.appUrl}/register/payment?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.metadata.team_ids).toBe(teamIds.join(','));
    expect(await statusOf(teamIds[0]!)).toBe('pending');
    expect(body.holdUntil).not.toBeNull();
    const status = await t.call(`/api/payments/checkout/${session.id}`, { cookie: leader.cookie });
    expect(status.body).toMatchObject({ paid: false, amountCents: 50_000 });
  });

  it("'Pay now' opens a new session for the caller's unpaid team, and refuses another leader's team or a paid one", async () => {
    const { teamIds } = await registerByCard(1);
    const again = await t.call('/api/payments/checkout', { cookie: leader.cookie, json: { teamIds } });
    expect(again.status).toBe(201);
    expect(again.body.url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const stranger = await t.createUser();
    expect((await t.call('/api/payments/checkout', { cookie: stranger.cookie, json: { teamIds } })).status).toBe(404);
    expect((await t.call(`/api/payments/checkout/${again.body.sessionId}`, { cookie: stranger.cookie })).status).toBe(404);
    await fake.pay(again.body.sessionId);
    const paid = await t.call('/api/payments/checkout', { cookie: leader.cookie, json: { teamIds } });
    expect(paid.status).toBe(409);
    expect(paid.body.error.message).toBe('These teams have nothing left to pay');
  });
});

describe('the webhook', () => {
  it('marks the teams and their payments paid with the reference, once; the return page then says paid; a receipt goes out', async () => {
    const { session, teamIds, contactEmail } = await registerByCard(2);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = 'pi_test_first';
    const event = fake.event('checkout.session.completed', session);
    const first = await webhook(event.payload, fake.sign(event.payload));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    for (const id of teamIds) expect(await statusOf(id)).toBe('paid');
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, teamIds[0]!));
    expect(record).toMatchObject({ state: 'paid', providerRef: 'pi_test_first' });
    expect(await cardEvents(teamIds[0]!)).toEqual([
      { kind: 'card', toState: 'paid', providerEventId: event.id, note: 'Card payment pi_test_first' },
    ]);
    expect((await t.call(`/api/payments/checkout/${session.id}`, { cookie: leader.cookie })).body.paid).toBe(true);

    const receipt = await mail.waitFor(contactEmail, (m) => m.subject === 'Receipt from Lakeside Rotary: $250.00 for Card 1');
    await mail.waitFor(contactEmail, (m) => m.subject === 'Receipt from Lakeside Rotary: $250.00 for Card 2');
    expect(receipt.text).toContain('Reference: pi_test_first');
    // A team place buys golf even when its level states no value (R39): the disclosure with that value, never 'no goods'.
    expect(receipt.text).toContain(disclosureText('$0.00'));
    expect(receipt.text).not.toContain(NO_GOODS_TEXT);

    // The same event again: 200, and nothing changes (no second history row, no second receipt).
    const before = await fingerprint(t.db);
    const replay = await webhook(event.payload, fake.sign(event.payload));
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await fingerprint(t.db)).toEqual(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(mail.messages.filter((m) => m.to.includes(contactEmail) && m.subject.startsWith('Receipt'))).toHaveLength(2);
  });

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const { session, teamIds } = await registerByCard(1);
    session.payment_status = 'paid';
    session.payment_intent = 'pi_test_forged';
    const event = fake.event('checkout.session.completed', session);
    const before = await fingerprint(t.db);
    const unsigned = await webhook(event.payload);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.message).toBe('The webhook signature is missing or not valid');
    expect((await webhook(event.payload, fake.sign(event.payload, 'whsec_someone_else'))).status).toBe(400);
    // A body changed after signing fails too.
    const signature = fake.sign(event.payload);
    expect((await webhook(event.payload.replace('pi_test_forged', 'pi_test_other'), signature)).status).toBe(400);
    expect(await fingerprint(t.db)).toEqual(before);
    expect(await statusOf(teamIds[0]!)).toBe('pending');
  });

  it('is safe out of order: a late session.expired after the payment changes nothing, and an unpaid completion marks nothing', async () => {
    const { session, teamIds } = await registerByCard(1);
    const unpaid = fake.event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await webhook(unpaid.payload, fake.sign(unpaid.payload))).status).toBe(200);
    expect(await statusOf(teamIds[0]!)).toBe('pending');
    expect(await fake.pay(session.id)).toBe(200);
    const late = fake.event('checkout.session.expired', { ...session, status: 'expired' });
    expect((await webhook(late.payload, fake.sign(late.payload))).status).toBe(200);
    expect(await statusOf(teamIds[0]!)).toBe('paid');
  });

  it('gives an expired team its place back when the money arrives while one remains, else records the money to refund', async () => {
    const roomy = await registerByCard(1, 2);
    const full = await registerByCard(1, 1);
    const far = new Date(Date.now() + 400 * 3600_000);
    await sweepHolds(t.db, far);
    expect(await statusOf(roomy.teamIds[0]!)).toBe('expired');
    // Someone else takes the only place of the full level.
    await t.call('/api/registrations', { cookie: leader.cookie, json: registrationInput(full.tournament.id, full.level.id) });

    await fake.pay(roomy.sessionId);
    expect(await statusOf(roomy.teamIds[0]!)).toBe('paid');
    await fake.pay(full.sessionId);
    expect(await statusOf(full.teamIds[0]!)).toBe('expired');
    const [recorded] = await cardEvents(full.teamIds[0]!);
    expect(recorded!.toState).toBe('expired');
    expect(recorded!.note).toMatch(/after the place was released and taken: refund it/);
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, full.teamIds[0]!));
    expect(record!.providerRef).toMatch(/^pi_test_/);
  });
});

describe('the hosted page stand-in', () => {
  it('pays through its form, delivering the signed event, then redirects to the success URL', async () => {
    const { sessionId, teamIds } = await registerByCard(1);
    const page = await fetch(`${fake.url}/pay/${sessionId}`);
    expect(await page.text()).toContain('Pay $250.00');
    const paid = await fetch(`${fake.url}/pay/${sessionId}/complete`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.config.appUrl}/register/payment?session_id=${sessionId}`);
    expect(await statusOf(teamIds[0]!)).toBe('paid');
    const cancelled = await registerByCard(1);
    const cancel = await fetch(`${fake.url}/pay/${cancelled.sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe(`${t.config.appUrl}/register/payment?cancelled=1`);
    expect(await statusOf(cancelled.teamIds[0]!)).toBe('pending');
  });
});

describe('refunds and history', () => {
  it('refunds a card payment through Stripe once, and the ledger shows it with the whole history', async () => {
    const { sessionId, teamIds } = await registerByCard(1);
    await fake.pay(sessionId);
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, teamIds[0]!));
    const refund = await t.call(`/api/admin/payments/${record!.id}/refund`, { cookie: admin.cookie, json: {} });
    expect(refund.status).toBe(200);
    expect(refund.body.payment).toMatchObject({ refundedCents: 25_000, state: 'paid', providerRef: record!.providerRef });
    expect(fake.refunds.filter((r) => r.payment_intent === record!.providerRef)).toEqual([
      { id: refund.body.refundId, payment_intent: record!.providerRef, amount: 25_000, idempotencyKey: `refund-${record!.id}` },
    ]);
    const again = await t.call(`/api/admin/payments/${record!.id}/refund`, { cookie: admin.cookie, json: {} });
    expect(again.status).toBe(409);
    expect(fake.refunds.filter((r) => r.payment_intent === record!.providerRef)).toHaveLength(1);

    const history = await t.call(`/api/admin/payments/${record!.id}/history`, { cookie: admin.cookie });
    expect(
      history.body.events.map((e: { kind: string; fromState: string | null; toState: string; amountCents: number }) => [
        e.kind,
        e.fromState,
        e.toState,
        e.amountCents,
      ]),
    ).toEqual([
      ['registered', null, 'pending', 25_000],
      ['card', 'pending', 'paid', 25_000],
      ['refund', 'paid', 'paid', 25_000],
    ]);
    expect(history.body.events[1].by).toMatch(/^Stripe \(evt_test_/);
    expect(history.body.events[2].by).toBe(`${admin.firstName} ${admin.lastName}`);
  });

  it('refuses to refund a payment that was not made by card', async () => {
    const { tournament, level } = await levelWith();
    const { body } = await t.call('/api/registrations', { cookie: leader.cookie, json: registrationInput(tournament.id, level.id) });
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, body.teams[0].id));
    const refused = await t.call(`/api/admin/payments/${record!.id}/refund`, { cookie: admin.cookie, json: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Only a card payment that has not been refunded can be refunded');
  });

  it('records a staff status change with who made it, and sends the receipt when it makes the payment paid', async () => {
    const contact = `cheque-${Date.now()}@example.org`;
    const { tournament, level } = await levelWith();
    const { body } = await t.call('/api/registrations', {
      cookie: leader.cookie,
      json: registrationInput(tournament.id, level.id, { contactEmail: contact }),
    });
    const teamId = body.teams[0].id;
    expect(
      (await t.call(`/api/admin/teams/${teamId}/status`, { cookie: admin.cookie, method: 'PATCH', json: { status: 'paid' } })).status,
    ).toBe(200);
    const receipt = await mail.waitFor(contact, (m) => m.subject.startsWith('Receipt'));
    expect(receipt.text).toContain('Lakeside Rotary has received your payment');
    const [record] = await t.db.select().from(payments).where(eq(payments.teamId, teamId));
    const history = await t.call(`/api/admin/payments/${record!.id}/history`, { cookie: admin.cookie });
    expect(history.body.events.at(-1)).toMatchObject({ kind: 'status', fromState: 'in_progress', toState: 'paid' });
  });
});

// On PGlite (one connection, one transaction at a time) these are only functional checks (docs/stack.md).
describe('a webhook racing an admin status change', () => {
  it('leaves one consistent state (team and record agree) with both changes in the history', async () => {
    const { sessionId, teamIds } = await registerByCard(8, 10);
    const session = fake.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = 'pi_test_race';
    const event = fake.event('checkout.session.completed', session);
    const outcomes = await Promise.all([
      webhook(event.payload, fake.sign(event.payload)),
      ...teamIds.map((id) =>
        t.call(`/api/admin/teams/${id}/status`, { cookie: admin.cookie, method: 'PATCH', json: { status: 'in_progress' } }),
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(teamIds.length + 1).fill(200));
    const rows = await queryRows<{ status: string; state: string; card: number; staff: number }>(
      t.db,
      sql`select t.payment_status as status, p.state,
                 (select count(*)::int from payment_events e where e.payment_id = p.id and e.kind = 'card') as card,
                 (select count(*)::int from payment_events e where e.payment_id = p.id and e.kind = 'status') as staff
          from teams t join payments p on p.team_id = t.id where t.id in (${sql.join(
            teamIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const row of rows) {
      expect(row.status).toBe(row.state);
      expect(['paid', 'in_progress']).toContain(row.status);
      expect(row.card).toBe(1);
      expect(row.staff).toBe(1);
    }
  });
});
