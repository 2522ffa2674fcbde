// Teams with their tournament and their level: the one join every list of teams reads from (a team always has a
// tournament; its level may be gone, so the level's columns are nullable).
import { eq } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { sponsorshipLevels, teams, tournamentSponsorshipLevels, tournaments } from '../db/schema';

/** What the joins below give: the team and its tournament always, the level's two tables maybe (left joins). */
type Joined = { teams: 'not-null'; tournaments: 'not-null'; tournament_sponsorship_levels: 'nullable'; sponsorship_levels: 'nullable' };

/**
 * `select fields from teams`, joined to `tournaments`, the tournament's offer of the level (`tournamentSponsorshipLevels`:
 * price and places) and the catalogue's level (`sponsorshipLevels`: name). Chain `.where`, `.orderBy` or more joins onto it.
 */
export function selectTeams<Fields extends SelectedFields>(db: Db, fields: Fields): PgSelectBase<'teams', Fields, 'partial', Joined> {
  const query = db
    .select(fields as SelectedFields)
    .from(teams)
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId));
  // TypeScript cannot follow drizzle's join types through a generic selection: the type above is what they give for any one.
  return query as unknown as PgSelectBase<'teams', Fields, 'partial', Joined>;
}
