// Registering one or several teams (R13, R14): capacity checked and rows written in one transaction, all or nothing.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  idempotencyKeys,
  paymentEvents,
  payments,
  players,
  sponsorshipLevels,
  teams,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { holdsPlace, reservedAtLevel, reservedInTournament } from '../holds/holds-place';
import { waitlistEntries } from '../db/schema';
import { AppError } from '../http/errors';
import { capacityRefusal } from '../../shared/capacity';
import { HOLD_HOURS, isEditable, REGISTRATION_CLOSED_MESSAGE } from '../../shared/editing-lock';
import { PLAYERS_PER_TEAM, registrationSchema, type RegistrationInput } from '../../shared/team-schemas';
import { playerRow } from '../teams/player-order';
import { issueLinks } from '../golfer-answers/links';
import type { Invitation } from '../golfer-answers/invitations';

export interface Registration {
  teams: { id: string; name: string; players: { firstName: string; lastName: string; email: string }[] }[];
  tournament: { name: string; startDate: string };
  levelName: string;
  priceCents: number;
  totalCents: number;
  paymentOption: RegistrationInput['paymentOption'];
  holdUntil: Date | null;
  contactEmail: string;
  contactName: string;
  /** R42: the golfers asked to answer for themselves, each with their personal link's token (for the e-mail only). */
  invitations: Invitation[];
}

type Executor = Pick<Db, 'select'>;

/**
 * The tournament, the chosen level and both counts, in one statement. Places kept for waitlist offers count as taken,
 * except the caller's own offer (`offerEntryId`) when registering through it (R25).
 */
async function readCapacity(db: Executor, tournamentId: string, levelId: string, offerEntryId: string | null = null) {
  const [row] = await db
    .select({
      name: tournaments.name,
      startDate: tournaments.startDate,
      active: tournaments.active,
      tournamentMaxTeams: tournaments.maxTeams,
      levelId: tournamentSponsorshipLevels.id,
      levelName: sponsorshipLevels.name,
      priceCents: tournamentSponsorshipLevels.priceCents,
      levelMaxTeams: tournamentSponsorshipLevels.maxTeams,
      inTournament: sql<number>`((select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id} and ${holdsPlace}) + ${reservedInTournament(tournaments.id, offerEntryId)})`,
      atLevel: sql<number>`((select count(*)::int from ${teams} where ${teams.tournamentSponsorshipLevelId} = ${tournamentSponsorshipLevels.id} and ${holdsPlace}) + ${reservedAtLevel(tournamentSponsorshipLevels.id, offerEntryId)})`,
    })
    .from(tournaments)
    .leftJoin(
      tournamentSponsorshipLevels,
      and(eq(tournamentSponsorshipLevels.id, levelId), eq(tournamentSponsorshipLevels.tournamentId, tournaments.id)),
    )
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .where(eq(tournaments.id, tournamentId));
  return row;
}

/** The caller's open offer for this level, or a refusal. */
async function findOffer(db: Pick<Db, 'select'>, userId: string, token: string, levelId: string, now: Date) {
  const [entry] = await db
    .select({ id: waitlistEntries.id, expiresAt: waitlistEntries.offerExpiresAt })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offerToken, token),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.tournamentSponsorshipLevelId, levelId),
        eq(waitlistEntries.status, 'offered'),
      ),
    );
  if (!entry || !entry.expiresAt || entry.expiresAt <= now) throw new AppError('CONFLICT', OFFER_GONE_MESSAGE);
  return entry;
}

/** Refuses what cannot be registered (an inactive or closed tournament, a foreign level, too few places), else the level. */
function admit(row: Awaited<ReturnType<typeof readCapacity>>, teamCount: number, now: Date, timeZone: string | undefined) {
  if (!row || !row.active) {
    throw new AppError('VALIDATION', 'This tournament is not open for registration', { tournamentId: 'Please select a tournament' });
  }
  if (timeZone && !isEditable(row.startDate, now, timeZone)) {
    throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE, { tournamentId: REGISTRATION_CLOSED_MESSAGE });
  }
  if (!row.levelId || row.levelMaxTeams == null || row.priceCents == null || row.levelName == null) {
    throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
  }
  // Refused by the cap that binds: the tournament's or the level's (R13).
  const refusal = capacityRefusal(
    { maxTeams: row.levelMaxTeams, taken: row.atLevel },
    { maxTeams: row.tournamentMaxTeams, taken: row.inTournament },
    teamCount,
  );
  if (refusal) throw new AppError('CONFLICT', refusal);
  return { id: row.levelId, name: row.levelName, priceCents: row.priceCents };
}

