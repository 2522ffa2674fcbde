import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, profiles, user } from '../db/schema';
import { findLink, type MailCatcher } from '../test/mail-catcher';
import { useAppWithMail } from '../test/file-app';
import { applySetCookies } from '../test/cookies';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';
import { EMAIL_TAKEN_MESSAGE } from './service';

async function rowCounts(t: TestApp) {
  const [[users], [accounts], [profileRows]] = await Promise.all([
    t.db.select({ n: count() }).from(user),
    t.db.select({ n: count() }).from(account),
    t.db.select({ n: count() }).from(profiles),
  ]);
  return { users: users!.n, accounts: accounts!.n, profiles: profileRows!.n };
}

describe('account without SMTP (R7: no confirmation needed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  describe('POST /api/account/sign-up', () => {
    it('creates a team leader with a profile, and the user can sign in at once', async () => {
      const email = uniqueEmail('Mixed.Case');
      const { response, body } = await t.signUp({
        firstName: 'Pat',
        lastName: 'Putter',
        email: `  ${email.toUpperCase()} `,
        company: 'Acme',
      });
      expect(response.status).toBe(201);
      expect(body).toEqual({ requiresConfirmation: false });

      const [row] = await t.db.select().from(user).where(eq(user.email, email.toLowerCase()));
      expect(row).toMatchObject({ name: 'Pat Putter', role: 'team_leader', emailVerified: false });
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, row!.id));
      expect(profile).toMatchObject({ firstName: 'Pat', lastName: 'Putter', company: 'Acme' });
      const [credential] = await t.db.select().from(account).where(eq(account.userId, row!.id));
      expect(credential!.providerId).toBe('credential');
      expect(credential!.password).toMatch(/^\$argon2id\$/);
      expect(credential!.password).not.toContain(TEST_PASSWORD);

      const cookie = await t.signIn(email.toLowerCase());
      const me = await t.call('/api/account/me', { cookie });
      expect(me.body.me).toEqual({
        user: { id: row!.id, email: email.toLowerCase(), role: 'team_leader', emailVerified: false },
        profile: { firstName: 'Pat', lastName: 'Putter', company: 'Acme' },
      });
    });

    it('stores an empty company when none is given', async () => {
      const { response, input } = await t.signUp({ company: undefined });
      expect(response.status).toBe(201);
      const [row] = await t.db
        .select({ company: profiles.company })
        .from(profiles)
        .innerJoin(user, eq(user.id, profiles.userId))
        .where(eq(user.email, input.email));
      expect(row).toEqual({ company: '' });
    });

    it('prints the confirmation link in the log instead of sending it, without the address it was for', async () => {
      const from = t.logs.length;
      const { input } = await t.signUp();
      const line = t.logs.slice(from).find((l) => l.message.includes('not sent'));
      expect(line?.fields?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
      expect(line?.message).not.toContain(input.email);
    });

    it("answers a taken e-mail as a new one (R34), creates nothing and keeps the owner's account as it was", async () => {
      const { input, response, body } = await t.signUp();
      const before = await rowCounts(t);
      const again = await t.signUp({ email: input.email.toUpperCase(), firstName: 'Other', password: 'another long password' });
      expect(again.response.status).toBe(response.status);
      expect(again.body).toEqual(body);
      expect(JSON.stringify(again.body)).not.toContain(EMAIL_TAKEN_MESSAGE);
      expect(await rowCounts(t)).toEqual(before);
      expect((await t.call('/api/auth/sign-in/email', { json: { email: input.email, password: 'another long password' } })).status).toBe(
        401,
      );
    });

    it.each([
      [{ firstName: '' }, { firstName: 'First name is required' }],
      [{ lastName: ' ' }, { lastName: 'Last name is required' }],
      [{ email: 'nope' }, { email: 'Invalid email' }],
      [{ password: 'short12' }, { password: 'Password must be at least 8 characters' }],
    ])('refuses %j with 400, the message per field, and creates nothing', async (change, fields) => {
      const before = await rowCounts(t);
      const { response, body } = await t.signUp(change);
      expect(response.status).toBe(400);
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.fields).toEqual(fields);
      expect(body.error.message).toBe(Object.values(fields)[0]);
      expect(await rowCounts(t)).toEqual(before);
    });

    it('refuses a body without fields, naming each one', async () => {
      const { status, body } = await t.call('/api/account/sign-up', { json: {} });
      expect(status).toBe(400);
      expect(body.error.fields).toEqual({
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email',
        password: 'Password must be at least 8 characters',
      });
    });

    it('never lets the sign-up choose a role', async () => {
      const { input } = await t.signUp({ role: 'admin' } as never);
      const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.email, input.email));
      expect(row).toEqual({ role: 'team_leader' });
    });
  });

  describe('GET /api/account/me', () => {
    it('answers null without a session', async () => {
      const { status, body, response } = await t.call('/api/account/me');
      expect(status).toBe(200);
      expect(body).toEqual({ me: null });
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('answers null for a made-up session cookie', async () => {
      const { body } = await t.call('/api/account/me', { cookie: 'better-auth.session_token=forged.value' });
      expect(body).toEqual({ me: null });
    });

    it("answers the signed-in user's account and profile", async () => {
      const leader = await t.createUser('moderator', { firstName: 'Mo', lastName: 'Derator', company: 'Club' } as never);
      const { body } = await t.call('/api/account/me', { cookie: leader.cookie });
      expect(body).toEqual({
        me: {
          user: { id: leader.id, email: leader.email, role: 'moderator', emailVerified: true },
          profile: { firstName: 'Mo', lastName: 'Derator', company: 'Club' },
        },
      });
    });
  });

  describe('PUT /api/account/profile', () => {
    it('refuses without a session (401) and changes nothing', async () => {
      const before = await t.db.select().from(profiles);
      const { status, body } = await t.call('/api/account/profile', { method: 'PUT', json: { firstName: 'X', lastName: 'Y' } });
      expect(status).toBe(401);
      expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' } });
      expect(await t.db.select().from(profiles)).toEqual(before);
    });

    it('updates only the own profile and the account name', async () => {
      const me = await t.createUser();
      const other = await t.createUser();
      const { status, body } = await t.call('/api/account/profile', {
        method: 'PUT',
        cookie: me.cookie,
        json: { firstName: ' Robin ', lastName: 'Birdie', company: 'Fairway Ltd' },
      });
      expect(status).toBe(200);
      expect(body.me.profile).toEqual({ firstName: 'Robin', lastName: 'Birdie', company: 'Fairway Ltd' });
      expect(body.me.user.id).toBe(me.id);
      const [row] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, me.id));
      expect(row).toEqual({ name: 'Robin Birdie' });
      const [otherProfile] = await t.db.select().from(profiles).where(eq(profiles.userId, other.id));
      expect(otherProfile).toMatchObject({ firstName: 'Casey', lastName: 'Leader' });
      // The change shows on the next read, whatever the session cache holds.
      expect((await t.call('/api/account/me', { cookie: me.cookie })).body.me.profile.firstName).toBe('Robin');
    });

    it('clears the company when it is left out', async () => {
      const me = await t.createUser('team_leader', { company: 'Old Co' } as never);
      const { body } = await t.call('/api/account/profile', { method: 'PUT', cookie: me.cookie, json: { firstName: 'A', lastName: 'B' } });
      expect(body.me.profile.company).toBe('');
    });

    it.each([
      [{ firstName: '', lastName: 'B' }, { firstName: 'First name is required' }],
      [{ firstName: 'A', lastName: '' }, { lastName: 'Last name is required' }],
      [{}, { firstName: 'First name is required', lastName: 'Last name is required' }],
    ])('refuses %j with the profile messages', async (json, fields) => {
      const me = await t.createUser();
      const before = await t.db.select().from(profiles).where(eq(profiles.userId, me.id));
      const { status, body } = await t.call('/api/account/profile', { method: 'PUT', cookie: me.cookie, json });
      expect(status).toBe(400);
      expect(body.error.fields).toEqual(fields);
      expect(await t.db.select().from(profiles).where(eq(profiles.userId, me.id))).toEqual(before);
    });

    it('ignores attempts to change the role through the profile', async () => {
      const me = await t.createUser();
      await t.call('/api/account/profile', { method: 'PUT', cookie: me.cookie, json: { firstName: 'A', lastName: 'B', role: 'admin' } });
      const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, me.id));
      expect(row).toEqual({ role: 'team_leader' });
    });
  });
});

