// R33, written as the mistakes and the attacks: old cookies replayed after sign-out, a password change, a deletion or a
// demotion; a reset link used twice or after an hour; sign-up probing which e-mails have accounts; common passwords.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, session, user, verification } from '../db/schema';
import { applySetCookies } from '../test/cookies';
import { findLink } from '../test/mail-catcher';
import { fileAppWithMail } from '../test/file-app';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestUser } from '../test/test-app';
import { INVALID_RESET_LINK } from '../../shared/account-schemas';
import { RESET_LINK_SECONDS } from './auth';
import { TOO_COMMON_MESSAGE } from './common-passwords';
import { RESET_SENT, WRONG_CURRENT_PASSWORD } from './routes';

const NEW_PASSWORD = 'a brand new fairway 9';

const { app: t, mail } = await fileAppWithMail();

/** Signed in as a browser would be: every cookie the sign-in set (the session token, and any cached copy). */
async function browserOf(u: TestUser, clientIp?: string): Promise<string> {
  const response = await t.request('/api/auth/sign-in/email', { json: { email: u.email, password: u.password }, clientIp });
  expect(response.status).toBe(200);
  return applySetCookies('', response);
}

const me = async (cookie: string) => (await t.call('/api/account/me', { cookie })).body.me?.user.id ?? null;
const profilePut = (cookie: string) =>
  t.call('/api/account/profile', { method: 'PUT', cookie, json: { firstName: 'Re', lastName: 'Play' } });

