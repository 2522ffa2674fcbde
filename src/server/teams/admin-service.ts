// Teams as the admin area runs them (spec §2 Teams; R8, R13, R15): the paged list with search and sort, its CSV,
// one team with its payment records, and the admin's changes: add a team, set its payment status, delete it.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import {
  checkins,
  payments,
  players,
  playerScores,
  sponsorshipLevels,
  teams,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { selectTeams } from './teams-query';
import { AppError } from '../http/errors';
import { golferCapacityRefusal, NO_CAP, teamPlacesLeft } from '../../shared/capacity';
import { ADMIN_PAGE_SIZE, adminCreateTeamSchema, teamStatusSchema, type TeamListQuery } from '../../shared/admin-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { playerRow } from './player-order';
import { getTeam, type Actor } from './service';
import { golfersAtLevel, golfersInTournament } from '../holds/holds-place';
import { EXPIRED_NEEDS_REINSTATE } from '../holds/expiry';
import { recordEachRecord, recordPaymentEvents } from '../payments/payment-events';

const notFound = () => new AppError('NOT_FOUND', 'Team not found');

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const playerCount = sql<number>`(select count(*)::int from ${players} where ${players.teamId} = ${teams.id})`;

function teamFilter(query: Pick<TeamListQuery, 'tournamentId' | 'status' | 'q'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.tournamentId) conditions.push(eq(teams.tournamentId, query.tournamentId));
  if (query.status) conditions.push(eq(teams.paymentStatus, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(teams.name, pattern), ilike(teams.company, pattern)));
  }
  return and(...conditions);
}

const SORT_COLUMNS = {
  name: sql`lower(${teams.name})`,
  company: sql`lower(${teams.company})`,
  players: playerCount,
  status: teams.paymentStatus,
  registered: teams.createdAt,
} as const;

function teamRows(db: Db) {
  return selectTeams(db, {
    id: teams.id,
    name: teams.name,
    company: teams.company,
    contactName: teams.contactName,
    contactEmail: teams.contactEmail,
    contactPhone: teams.contactPhone,
    paymentStatus: teams.paymentStatus,
    createdAt: teams.createdAt,
    playerCount,
    tournamentId: teams.tournamentId,
    tournamentName: tournaments.name,
    levelName: sponsorshipLevels.name,
  });
}

function ordered(query: Pick<TeamListQuery, 'sort' | 'dir'>) {
  const by = query.dir === 'asc' ? asc : desc;
  // The id breaks ties, so pages never overlap or skip a row.
  return [by(SORT_COLUMNS[query.sort]), by(teams.id)];
}

const toItem = <T extends { paymentStatus: string; createdAt: Date }>(row: T) => ({
  ...row,
  paymentStatus: row.paymentStatus as PaymentStatus,
  createdAt: row.createdAt.toISOString(),
});

/** One page of teams (ADMIN_PAGE_SIZE), the number matching, and every tournament for the filter: three queries. */
export async function listTeamsForAdmin(db: Db, query: TeamListQuery) {
  const where = teamFilter(query);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(teams)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await teamRows(db)
    .where(where)
    .orderBy(...ordered(query))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const tournamentList = await db
    .select({ id: tournaments.id, name: tournaments.name, active: tournaments.active })
    .from(tournaments)
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));
  return { teams: rows.map(toItem), total, page, pageSize: ADMIN_PAGE_SIZE, pages, tournaments: tournamentList };
}

/** Every team matching the filters, in the list's order, as CSV rows. */
export async function teamsForExport(db: Db, query: Omit<TeamListQuery, 'page'>) {
  const rows = await teamRows(db)
    .where(teamFilter(query))
    .orderBy(...ordered(query));
  return rows.map(toItem);
}

/** One team with its players (staff may see their contacts, R11), its payment records and what a delete would remove. */
export async function getTeamForAdmin(db: Db, actor: Actor, teamId: string, now: Date, timeZone: string) {
  const team = await getTeam(db, actor, teamId, now, timeZone);
  const records = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      state: payments.state,
      note: payments.note,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .where(eq(payments.teamId, teamId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const [counts] = await queryRows<{ scores: number; checkins: number }>(
    db,
    sql`select (select count(*)::int from ${playerScores} where ${playerScores.teamId} = ${teamId}) as scores,
               (select count(*)::int from ${checkins} where ${checkins.teamId} = ${teamId} and ${checkins.checkedIn}) as checkins`,
  );
  return {
    ...team,
    payments: records.map((p) => ({
      ...p,
      state: p.state as PaymentStatus,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    })),
    removes: { players: team.players.length, payments: records.length, scores: counts!.scores, checkins: counts!.checkins },
  };
}

/**
 * Sets a team's payment status (any of the four, R15) and, in the same transaction, the state of its payment records,
 * so the ledger and the team never disagree.
 */
export async function setTeamPaymentStatus(db: Db, teamId: string, rawInput: unknown, actorUserId: string | null = null) {
  const { status } = teamStatusSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    // The team row first, then its records: the order every money change takes (R26), so none deadlock.
    const [locked] = await tx.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, teamId)).for('update');
    if (!locked) throw notFound();
    if (locked.status === 'expired') throw new AppError('CONFLICT', EXPIRED_NEEDS_REINSTATE);
    const [team] = await tx
      .update(teams)
      .set({ paymentStatus: status })
      .where(eq(teams.id, teamId))
      .returning({ id: teams.id, paymentStatus: teams.paymentStatus });
    if (!team) throw notFound();
    const before = await tx
      .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.teamId, teamId))
      .for('update');
    await tx.update(payments).set({ state: status }).where(eq(payments.teamId, teamId));
    const changed = before.filter((p) => p.state !== status);
    await recordEachRecord(tx, changed, { kind: 'status', toState: status, actorUserId });
    return {
      id: team.id,
      paymentStatus: team.paymentStatus as PaymentStatus,
      /** Records that became paid here: their receipts go out after the commit. */
      paidPaymentIds: status === 'paid' ? changed.map((p) => p.id) : [],
    };
  });
}

