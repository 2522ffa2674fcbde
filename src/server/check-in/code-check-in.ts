// R61: check-in by the golfer's QR code. A read shows the golfer (name, team, starting hole, check-in); a tap checks them in,
// once: a second read or tap says when and by whom, and changes nothing. An unknown code or another tournament's is
// refused with a message and changes nothing. docs/decisions/116.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { checkins, players, teamAssignments, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { holdsPlace } from '../holds/holds-place';
import {
  badgesQuerySchema,
  CHECK_IN_CODE_PATTERN,
  checkedInAtMessage,
  checkInByCodeSchema,
  otherTournamentMessage,
  UNKNOWN_CODE_MESSAGE,
} from '../../shared/golfer-schemas';
import { startingHoleLabel, type StartGroup } from '../../shared/tournament-day';
import { notifyCheckInsChanged } from '../leaderboard/leaderboard-channel';
import type { CodeGolfer } from './schemas';

const checkedInByName = sql<string | null>`(select coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), u.name)
  from "user" u left join profiles p on p.user_id = u.id where u.id = "checkins"."checked_in_by")`;

/** The golfer a code belongs to, in the given tournament; refused (nothing read further) otherwise. */
async function golferOfCode(db: Db, tournamentId: string, code: string) {
  if (!CHECK_IN_CODE_PATTERN.test(code)) throw new AppError('NOT_FOUND', UNKNOWN_CODE_MESSAGE);
  const [row] = await db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      teamId: teams.id,
      teamName: teams.name,
      tournamentId: teams.tournamentId,
      tournamentName: tournaments.name,
      startingHole: teamAssignments.startingHole,
      startGroup: teamAssignments.startGroup,
      checkedIn: sql<boolean>`coalesce(${checkins.checkedIn}, false)`,
      checkedInAt: checkins.checkedInAt,
      checkedInBy: checkedInByName,
    })
    .from(players)
    .innerJoin(teams, and(eq(teams.id, players.teamId), holdsPlace))
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .leftJoin(teamAssignments, and(eq(teamAssignments.teamId, teams.id), eq(teamAssignments.tournamentId, teams.tournamentId)))
    .leftJoin(checkins, eq(checkins.playerId, players.id))
    .where(eq(players.checkInCode, code));
  if (!row) throw new AppError('NOT_FOUND', UNKNOWN_CODE_MESSAGE);
  if (row.tournamentId !== tournamentId) throw new AppError('CONFLICT', otherTournamentMessage(row.tournamentName));
  return row;
}

type Row = Awaited<ReturnType<typeof golferOfCode>>;

function toAnswer(row: Row, timeZone: string): CodeGolfer {
  const checkedInAt = row.checkedInAt ? new Date(row.checkedInAt) : null;
  const checkedIn = Boolean(row.checkedIn);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    teamId: row.teamId,
    teamName: row.teamName,
    startingHole: row.startingHole === null ? null : startingHoleLabel(row.startingHole, row.startGroup as StartGroup),
    checkedIn,
    checkedInAt: checkedInAt?.toISOString() ?? null,
    checkedInBy: row.checkedInBy,
    status: checkedIn && checkedInAt ? checkedInAtMessage(checkedInAt, row.checkedInBy, timeZone) : 'Not checked in yet',
  };
}

/** What the camera read: the golfer, their team and starting hole, and whether (when, by whom) they are checked in. */
export async function readCode(db: Db, rawInput: unknown, timeZone: string): Promise<CodeGolfer> {
  const { tournamentId, code } = checkInByCodeSchema.parse(rawInput);
  return toAnswer(await golferOfCode(db, tournamentId, code), timeZone);
}

/**
 * Checks the code's golfer in, unless they already are: then the first check-in (who, when) stands and is answered
 * (`already`). One conditional upsert, so two phones reading the same badge at once check the golfer in once.
 */
export async function checkInByCode(
  db: Db,
  actorId: string,
  rawInput: unknown,
  now: Date,
  timeZone: string,
): Promise<{ golfer: CodeGolfer; already: boolean }> {
  const { tournamentId, code } = checkInByCodeSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const found = await golferOfCode(tx, tournamentId, code);
    const values = { checkedIn: true, checkedInAt: now, checkedInBy: actorId };
    const saved = await tx
      .insert(checkins)
      .values({ playerId: found.id, teamId: found.teamId, ...values })
      .onConflictDoUpdate({ target: checkins.playerId, set: values, setWhere: sql`${checkins.checkedIn} = false` })
      .returning({ id: checkins.id });
    const already = saved.length === 0;
    if (!already) await notifyCheckInsChanged(tx, tournamentId);
    return { golfer: toAnswer(await golferOfCode(tx, tournamentId, code), timeZone), already };
  });
}

/** The day's numbers (R19): golfers checked in, and golfers expected (every golfer of a team that holds its place). */
export async function checkInTally(db: Db, tournamentId: string): Promise<{ checkedIn: number; expected: number }> {
  const [row] = await db
    .select({ expected: sql<number>`count(*)::int`, checkedIn: sql<number>`count(*) filter (where ${checkins.checkedIn})::int` })
    .from(players)
    .innerJoin(teams, and(eq(teams.id, players.teamId), eq(teams.tournamentId, tournamentId), holdsPlace))
    .leftJoin(checkins, eq(checkins.playerId, players.id));
  return { checkedIn: Number(row?.checkedIn ?? 0), expected: Number(row?.expected ?? 0) };
}

/** R61: the check-in codes of these teams' golfers, for the confirmation e-mail, by team then name. */
export async function checkInCodesOfTeams(db: Db, teamIds: string[]) {
  if (teamIds.length === 0) return [];
  const rows = await db
    .select({ firstName: players.firstName, lastName: players.lastName, teamName: teams.name, code: players.checkInCode })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(inArray(players.teamId, teamIds))
    .orderBy(asc(teams.name), asc(players.lastName), asc(players.firstName), asc(players.id));
  return rows.map((row) => ({ name: `${row.firstName} ${row.lastName}`.trim(), teamName: row.teamName, code: row.code }));
}

/** R61: the name badges to print, one per golfer: all the tournament's, or one team's; by team, then name. */
export async function listBadges(db: Db, rawQuery: unknown) {
  const { tournamentId, teamId } = badgesQuerySchema.parse(rawQuery);
  const rows = await db
    .select({
      firstName: players.firstName,
      lastName: players.lastName,
      teamId: teams.id,
      teamName: teams.name,
      startingHole: teamAssignments.startingHole,
      startGroup: teamAssignments.startGroup,
      code: players.checkInCode,
    })
    .from(players)
    .innerJoin(teams, and(eq(teams.id, players.teamId), eq(teams.tournamentId, tournamentId), holdsPlace))
    .leftJoin(teamAssignments, and(eq(teamAssignments.teamId, teams.id), eq(teamAssignments.tournamentId, tournamentId)))
    .where(teamId ? eq(teams.id, teamId) : undefined)
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id), asc(sql`lower(${players.lastName})`), asc(players.firstName), asc(players.id));
  return rows.map((row) => ({
    firstName: row.firstName,
    lastName: row.lastName,
    teamId: row.teamId,
    teamName: row.teamName,
    startingHole: row.startingHole === null ? null : startingHoleLabel(row.startingHole, row.startGroup as StartGroup),
    code: row.code,
  }));
}