export interface RegisterOptions {
  /** How long the places are kept unpaid (R24); HOLD_HOURS by default. */
  holdHours?: number;
  /** Card payments are on (R23): an unpaid card registration then gets a deadline too; without them it behaves as before. */
  cardPayments?: boolean;
  /** The browser's Idempotency-Key (R27): the first answer is saved with the registration and returned to a replay. */
  idempotencyKey?: string;
  /** A waitlist offer's token (R25): its kept places are this registration's to use. */
  offerToken?: string;
}

export const OFFER_GONE_MESSAGE = 'This waitlist offer has expired or was already used';

/** A replay of an earlier request with the same Idempotency-Key: its saved answer. */
export interface Replay {
  replay: { status: number; body: unknown };
}

export const IDEMPOTENCY_MISMATCH_MESSAGE = 'This Idempotency-Key was already used for a different registration';

const requestHash = (input: unknown) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

async function savedAnswer(db: Pick<Db, 'select'>, userId: string, key: string, hash: string): Promise<Replay | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('CONFLICT', IDEMPOTENCY_MISMATCH_MESSAGE);
  return { replay: { status: row.status, body: JSON.parse(row.response) } };
}

/** The answer the route gives for a registration, saved for replays (R27). */
export const registrationAnswer = (registration: Registration, extra: Record<string, unknown> = {}) => ({
  teams: registration.teams.map(({ id, name }) => ({ id, name })),
  totalCents: registration.totalCents,
  holdUntil: registration.holdUntil?.toISOString() ?? null,
  ...extra,
});