describe('the old cookies stop working at once (R33)', () => {
  it('after sign-out: replaying every cookie the browser had is refused on the next request', async () => {
    const leader = await t.createUser();
    const cookies = await browserOf(leader);
    expect(await me(cookies)).toBe(leader.id);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', cookie: cookies })).status).toBe(200);
    // The attacker kept a copy of the cookies (a shared clubhouse computer) and sends them again right away.
    expect(await me(cookies)).toBeNull();
    expect((await t.call('/api/auth/get-session', { cookie: cookies })).body).toBeNull();
    const put = await profilePut(cookies);
    expect(put.status).toBe(401);
    expect(put.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('after an admin deletes the account: its cookies get 401', async () => {
    const admin = await t.createUser('admin');
    const leader = await t.createUser();
    const cookies = await browserOf(leader);
    expect(await me(cookies)).toBe(leader.id);
    expect((await t.call(`/api/admin/users/${leader.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect(await me(cookies)).toBeNull();
    expect((await profilePut(cookies)).status).toBe(401);
  });

  it('after an admin demotes a moderator: the very next staff request gets 403, and the session shows the new role', async () => {
    const admin = await t.createUser('admin');
    const moderator = await t.createUser('moderator');
    const cookies = await browserOf(moderator);
    expect((await t.call('/api/admin/dashboard', { cookie: cookies })).status).toBe(200);
    const demoted = await t.call(`/api/admin/users/${moderator.id}/role`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { role: 'team_leader' },
    });
    expect(demoted.status).toBe(200);
    const refused = await t.call('/api/admin/dashboard', { cookie: cookies });
    expect(refused.status).toBe(403);
    expect((await t.call('/api/auth/get-session', { cookie: cookies })).body.user.role).toBe('team_leader');
  });

  it('after a password change: every other session of the account is refused, this one goes on', async () => {
    const leader = await t.createUser();
    const phone = await browserOf(leader);
    const laptop = await browserOf(leader);
    // The phone was in use just before (its session read, and kept by the session cache).
    expect(await me(phone)).toBe(leader.id);
    const changed = await t.call('/api/auth/change-password', {
      cookie: laptop,
      json: { currentPassword: leader.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toContain('token');
    const laptopNow = applySetCookies(laptop, changed.response);
    expect(await me(laptopNow)).toBe(leader.id);
    expect(await me(phone)).toBeNull();
    expect((await profilePut(phone)).status).toBe(401);
    const [{ n }] = (await t.db.select({ n: count() }).from(session).where(eq(session.userId, leader.id))) as [{ n: number }];
    expect(n).toBe(1);
    // The old password no longer signs in; the new one does.
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: leader.password } })).status).toBe(401);
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: NEW_PASSWORD } })).status).toBe(200);
  });
});

describe('changing the password (R33, R34)', () => {
  it('refuses a wrong current password with a field message, changing nothing', async () => {
    const leader = await t.createUser();
    const [before] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, leader.id));
    const wrong = await t.call('/api/auth/change-password', {
      cookie: leader.cookie,
      json: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    const [after] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, leader.id));
    expect(after).toEqual(before);
    expect(await me(leader.cookie)).toBe(leader.id);
  });

  it.each(['password', '12345678', 'Qwertyuiop', ' iloveyou1 '])('refuses the common password %j', async (common) => {
    const leader = await t.createUser();
    const refused = await t.call('/api/auth/change-password', {
      cookie: leader.cookie,
      json: { currentPassword: leader.password, newPassword: common },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ newPassword: TOO_COMMON_MESSAGE });
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: leader.password } })).status).toBe(200);
  });

  it('needs a session', async () => {
    const refused = await t.call('/api/auth/change-password', { json: { currentPassword: 'whatever1', newPassword: NEW_PASSWORD } });
    expect(refused.status).toBe(401);
  });
});

describe('forgot password: the reset link (R33)', () => {
  const ask = (email: string) => t.call('/api/auth/request-password-reset', { json: { email } });

  async function resetLinkFor(u: TestUser): Promise<{ url: string; token: string }> {
    const before = mail.messages.length;
    const asked = await ask(u.email);
    expect(asked.status).toBe(200);
    const sent = await mail.waitFor(
      u.email,
      (m) => m.subject === 'Reset your golf tournament password' && mail.messages.indexOf(m) >= before,
    );
    const url = findLink(sent, `${t.config.appUrl}/reset-password?token=`);
    return { url, token: new URL(url).searchParams.get('token')! };
  }

  it('answers the same whether or not the e-mail has an account, and mails only the owner', async () => {
    const leader = await t.createUser();
    const known = await ask(leader.email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await ask(unknownEmail);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ message: RESET_SENT });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const sent = await mail.waitFor(leader.email, (m) => m.subject === 'Reset your golf tournament password');
    expect(sent.text).toContain('once, for one hour');
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.messages.filter((m) => m.to.includes(unknownEmail))).toEqual([]);
  });

  it('sets the new password once, ends every session, and the link then no longer works', async () => {
    const leader = await t.createUser();
    const oldBrowser = await browserOf(leader);
    expect(await me(oldBrowser)).toBe(leader.id);
    const { token } = await resetLinkFor(leader);
    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const lifetime = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(RESET_LINK_SECONDS - 60);
    expect(lifetime).toBeLessThanOrEqual(RESET_LINK_SECONDS);

    const done = await t.call('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: true });
    expect(await me(oldBrowser)).toBeNull();
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: leader.password } })).status).toBe(401);
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: NEW_PASSWORD } })).status).toBe(200);

    // Used twice: refused, and the password stays the one set first.
    const again = await t.call('/api/auth/reset-password', { json: { token, newPassword: 'someone elses 4 wood' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'VALIDATION', message: INVALID_RESET_LINK, fields: { token: INVALID_RESET_LINK } });
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('refuses a link older than an hour, changing nothing', async () => {
    const leader = await t.createUser();
    const { token } = await resetLinkFor(leader);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const late = await t.call('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } });
    expect(late.status).toBe(400);
    expect(late.body.error.fields).toEqual({ token: INVALID_RESET_LINK });
    expect((await t.call('/api/auth/sign-in/email', { json: { email: leader.email, password: leader.password } })).status).toBe(200);
  });

  it('refuses a common or short new password and keeps the link usable', async () => {
    const leader = await t.createUser();
    const { token } = await resetLinkFor(leader);
    const common = await t.call('/api/auth/reset-password', { json: { token, newPassword: 'password1' } });
    expect(common.status).toBe(400);
    expect(common.body.error.fields).toEqual({ newPassword: TOO_COMMON_MESSAGE });
    const short = await t.call('/api/auth/reset-password', { json: { token, newPassword: 'short' } });
    expect(short.body.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect((await t.call('/api/auth/reset-password', { json: { token, newPassword: NEW_PASSWORD } })).status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const made = await t.call('/api/auth/reset-password', { json: { token: 'x'.repeat(24), newPassword: NEW_PASSWORD } });
    expect(made.status).toBe(400);
    expect(made.body.error.fields).toEqual({ token: INVALID_RESET_LINK });
  });

  it('limits reset requests per e-mail, saying when to try again', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < t.deps.limits.resetPerAccount; i++) expect((await ask(email)).status).toBe(200);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many reset requests\. Please try again in \d+ minutes?\.$/);
  });
});

describe('sign-up tells no one which e-mails have accounts (R34)', () => {
  it('answers an existing e-mail exactly as a new one, and mails the owner a way to reset', async () => {
    const owner = await t.createUser();
    const fresh = await t.signUp({ email: uniqueEmail('fresh') });
    const before = await t.db.select({ n: count() }).from(user);
    const taken = await t.signUp({ email: owner.email.toUpperCase(), password: 'a different password 7' });
    expect(taken.response.status).toBe(fresh.response.status);
    expect(taken.body).toEqual(fresh.body);
    expect(await t.db.select({ n: count() }).from(user)).toEqual(before);

    const told = await mail.waitFor(owner.email, (m) => m.subject === 'You already have a golf tournament account');
    expect(findLink(told, `${t.config.appUrl}/forgot-password`)).toBe(`${t.config.appUrl}/forgot-password`);
    expect(mail.messages.filter((m) => m.to.includes(owner.email) && /Confirm/.test(m.subject))).toEqual([]);
    // The owner's password is untouched.
    expect((await t.call('/api/auth/sign-in/email', { json: { email: owner.email, password: TEST_PASSWORD } })).status).toBe(200);
  });

  it.each(['password', '12345678', 'sunshine1'])('refuses the common password %j (400, nothing saved)', async (common) => {
    const email = uniqueEmail('weak');
    const { response, body } = await t.signUp({ email, password: common });
    expect(response.status).toBe(400);
    expect(body.error.fields).toEqual({ password: TOO_COMMON_MESSAGE });
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('limits sign-ups per address, saying when to try again; another address is not affected', async () => {
    const limited = await createTestApp({ database: t.database, env: { SMTP_URL: mail.url }, limits: { signUpPerAddress: 2 } });
    try {
      const up = (clientIp: string) =>
        limited.call('/api/account/sign-up', {
          json: { firstName: 'Sam', lastName: 'Spam', email: uniqueEmail('spam'), password: TEST_PASSWORD },
          clientIp,
        });
      expect((await up('192.0.2.9')).status).toBe(201);
      expect((await up('192.0.2.9')).status).toBe(201);
      const third = await up('192.0.2.9');
      expect(third.status).toBe(429);
      expect(third.body.error.message).toMatch(/^Too many sign-ups from this address\. Please try again in \d+ minutes?\.$/);
      expect((await up('192.0.2.10')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
