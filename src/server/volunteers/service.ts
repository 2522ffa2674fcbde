// Volunteers (R60): staff invite someone by e-mail to one tournament as scorer or for check-in until a date; the link's
// holder signs up or in and accepts, which binds the grant to their account; staff see them all and end access at once.
// The grant is read on every request of a volunteer route (grant-check.ts), so nothing here needs a cache emptied.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { tournaments, user, volunteerGrants } from '../db/schema';
import { AppError } from '../http/errors';
import { createUserAccount } from '../account/service';
import {
  inviteVolunteerSchema,
  VOLUNTEER_MESSAGES,
  volunteerSignUpSchema,
  type InviteVolunteerInput,
  type VolunteerSignUpInput,
  type VolunteerStatus,
} from '../../shared/volunteer-schemas';
import type { VolunteerRole } from '../../shared/roles';

/** The token only ever travels in the e-mail; the row keeps its SHA-256, so a copy of the database opens nothing. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface VolunteerRow {
  id: string;
  email: string;
  role: VolunteerRole;
  until: string;
  status: VolunteerStatus;
  acceptedName: string | null;
  acceptedAt: Date | null;
  endedAt: Date | null;
  invitedByName: string | null;
  createdAt: Date;
}

function statusOf(row: { acceptedAt: Date | null; endedAt: Date | null; until: string }, today: string): VolunteerStatus {
  if (row.endedAt) return 'ended';
  if (row.until < today) return 'expired';
  return row.acceptedAt ? 'active' : 'invited';
}

/** Staff invite (R60): the grant row, and the token for the e-mail's link (never stored). */
export async function inviteVolunteer(db: Db, input: InviteVolunteerInput, invitedBy: string, today: string) {
  const data = inviteVolunteerSchema.parse(input);
  if (data.until < today) throw new AppError('VALIDATION', VOLUNTEER_MESSAGES.untilPast, { until: VOLUNTEER_MESSAGES.untilPast });
  const [tournament] = await db
    .select({ id: tournaments.id, name: tournaments.name })
    .from(tournaments)
    .where(eq(tournaments.id, data.tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const token = randomBytes(32).toString('base64url');
  const [grant] = await db
    .insert(volunteerGrants)
    .values({ tournamentId: tournament.id, email: data.email, role: data.role, until: data.until, invitedBy, tokenHash: hashToken(token) })
    .returning({ id: volunteerGrants.id });
  return { id: grant!.id, token, tournamentName: tournament.name, email: data.email, role: data.role, until: data.until };
}

const accepted = alias(user, 'accepted');
const inviter = alias(user, 'inviter');

/** A tournament's volunteers, newest first, with where each stands today. */
export async function listVolunteers(db: Db, tournamentId: string, today: string): Promise<VolunteerRow[]> {
  const rows = await db
    .select({
      id: volunteerGrants.id,
      email: volunteerGrants.email,
      role: volunteerGrants.role,
      until: volunteerGrants.until,
      acceptedAt: volunteerGrants.acceptedAt,
      endedAt: volunteerGrants.endedAt,
      createdAt: volunteerGrants.createdAt,
      acceptedName: accepted.name,
      invitedByName: inviter.name,
    })
    .from(volunteerGrants)
    .leftJoin(accepted, eq(accepted.id, volunteerGrants.acceptedUserId))
    .leftJoin(inviter, eq(inviter.id, volunteerGrants.invitedBy))
    .where(eq(volunteerGrants.tournamentId, tournamentId))
    .orderBy(sql`${volunteerGrants.createdAt} desc`, asc(volunteerGrants.id));
  return rows.map((row) => ({ ...row, role: row.role as VolunteerRole, status: statusOf(row, today) }));
}

/** Staff end a volunteer's access: from the next request on, in every process (grant-check.ts reads the row each time). */
export async function endVolunteerAccess(db: Db, grantId: string, endedBy: string, now: Date) {
  const [ended] = await db
    .update(volunteerGrants)
    .set({ endedAt: now, endedBy })
    .where(and(eq(volunteerGrants.id, grantId), isNull(volunteerGrants.endedAt)))
    .returning({ id: volunteerGrants.id });
  if (ended) return;
  const [exists] = await db.select({ id: volunteerGrants.id }).from(volunteerGrants).where(eq(volunteerGrants.id, grantId));
  if (!exists) throw new AppError('NOT_FOUND', 'Volunteer not found');
}

/** What an invitation's page shows: for whom, what, where, until when, and whether it can still be accepted. */
export async function findInvitation(db: Db, token: string, today: string) {
  const [row] = await db
    .select({
      id: volunteerGrants.id,
      email: volunteerGrants.email,
      role: volunteerGrants.role,
      until: volunteerGrants.until,
      acceptedAt: volunteerGrants.acceptedAt,
      acceptedUserId: volunteerGrants.acceptedUserId,
      endedAt: volunteerGrants.endedAt,
      tournamentId: volunteerGrants.tournamentId,
      tournamentName: tournaments.name,
    })
    .from(volunteerGrants)
    .innerJoin(tournaments, eq(tournaments.id, volunteerGrants.tournamentId))
    .where(eq(volunteerGrants.tokenHash, hashToken(token)));
  if (!row) return null;
  return { ...row, role: row.role as VolunteerRole, status: statusOf(row, today) };
}

/**
 * The signed-in user accepts (R60): the invitation must be open (not ended, not past its day, not taken by another account)
 * and theirs (the e-mail it was sent to). Accepting again is no change.
 */
export async function acceptInvitation(db: Db, token: string, viewer: { userId: string; email: string }, today: string, now: Date) {
  const invitation = await findInvitation(db, token, today);
  const open =
    invitation && (invitation.status === 'invited' || (invitation.status === 'active' && invitation.acceptedUserId === viewer.userId));
  if (!invitation || !open) throw new AppError('NOT_FOUND', VOLUNTEER_MESSAGES.invitationGone);
  if (invitation.email !== viewer.email.trim().toLowerCase())
    throw new AppError('FORBIDDEN', VOLUNTEER_MESSAGES.otherEmail(invitation.email));
  if (invitation.acceptedUserId === viewer.userId) return invitation;
  const [taken] = await db
    .update(volunteerGrants)
    .set({ acceptedUserId: viewer.userId, acceptedAt: now })
    .where(
      and(
        eq(volunteerGrants.id, invitation.id),
        isNull(volunteerGrants.acceptedUserId),
        isNull(volunteerGrants.endedAt),
        gte(volunteerGrants.until, today),
      ),
    )
    .returning({ id: volunteerGrants.id });
  if (!taken) throw new AppError('NOT_FOUND', VOLUNTEER_MESSAGES.invitationGone);
  return invitation;
}

/**
 * A new account from the invitation's link, then accepted. The link reached the address, so the account needs no second
 * confirmation e-mail (R7's purpose is met; docs/decisions/115). An address that has an account is told to sign in.
 */
export async function signUpAndAccept(
  db: Db,
  token: string,
  input: VolunteerSignUpInput,
  today: string,
  now: Date,
  hash?: (password: string) => Promise<string>,
) {
  const data = volunteerSignUpSchema.parse(input);
  const invitation = await findInvitation(db, token, today);
  if (!invitation || invitation.status !== 'invited') throw new AppError('NOT_FOUND', VOLUNTEER_MESSAGES.invitationGone);
  let created: { id: string; email: string };
  try {
    created = await createUserAccount(db, { ...data, email: invitation.email, emailVerified: true }, hash);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', VOLUNTEER_MESSAGES.accountExists);
    throw error;
  }
  await acceptInvitation(db, token, { userId: created.id, email: created.email }, today, now);
  return { userId: created.id, email: created.email };
}

/** The tournaments where `userId` holds a live grant of `role` today. */
export async function liveGrantTournaments(db: Db, userId: string, role: VolunteerRole, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tournamentId: volunteerGrants.tournamentId })
    .from(volunteerGrants)
    .where(
      and(
        eq(volunteerGrants.acceptedUserId, userId),
        eq(volunteerGrants.role, role),
        isNull(volunteerGrants.endedAt),
        gte(volunteerGrants.until, today),
      ),
    );
  return rows.map((row) => row.tournamentId);
}

/** The signed-in user's live grants, for their volunteer pages (the client's nav; the server guards each route itself). */
export async function myVolunteerGrants(db: Db, userId: string, today: string) {
  return db
    .select({
      id: volunteerGrants.id,
      tournamentId: volunteerGrants.tournamentId,
      tournamentName: tournaments.name,
      role: sql<VolunteerRole>`${volunteerGrants.role}`,
      until: volunteerGrants.until,
    })
    .from(volunteerGrants)
    .innerJoin(tournaments, eq(tournaments.id, volunteerGrants.tournamentId))
    .where(and(eq(volunteerGrants.acceptedUserId, userId), isNull(volunteerGrants.endedAt), gte(volunteerGrants.until, today)))
    .orderBy(asc(tournaments.startDate), asc(tournaments.name), asc(volunteerGrants.role));
}
