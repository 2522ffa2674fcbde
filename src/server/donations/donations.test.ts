// Gifts (R35) end to end through the API against the local Stripe fake and the mail catcher: a visitor's card gift (only
// the signed webhook counts it: replayed, out of order, wrongly signed), bad amounts, the donor wall, staff's offline gift
// with its receipt (R39), refunds from the ledger, raised (R38), the expiry of an abandoned gift (R24), the receipt page
// and the year statement behind their keyed links.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, payments, purchases } from '../db/schema';
import { sweepHolds } from '../holds/expiry';
import { startHoldSweeper } from '../holds/sweeper';
import { fingerprint } from '../test/db-fingerprint';
import { fileAppWithStripe, fileMailCatcher } from '../test/file-app';
import { createTournament } from '../test/factories';
import { DEFAULT_LIMITS } from '../bootstrap';
import { createTestApp, uniqueEmail } from '../test/test-app';
import { GIFT_MESSAGES } from '../../shared/fundraising-schemas';

const mail = await fileMailCatcher();
const { app: t, fake } = await fileAppWithStripe({
  env: {
    SMTP_URL: mail.url,
    ORG_NAME: 'Lakeside Rotary',
    ORG_LEGAL_NAME: 'Lakeside Rotary Foundation Inc.',
    ORG_TAX_ID: '12-3456789',
  },
});
const admin = await t.createUser('admin');
const leader = await t.createUser('team_leader');

const giftBody = (tournamentId: string, overrides: Record<string, unknown> = {}) => ({
  tournamentId,
  amount: '50.00',
  name: 'Dana Donor',
  email: uniqueEmail('donor'),
  dedication: 'In honour of Grandpa Joe',
  showName: true,
  ...overrides,
});
const giftCount = async () => (await t.db.select({ n: count() }).from(purchases))[0]!.n;
const webhook = (payload: string, signature?: string) =>
  t.call('/api/payments/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    origin: null,
  });

async function giveByCard(tournamentId: string, overrides: Record<string, unknown> = {}, cookie?: string) {
  const body = giftBody(tournamentId, overrides);
  const answer = await t.call('/api/donations', { json: body, cookie });
  expect(answer.status).toBe(201);
  const session = fake.sessions.get(answer.body.sessionId)!;
  return { body, answer: answer.body, session };
}