/** Replaces a saved answer (the Checkout link is added once the session exists). */
export async function updateSavedAnswer(db: Db, userId: string, key: string, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response: JSON.stringify(body) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/**
 * `timeZone` closes registration at the editing lock (R17), as the route always asks; fixtures that seed a team into a
 * tournament already under way leave it out.
 */
export async function registerTeams(db: Db, userId: string, rawInput: unknown, now: Date, timeZone?: string): Promise<Registration> {
  const outcome = await registerTeamsOnce(db, userId, rawInput, now, timeZone);
  if ('replay' in outcome) throw new Error('unreachable: no idempotency key was given');
  return outcome;
}

/** registerTeams with the options of R24 and R27: a replayed Idempotency-Key answers the first answer and saves nothing. */
export async function registerTeamsOnce(
  db: Db,
  userId: string,
  rawInput: unknown,
  now: Date,
  timeZone?: string,
  options: RegisterOptions = {},
): Promise<Registration | Replay> {
  const input = registrationSchema.parse(rawInput);
  const holdHours = options.holdHours ?? HOLD_HOURS;
  const expires = input.paymentOption === 'hold' || options.cardPayments === true;
  const holdUntil = expires ? new Date(now.getTime() + holdHours * 3600_000) : null;
  const key = options.idempotencyKey;
  const hash = key ? requestHash(input) : '';

  if (key) {
    const saved = await savedAnswer(db, userId, key, hash);
    if (saved) return saved;
  }

  const offer = options.offerToken ? await findOffer(db, userId, options.offerToken, input.sponsorshipLevelId, now) : null;
  // A first look without the lock refuses what cannot fit (a sold-out level, a closed tournament) without queueing
  // behind every registration in progress. A refusal here is at worst a moment stale; an acceptance is decided again
  // below, under the lock.
  admit(await readCapacity(db, input.tournamentId, input.sponsorshipLevelId, offer?.id ?? null), input.teams.length, now, timeZone);

  return db.transaction(async (tx): Promise<Registration | Replay> => {
    if (key) {
      // Claims the key first: a second request with it waits here until the first commits, then finds its answer (or,
      // if the first failed and rolled back, carries on as the first).
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, status: 201, response: 'null' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return (await savedAnswer(tx, userId, key, hash))!;
    }
    // Every registration for a tournament takes its row lock first, so the counts read next cannot change until we
    // commit (read in a statement of their own: a statement's snapshot starts when it does, after the lock is granted).
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, input.tournamentId)).for('update');
    // The offer is checked again under the lock: it may have lapsed or been used meanwhile.
    if (offer && !(await findOffer(tx, userId, options.offerToken!, input.sponsorshipLevelId, now)))
      throw new AppError('CONFLICT', OFFER_GONE_MESSAGE);
    const row = await readCapacity(tx, input.tournamentId, input.sponsorshipLevelId, offer?.id ?? null);
    const level = admit(row, input.teams.length, now, timeZone);
    if (offer) await tx.update(waitlistEntries).set({ status: 'used' }).where(eq(waitlistEntries.id, offer.id));

    // Teams, players and payments in one statement (data-modifying WITHs, the team ids made here): the lock is held for
    // two statements and the commit.
    const status = input.paymentOption === 'pay' ? 'pending' : 'hold';
    const created = input.teams.map((team) => ({ id: randomUUID(), name: team.teamName, paymentId: randomUUID() }));
    const teamRows = tx.insert(teams).values(
      created.map((team) => ({
        id: team.id,
        tournamentId: input.tournamentId,
        tournamentSponsorshipLevelId: level.id,
        userId,
        name: team.name,
        company: input.company,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        paymentStatus: status,
        holdUntil,
      })),
    );
    // Golfers who answer for themselves (R42) get their id here, for their answer link.
    const asked = created.flatMap((team, i) =>
      input.teams[i]!.players.flatMap((p) => (p.answeredBy === 'golfer' ? [{ player: p, id: randomUUID(), teamName: team.name }] : [])),
    );
    const idOf = new Map(asked.map((a) => [a.player, a.id]));
    const playerRows = tx
      .insert(players)
      .values(
        created.flatMap((team, i) => input.teams[i]!.players.map((p, j) => playerRow(team.id, p, i * PLAYERS_PER_TEAM + j, idOf.get(p)))),
      );
    const paymentState = input.paymentOption === 'pay' ? 'pending' : 'in_progress';
    const paymentRows = tx.insert(payments).values(
      created.map((team) => ({
        id: team.paymentId,
        teamId: team.id,
        amountCents: level.priceCents,
        state: paymentState,
        note: input.paymentOption === 'pay' ? 'Card payment chosen at registration' : `Held for ${holdHours} hours at registration`,
      })),
    );
    // The money history starts here (R26), in the same statement.
    const eventRows = tx.insert(paymentEvents).values(
      created.map((team) => ({
        paymentId: team.paymentId,
        kind: 'registered',
        fromState: null,
        toState: paymentState,
        amountCents: level.priceCents,
        actorUserId: userId,
      })),
    );
    await tx.execute(
      sql`with inserted_teams as (${teamRows.getSQL()}), inserted_players as (${playerRows.getSQL()}), inserted_payments as (${paymentRows.getSQL()}) ${eventRows.getSQL()}`,
    );
    const tokens = await issueLinks(
      tx,
      asked.map((a) => a.id),
    );

    const registration: Registration = {
      teams: created.map((team, i) => ({ id: team.id, name: team.name, players: input.teams[i]!.players })),
      tournament: { name: row!.name, startDate: row!.startDate },
      levelName: level.name,
      priceCents: level.priceCents,
      totalCents: level.priceCents * created.length,
      paymentOption: input.paymentOption,
      holdUntil,
      contactEmail: input.contactEmail,
      contactName: input.contactName,
      invitations: asked.map((a) => ({
        email: a.player.email,
        firstName: a.player.firstName,
        teamName: a.teamName,
        token: tokens.get(a.id)!,
      })),
    };
    if (key)
      await tx
        .update(idempotencyKeys)
        .set({ response: JSON.stringify(registrationAnswer(registration)) })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return registration;
  });
}
