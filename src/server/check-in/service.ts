// Golfers and their check-in for staff (spec §2 Golfers; R8, R19). Check-in is one checkins row per golfer
// recording who checked them in and when; adding a golfer is checked against the four-golfer limit under the team's row lock.
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { checkins, players, teams } from '../db/schema';
import { AppError } from '../http/errors';
import { containsPattern } from '../users/service';
import { PLAYERS_PER_TEAM } from '../../shared/team-schemas';
import {
  addGolferSchema,
  checkInSchema,
  golferTeamsQuerySchema,
  GOLFERS_PAGE_SIZE,
  handicapSchema,
  listGolfersQuerySchema,
  TEAM_FULL_MESSAGE,
} from '../../shared/golfer-schemas';
import { notifyCheckInsChanged, notifyLeaderboardChanged } from '../leaderboard/leaderboard-channel';
import type { Golfer, GolferPage } from './schemas';
import { holdsPlace } from '../holds/holds-place';
import { golferAddons } from '../addons/service';

const golferNotFound = () => new AppError('NOT_FOUND', 'Golfer not found');

// Raw SQL with aliases: drizzle leaves columns unqualified in a one-table select, which would bind them to the subquery's tables.
const checkedInByName = sql<string | null>`(select coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), u.name)
  from "user" u left join profiles p on p.user_id = u.id where u.id = "checkins"."checked_in_by")`;

/** One page (50) of a tournament's golfers by last name, optionally those whose name or team contains `q`. */
export async function listGolfers(db: Db, rawQuery: unknown): Promise<GolferPage> {
  const { tournamentId, q, page } = listGolfersQuerySchema.parse(rawQuery);
  const inTournament = and(eq(teams.tournamentId, tournamentId), holdsPlace)!; // expired teams do not come (R24)
  let where: SQL | undefined = inTournament;
  if (q) {
    const pattern = containsPattern(q);
    where = and(
      inTournament,
      or(
        ilike(sql`${players.firstName} || ' ' || ${players.lastName}`, pattern),
        ilike(players.email, pattern),
        ilike(teams.name, pattern),
      ),
    );
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
        email: players.email,
        handicapIndex: players.handicapIndex,
        teamId: teams.id,
        teamName: teams.name,
        checkedIn: sql<boolean>`coalesce(${checkins.checkedIn}, false)`,
        checkedInAt: checkins.checkedInAt,
        checkedInBy: checkedInByName,
      })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .leftJoin(checkins, eq(checkins.playerId, players.id))
      .where(where)
      .orderBy(asc(sql`lower(${players.lastName})`), asc(sql`lower(${players.firstName})`), asc(players.id))
      .limit(GOLFERS_PAGE_SIZE)
      .offset((page - 1) * GOLFERS_PAGE_SIZE),
    db
      .select({ total: count(), checkedIn: sql<number>`count(*) filter (where ${checkins.checkedIn})::int` })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .leftJoin(checkins, eq(checkins.playerId, players.id))
      .where(where),
  ]);
  const addons = await golferAddons(
    db,
    rows.map((row) => row.id),
  );
  return {
    golfers: rows.map((row) => ({
      ...row,
      addons: addons.get(row.id) ?? [],
      checkedIn: Boolean(row.checkedIn),
      checkedInAt: row.checkedInAt ? new Date(row.checkedInAt).toISOString() : null,
    })),
    total: Number(totals?.total ?? 0),
    checkedIn: Number(totals?.checkedIn ?? 0),
    page,
    pageSize: GOLFERS_PAGE_SIZE,
  };
}

/** The tournament's teams with their golfer count, for the Add Golfer dialog (a full team cannot take another). */
export async function listGolferTeams(db: Db, rawQuery: unknown) {
  const { tournamentId } = golferTeamsQuerySchema.parse(rawQuery);
  const rows = await db
    .select({ id: teams.id, name: teams.name, golfers: sql<number>`(select count(*)::int from players p where p.team_id = "teams"."id")` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), holdsPlace))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
  return rows.map((row) => ({ ...row, golfers: Number(row.golfers) }));
}

