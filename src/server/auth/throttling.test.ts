// R34, written as the attacks: a stranger cannot lock out an owner, a clubhouse behind one address is not blocked by its
// members' successful sign-ins, and the messages say when to try again. The counters live in the database (R4).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { DEFAULT_LIMITS } from '../bootstrap';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';

const STRANGER = '198.51.100.66';
const OWNER_HOME = '203.0.113.20';

const signIn = (t: TestApp, email: string, password: string, clientIp: string) =>
  t.call('/api/auth/sign-in/email', { json: { email, password }, clientIp });

describe('sign-in throttling with the shipped limits (R34)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: DEFAULT_LIMITS });
  });
  afterAll(() => t?.close());

  it('11 wrong passwords from a stranger make that stranger wait, not the owner signing in from another address', async () => {
    expect(DEFAULT_LIMITS.signInPerAccount).toBe(10);
    const owner = await t.createUser();
    for (let i = 1; i <= 10; i++) expect((await signIn(t, owner.email, `guess number ${i}`, STRANGER)).status).toBe(401);
    const eleventh = await signIn(t, owner.email, 'guess number 11', STRANGER);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
    });
    expect(Number(eleventh.response.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(eleventh.response.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // That pair waits even with the right password: the stranger cannot test guesses any more.
    expect((await signIn(t, owner.email, TEST_PASSWORD, STRANGER)).status).toBe(429);

    const home = await signIn(t, owner.email, TEST_PASSWORD, OWNER_HOME);
    expect(home.status).toBe(200);
    expect(home.body.user.id).toBe(owner.id);
  });

  // 150 password checks (argon2, ~20 ms each alone): allow for a busy machine.
  it(
    '150 sign-ins from one clubhouse address, 140 of them right: every right one succeeds (failures only count)',
    { timeout: 180_000 },
    async () => {
      const clubhouse = '192.0.2.150';
      const members = await Promise.all(Array.from({ length: 14 }, () => t.createUser()));
      const statuses: number[] = [];
      for (let round = 0; round < 10; round++) {
        for (const member of members) statuses.push((await signIn(t, member.email, TEST_PASSWORD, clubhouse)).status);
        // One member mistypes once per round (a different member each time, so no pair reaches its limit).
        statuses.push((await signIn(t, members[round]!.email, 'fat fingers', clubhouse)).status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(140);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(0);
      const [row] = await t.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `sign-in:ip:${clubhouse}`));
      expect(row!.count).toBe(10);
    },
  );

  it(
    'an address with 100 failures in the window waits, whichever accounts it tried; other addresses do not',
    { timeout: 180_000 },
    async () => {
      const scanner = '192.0.2.200';
      for (let i = 0; i < DEFAULT_LIMITS.signInPerAddress; i++) {
        expect((await signIn(t, uniqueEmail('scan'), 'password guess', scanner)).status).toBe(401);
      }
      const refused = await signIn(t, uniqueEmail('scan'), 'password guess', scanner);
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toMatch(/^Too many sign-in attempts\. Please try again in (1[0-5]|[1-9]) minutes?\.$/);
      const someone = await t.createUser();
      expect((await signIn(t, someone.email, TEST_PASSWORD, '192.0.2.201')).status).toBe(200);
    },
  );
});

