// Users and roles for admins (spec §2 Users, §7 admin-*-user; R8). The R8 guards live here, each checked in the
// same transaction as the change, under a lock on every admin row: two admins demoting each other at once cannot leave none.
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { createUserAccount } from '../account/service';
import type { Db } from '../db/connect';
import { isForeignKeyViolation } from '../db/errors';
import { profiles, teams, user } from '../db/schema';
import { AppError } from '../http/errors';
import type { Role } from '../../shared/roles';
import { changeRoleSchema, createUserSchema, listUsersQuerySchema, USER_GUARD_MESSAGES, USERS_PAGE_SIZE } from '../../shared/user-schemas';
import type { AdminUser, UserPage } from './schemas';

const notFound = () => new AppError('NOT_FOUND', 'User not found');
const conflict = (message: string) => new AppError('CONFLICT', message);

/** A LIKE pattern matching `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function matches(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(user.email, pattern),
    ilike(user.name, pattern),
    ilike(sql`coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')`, pattern),
  );
}

/** One page of users (50), newest first, optionally those whose name or e-mail contains `q`. */
/** The columns of one user row on the Users page, with the number of teams they lead. */
const userColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  company: profiles.company,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
  teamsLed: sql<number>`(select count(*)::int from teams led where led.user_id = "user"."id")`,
};

interface UserRow {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  role: string;
  emailVerified: boolean;
  createdAt: Date;
  teamsLed: number;
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? row.name,
    lastName: row.lastName ?? '',
    company: row.company ?? '',
    role: row.role as Role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    teamsLed: Number(row.teamsLed),
  };
}

export async function listUsers(db: Db, rawQuery: unknown): Promise<UserPage> {
  const { q, page } = listUsersQuerySchema.parse(rawQuery ?? {});
  const where = matches(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(userColumns)
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(where)
      .orderBy(
        asc(sql`lower(coalesce(${profiles.lastName}, ${user.name}))`),
        asc(sql`lower(coalesce(${profiles.firstName}, ''))`),
        asc(user.email),
      )
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(where),
  ]);
  return {
    users: rows.map(toAdminUser),
    total: count?.n ?? 0,
    page,
    pageSize: USERS_PAGE_SIZE,
  };
}

async function getUser(db: Db, id: string): Promise<AdminUser> {
  const [row] = await db.select(userColumns).from(user).leftJoin(profiles, eq(profiles.userId, user.id)).where(eq(user.id, id));
  if (!row) throw notFound();
  return toAdminUser(row);
}

/** An account made by an admin: the chosen role, its e-mail confirmed (spec §6), user + credential + profile at once. */
export async function createUserAsAdmin(db: Db, rawInput: unknown): Promise<AdminUser> {
  const input = createUserSchema.parse(rawInput);
  const created = await createUserAccount(db, { ...input, emailVerified: true });
  return getUser(db, created.id);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises every change that could remove an admin, then locks and answers the admin rows. Row locks alone are not enough:
 * concurrent `FOR UPDATE` scans of a changing admin set deadlocked on PostgreSQL under the test's mutual demotions, so these
 * transactions first queue on one advisory lock (released at commit). Each statement after it reads what the previous holder
 * committed, so the count is current and a just-demoted actor is no longer an admin.
 */
async function lockAdmins(tx: Tx, actorId: string): Promise<Set<string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('golf-portal:admin-roles'))`);
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).orderBy(asc(user.id)).for('update');
  const admins = new Set(rows.map((r) => r.id));
  // The route checked the role before this transaction; another admin may have demoted the actor since.
  if (!admins.has(actorId)) throw new AppError('FORBIDDEN', "You don't have permission to access this page");
  return admins;
}

async function lockUser(tx: Tx, id: string) {
  const [row] = await tx.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Sets a user's role. Refused: demoting oneself, and demoting the last admin (R8). */
export async function changeUserRole(db: Db, actorId: string, targetId: string, rawInput: unknown): Promise<AdminUser> {
  const { role } = changeRoleSchema.parse(rawInput);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actorId);
    const target = await lockUser(tx, targetId);
    if (target.role === role) return;
    if (target.role === 'admin') {
      if (targetId === actorId) throw conflict(USER_GUARD_MESSAGES.selfDemote);
      if (admins.size <= 1) throw conflict(USER_GUARD_MESSAGES.lastAdmin);
    }
    await tx.update(user).set({ role }).where(eq(user.id, targetId));
  });
  return getUser(db, targetId);
}

/**
 * Deletes a user with their profile, credentials and sessions (cascades). Refused: deleting oneself, the last admin, and a
 * user who leads teams (teams.user_id is RESTRICT: the admin deletes the teams first, never silently).
 */
export async function deleteUser(db: Db, actorId: string, targetId: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (targetId === actorId) throw conflict(USER_GUARD_MESSAGES.selfDelete);
      const admins = await lockAdmins(tx, actorId);
      const target = await lockUser(tx, targetId);
      if (target.role === 'admin' && admins.size <= 1) throw conflict(USER_GUARD_MESSAGES.lastAdmin);
      const [led] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(eq(teams.userId, targetId));
      if ((led?.n ?? 0) > 0) throw conflict(USER_GUARD_MESSAGES.leadsTeams(led!.n));
      await tx.delete(user).where(eq(user.id, targetId));
    });
  } catch (error) {
    // A team registered by the user between the count and the delete: the foreign key refuses, and so do we.
    if (isForeignKeyViolation(error)) throw conflict(USER_GUARD_MESSAGES.leadsTeams(1));
    throw error;
  }
}