/** Adds a golfer to a team, refused when the team already has four (counted under the team's row lock). */
export async function addGolfer(db: Db, rawInput: unknown): Promise<Golfer> {
  const input = addGolferSchema.parse(rawInput);
  const created = await db.transaction(async (tx) => {
    const [team] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, input.teamId)).for('update');
    if (!team) throw new AppError('NOT_FOUND', 'Team not found', { teamId: 'Team not found' });
    const [roster] = await tx.select({ n: count() }).from(players).where(eq(players.teamId, team.id));
    if (Number(roster?.n ?? 0) >= PLAYERS_PER_TEAM) throw new AppError('CONFLICT', TEAM_FULL_MESSAGE, { teamId: TEAM_FULL_MESSAGE });
    const [row] = await tx
      .insert(players)
      .values({ teamId: team.id, firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone })
      .returning();
    return { row: row!, teamName: team.name };
  });
  const { row, teamName } = created;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    handicapIndex: null,
    teamId: row.teamId,
    teamName,
    checkedIn: false,
    checkedInAt: null,
    checkedInBy: null,
    addons: [],
  };
}

/** Records a golfer as checked in (by whom, when) or not; the one checkins row per golfer is inserted or updated. */
export async function setCheckIn(db: Db, actorId: string, playerId: string, rawInput: unknown, now: Date) {
  const { checkedIn } = checkInSchema.parse(rawInput);
  const [player] = await db
    .select({ teamId: players.teamId, tournamentId: teams.tournamentId })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(eq(players.id, playerId));
  if (!player) throw golferNotFound();
  const values = { checkedIn, checkedInAt: checkedIn ? now : null, checkedInBy: checkedIn ? actorId : null };
  await db.transaction(async (tx) => {
    await tx
      .insert(checkins)
      .values({ playerId, teamId: player.teamId, ...values })
      .onConflictDoUpdate({ target: checkins.playerId, set: values });
    // The check-in tables' live count (R19, docs/decisions/116).
    await notifyCheckInsChanged(tx, player.tournamentId);
  });
  const [row] = await db
    .select({ checkedIn: checkins.checkedIn, checkedInAt: checkins.checkedInAt, checkedInBy: checkedInByName })
    .from(checkins)
    .where(eq(checkins.playerId, playerId));
  return {
    id: playerId,
    checkedIn: row!.checkedIn,
    checkedInAt: row!.checkedInAt ? new Date(row!.checkedInAt).toISOString() : null,
    checkedInBy: row!.checkedInBy,
  };
}

/**
 * R29: sets a golfer's Handicap Index (staff, on the day); the board of the golfer's tournament changes when it scores net,
 * so its subscribers are told at commit.
 */
export async function setHandicapIndex(db: Db, playerId: string, rawInput: unknown) {
  const { handicapIndex } = handicapSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(players)
      .set({ handicapIndex })
      .where(eq(players.id, playerId))
      .returning({ id: players.id, teamId: players.teamId, handicapIndex: players.handicapIndex });
    if (!row) throw golferNotFound();
    const [team] = await tx.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, row.teamId));
    await notifyLeaderboardChanged(tx, team!.tournamentId);
    return { id: row.id, handicapIndex: row.handicapIndex };
  });
}

/** Removes a golfer (their check-in and scores go with them), under the team's row lock like additions and team edits. */
export async function deleteGolfer(db: Db, playerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [player] = await tx.select({ teamId: players.teamId }).from(players).where(eq(players.id, playerId));
    if (!player) throw golferNotFound();
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, player.teamId)).for('update');
    const deleted = await tx.delete(players).where(eq(players.id, playerId)).returning({ id: players.id });
    if (deleted.length === 0) throw golferNotFound();
  });
}
