// Which teams take a place against the caps (R13, R24): every team but an expired one; and how many golfer places they
// and the waitlist's kept offers take (R43), for every check of the caps.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { teams } from '../db/schema';
import { GOLFERS_PER_TEAM, golferPlacesLeft, NO_CAP } from '../../shared/capacity';

export const holdsPlace = sql`${teams.paymentStatus} <> 'expired'`;

/**
 * Places kept for waitlist offers (R25): they count against the caps for everyone but the offer's holder, who names the
 * entry to leave out (`exceptEntry`) when registering through it.
 */
export const reservedAtLevel = (levelId: unknown, exceptEntry: unknown = null) =>
  sql<number>`(select coalesce(sum(w.teams_wanted), 0)::int from waitlist_entries w
    where w.tournament_sponsorship_level_id = ${levelId} and w.status = 'offered' and w.id is distinct from ${exceptEntry}::uuid)`;

export const reservedInTournament = (tournamentId: unknown, exceptEntry: unknown = null) =>
  sql<number>`(select coalesce(sum(w.teams_wanted), 0)::int from waitlist_entries w
    join tournament_sponsorship_levels wl on wl.id = w.tournament_sponsorship_level_id
    where wl.tournament_id = ${tournamentId} and w.status = 'offered' and w.id is distinct from ${exceptEntry}::uuid)`;

/**
 * Golfer places taken at a level, or in a tournament (R13 counts golfers where singles are sold, R43): each team's places
 * (a team 4, a single 1) and 4 per team kept for a waitlist offer. Checked with shared/capacity.ts's golfer functions.
 */
export const golfersAtLevel = (levelId: unknown, exceptEntry: unknown = null) =>
  golfersTaken(sql`${teams.tournamentSponsorshipLevelId}`, levelId, reservedAtLevel(levelId, exceptEntry));

export const golfersInTournament = (tournamentId: unknown, exceptEntry: unknown = null) =>
  golfersTaken(sql`${teams.tournamentId}`, tournamentId, reservedInTournament(tournamentId, exceptEntry));

/** The teams' places where `column` is `id`, and 4 per team of the kept offers `reserved` counts. */
const golfersTaken = (column: SQL, id: unknown, reserved: SQL) =>
  sql<number>`((select coalesce(sum(${teams.places}), 0)::int from ${teams} where ${column} = ${id} and ${holdsPlace})
    + ${GOLFERS_PER_TEAM} * ${reserved})`;

/**
 * Golfer places free at a level (or none: `levelId` null) of a tournament, under both caps and under the tournament's
 * alone: whether an expired team or single can have its place back (R24, R43). Call it under the tournament's row lock, as
 * registration takes it.
 */
export async function golferPlacesFree(tx: Db, at: { tournamentId: string; levelId: string | null }) {
  const [row] = await queryRows<{ tournamentMax: number | null; levelMax: number | null; inTournament: number; atLevel: number }>(
    tx,
    sql`select tr.max_teams as "tournamentMax", l.max_teams as "levelMax", ${golfersInTournament(sql`tr.id`)} as "inTournament",
               ${golfersAtLevel(sql`l.id`)} as "atLevel"
        from tournaments tr left join tournament_sponsorship_levels l on l.id = ${at.levelId} where tr.id = ${at.tournamentId}`,
  );
  if (!row) return { left: 0, inTournament: 0 };
  const tournament = { maxTeams: row.tournamentMax, golfers: row.inTournament };
  const level = row.levelMax == null ? NO_CAP : { maxTeams: row.levelMax, golfers: row.atLevel };
  return { left: golferPlacesLeft(level, tournament), inTournament: golferPlacesLeft(NO_CAP, tournament) };
}