describe('per-account growing delay across addresses (R34)', () => {
  let t: TestApp;
  const limits = { ...DEFAULT_LIMITS, accountDelayAfter: 3, accountDelayMaxSeconds: 60 };
  beforeAll(async () => {
    t = await createTestApp({ limits });
  });
  afterAll(() => t?.close());

  const delayOf = async (email: string) => {
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `sign-in:email:${email}`));
    return row?.blockedUntil ? Math.round((row.blockedUntil.getTime() - Date.now()) / 1000) : 0;
  };
  /** What waiting looks like to the server: the account's delay has passed. */
  const waitOut = (email: string) =>
    t.db
      .update(rateLimits)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `sign-in:email:${email}`));

  it('delays the account 1, 2, 4 … seconds after failures from many addresses, capped, and never locks it', async () => {
    const owner = await t.createUser();
    for (let i = 1; i <= 3; i++) {
      await waitOut(owner.email);
      expect((await signIn(t, owner.email, 'wrong', `198.51.100.${i}`)).status).toBe(401);
    }
    expect(await delayOf(owner.email)).toBeGreaterThanOrEqual(0);
    expect(await delayOf(owner.email)).toBeLessThanOrEqual(1);
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, 'wrong', '198.51.100.4')).status).toBe(401);
    expect(await delayOf(owner.email)).toBe(2);
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, 'wrong', '198.51.100.5')).status).toBe(401);
    expect(await delayOf(owner.email)).toBe(4);

    // During the delay, even the right password from the owner's address waits, and is told for how long.
    const during = await signIn(t, owner.email, TEST_PASSWORD, OWNER_HOME);
    expect(during.status).toBe(429);
    expect(during.body.error.message).toMatch(/^Too many failed sign-ins for this account\. Please try again in [1-4] seconds?\.$/);
    expect(Number(during.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // Many more failures: the delay stops growing at the cap.
    await t.db
      .update(rateLimits)
      .set({ count: 40 })
      .where(eq(rateLimits.key, `sign-in:email:${owner.email}`));
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, 'wrong', '198.51.100.6')).status).toBe(401);
    expect(await delayOf(owner.email)).toBe(60);

    // Not a lock: once the delay has passed, the owner signs in.
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, TEST_PASSWORD, OWNER_HOME)).status).toBe(200);
  });

  it('keeps the state in the database: another app process on it refuses the same pair and delays the same account', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < limits.signInPerAccount; i++) {
      await waitOut(owner.email);
      expect((await signIn(t, owner.email, 'wrong', STRANGER)).status).toBe(401);
    }
    const other = await createTestApp({ database: t.database, limits });
    try {
      expect((await signIn(other, owner.email, TEST_PASSWORD, STRANGER)).status).toBe(429);
      expect((await signIn(other, owner.email, TEST_PASSWORD, OWNER_HOME)).status).toBe(429);
      await waitOut(owner.email);
      expect((await signIn(other, owner.email, TEST_PASSWORD, OWNER_HOME)).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('lets the pair try again when its window has passed', async () => {
    const owner = await t.createUser('team_leader', { email: uniqueEmail('window') });
    const ip = '198.51.100.77';
    for (let i = 0; i < limits.signInPerAccount; i++) {
      await waitOut(owner.email);
      expect((await signIn(t, owner.email, 'wrong', ip)).status).toBe(401);
    }
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, TEST_PASSWORD, ip)).status).toBe(429);
    await t.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - (limits.windowSeconds + 1) * 1000) })
      .where(and(like(rateLimits.key, 'sign-in:pair:%'), like(rateLimits.key, `%${owner.email}`)));
    await waitOut(owner.email);
    expect((await signIn(t, owner.email, TEST_PASSWORD, ip)).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, limits included', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = '198.51.100.88';
    for (let i = 0; i < limits.signInPerAccount; i++) {
      await waitOut(ghost);
      expect((await signIn(t, ghost, 'wrong', ip)).status).toBe(401);
    }
    await waitOut(ghost);
    expect((await signIn(t, ghost, 'wrong', ip)).status).toBe(429);
  });

  it('counts wrong current passwords on the change form as failures of the account: a stolen session cannot guess quickly', async () => {
    const owner = await t.createUser();
    for (let i = 0; i < limits.accountDelayAfter; i++) {
      await waitOut(owner.email);
      const wrong = await t.call('/api/auth/change-password', {
        cookie: owner.cookie,
        json: { currentPassword: `guess ${i}`, newPassword: 'a new fairway 77' },
      });
      expect(wrong.status).toBe(400);
    }
    const refused = await t.call('/api/auth/change-password', {
      cookie: owner.cookie,
      json: { currentPassword: TEST_PASSWORD, newPassword: 'a new fairway 77' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many failed sign-ins for this account\. Please try again in \d+ seconds?\.$/);
    await waitOut(owner.email);
    expect(
      (
        await t.call('/api/auth/change-password', {
          cookie: owner.cookie,
          json: { currentPassword: TEST_PASSWORD, newPassword: 'a new fairway 77' },
        })
      ).status,
    ).toBe(200);
  });
});
