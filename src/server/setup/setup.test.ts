// First run in the browser (R50): the one-time setup address makes the first admin, signed in at once; used twice, expired,
// unknown, or once an admin exists it answers 404 (page and API) and changes nothing; two uses at once make one admin.
// On PostgreSQL also with two real server processes, as behind a proxy (R49): each start prints its own address, each
// works through either process, and the first admin made through one ends both everywhere (docs/decisions/098).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOO_COMMON_MESSAGE } from '../auth/common-passwords';
import { EMAIL_TAKEN_MESSAGE, setRole } from '../account/service';
import { createOrPromoteAdmin } from '../cli/create-admin';
import { user, verification } from '../db/schema';
import { applySetCookies } from '../test/cookies';
import { fingerprint } from '../test/db-fingerprint';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { INDEX_HTML, withTempAssets } from '../test/temp-assets';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp, type TestAppOptions } from '../test/test-app';
import { SETUP_LINK_INVALID } from '../../shared/account-schemas';
import { issueSetupToken, SETUP_TOKEN_HOURS } from './service';

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** An app on a fresh database (no admin yet). */
async function freshApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  opened.push(t);
  return t;
}

const firstAdmin = () => ({ firstName: 'Robin', lastName: 'Organiser', email: uniqueEmail('first-admin'), password: TEST_PASSWORD });
const admins = (t: TestApp) => t.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.role, 'admin'));

/** Every way the address is refused: the page's API and the form's post answer 404 with the message, and nothing changes. */
async function expectRefused(t: TestApp, token: string) {
  const before = await fingerprint(t.db);
  const read = await t.call(`/api/setup/${token}`);
  expect(read.status).toBe(404);
  expect(read.body.error.message).toBe(SETUP_LINK_INVALID);
  const post = await t.call(`/api/setup/${token}`, { json: firstAdmin() });
  expect(post.status).toBe(404);
  expect(post.body.error.message).toBe(SETUP_LINK_INVALID);
  expect(post.response.headers.get('set-cookie')).toBeNull();
  expect(await fingerprint(t.db)).toEqual(before);
}

