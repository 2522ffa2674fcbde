// Which teams take a place against the caps (R13, R24): every team but an expired one.
import { sql } from 'drizzle-orm';
import { teams } from '../db/schema';

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