describe('account with SMTP (R7: confirm before signing in)', () => {
  let t: TestApp;
  let mail: MailCatcher;
  useAppWithMail(
    (app, catcher) => {
      t = app;
      mail = catcher;
    },
    { env: { MAIL_FROM: 'Golf Desk <desk@example.org>' } },
  );

  it('sends the confirmation e-mail, refuses sign-in until the link is followed, then signs in', async () => {
    const { response, body, input } = await t.signUp({ firstName: 'Robin' });
    expect(response.status).toBe(201);
    expect(body).toEqual({ requiresConfirmation: true });

    const message = await mail.waitFor(input.email);
    expect(message.from).toBe('desk@example.org');
    expect(message.subject).toBe('Confirm your e-mail for the golf tournament');
    expect(message.text).toContain('Hi Robin,');
    expect(message.html).toContain('Confirm my e-mail');
    const link = findLink(message, `${t.config.appUrl}/api/auth/verify-email?`);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/api/auth/verify-email');
    expect(url.searchParams.get('token')).toBeTruthy();
    expect(url.searchParams.get('callbackURL')).toBe('http://localhost:3000/register');
    // The HTML part carries the same link (HTML-escaped).
    expect(message.html).toContain(link.replace(/&/g, '&amp;'));

    const early = await t.call('/api/auth/sign-in/email', { json: { email: input.email, password: input.password } });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toMatch(/verif/i);
    expect(early.response.headers.getSetCookie().filter((c) => !/max-age=0/i.test(c))).toEqual([]);

    const followed = await t.request(url.pathname + url.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('http://localhost:3000/register');
    const cookie = applySetCookies('', followed);
    expect(cookie).toContain('better-auth.session_token=');
    const me = await t.call('/api/account/me', { cookie });
    expect(me.body.me.user).toMatchObject({ email: input.email, emailVerified: true, role: 'team_leader' });

    const later = await t.call('/api/auth/sign-in/email', { json: { email: input.email, password: input.password } });
    expect(later.status).toBe(200);
  });

  it('does not confirm with a forged token', async () => {
    const { input } = await t.signUp();
    const forged = await t.request(
      '/api/auth/verify-email?token=not-a-token&callbackURL=' + encodeURIComponent('http://localhost:3000/register'),
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/register\?error=/);
    expect(forged.headers.getSetCookie()).toEqual([]);
    const [row] = await t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, input.email));
    expect(row).toEqual({ emailVerified: false });
  });

  it('refuses a confirmation link that would lead to another site, and confirms nothing', async () => {
    const { input } = await t.signUp();
    const url = new URL(findLink(await mail.waitFor(input.email), `${t.config.appUrl}/api/auth/verify-email?`));
    url.searchParams.set('callbackURL', 'https://evil.example/steal');
    const response = await t.request(url.pathname + url.search);
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    const [row] = await t.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, input.email));
    expect(row).toEqual({ emailVerified: false });
  });

  it('keeps the account when the e-mail cannot be sent, and signing in sends the confirmation again', async () => {
    const broken = await createTestApp({ database: t.database, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const { response, input } = await broken.signUp();
    expect(response.status).toBe(201);
    expect(broken.logs.some((l) => l.level === 'error' && l.message.includes('confirmation e-mail failed'))).toBe(true);
    expect(mail.messages.some((m) => m.to.includes(input.email))).toBe(false);

    const refused = await t.call('/api/auth/sign-in/email', { json: { email: input.email, password: input.password } });
    expect(refused.status).toBe(403);
    const resent = await mail.waitFor(input.email);
    const url = new URL(findLink(resent, `${t.config.appUrl}/api/auth/verify-email?`));
    expect(url.searchParams.get('callbackURL')).toBe('http://localhost:3000/register');
    const followed = await t.request(url.pathname + url.search);
    expect(followed.headers.get('location')).toBe('http://localhost:3000/register');
    expect((await t.call('/api/auth/sign-in/email', { json: { email: input.email, password: input.password } })).status).toBe(200);
  });
});
