import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAccount } from '../account/service';
import { verifyPassword } from '../auth/passwords';
import { account, profiles, user } from '../db/schema';
import { AppError } from '../http/errors';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { loadConfig } from '../config';
import { CliFailure, openCliDatabase } from './args';
import { createOrPromoteAdmin, DEFAULT_ADMIN_NAME } from './create-admin';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function loadUser(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('createOrPromoteAdmin', () => {
  it('creates a confirmed admin with a profile and a password that verifies', async () => {
    const result = await createOrPromoteAdmin(database.db, {
      email: ' Boss@Example.org ',
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(result).toMatchObject({ action: 'created', email: 'boss@example.org' });

    const created = await loadUser('boss@example.org');
    expect(created).toMatchObject({ id: result.userId, role: 'admin', emailVerified: true, name: 'Ada Lovelace' });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, result.userId));
    expect(profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', company: '' });
    const [credential] = await database.db.select().from(account).where(eq(account.userId, result.userId));
    expect(credential?.providerId).toBe('credential');
    expect(await verifyPassword({ hash: credential!.password!, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: credential!.password!, password: 'wrong horse battery' })).toBe(false);
  });

  it('names a new admin by default when no name is given', async () => {
    const result = await createOrPromoteAdmin(database.db, { email: 'noname@example.org', password: 'long enough' });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, result.userId));
    expect(profile).toMatchObject(DEFAULT_ADMIN_NAME);
  });

  it('promotes an existing team leader and leaves its password and confirmation unchanged', async () => {
    const leader = await createUserAccount(database.db, {
      firstName: 'Tom',
      lastName: 'Leader',
      email: 'leader@example.org',
      password: 'leader-password',
    });
    const result = await createOrPromoteAdmin(database.db, { email: 'LEADER@example.org', password: 'another-password' });
    expect(result).toEqual({
      action: 'promoted',
      userId: leader.id,
      email: 'leader@example.org',
      previousRole: 'team_leader',
      emailVerified: false,
    });

    expect(await loadUser('leader@example.org')).toMatchObject({ role: 'admin', emailVerified: false });
    const [credential] = await database.db.select().from(account).where(eq(account.userId, leader.id));
    expect(await verifyPassword({ hash: credential!.password!, password: 'leader-password' })).toBe(true);
    expect(await verifyPassword({ hash: credential!.password!, password: 'another-password' })).toBe(false);
  });

  it('promotes an existing account without a password, and says when it is already an admin', async () => {
    await createUserAccount(database.db, {
      firstName: 'Mo',
      lastName: 'Derator',
      email: 'mod@example.org',
      password: 'mod-password',
      role: 'moderator',
    });
    expect(await createOrPromoteAdmin(database.db, { email: 'mod@example.org' })).toMatchObject({
      action: 'promoted',
      previousRole: 'moderator',
    });
    expect(await createOrPromoteAdmin(database.db, { email: 'mod@example.org' })).toMatchObject({ action: 'already-admin' });
    expect(await loadUser('mod@example.org')).toMatchObject({ role: 'admin' });
  });

  it('rejects a short password and creates nothing', async () => {
    const attempt = createOrPromoteAdmin(database.db, { email: 'short@example.org', password: 'seven77' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION', message: 'Password must be at least 8 characters' });
    expect(await loadUser('short@example.org')).toBeUndefined();
  });

  it('rejects an invalid e-mail, and a new account without a password', async () => {
    await expect(createOrPromoteAdmin(database.db, { email: 'not-an-email', password: 'long enough' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Invalid email',
    });
    await expect(createOrPromoteAdmin(database.db, { email: 'nobody@example.org' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'No account uses nobody@example.org; a password is needed to create it',
    });
    expect(await loadUser('nobody@example.org')).toBeUndefined();
  });
});

describe('openCliDatabase', () => {
  it('refuses an embedded database that another process has open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'golf-cli-'));
    try {
      // The folder's lock held by a live process (our parent stands in for a running server).
      writeFileSync(join(dir, 'portal.lock'), String(process.ppid));
      const config = loadConfig({ DATA_DIR: dir });
      await expect(openCliDatabase(config)).rejects.toBeInstanceOf(CliFailure);
      await expect(openCliDatabase(config)).rejects.toThrow(/in use by another portal process \(pid \d+\).*Is the server running/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
