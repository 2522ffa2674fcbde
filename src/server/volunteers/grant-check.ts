// R60: whether a signed-in user holds a live volunteer grant for a tournament, read from the database on every request of a
// volunteer route (docs/decisions/115): an access staff end, or a last day that passes, is refused on the very next request
// in every process, with no cache to empty. Also the tournament a route's request names, through its team or golfer, read
// in the grant's own query.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { players, teams, volunteerGrants } from '../db/schema';
import type { VolunteerRole } from '../../shared/roles';
import { isUuid } from '../../shared/ids';

/**
 * Where a volunteer route's request names its tournament: its id, or a subquery that selects it from the row the path names
 * (a team, a golfer), which the grant's own query runs: one statement per request, not one for the tournament and one for
 * the grant (every team leader's score save passes here).
 */
export type TournamentRef = string | SQL;

/**
 * 'live': an accepted grant of `role` for the tournament, not ended, whose last day (in TIME_ZONE) is `today` or later
 * (with the tournament it is for); 'over': the user had one, but it ended or ran out (the refusal says so); 'none': never,
 * or the tournament named does not exist.
 */
export async function volunteerGrantState(
  db: Db,
  grant: { userId: string; tournament: TournamentRef; role: VolunteerRole; today: string },
): Promise<{ state: 'live'; tournamentId: string } | { state: 'over' | 'none' }> {
  const rows = await db
    .select({ tournamentId: volunteerGrants.tournamentId, until: volunteerGrants.until, endedAt: volunteerGrants.endedAt })
    .from(volunteerGrants)
    .where(
      and(
        eq(volunteerGrants.acceptedUserId, grant.userId),
        eq(volunteerGrants.tournamentId, grant.tournament),
        eq(volunteerGrants.role, grant.role),
      ),
    );
  if (rows.length === 0) return { state: 'none' };
  const live = rows.find((row) => row.endedAt === null && row.until >= grant.today);
  return live ? { state: 'live', tournamentId: live.tournamentId } : { state: 'over' };
}

/** The tournament of a team, as a subquery (null when unknown), or null for a malformed id. */
export function tournamentOfTeam(teamId: string | undefined): SQL | null {
  if (!teamId || !isUuid(teamId)) return null;
  return sql`(select ${teams.tournamentId} from ${teams} where ${teams.id} = ${teamId})`;
}

/** The tournament of a golfer (through their team), as a subquery (null when unknown), or null for a malformed id. */
export function tournamentOfPlayer(playerId: string | undefined): SQL | null {
  if (!playerId || !isUuid(playerId)) return null;
  return sql`(select ${teams.tournamentId} from ${players} inner join ${teams} on ${teams.id} = ${players.teamId} where ${players.id} = ${playerId})`;
}

/** A tournament id as given (a query's or a body's), or null when it is not an id at all. */
export const tournamentIdOrNull = (value: string | undefined): string | null => (value && isUuid(value) ? value : null);