describe('the setup token', () => {
  it('is 32 random bytes; only its SHA-256 is stored, with an expiry 24 hours on', async () => {
    const t = await freshApp();
    const now = new Date();
    const token = (await issueSetupToken(t.db, now))!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db.select().from(verification).where(eq(verification.identifier, 'first-run-setup'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - now.getTime()).toBe(SETUP_TOKEN_HOURS * 3600_000);
  });

  it('is not issued once an admin exists (the server prints no address then), and earlier ones are removed', async () => {
    const t = await freshApp();
    await issueSetupToken(t.db, new Date());
    await createOrPromoteAdmin(t.db, { email: uniqueEmail('cli-admin'), password: TEST_PASSWORD });
    expect(await issueSetupToken(t.db, new Date())).toBeNull();
    expect(await t.db.select().from(verification).where(eq(verification.identifier, 'first-run-setup'))).toEqual([]);
  });
});

describe('POST /api/setup/{token}', () => {
  it('makes the first admin, e-mail confirmed and signed in at once; the address then answers 404', async () => {
    const t = await freshApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    const token = (await issueSetupToken(t.db, new Date()))!;
    expect((await t.call(`/api/setup/${token}`)).status).toBe(200);

    const input = firstAdmin();
    const created = await t.call(`/api/setup/${token}`, { json: input });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ email: input.email });
    // Signed in by the answer's cookie, even with SMTP set (a new sign-up would have to confirm its e-mail first).
    const me = await t.call('/api/account/me', { cookie: applySetCookies('', created.response) });
    expect(me.body.me).toMatchObject({
      user: { email: input.email, role: 'admin', emailVerified: true },
      profile: { firstName: 'Robin', lastName: 'Organiser' },
    });
    // The password works for a later sign-in.
    expect(await t.signIn(input.email, input.password)).toContain('session_token');

    await expectRefused(t, token);
    expect(await admins(t)).toHaveLength(1);
    // Used is used: the address does not come back even if the admin set were emptied later (a role changed in the
    // database by hand, say).
    await setRole(t.db, (await admins(t))[0]!.id, 'team_leader');
    await expectRefused(t, token);
  });

  it('works from any process on the database: an address one process printed, used through another', async () => {
    const first = await freshApp();
    const second = await freshApp({ database: first.database });
    const token = (await issueSetupToken(first.db, new Date()))!;
    const created = await second.call(`/api/setup/${token}`, { json: firstAdmin() });
    expect(created.status).toBe(201);
    await expectRefused(first, token);
  });

  it("uses sign-up's rules and messages (a common password, a taken e-mail) and keeps the address working", async () => {
    const t = await freshApp();
    const token = (await issueSetupToken(t.db, new Date()))!;
    const before = await fingerprint(t.db);
    const common = await t.call(`/api/setup/${token}`, { json: { ...firstAdmin(), password: 'password123' } });
    expect(common.status).toBe(400);
    expect(common.body.error.fields).toEqual({ password: TOO_COMMON_MESSAGE });
    const empty = await t.call(`/api/setup/${token}`, { json: { firstName: '', lastName: 'X', email: 'not-an-email', password: 'short' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({
      firstName: 'First name is required',
      email: expect.any(String),
      password: 'Password must be at least 8 characters',
    });
    // An e-mail that already has an account (a team leader who signed up first) is refused on its field: never taken over.
    const leader = await t.createUser('team_leader');
    const beforeTaken = await fingerprint(t.db);
    const taken = await t.call(`/api/setup/${token}`, { json: { ...firstAdmin(), email: leader.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(await fingerprint(t.db)).toEqual(beforeTaken);
    expect(before).not.toEqual(beforeTaken);
    expect((await t.call(`/api/setup/${token}`)).status).toBe(200);
  });

  it('answers 404 and changes nothing for an unknown token, an expired one, or once an admin exists', async () => {
    const t = await freshApp();
    const live = (await issueSetupToken(t.db, new Date()))!;
    await expectRefused(t, 'not-a-token');
    await expectRefused(t, live.slice(0, -1) + (live.endsWith('A') ? 'B' : 'A'));

    // Printed 24 hours and a second ago: expired.
    const expired = (await issueSetupToken(t.db, new Date(Date.now() - SETUP_TOKEN_HOURS * 3600_000 - 1000)))!;
    await expectRefused(t, expired);

    // An admin made by `npm run create-admin` ends every setup address.
    expect((await t.call(`/api/setup/${live}`)).status).toBe(200);
    await createOrPromoteAdmin(t.db, { email: uniqueEmail('cli-admin'), password: TEST_PASSWORD });
    await expectRefused(t, live);
  });

  it('makes one admin when the same address is used twice at once, or two addresses of two processes', async () => {
    const t = await freshApp();
    const token = (await issueSetupToken(t.db, new Date()))!;
    const results = await Promise.all([1, 2, 3].map(() => t.call(`/api/setup/${token}`, { json: firstAdmin() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 404, 404]);
    expect(await admins(t)).toHaveLength(1);

    const other = await freshApp();
    const [a, b] = [(await issueSetupToken(other.db, new Date()))!, (await issueSetupToken(other.db, new Date()))!];
    const both = await Promise.all([a, b].map((tok) => other.call(`/api/setup/${tok}`, { json: firstAdmin() })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 404]);
    expect(await admins(other)).toHaveLength(1);
  });
});

describe('the page /setup/{token}', () => {
  it('answers the app with 200 while the address works, and 404 otherwise', async () => {
    const temp = withTempAssets();
    opened.push({ close: temp.remove });
    const t = await freshApp({ assets: temp.assets });
    const token = (await issueSetupToken(t.db, new Date()))!;
    const page = await t.request(`/setup/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(INDEX_HTML);
    for (const path of ['/setup/nope', `/setup/${token}x`]) {
      const refused = await t.request(path);
      expect(refused.status).toBe(404);
      expect(await refused.text()).toBe(INDEX_HTML);
    }
    expect((await t.call(`/api/setup/${token}`, { json: firstAdmin() })).status).toBe(201);
    expect((await t.request(`/setup/${token}`)).status).toBe(404);
  });
});

/** The token of the address a process printed at start. */
async function printedToken(server: ServerProcess): Promise<string> {
  const pattern = new RegExp(`Open ${server.url}/setup/([A-Za-z0-9_-]{43}) to create one`);
  await expect.poll(() => pattern.test(server.output()), { timeout: 10_000 }).toBe(true);
  return pattern.exec(server.output())![1]!;
}

const post = (server: ServerProcess, token: string) =>
  fetch(`${server.url}/api/setup/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ firstName: 'Robin', lastName: 'Organiser', email: uniqueEmail('first-admin'), password: TEST_PASSWORD }),
  });

if (testDatabaseKind() === 'postgres') {
  describe('the setup address with two processes on one PostgreSQL (R50)', () => {
    let database: TestDatabase;
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      database = await openTestDatabase();
      [a, b] = await Promise.all([
        startServer({ DATABASE_URL: database.url!, LOG_LEVEL: 'info' }),
        startServer({ DATABASE_URL: database.url!, LOG_LEVEL: 'info' }),
      ]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database?.close();
    });

    it("each prints its own address; A's works through B, then neither works anywhere", async () => {
      const [tokenA, tokenB] = await Promise.all([printedToken(a), printedToken(b)]);
      expect(tokenA).not.toBe(tokenB);
      for (const server of [a, b]) {
        for (const token of [tokenA, tokenB]) expect((await fetch(`${server.url}/setup/${token}`)).status).toBe(200);
      }

      const created = await post(b, tokenA);
      expect(created.status).toBe(201);
      expect(created.headers.getSetCookie().join(';')).toContain('session_token');

      for (const server of [a, b]) {
        for (const token of [tokenA, tokenB]) {
          expect((await fetch(`${server.url}/setup/${token}`)).status).toBe(404);
          expect((await fetch(`${server.url}/api/setup/${token}`)).status).toBe(404);
          expect((await post(server, token)).status).toBe(404);
        }
      }
    });
  });
}
