// Admin → Settings (R51): who may read and change it, the form's rules, the environment's first defaults, the stored values
// on receipts, the event page and e-mails (signature in both parts, the From name), the test e-mail's four answers, card
// payments' state without a secret, and the logo kept by the unused-image sweep.
import net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../db/schema';
import { deleteUnusedImages } from '../images/unused-images';
import { startMailCatcher, type MailCatcher } from '../test/mail-catcher';
import { createTournament } from '../test/factories';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { createTestApp, uniqueEmail, type TestApp, type TestUser } from '../test/test-app';
import { SETTINGS_MESSAGES } from '../../shared/settings-schemas';
import { eq } from 'drizzle-orm';

const SETTINGS = '/api/admin/settings';
const TEST_EMAIL = `${SETTINGS}/test-email`;
const ENV = {
  ORG_NAME: 'Fairway Friends',
  ORG_LEGAL_NAME: 'Fairway Friends Foundation, Inc.',
  ORG_TAX_ID: '12-3456789',
  MAIL_FROM: 'Fairway Friends Golf <golf@fairway.example>',
};
const SMTP_PASSWORD = 'smtp-pass-Zq81';

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Eagle Trust',
  legalName: 'Eagle Trust for Junior Golf',
  taxId: '98-7654321',
  contactEmail: 'office@eagle.example',
  logoImageId: null,
  mailFromName: 'Eagle Trust Golf Day',
  ...overrides,
});

let t: TestApp;
let mail: MailCatcher;
let admin: TestUser;
const refused = new Set<string>();