describe('a card gift', () => {
  it('from a visitor: saved Pending, one Checkout line, counted only when the signed webhook says paid; receipt with R39 figures', async () => {
    const tournament = await createTournament(t.db);
    const { body, answer, session } = await giveByCard(tournament.id, { amount: '1,250.5' });
    expect(answer.amountCents).toBe(125_050);
    expect(session.line_items).toEqual([{ name: `Gift: ${tournament.name}`, amount: 125_050, quantity: 1 }]);
    expect(session.success_url).toContain('/give/thanks?session_id=');
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.buyerEmail, body.email));
    expect(gift).toMatchObject({ kind: 'donation', paymentStatus: 'pending', amountCents: 125_050, userId: null, showName: true });
    expect(gift!.holdUntil).not.toBeNull();
    // Not received yet: not on the wall, not raised.
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedCents).toBe(0);
    expect((await t.call(`/api/donations/checkout/${session.id}`)).body.paid).toBe(false);

    expect(await fake.pay(session.id)).toBe(200);
    expect((await t.call(`/api/donations/checkout/${session.id}`)).body.paid).toBe(true);
    const raised = (await t.call(`/api/tournaments/${tournament.id}/raised`)).body;
    expect(raised).toMatchObject({
      raisedCents: 125_050,
      raisedBySource: { teams: 0, items: 0, addons: 0, donations: 125_050, auction: 0 },
      goalCents: null,
    });
    const wall = (await t.call(`/api/tournaments/${tournament.id}/donors`)).body.donors;
    expect(wall).toEqual([expect.objectContaining({ name: 'Dana Donor', dedication: 'In honour of Grandpa Joe' })]);

    const receipt = await mail.waitFor(body.email, (m) => m.subject.startsWith('Receipt from Lakeside Rotary: $1,250.50'));
    expect(receipt.text).toContain('Lakeside Rotary Foundation Inc., tax id 12-3456789');
    expect(receipt.text).toContain('May be deductible: $1,250.50');
    expect(receipt.text).toContain('No goods or services were provided');
    // The printable receipt behind the e-mail's keyed link; without the key, nobody but staff and the payer.
    const link = /Printable receipt: (\S+)/.exec(receipt.text)![1]!;
    const url = new URL(link);
    const page = await t.call(`/api${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.body.receipt).toMatchObject({
      kind: 'donation',
      amountCents: 125_050,
      fmvCents: 0,
      deductibleCents: 125_050,
      goods: false,
      disclosure: false,
    });
    expect(page.body.organisation).toEqual({
      name: 'Lakeside Rotary',
      legalName: 'Lakeside Rotary Foundation Inc.',
      taxId: '12-3456789',
      logoUrl: null,
    });
    expect((await t.call(`/api${url.pathname}`)).status).toBe(404);
    expect((await t.call(`/api${url.pathname}?key=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await t.call(`/api${url.pathname}`, { cookie: leader.cookie })).status).toBe(404);
    expect((await t.call(`/api${url.pathname}`, { cookie: admin.cookie })).status).toBe(200);
    // The year statement behind its link.
    const statementLink = new URL(/Year statement: (\S+)/.exec(receipt.text)![1]!);
    const statement = await t.call(`/api/statements${statementLink.search}`);
    expect(statement.status).toBe(200);
    expect(statement.body.totals).toEqual({ amountCents: 125_050, fmvCents: 0, deductibleCents: 125_050 });
    expect((await t.call(`/api/statements?email=${encodeURIComponent(body.email)}&year=${statement.body.year}`)).status).toBe(404);
  });

  it("shows 'Anonymous' on the wall unless the donor allowed the name; a signed-in giver's gift is theirs", async () => {
    const tournament = await createTournament(t.db);
    const { session } = await giveByCard(tournament.id, { showName: undefined, name: 'Quiet Giver' }, leader.cookie);
    await fake.pay(session.id);
    const wall = (await t.call(`/api/tournaments/${tournament.id}/donors`)).body.donors;
    expect(wall.map((d: { name: string }) => d.name)).toEqual(['Anonymous']);
    expect(JSON.stringify(wall)).not.toContain('Quiet Giver');
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.tournamentId, tournament.id));
    expect(gift!.userId).toBe(leader.id);
    // Another signed-in user cannot read that session's status.
    const other = await t.createUser('team_leader');
    expect((await t.call(`/api/donations/checkout/${session.id}`, { cookie: other.cookie })).status).toBe(404);
  });

  it('counts once: a replayed event, a late session.expired, an unpaid completion and a forged signature change nothing', async () => {
    const tournament = await createTournament(t.db);
    const { session } = await giveByCard(tournament.id);
    const unpaid = fake.event('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect((await webhook(unpaid.payload, fake.sign(unpaid.payload))).status).toBe(200);
    const forged = fake.event('checkout.session.completed', { ...session, payment_status: 'paid', payment_intent: 'pi_forged' });
    const before = await fingerprint(t.db);
    expect((await webhook(forged.payload)).status).toBe(400);
    expect((await webhook(forged.payload, fake.sign(forged.payload, 'whsec_other'))).status).toBe(400);
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedCents).toBe(0);

    const paid = fake.event('checkout.session.completed', { ...session, payment_status: 'paid', payment_intent: 'pi_gift_once' });
    expect((await webhook(paid.payload, fake.sign(paid.payload))).body).toEqual({ received: true, duplicate: false });
    expect((await webhook(paid.payload, fake.sign(paid.payload))).body).toEqual({ received: true, duplicate: true });
    const late = fake.event('checkout.session.expired', { ...session, status: 'expired' });
    expect((await webhook(late.payload, fake.sign(late.payload))).status).toBe(200);
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedCents).toBe(5_000);
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.tournamentId, tournament.id));
    const history = await t.db
      .select({ kind: paymentEvents.kind, toState: paymentEvents.toState })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.purchaseId, gift!.id));
    expect(history).toEqual([
      { kind: 'registered', toState: 'pending' },
      { kind: 'card', toState: 'paid' },
    ]);
  });

  it.each([
    ['more than two decimals', '10.005', GIFT_MESSAGES.decimals],
    ['negative', '-10', GIFT_MESSAGES.range],
    ['zero', '0', GIFT_MESSAGES.range],
    ['below the minimum', '4.99', GIFT_MESSAGES.range],
    ['over the maximum', '100000.01', GIFT_MESSAGES.range],
    ['not a number', 'fifty', GIFT_MESSAGES.amount],
    ['a number with too many decimals', 12.345, GIFT_MESSAGES.decimals],
    ['missing', undefined, GIFT_MESSAGES.amount],
  ])('refuses an amount %s with 400 naming the field, and saves nothing', async (_label, amount, message) => {
    const tournament = await createTournament(t.db);
    const before = await giftCount();
    const sessions = fake.sessions.size;
    const answer = await t.call('/api/donations', { json: giftBody(tournament.id, { amount }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ amount: message });
    expect(await giftCount()).toBe(before);
    expect(fake.sessions.size).toBe(sessions);
  });

  it('accepts the bounds, 5.00 and 100,000.00; refuses a closed tournament (404), nothing saved', async () => {
    const tournament = await createTournament(t.db);
    expect((await t.call('/api/donations', { json: giftBody(tournament.id, { amount: '5' }) })).body.amountCents).toBe(500);
    expect((await t.call('/api/donations', { json: giftBody(tournament.id, { amount: 100000 }) })).body.amountCents).toBe(10_000_000);
    const closed = await createTournament(t.db, { active: false });
    const before = await giftCount();
    expect((await t.call('/api/donations', { json: giftBody(closed.id) })).status).toBe(404);
    expect(await giftCount()).toBe(before);
  });

  it('abandoned on the payment page: expires at the deadline like a hold, quietly (no reminder, no notice), and is not raised', async () => {
    const tournament = await createTournament(t.db);
    const { body } = await giveByCard(tournament.id);
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.buyerEmail, body.email));
    const mine = <T extends { purchaseId: string }>(notices: T[]) => notices.filter((n) => n.purchaseId === gift!.id);
    const reminded = await sweepHolds(t.db, new Date(gift!.holdUntil!.getTime() - 3600_000));
    expect(mine(reminded.remindedPurchases)).toHaveLength(1);
    // The sweeper's own pass at the deadline: expired once, and no e-mail to the donor.
    const at = new Date(gift!.holdUntil!.getTime() + 1000);
    const sweeper = startHoldSweeper({ ...t.deps, db: t.db, now: () => at }, { intervalMs: 3600_000 });
    const swept = await sweeper.runOnce();
    await sweeper.stop();
    expect(mine(swept!.expiredPurchases)).toEqual([expect.objectContaining({ kind: 'donation', label: tournament.name })]);
    expect(mine((await sweepHolds(t.db, new Date(at.getTime() + 1000))).expiredPurchases)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.messages.filter((m) => m.to.includes(body.email))).toEqual([]);
    const [after] = await t.db.select().from(payments).where(eq(payments.purchaseId, gift!.id));
    expect(after!.state).toBe('expired');
    expect((await t.call(`/api/tournaments/${tournament.id}/donors`)).body.donors).toEqual([]);
  });
});

