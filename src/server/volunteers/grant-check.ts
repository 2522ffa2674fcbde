// R60: whether a signed-in user holds a live volunteer grant for a tournament, read from the database on every request of a
// volunteer route (docs/decisions/115): an access staff end, or a last day that passes, is refused on the very next request
// in every process, with no cache to empty. Also the tournament a route's request names, through its team or golfer.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { players, teams, volunteerGrants } from '../db/schema';
import type { VolunteerRole } from '../../shared/roles';
import { isUuid } from '../../shared/ids';

/**
 * 'live': an accepted grant of `role` for the tournament, not ended, whose last day (in TIME_ZONE) is `today` or later;
 * 'over': the user had one, but it ended or ran out (the refusal says so); 'none': never.
 */
export async function volunteerGrantState(
  db: Db,
  grant: { userId: string; tournamentId: string; role: VolunteerRole; today: string },
): Promise<'live' | 'over' | 'none'> {
  const rows = await db
    .select({ until: volunteerGrants.until, endedAt: volunteerGrants.endedAt })
    .from(volunteerGrants)
    .where(
      and(
        eq(volunteerGrants.acceptedUserId, grant.userId),
        eq(volunteerGrants.tournamentId, grant.tournamentId),
        eq(volunteerGrants.role, grant.role),
      ),
    )
    .orderBy(desc(volunteerGrants.createdAt));
  if (rows.length === 0) return 'none';
  return rows.some((row) => row.endedAt === null && row.until >= grant.today) ? 'live' : 'over';
}

/** The tournament of a team, or null for a malformed or unknown id. */
export async function tournamentOfTeam(db: Db, teamId: string | undefined): Promise<string | null> {
  if (!teamId || !isUuid(teamId)) return null;
  const [row] = await db.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
  return row?.tournamentId ?? null;
}

/** The tournament of a golfer (through their team), or null for a malformed or unknown id. */
export async function tournamentOfPlayer(db: Db, playerId: string | undefined): Promise<string | null> {
  if (!playerId || !isUuid(playerId)) return null;
  const [row] = await db
    .select({ tournamentId: teams.tournamentId })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(eq(players.id, playerId));
  return row?.tournamentId ?? null;
}

/** A tournament id as given (a query's or a body's), or null when it is not an id at all. */
export const tournamentIdOrNull = (value: string | undefined): string | null => (value && isUuid(value) ? value : null);
