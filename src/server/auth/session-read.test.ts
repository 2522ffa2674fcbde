// The signed-in check of every request (docs/decisions/065): better-auth's signed cookie verified here, the session and its
// user cached per process and read again when a change is heard, renewed once a day as better-auth would.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/connect';
import { session } from '../db/schema';
import { parseSetCookies } from '../test/cookies';
import { useApp } from '../test/file-app';
import type { TestApp } from '../test/test-app';
import type { SessionChanges } from './session-changes';
import { cookieValue, createSessionReader, verifiedToken } from './session-read';

const SECRET = 'test-secret-of-some-length';
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
const COOKIE = { name: 'better-auth.session_token', attributes: { path: '/', httpOnly: true, sameSite: 'lax', secure: false } };
const DAY = 24 * 60 * 60;

describe('the session cookie', () => {
  it('is found by its exact name among the others, URL-decoded', () => {
    const value = sign('abc');
    const header = `x.better-auth.session_token=nope; better-auth.session_token=${encodeURIComponent(value)}; other=1`;
    expect(cookieValue(header, COOKIE.name)).toBe(value);
    expect(cookieValue('x.better-auth.session_token=nope', COOKIE.name)).toBeNull();
    expect(cookieValue(undefined, COOKIE.name)).toBeNull();
    expect(cookieValue('better-auth.session_token=%E0%A4%A', COOKIE.name)).toBeNull();
  });

  it("accepts only a token signed with the app's secret", () => {
    expect(verifiedToken(sign('abc'), SECRET)).toBe('abc');
    expect(verifiedToken(sign('abc', 'another-secret'), SECRET)).toBeNull();
    // Another token under a signature made for 'abc'.
    expect(verifiedToken(`abd.${sign('abc').split('.')[1]}`, SECRET)).toBeNull();
    expect(verifiedToken('abc', SECRET)).toBeNull();
    expect(verifiedToken('abc.short=', SECRET)).toBeNull();
  });
});

/** A database with one session row the test controls, counting reads; and changes the test sends. */
function fixture(options: { trusted?: boolean; cacheSize?: number } = {}) {
  const row = {
    expires_at: new Date(Date.now() + 30 * DAY * 1000),
    user_id: 'u1',
    email: 'a@b.c',
    role: 'team_leader',
    email_verified: true,
    name: 'A B',
  };
  const statements: string[] = [];
  let pending: (() => void) | null = null;
  let holdNext = false;
  const database = {
    kind: 'postgres',
    prepared: async (name: string) => {
      statements.push(name);
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (pending = resolve));
      }
      return name === 'golf_read_session' ? [row] : [];
    },
  } as unknown as Database;
  let generation = 0;
  let evict: (userId: string | null) => void = () => undefined;
  const changes: SessionChanges = {
    trusted: () => options.trusted ?? true,
    generation: () => generation,
    onChange: (each) => void (evict = each),
    onSettingsChange: () => undefined,
    onDataChange: () => undefined,
    settle: async () => undefined,
    ready: async () => undefined,
    close: async () => undefined,
  };
  const reader = createSessionReader({
    database,
    secret: SECRET,
    cookie: COOKIE,
    expiresInSeconds: 30 * DAY,
    updateAgeSeconds: DAY,
    changes,
    cacheSize: options.cacheSize,
  });
  const cookieOf = (token: string) => `${COOKIE.name}=${encodeURIComponent(sign(token))}`;
  return {
    row,
    reader,
    cookieOf,
    reads: () => statements.filter((s) => s === 'golf_read_session').length,
    statements,
    hear(userId: string | null) {
      generation++;
      evict(userId);
    },
    holdNextRead: () => void (holdNext = true),
    releaseRead: () => pending?.(),
  };
}