/** Deletes a team; its players, payment records, scores, check-ins and starting hole go with it (foreign keys cascade). */
export async function deleteTeam(db: Db, teamId: string) {
  const deleted = await db.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id });
  if (!deleted.length) throw notFound();
}

/** Tournaments and the levels each offers, with places left, for the Add Team dialog. */
export async function teamFormOptions(db: Db) {
  const list = await db
    .select({ id: tournaments.id, name: tournaments.name, active: tournaments.active })
    .from(tournaments)
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));
  const levels = await db
    .select({
      id: tournamentSponsorshipLevels.id,
      tournamentId: tournamentSponsorshipLevels.tournamentId,
      name: sponsorshipLevels.name,
      priceCents: tournamentSponsorshipLevels.priceCents,
      maxTeams: tournamentSponsorshipLevels.maxTeams,
      taken: golfersAtLevel(tournamentSponsorshipLevels.id),
    })
    .from(tournamentSponsorshipLevels)
    .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .orderBy(desc(tournamentSponsorshipLevels.priceCents), asc(sponsorshipLevels.name));
  return {
    tournaments: list.map((t) => ({
      ...t,
      levels: levels
        .filter((l) => l.tournamentId === t.id)
        .map(({ tournamentId: _t, taken, ...l }) => ({
          ...l,
          placesLeft: teamPlacesLeft({ maxTeams: l.maxTeams, golfers: taken }, NO_CAP),
        })),
    })),
  };
}

/**
 * Add Team (admin): a team with 0–4 players and its payment record (the level's price, or 0 without a level), in one
 * transaction under the tournament's row lock, so the caps hold against simultaneous registrations (R13). The team has
 * no leader account; the admin may set its status.
 */
export async function createTeamAsAdmin(db: Db, rawInput: unknown, actorUserId: string | null = null) {
  const input = adminCreateTeamSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id, maxTeams: tournaments.maxTeams })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for('update');
    if (!tournament) throw new AppError('VALIDATION', 'Please select a tournament', { tournamentId: 'Please select a tournament' });
    let level: { id: string; priceCents: number; maxTeams: number } | undefined;
    if (input.sponsorshipLevelId) {
      [level] = await tx
        .select({
          id: tournamentSponsorshipLevels.id,
          priceCents: tournamentSponsorshipLevels.priceCents,
          maxTeams: tournamentSponsorshipLevels.maxTeams,
        })
        .from(tournamentSponsorshipLevels)
        .where(
          and(eq(tournamentSponsorshipLevels.id, input.sponsorshipLevelId), eq(tournamentSponsorshipLevels.tournamentId, tournament.id)),
        );
      if (!level)
        throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
    }
    // Golfer places, with those kept for waitlist offers (R25): not free for staff either.
    const [counts] = await queryRows<{ inTournament: number; atLevel: number }>(
      tx,
      sql`select ${golfersInTournament(tournament.id)} as "inTournament", ${level ? golfersAtLevel(level.id) : sql`0`} as "atLevel"`,
    );
    // Refused by the cap that binds: the tournament's or the level's (R13), counted in golfers (R43).
    const refusal = golferCapacityRefusal(
      { maxTeams: level?.maxTeams ?? Number.MAX_SAFE_INTEGER, golfers: level ? counts!.atLevel : 0 },
      { maxTeams: tournament.maxTeams, golfers: counts!.inTournament },
      { teams: 1, singles: 0 },
    );
    if (refusal) throw new AppError('CONFLICT', refusal);
    const [team] = await tx
      .insert(teams)
      .values({
        tournamentId: tournament.id,
        tournamentSponsorshipLevelId: level?.id ?? null,
        userId: null,
        name: input.teamName,
        company: input.company,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        paymentStatus: input.paymentStatus,
      })
      .returning({ id: teams.id, name: teams.name });
    if (input.players.length) {
      // Staff fill golfers in themselves: answer links (R42) are the leader's choice.
      await tx.insert(players).values(input.players.map((p, i) => playerRow(team!.id, { ...p, answeredBy: 'leader' }, i)));
    }
    const [record] = await tx
      .insert(payments)
      .values({ teamId: team!.id, amountCents: level?.priceCents ?? 0, state: input.paymentStatus, note: 'Team added by an admin' })
      .returning({ id: payments.id, amountCents: payments.amountCents });
    // The money history starts with the record (R26).
    await recordPaymentEvents(tx, [
      {
        paymentId: record!.id,
        kind: 'registered',
        fromState: null,
        toState: input.paymentStatus,
        amountCents: record!.amountCents,
        actorUserId,
        note: 'Team added by an admin',
      },
    ]);
    return team!;
  });
}
