// Accounts and profiles: plain functions over the database, used by the routes, the CLI, the seed and the tests.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { account, profiles, user } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { assertNotCommon } from '../auth/common-passwords';
import { AppError } from '../http/errors';
import type { Me } from './schemas';
import type { Role } from '../../shared/roles';
import { profileSchema, signUpSchema, type ProfileInput, type SignUpInput } from '../../shared/account-schemas';

export const EMAIL_TAKEN_MESSAGE = 'User already exists. Use another email.';

export interface NewAccount extends SignUpInput {
  role?: Role;
  emailVerified?: boolean;
}

/** Creates the user, its password credential and its profile in one transaction: all or nothing. */
/**
 * `hash`: the password hasher, hashPassword unless a test's fixtures reuse one real hash of their shared password (each
 * hash costs ~65 ms of CPU by design, R6: the test suites create thousands of accounts).
 */
export async function createUserAccount(
  db: Db,
  input: NewAccount,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<{ id: string; email: string }> {
  const data = signUpSchema.parse(input);
  assertNotCommon(data.password);
  const id = randomBytes(16).toString('hex');
  const passwordHash = await hash(data.password);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({
        id,
        name: `${data.firstName} ${data.lastName}`,
        email: data.email,
        emailVerified: input.emailVerified ?? false,
        role: input.role ?? 'team_leader',
      });
      await tx.insert(account).values({
        id: randomBytes(16).toString('hex'),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      await tx.insert(profiles).values({ userId: id, firstName: data.firstName, lastName: data.lastName, company: data.company });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
  return { id, email: data.email };
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function setRole(db: Db, userId: string, role: Role) {
  await db.update(user).set({ role }).where(eq(user.id, userId));
}

/** Who is signed in, with the profile: every page load reads it. Built once. */
const meQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      company: profiles.company,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare('golf_me'),
);

export async function getMe(db: Db, userId: string): Promise<Me | null> {
  const [row] = await meQuery(db).execute({ userId });
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email, role: row.role as Role, emailVerified: row.emailVerified },
    profile: { firstName: row.firstName ?? '', lastName: row.lastName ?? '', company: row.company ?? '' },
  };
}

/** Updates a user's own profile (first name, last name, company); creates it if an older account has none. */
export async function updateProfile(db: Db, userId: string, input: ProfileInput) {
  const data = profileSchema.parse(input);
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId, ...data })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...data, updatedAt: new Date() } });
    await tx
      .update(user)
      .set({ name: `${data.firstName} ${data.lastName}` })
      .where(eq(user.id, userId));
  });
}