describe('the session cache', () => {
  it('reads a session once, then answers it from memory', async () => {
    const f = fixture();
    const first = await f.reader.read(f.cookieOf('t1'));
    expect(first.viewer).toEqual({ userId: 'u1', email: 'a@b.c', role: 'team_leader', emailVerified: true, name: 'A B' });
    expect((await f.reader.read(f.cookieOf('t1'))).viewer).toEqual(first.viewer);
    expect(f.reads()).toBe(1);
  });

  it("reads again once a change to the session's user is heard, and not for another user's", async () => {
    const f = fixture();
    await f.reader.read(f.cookieOf('t1'));
    f.hear('someone-else');
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(1);
    f.hear('u1');
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(2);
    f.hear(null);
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(3);
  });

  it('does not keep a session read while a change was heard: the row may predate the change', async () => {
    const f = fixture();
    f.holdNextRead();
    const reading = f.reader.read(f.cookieOf('t1'));
    await new Promise((resolve) => setImmediate(resolve));
    f.hear('u1');
    f.releaseRead();
    expect((await reading).viewer?.userId).toBe('u1');
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(2);
  });

  it('reads the database on every request while the cache cannot be trusted', async () => {
    const f = fixture({ trusted: false });
    await f.reader.read(f.cookieOf('t1'));
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(2);
  });

  it('keeps at most cacheSize sessions, dropping the oldest', async () => {
    const f = fixture({ cacheSize: 2 });
    for (const token of ['t1', 't2', 't3', 't2', 't3']) await f.reader.read(f.cookieOf(token));
    expect(f.reads()).toBe(3);
    await f.reader.read(f.cookieOf('t1'));
    expect(f.reads()).toBe(4);
  });

  it('refuses a cookie not signed with the secret without reading anything', async () => {
    const f = fixture();
    expect((await f.reader.read(`${COOKIE.name}=${encodeURIComponent(sign('t1', 'wrong'))}`)).viewer).toBeNull();
    expect((await f.reader.read(undefined)).viewer).toBeNull();
    expect(f.statements).toEqual([]);
  });

  it('renews a session a day old for another 30 days, with its cookie, and does not keep the old expiry', async () => {
    const f = fixture();
    f.row.expires_at = new Date(Date.now() + (29 * DAY - 60) * 1000);
    const renewed = await f.reader.read(f.cookieOf('t1'));
    expect(renewed.viewer?.userId).toBe('u1');
    expect(f.statements).toEqual(['golf_read_session', 'golf_renew_session']);
    expect(renewed.renewedCookie).toBe(`${f.cookieOf('t1')}; Max-Age=${30 * DAY}; Path=/; HttpOnly; SameSite=Lax`);
    f.row.expires_at = new Date(Date.now() + 30 * DAY * 1000);
    expect((await f.reader.read(f.cookieOf('t1'))).renewedCookie).toBeUndefined();
    expect((await f.reader.read(f.cookieOf('t1'))).renewedCookie).toBeUndefined();
    expect(f.statements).toEqual(['golf_read_session', 'golf_renew_session', 'golf_read_session']);
  });

  it('refuses a session past its expiry', async () => {
    const f = fixture();
    f.row.expires_at = new Date(Date.now() - 1000);
    expect((await f.reader.read(f.cookieOf('t1'))).viewer).toBeNull();
  });
});

describe('the signed-in check through the app', () => {
  let t: TestApp;
  useApp((app) => void (t = app));

  const tokenOf = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;

  it('refuses an existing session token under a signature the app did not make', async () => {
    const leader = await t.createUser();
    const forged = `better-auth.session_token=${encodeURIComponent(sign(tokenOf(leader.cookie), 'guessed-secret'))}`;
    expect((await t.call('/api/teams/mine', { cookie: forged })).status).toBe(401);
    expect((await t.call('/api/teams/mine', { cookie: leader.cookie })).status).toBe(200);
  });

  it("renews a day-old session once, in the database and in the browser's cookie, as better-auth's own cookie", async () => {
    const leader = await t.createUser();
    const signIn = await t.request('/api/auth/sign-in/email', { json: { email: leader.email, password: leader.password } });
    const issued = parseSetCookies(signIn).find((c) => c.name === 'better-auth.session_token')!;
    const cookie = `${issued.name}=${issued.value}`;
    const token = tokenOf(cookie);
    const dayOld = new Date(Date.now() + (29 * DAY - 60) * 1000);
    await t.db.update(session).set({ expiresAt: dayOld }).where(eq(session.token, token));

    const renewed = await t.request('/api/teams/mine', { cookie });
    expect(renewed.status).toBe(200);
    const again = parseSetCookies(renewed).find((c) => c.name === 'better-auth.session_token')!;
    expect(again.value).toBe(issued.value);
    expect(Object.fromEntries(again.attributes)).toEqual(Object.fromEntries(issued.attributes));
    const [row] = await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (30 * DAY - 60) * 1000);

    const next = await t.request('/api/teams/mine', { cookie });
    expect(next.status).toBe(200);
    expect(parseSetCookies(next)).toEqual([]);
  });

  it('refuses a session whose expiry has passed', async () => {
    const leader = await t.createUser();
    expect((await t.call('/api/teams/mine', { cookie: leader.cookie })).status).toBe(200);
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(leader.cookie)));
    // A change made by hand: on PostgreSQL its NOTIFY reaches the cache a moment after the commit; settle() waits for it,
    // as the routes that end sessions do. (Time itself never serves an ended session: the cache reads again at renewAt.)
    await t.deps.sessions.settle();
    expect((await t.call('/api/teams/mine', { cookie: leader.cookie })).status).toBe(401);
  });
});
