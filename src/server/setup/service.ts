// First run in the browser (R50): while no admin exists, each start issues a one-time setup token; its address makes the
// first admin. Only the token's hash is kept, as a `verification` row (better-auth's one-time tokens: never in a backup),
// so any process on the same PostgreSQL can check an address another process printed (docs/decisions/098).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { SETUP_IDENTIFIER } from './setup-identifier';
import { user, verification } from '../db/schema';
import { createUserAccount } from '../account/service';
import { hashPassword } from '../auth/passwords';
import { assertNotCommon } from '../auth/common-passwords';
import { firstAdminSchema, type FirstAdminInput } from '../../shared/account-schemas';

/** How long a printed setup address works; a restart prints a new one. */
export const SETUP_TOKEN_HOURS = 24;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest();

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function adminExists(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1);
  return rows.length > 0;
}

/**
 * Issues a token when no admin exists: 32 random bytes (base64url), its SHA-256 kept with an expiry 24 hours on. Expired
 * tokens are removed; tokens other processes printed stay valid until they expire or an admin exists. Answers the token,
 * or null when an admin exists (any setup token left, e.g. by `npm run create-admin`, is removed then).
 */
export async function issueSetupToken(db: Db, now: Date): Promise<string | null> {
  if (await adminExists(db)) {
    await db.delete(verification).where(eq(verification.identifier, SETUP_IDENTIFIER));
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(and(eq(verification.identifier, SETUP_IDENTIFIER), lte(verification.expiresAt, now)));
    await tx.insert(verification).values({
      id: randomBytes(16).toString('hex'),
      identifier: SETUP_IDENTIFIER,
      value: hashOf(token).toString('hex'),
      expiresAt: new Date(now.getTime() + SETUP_TOKEN_HOURS * 3600_000),
    });
  });
  return token;
}

/**
 * Whether `token` matches a setup token not yet expired, compared hash to hash in constant time (every live row is
 * compared, so the time does not say which one, if any, matched).
 */
async function matchesLiveToken(db: Db | Tx, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, SETUP_IDENTIFIER), gt(verification.expiresAt, now)));
  const given = hashOf(token);
  let matched = false;
  for (const row of rows) {
    const stored = Buffer.from(row.value, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) matched = true;
  }
  return matched;
}

/** Whether the setup address with this token works now: a live token, and no admin yet. */
export async function isSetupTokenValid(db: Db, token: string, now: Date): Promise<boolean> {
  return (await matchesLiveToken(db, token, now)) && !(await adminExists(db));
}

/**
 * Makes the first admin (e-mail confirmed) with a valid token, and ends every setup token in the same transaction. Answers
 * null, having changed nothing, when the token is not valid (used, expired, unknown) or an admin exists. Concurrent uses
 * queue on the lock every change of the admin set takes (users/service.ts): the second reads the first's admin and its
 * deleted tokens, and gets null.
 */
export async function createFirstAdmin(
  db: Db,
  token: string,
  input: FirstAdminInput,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const data = firstAdminSchema.parse(input);
  // The cheap checks first: a wrong address costs no password hash.
  if (!(await isSetupTokenValid(db, token, now))) return null;
  assertNotCommon(data.password);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('golf-portal:admin-roles'))`);
    if (!(await matchesLiveToken(tx, token, now)) || (await adminExists(tx))) return null;
    const created = await createUserAccount(tx, { ...data, company: '', role: 'admin', emailVerified: true }, async () => passwordHash);
    await tx.delete(verification).where(eq(verification.identifier, SETUP_IDENTIFIER));
    return created;
  });
}