describe('gifts started from one address (issue 31)', () => {
  it('are limited per window: 40 at once make 20 gifts and 20 Checkout sessions, the rest 429 with Retry-After; abandoned ones expire', async () => {
    // The app as configured out of the box (test apps otherwise lift per-address limits: every in-process call is 'local').
    const real = await createTestApp({ database: t.database, env: fake.env, limits: { giftsPerAddress: DEFAULT_LIMITS.giftsPerAddress } });
    try {
      const tournament = await createTournament(t.db);
      const [rowsBefore, sessionsBefore] = [await giftCount(), fake.sessions.size];
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => real.call('/api/donations', { json: giftBody(tournament.id), clientIp: '203.0.113.40' })),
      );
      const made = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 429);
      expect(DEFAULT_LIMITS.giftsPerAddress).toBe(20);
      expect([made.length, refused.length]).toEqual([20, 20]);
      for (const answer of refused) {
        expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.body.error.message).toMatch(
          /^Too many gifts were started from this address\. Please try again in (\d+ seconds?|1 minute)\.$/,
        );
      }
      // Nothing made for a refusal: no row, no Checkout Session.
      expect(await giftCount()).toBe(rowsBefore + 20);
      expect(fake.sessions.size).toBe(sessionsBefore + 20);
      // Another address is served as before.
      expect((await real.call('/api/donations', { json: giftBody(tournament.id), clientIp: '198.51.100.9' })).status).toBe(201);

      // The 20 abandoned payment pages expire at their deadline, as any abandoned gift does (R24).
      const started = await t.db.select().from(purchases).where(eq(purchases.tournamentId, tournament.id));
      expect(started).toHaveLength(21);
      expect(started.every((gift) => gift.paymentStatus === 'pending' && gift.holdUntil)).toBe(true);
      const deadline = Math.max(...started.map((gift) => gift.holdUntil!.getTime()));
      const swept = await sweepHolds(t.db, new Date(deadline + 1000));
      const ids = new Set(started.map((gift) => gift.id));
      expect(swept.expiredPurchases.filter((n) => ids.has(n.purchaseId))).toHaveLength(21);
    } finally {
      await real.close();
    }
  });
});

