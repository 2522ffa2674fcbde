import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema';
import { applySetCookies, parseSetCookies, pickCookies } from '../test/cookies';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp, type TestUser } from '../test/test-app';

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

const signInBody = (email: string, password = TEST_PASSWORD) => ({ json: { email, password } });

describe('sign-in, session and sign-out', () => {
  let t: TestApp;
  let admin: TestUser | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('signs in with the right password and answers the user without any token', async () => {
    const leader = await t.createUser();
    const { status, body, response } = await t.call('/api/auth/sign-in/email', signInBody(leader.email));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: leader.id, email: leader.email });
    expect(keysOf(body)).not.toContain('token');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const cookie = applySetCookies('', response);
    const current = await t.call('/api/auth/get-session', { cookie });
    expect(current.status).toBe(200);
    expect(current.body.user).toMatchObject({ id: leader.id, email: leader.email, role: 'team_leader' });
    expect(current.body.session).toBeTruthy();
    expect(keysOf(current.body)).not.toContain('token');
    // Also when read from the database rather than the signed cookie copy.
    const fromDb = await t.call('/api/auth/get-session?disableCookieCache=true', { cookie });
    expect(fromDb.body.user.id).toBe(leader.id);
    expect(keysOf(fromDb.body)).not.toContain('token');
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    const leader = await t.createUser();
    expect((await t.call('/api/auth/sign-in/email', signInBody(`  ${leader.email.toUpperCase()} `))).status).toBe(200);
  });

  it('sets HttpOnly, SameSite=Lax session cookies (R5), not Secure on http', async () => {
    const leader = await t.createUser();
    const response = await t.request('/api/auth/sign-in/email', signInBody(leader.email));
    const cookies = parseSetCookies(response);
    expect(cookies.map((c) => c.name)).toContain('better-auth.session_token');
    for (const cookie of cookies) {
      expect(cookie.attributes.has('httponly'), cookie.name).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase(), cookie.name).toBe('lax');
      expect(cookie.attributes.get('path'), cookie.name).toBe('/');
      expect(cookie.attributes.has('secure'), cookie.name).toBe(false);
    }
  });

  it('answers a wrong password exactly as an unknown e-mail (no enumeration, R6)', async () => {
    const leader = await t.createUser();
    const wrong = await t.call('/api/auth/sign-in/email', signInBody(leader.email, 'not the password'));
    const unknown = await t.call('/api/auth/sign-in/email', signInBody(uniqueEmail('nobody')));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    expect(wrong.response.headers.getSetCookie()).toEqual([]);
  });

  it('validates the sign-in form with the login messages', async () => {
    const { status, body } = await t.call('/api/auth/sign-in/email', { json: { email: 'nope', password: '' } });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ email: 'Invalid email', password: 'Password is required' });
  });

  it('answers null for get-session without a session', async () => {
    const { status, body } = await t.call('/api/auth/get-session');
    expect(status).toBe(200);
    expect(body).toBeNull();
  });

  it('ends the session on sign-out: the browser is signed out, and the old session token no longer works', async () => {
    const leader = await t.createUser();
    const signedIn = leader.cookie;
    expect((await t.call('/api/account/me', { cookie: signedIn })).body.me.user.id).toBe(leader.id);

    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie: signedIn });
    expect(out.status).toBe(200);
    const cleared = parseSetCookies(out);
    expect(cleared.filter((c) => c.cleared).map((c) => c.name)).toEqual(
      expect.arrayContaining(['better-auth.session_token', 'better-auth.session_data']),
    );
    const browser = applySetCookies(signedIn, out);
    expect(browser).toBe('');
    expect((await t.call('/api/account/me', { cookie: browser })).body).toEqual({ me: null });

    // The session is gone from the database: replaying the old token does not sign anyone in.
    expect(await t.db.select().from(session).where(eq(session.userId, leader.id))).toEqual([]);
    const oldToken = pickCookies(signedIn, (name) => name.endsWith('session_token'));
    expect(oldToken).toMatch(/session_token=/);
    expect((await t.call('/api/account/me', { cookie: oldToken })).body).toEqual({ me: null });
    expect((await t.call('/api/auth/get-session', { cookie: oldToken })).body).toBeNull();
    expect(
      (await t.call('/api/account/profile', { method: 'PUT', cookie: oldToken, json: { firstName: 'A', lastName: 'B' } })).status,
    ).toBe(401);
  });

  it('keeps other sessions of the same user when one signs out', async () => {
    const leader = await t.createUser();
    const second = await t.signIn(leader.email);
    await t.request('/api/auth/sign-out', { method: 'POST', cookie: leader.cookie });
    expect((await t.call('/api/account/me', { cookie: second })).body.me.user.id).toBe(leader.id);
  });

  it('records the socket address, not one a client claims in our header', async () => {
    const leader = await t.createUser();
    const response = await t.request('/api/auth/sign-in/email', {
      ...signInBody(leader.email),
      headers: { 'x-golf-client-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.status).toBe(200);
    const rows = await t.db.select({ ip: session.ipAddress }).from(session).where(eq(session.userId, leader.id));
    expect(rows.map((r) => r.ip)).not.toContain('203.0.113.9');
  });

  it.each([
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/update-user'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/send-verification-email'],
    ['POST', '/api/auth/revoke-sessions'],
    ['GET', '/api/auth/ok'],
    ['POST', '/api/auth/admin/set-role'],
  ])('hides better-auth endpoint %s %s (404 in our error shape)', async (method, path) => {
    admin ??= await t.createUser('admin');
    const { status, body, response } = await t.call(path, {
      method,
      cookie: admin.cookie,
      ...(method === 'POST' ? { json: { email: uniqueEmail(), password: TEST_PASSWORD, name: 'X', role: 'admin' } } : {}),
    });
    expect(status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: expect.stringContaining(path) } });
  });
});

describe('session cookies on https (R5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: 'https://golf.example.org' } });
  });
  afterAll(() => t?.close());

  it('marks every session cookie Secure with the __Secure- prefix', async () => {
    const leader = await t.createUser();
    const response = await t.request('/api/auth/sign-in/email', signInBody(leader.email));
    expect(response.status).toBe(200);
    const cookies = parseSetCookies(response);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.name).toMatch(/^__Secure-better-auth\./);
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    }
    expect((await t.call('/api/account/me', { cookie: leader.cookie })).body.me.user.id).toBe(leader.id);
  });
});
