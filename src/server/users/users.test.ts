// Admin users API (spec §2 Users, §7; R8): list, search, pages, create, change of role, delete, and every guard.
// The concurrent demotions are a real race only on PostgreSQL (TEST_DATABASE_URL); on PGlite they run one after another.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAccount, setRole } from '../account/service';
import { account, profiles, session, user } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createRegisteredTeam } from '../test/factories';
import { insertLeaders } from '../test/fixtures';
import { TEST_PASSWORD, uniqueEmail } from '../test/test-app';
import { fileAppWithUsers } from '../test/file-app';
import { testDatabaseKind } from '../test/database';
import { changeUserRole, deleteUser } from './service';

const {
  app: t,
  admin,
  moderator,
  leader,
} = await fileAppWithUsers({
  names: {
    admin: { firstName: 'Ada', lastName: 'Admin' },
    moderator: { firstName: 'Mo', lastName: 'Derator' },
    leader: { firstName: 'Lee', lastName: 'Leader' },
  },
});

const roleOf = async (id: string) => (await t.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
const adminCount = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.role, 'admin'))
  )[0]!.n;

describe('GET /api/admin/users', () => {
  it('lists users with their role, profile names and teams led, 50 to a page', async () => {
    await insertLeaders(t.db, 55, 'bulk');
    const first = await t.call('/api/admin/users', { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(first.body.pageSize).toBe(50);
    expect(first.body.users).toHaveLength(50);
    expect(first.body.total).toBeGreaterThanOrEqual(58);
    const second = await t.call('/api/admin/users?page=2', { cookie: admin.cookie });
    expect(second.body.users.length).toBe(first.body.total - 50);
    const ids = new Set([...first.body.users, ...second.body.users].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(first.body.total);
  });

  it('searches by name and by e-mail, matching % and _ literally', async () => {
    const byName = await t.call('/api/admin/users?q=ada%20adm', { cookie: admin.cookie });
    expect(byName.body.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    expect(byName.body.users[0]).toMatchObject({ firstName: 'Ada', lastName: 'Admin', role: 'admin', emailVerified: true, teamsLed: 0 });
    const byEmail = await t.call(`/api/admin/users?q=${encodeURIComponent(moderator.email.toUpperCase())}`, { cookie: admin.cookie });
    expect(byEmail.body.users.map((u: { id: string }) => u.id)).toEqual([moderator.id]);
    const literal = await t.call('/api/admin/users?q=%25', { cookie: admin.cookie });
    expect(literal.body).toMatchObject({ users: [], total: 0 });
  });

  it('refuses a bad page number', async () => {
    const { status, body } = await t.call('/api/admin/users?page=0', { cookie: admin.cookie });
    expect(status).toBe(400);
    expect(body.error.fields.page).toBe('Page must be a whole number from 1');
  });
});

describe('POST /api/admin/users', () => {
  it('creates a confirmed account with the chosen permission, which can sign in at once', async () => {
    const email = uniqueEmail('made');
    const { status, body } = await t.call('/api/admin/users', {
      cookie: admin.cookie,
      json: { firstName: 'Nia', lastName: 'New', email: email.toUpperCase(), password: 'longenough', role: 'moderator' },
    });
    expect(status).toBe(201);
    expect(body.user).toMatchObject({ email, firstName: 'Nia', lastName: 'New', role: 'moderator', emailVerified: true });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, body.user.id));
    expect(row).toMatchObject({ firstName: 'Nia', lastName: 'New' });
    await expect(t.signIn(email, 'longenough')).resolves.toContain('=');
  });

  it('refuses a short password, a missing name, an unknown permission and a taken e-mail, saving nothing', async () => {
    const before = await fingerprint(t.db);
    const bad = await t.call('/api/admin/users', {
      cookie: admin.cookie,
      json: { firstName: '', lastName: 'X', email: 'nope', password: 'short', role: 'owner' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      firstName: 'First name is required',
      email: 'Invalid email',
      password: 'Password must be at least 8 characters',
      role: 'Choose a permission',
    });
    const taken = await t.call('/api/admin/users', {
      cookie: admin.cookie,
      json: { firstName: 'A', lastName: 'B', email: leader.email, password: TEST_PASSWORD, role: 'admin' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('User already exists. Use another email.');
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it('promotes and demotes another user; a demoted admin loses access at once', async () => {
    const staff = await t.createUser('team_leader');
    expect((await t.call('/api/admin/users', { cookie: staff.cookie })).status).toBe(403);
    const promoted = await t.call(`/api/admin/users/${staff.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe('admin');
    expect((await t.call('/api/admin/users', { cookie: staff.cookie })).status).toBe(200);
    const demoted = await t.call(`/api/admin/users/${staff.id}/role`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { role: 'moderator' },
    });
    expect(demoted.body.user.role).toBe('moderator');
    expect((await t.call('/api/admin/users', { cookie: staff.cookie })).status).toBe(403);
    await setRole(t.db, staff.id, 'team_leader');
  });

  it('refuses to demote yourself (R8), changing nothing', async () => {
    const other = await t.createUser('admin');
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`/api/admin/users/${admin.id}/role`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { role: 'moderator' },
    });
    expect(status).toBe(409);
    expect(body.error.message).toBe('You cannot remove your own admin role');
    expect(await fingerprint(t.db)).toEqual(before);
    await setRole(t.db, other.id, 'team_leader');
  });

  it('refuses to demote the last admin', async () => {
    // Only reachable through the service (the route's caller is always an admin): an actor who is the one admin.
    expect(await adminCount()).toBe(1);
    await expect(changeUserRole(t.db, admin.id, admin.id, { role: 'team_leader' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('answers 404 for an unknown user and 400 for an unknown role', async () => {
    expect((await t.call('/api/admin/users/nobody/role', { method: 'PATCH', cookie: admin.cookie, json: { role: 'admin' } })).status).toBe(
      404,
    );
    const bad = await t.call(`/api/admin/users/${leader.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'root' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Choose a permission');
  });

  it('two admins demoting each other at once leave at least one admin', async () => {
    const [a, b] = await Promise.all([t.createUser('admin'), t.createUser('admin')]);
    // Only a and b stay admins, so a wrong interleaving would leave none.
    await setRole(t.db, admin.id, 'moderator');
    try {
      const results = await Promise.allSettled([
        changeUserRole(t.db, a.id, b.id, { role: 'moderator' }),
        changeUserRole(t.db, b.id, a.id, { role: 'moderator' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await adminCount()).toBe(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(['FORBIDDEN', 'CONFLICT']).toContain(rejected.reason.code);
    } finally {
      await setRole(t.db, admin.id, 'admin');
      await setRole(t.db, a.id, 'team_leader');
      await setRole(t.db, b.id, 'team_leader');
    }
  });

  // Defined on PostgreSQL only (PGlite runs one transaction at a time, so a race there proves nothing); not a skipped test.
  if (testDatabaseKind() === 'postgres')
    it('on PostgreSQL, many rounds of mutual demotion over HTTP never leave zero admins', async () => {
      await setRole(t.db, admin.id, 'moderator');
      try {
        for (let round = 0; round < 5; round++) {
          const [a, b, c] = await Promise.all([t.createUser('admin'), t.createUser('admin'), t.createUser('admin')]);
          const calls = [
            [a, b],
            [b, c],
            [c, a],
            [a, c],
            [b, a],
            [c, b],
          ].map(([from, to]) =>
            t.call(`/api/admin/users/${to!.id}/role`, { method: 'PATCH', cookie: from!.cookie, json: { role: 'moderator' } }),
          );
          const answers = await Promise.all(calls);
          const statuses = answers.map((r) => r.status);
          expect(
            statuses.filter((s) => ![200, 403, 409].includes(s)),
            JSON.stringify(answers.map((r) => r.body)),
          ).toEqual([]);
          expect(await adminCount()).toBeGreaterThanOrEqual(1);
          for (const u of [a, b, c]) await setRole(t.db, u.id, 'team_leader');
        }
      } finally {
        await setRole(t.db, admin.id, 'admin');
      }
    });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes a user with their profile, credentials and sessions', async () => {
    const gone = await t.createUser('moderator');
    const { status } = await t.call(`/api/admin/users/${gone.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(204);
    for (const table of [profiles, account, session]) {
      expect(await t.db.select().from(table).where(eq(table.userId, gone.id))).toHaveLength(0);
    }
    expect(await roleOf(gone.id)).toBeUndefined();
    expect((await t.call('/api/account/me', { cookie: gone.cookie })).body).toEqual({ me: null });
  });

  it('refuses to delete yourself (R8)', async () => {
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`/api/admin/users/${admin.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body.error.message).toBe('You cannot delete your own account');
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('refuses to delete the last admin', async () => {
    const lone = await createUserAccount(t.db, {
      firstName: 'Lone',
      lastName: 'Admin',
      email: uniqueEmail('lone'),
      password: TEST_PASSWORD,
      role: 'admin',
    });
    await setRole(t.db, admin.id, 'moderator');
    try {
      // `lone` is now the only admin; the actor must be an admin too, so only the service shows this guard: a stale actor.
      await expect(deleteUser(t.db, admin.id, lone.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await roleOf(lone.id)).toBe('admin');
    } finally {
      await setRole(t.db, admin.id, 'admin');
      await setRole(t.db, lone.id, 'team_leader');
    }
    await expect(deleteUser(t.db, admin.id, admin.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses, naming the count, a user who leads teams', async () => {
    const captain = await t.createUser('team_leader');
    await createRegisteredTeam(t.db, captain.id);
    await createRegisteredTeam(t.db, captain.id);
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`/api/admin/users/${captain.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body.error.message).toBe('This user leads 2 teams: delete the teams first, in Admin → Teams');
    expect(await fingerprint(t.db)).toEqual(before);
    const listed = await t.call(`/api/admin/users?q=${encodeURIComponent(captain.email)}`, { cookie: admin.cookie });
    expect(listed.body.users[0].teamsLed).toBe(2);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await t.call('/api/admin/users/nobody', { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });
});

describe('who may manage users', () => {
  it('refuses a moderator and a team leader every users call, changing nothing', async () => {
    const before = await fingerprint(t.db);
    for (const caller of [moderator, leader]) {
      expect((await t.call('/api/admin/users', { cookie: caller.cookie })).status).toBe(403);
      expect(
        (await t.call(`/api/admin/users/${caller.id}/role`, { method: 'PATCH', cookie: caller.cookie, json: { role: 'admin' } })).status,
      ).toBe(403);
      expect((await t.call(`/api/admin/users/${admin.id}`, { method: 'DELETE', cookie: caller.cookie })).status).toBe(403);
      expect(
        (
          await t.call('/api/admin/users', {
            cookie: caller.cookie,
            json: { firstName: 'X', lastName: 'Y', email: uniqueEmail('x'), password: TEST_PASSWORD, role: 'admin' },
          })
        ).status,
      ).toBe(403);
    }
    expect((await t.call('/api/admin/users')).status).toBe(401);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