describe('staff', () => {
  it('record an offline gift (paid at once, who and how), receipt e-mailed; it shows in the gifts list, the ledger and raised', async () => {
    const tournament = await createTournament(t.db);
    const email = uniqueEmail('cheque');
    const recorded = await t.call('/api/admin/donations', {
      cookie: admin.cookie,
      json: {
        tournamentId: tournament.id,
        amount: '300',
        name: 'Cheque Writer',
        email,
        method: 'cheque',
        note: 'No. 1042',
        showName: true,
      },
    });
    expect(recorded.status).toBe(201);
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.id, recorded.body.id));
    expect(gift).toMatchObject({ paymentStatus: 'paid', recordedBy: admin.id, note: 'Cheque: No. 1042', amountCents: 30_000 });
    await mail.waitFor(email, (m) => m.subject === 'Receipt from Lakeside Rotary: $300.00 for Gift');
    const list = await t.call(`/api/admin/donations?tournamentId=${tournament.id}`, { cookie: admin.cookie });
    expect(list.body.gifts).toEqual([
      expect.objectContaining({ name: 'Cheque Writer', offline: true, paymentStatus: 'paid', note: 'Cheque: No. 1042' }),
    ]);
    const ledger = await t.call(`/api/admin/payments?tournamentId=${tournament.id}`, { cookie: admin.cookie });
    expect(ledger.body.payments).toEqual([
      expect.objectContaining({ kind: 'donation', teamId: null, purchaseId: gift!.id, teamName: 'Gift from Cheque Writer', state: 'paid' }),
    ]);
    expect(ledger.body.totals.receivedCents).toBe(30_000);
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedBySource.donations).toBe(30_000);
  });

  it('refuse bad offline gifts with 400 naming the field, nothing saved', async () => {
    const tournament = await createTournament(t.db);
    const before = await giftCount();
    const bad = await t.call('/api/admin/donations', {
      cookie: admin.cookie,
      json: { tournamentId: tournament.id, amount: '3', name: '', method: 'bitcoin' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ amount: GIFT_MESSAGES.range, name: GIFT_MESSAGES.name, method: GIFT_MESSAGES.method });
    expect(await giftCount()).toBe(before);
  });

  it('refund a card gift from the ledger: raised drops, the wall forgets it, the history records it', async () => {
    const tournament = await createTournament(t.db);
    const { session } = await giveByCard(tournament.id, { amount: '80' });
    await fake.pay(session.id);
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.tournamentId, tournament.id));
    const [record] = await t.db.select().from(payments).where(eq(payments.purchaseId, gift!.id));
    const refund = await t.call(`/api/admin/payments/${record!.id}/refund`, { method: 'POST', cookie: admin.cookie });
    expect(refund.status).toBe(200);
    expect(refund.body.payment).toMatchObject({ refundedCents: 8_000, kind: 'donation' });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 8_000 });
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedCents).toBe(0);
    expect((await t.call(`/api/tournaments/${tournament.id}/donors`)).body.donors).toEqual([]);
    const history = await t.call(`/api/admin/payments/${record!.id}/history`, { cookie: admin.cookie });
    expect(history.body.events.map((e: { kind: string }) => e.kind)).toEqual(['registered', 'card', 'refund']);
  });

  it('change an unpaid gift to Paid from the ledger: the purchase follows, a receipt goes', async () => {
    const tournament = await createTournament(t.db);
    const { body } = await giveByCard(tournament.id, { amount: '25' });
    const [gift] = await t.db.select().from(purchases).where(eq(purchases.buyerEmail, body.email));
    const [record] = await t.db.select().from(payments).where(eq(payments.purchaseId, gift!.id));
    const changed = await t.call(`/api/admin/payments/${record!.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { state: 'paid', note: 'Paid in cash at the desk' },
    });
    expect(changed.status).toBe(200);
    expect((await t.db.select().from(purchases).where(eq(purchases.id, gift!.id)))[0]!.paymentStatus).toBe('paid');
    await mail.waitFor(body.email, (m) => m.subject === 'Receipt from Lakeside Rotary: $25.00 for Gift (In honour of Grandpa Joe)');
  });

  it('download the year statements as CSV, formula cells neutralised', async () => {
    const tournament = await createTournament(t.db);
    await t.call('/api/admin/donations', {
      cookie: admin.cookie,
      json: { tournamentId: tournament.id, amount: '40', name: '=HYPERLINK("x")', email: uniqueEmail('csv'), method: 'cash' },
    });
    const year = new Date().getUTCFullYear();
    const csv = await t.request(`/api/admin/statements.csv?year=${year}`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'Payer,E-mail,Date,Tournament,For,Amount (USD),Refunded (USD),Value received (USD),May be deductible (USD),Reference',
    );
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect((await t.request(`/api/admin/statements.csv?year=${year}`, { cookie: leader.cookie })).status).toBe(403);
  });
});