beforeAll(async () => {
  mail = await startMailCatcher({ refuseRecipient: (to) => (refused.has(to) ? '5.1.1 <' + to + '>: Recipient address rejected' : null) });
  const smtp = new URL(mail.url);
  smtp.username = 'portal';
  smtp.password = SMTP_PASSWORD;
  t = await createTestApp({
    env: {
      ...ENV,
      SMTP_URL: smtp.toString(),
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    },
  });
  admin = await t.createUser('admin');
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

describe('access', () => {
  it('is admin only: a visitor gets 401, a team leader and a moderator 403, for reading, saving and the test e-mail', async () => {
    const leader = await t.createUser('team_leader');
    const moderator = await t.createUser('moderator');
    for (const cookie of [undefined, leader.cookie, moderator.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await t.call(SETTINGS, { cookie })).status).toBe(expected);
      expect((await t.call(SETTINGS, { method: 'PUT', json: valid({ name: 'Hijacked' }), cookie })).status).toBe(expected);
      expect((await t.call(TEST_EMAIL, { json: {}, cookie })).status).toBe(expected);
    }
    expect((await t.call(SETTINGS, { cookie: admin.cookie })).body.organisation.name).not.toBe('Hijacked');
    expect(mail.messages.filter((m) => m.subject.startsWith('Test e-mail'))).toHaveLength(0);
  });
});

describe('the first defaults', () => {
  it("answers the environment's ORG_* and MAIL_FROM's name while nothing is saved", async () => {
    const { status, body } = await t.call(SETTINGS, { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(body.organisation).toEqual({
      name: 'Fairway Friends',
      legalName: 'Fairway Friends Foundation, Inc.',
      taxId: '12-3456789',
      contactEmail: '',
      logoImageId: null,
      logoUrl: null,
      mailFromName: 'Fairway Friends Golf',
      feeBasisPoints: 0,
      feeFixedCents: 0,
      saved: false,
    });
    expect(body.mail).toEqual({ configured: true, fromAddress: 'golf@fairway.example' });
  });
});

describe('saving', () => {
  it('refuses what breaks a rule with a message on each field, and saves nothing', async () => {
    const { status, body } = await t.call(SETTINGS, {
      method: 'PUT',
      cookie: admin.cookie,
      json: valid({ name: ' ', legalName: '', taxId: '12-345', contactEmail: 'office@', mailFromName: 'Eagle <evil@x>' }),
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      name: SETTINGS_MESSAGES.name,
      legalName: SETTINGS_MESSAGES.legalName,
      taxId: SETTINGS_MESSAGES.taxId,
      contactEmail: 'Invalid email',
      mailFromName: SETTINGS_MESSAGES.mailFromNameChars,
    });
    expect((await t.call(SETTINGS, { cookie: admin.cookie })).body.organisation.saved).toBe(false);
  });

  it('saves and answers the values (an EIN typed without its dash gets it); the next read shows them', async () => {
    const saved = await t.call(SETTINGS, { method: 'PUT', cookie: admin.cookie, json: valid({ taxId: '987654321' }) });
    expect(saved.status).toBe(200);
    const expected = { ...valid(), logoUrl: null, feeBasisPoints: 0, feeFixedCents: 0, saved: true };
    expect(saved.body.organisation).toEqual(expected);
    expect((await t.call(SETTINGS, { cookie: admin.cookie })).body.organisation).toEqual(expected);
  });

  it('shows at once on the event page, the admin tournament list and the printable year statement', async () => {
    await t.call(SETTINGS, { method: 'PUT', cookie: admin.cookie, json: valid({ name: 'Birdie Club', legalName: 'Birdie Club Ltd' }) });
    await createTournament(t.db);
    const events = await t.call('/api/events');
    expect(events.body.events[0].organisation).toBe('Birdie Club');
    const list = await t.call('/api/admin/tournaments', { cookie: admin.cookie });
    expect(list.body.organisation).toBe('Birdie Club');
    const statement = await t.call(`/api/statements?year=${new Date().getUTCFullYear()}&email=${encodeURIComponent(admin.email)}`, {
      cookie: admin.cookie,
    });
    expect(statement.status).toBe(200);
    expect(statement.body.organisation).toEqual({ name: 'Birdie Club', legalName: 'Birdie Club Ltd', taxId: '98-7654321', logoUrl: null });
  });

  it('keeps the logo: an uploaded logo is refused unless it is one, and the unused-image sweep leaves it', async () => {
    const form = new FormData();
    const png = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#166534' } })
      .png()
      .toBuffer();
    form.append('file', new File([png as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
    const uploaded = await t.call('/api/images', { method: 'POST', body: form, cookie: admin.cookie });
    expect(uploaded.status).toBe(201);
    const logoImageId = uploaded.body.image.id as string;
    const unknown = await t.call(SETTINGS, {
      method: 'PUT',
      cookie: admin.cookie,
      json: valid({ logoImageId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ logoImageId: SETTINGS_MESSAGES.logoGone });

    const saved = await t.call(SETTINGS, { method: 'PUT', cookie: admin.cookie, json: valid({ logoImageId }) });
    expect(saved.body.organisation).toMatchObject({ logoImageId, logoUrl: `/api/images/${logoImageId}/w320` });
    // The printable statement carries it (R51 on R39's sheet).
    const statement = await t.call(`/api/statements?year=${new Date().getUTCFullYear()}&email=${encodeURIComponent(admin.email)}`, {
      cookie: admin.cookie,
    });
    expect(statement.body.organisation.logoUrl).toBe(`/api/images/${logoImageId}/w320`);
    expect(await deleteUnusedImages(t.db, new Date(Date.now() + 3 * 24 * 3600_000))).toBe(0);
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.id, logoImageId))).toHaveLength(1);
  });
});

describe('e-mails', () => {
  it('sign the text and the HTML part with the stored name and go out under the stored From name', async () => {
    await t.call(SETTINGS, {
      method: 'PUT',
      cookie: admin.cookie,
      json: valid({ name: 'Albatross Aid', mailFromName: 'Albatross Aid Golf' }),
    });
    const email = uniqueEmail('signed');
    await t.signUp({ email });
    const message = await mail.waitFor(email);
    expect(message.text).toContain('See you on the course.\nAlbatross Aid\n');
    expect(message.html).toContain('See you on the course.<br>Albatross Aid</p>');
    expect(message.html).not.toContain('The tournament team');
    expect(message.headers.get('from')).toBe('Albatross Aid Golf <golf@fairway.example>');
  });
});

describe('the test e-mail', () => {
  it("goes to the admin's own address and answers accepted with the mail server's reply", async () => {
    const { status, body } = await t.call(TEST_EMAIL, { json: {}, cookie: admin.cookie });
    expect(status).toBe(200);
    expect(body.result).toBe('accepted');
    expect(body.to).toBe(admin.email);
    expect(body.reply).toMatch(/^250 /);
    const sent = await mail.waitFor(admin.email, (m) => m.subject.startsWith('Test e-mail'));
    expect(sent.text).toContain('Albatross Aid');
  });

  it("answers refused with the server's 550 and its text for an address the server refuses", async () => {
    const to = uniqueEmail('refused');
    refused.add(to);
    const { body } = await t.call(TEST_EMAIL, { json: { to }, cookie: admin.cookie });
    expect(body).toEqual({ result: 'refused', to, reply: expect.stringMatching(/^550 .*Recipient address rejected/) });
  });

  it('answers unreachable when nothing listens at SMTP_URL, and not-configured without it', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await createTestApp({ database: t.database, env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const none = await createTestApp({ database: t.database, env: ENV });
    try {
      const cookie = await down.signIn(admin.email);
      const unreachable = await down.call(TEST_EMAIL, { json: {}, cookie });
      expect(unreachable.body).toMatchObject({ result: 'unreachable', to: admin.email });
      expect(unreachable.body.reply).toContain('ECONNREFUSED');
      const notSet = await none.call(TEST_EMAIL, { json: {}, cookie });
      expect(notSet.body).toEqual({ result: 'not-configured', to: admin.email, reply: '' });
    } finally {
      await down.close();
      await none.close();
    }
  });

  it("counts a typed address against the mail-to-others limits (the admin's own is not counted)", async () => {
    const capped = await createTestApp({ database: t.database, env: { ...ENV, SMTP_URL: mail.url, USER_MAIL_PER_ADDRESS: '1' } });
    try {
      const cookie = await capped.signIn(admin.email);
      const to = uniqueEmail('capped');
      expect((await capped.call(TEST_EMAIL, { json: { to }, cookie })).body.result).toBe('accepted');
      const again = await capped.call(TEST_EMAIL, { json: { to }, cookie });
      expect(again.status).toBe(429);
      expect(again.response.headers.get('retry-after')).toMatch(/^\d+$/);
      for (let i = 0; i < 2; i++) expect((await capped.call(TEST_EMAIL, { json: {}, cookie })).body.result).toBe('accepted');
    } finally {
      await capped.close();
    }
  });
});

describe('card payments', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe({ webhookUrl: `${t.config.appUrl}/api/payments/webhook` });
  });
  afterAll(() => stripe?.close());

  const deliver = async (payload: string, signature: string) =>
    (
      await t.request('/api/payments/webhook', {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        origin: null,
      })
    ).status;

  it('shows keys set, test mode and the last webhook with its result, and never a key, secret or the SMTP password', async () => {
    expect((await t.call(SETTINGS, { cookie: admin.cookie })).body.cardPayments).toEqual({
      keysSet: true,
      mode: 'test',
      lastWebhook: null,
    });

    // An event that pays nothing (its session is unpaid): applied, and noted.
    const event = {
      payload: JSON.stringify({
        id: 'evt_settings_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_settings_1', object: 'checkout.session', payment_status: 'unpaid', metadata: {} } },
      }),
    };
    expect(await deliver(event.payload, stripe.sign(event.payload))).toBe(200);
    const state = (await t.call(SETTINGS, { cookie: admin.cookie })).body.cardPayments;
    expect(state.lastWebhook).toEqual({ at: expect.any(String), result: 'applied', type: 'checkout.session.completed' });

    // A forged one is refused and changes nothing, not even what the page says.
    expect(await deliver(event.payload, stripe.sign(event.payload, 'whsec_someone_else'))).toBe(400);
    const answer = await t.request(SETTINGS, { cookie: admin.cookie });
    const text = await answer.text();
    expect(JSON.parse(text).cardPayments.lastWebhook).toEqual(state.lastWebhook);
    for (const secret of [FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, SMTP_PASSWORD, 'fake_portal'])
      expect(text).not.toContain(secret);
  });

  it('says live for a live key and nothing without keys', async () => {
    const live = await createTestApp({
      database: t.database,
      env: { ...ENV, STRIPE_SECRET_KEY: 'sk_live_51abcdefLIVEkey', STRIPE_WEBHOOK_SECRET: 'whsec_live_abcdef' },
    });
    const none = await createTestApp({ database: t.database, env: ENV });
    try {
      const cookie = await live.signIn(admin.email);
      const answer = await (await live.request(SETTINGS, { cookie })).text();
      expect(JSON.parse(answer).cardPayments).toMatchObject({ keysSet: true, mode: 'live' });
      expect(answer).not.toContain('LIVEkey');
      expect(answer).not.toContain('whsec_live');
      expect((await none.call(SETTINGS, { cookie })).body.cardPayments).toMatchObject({ keysSet: false, mode: null });
    } finally {
      await live.close();
      await none.close();
    }
  });
});
