// Tournaments as team leaders see them: the active ones, and the sponsorship levels each offers with places left.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { golferPlacesLeft, teamPlacesLeft } from '../../shared/capacity';
import { isEditable } from '../../shared/editing-lock';
import { golfersAtLevel, golfersInTournament } from '../holds/holds-place';

/** The active tournaments, each saying whether it still takes registrations (until the editing lock, R17). */
export async function listActiveTournaments(db: Db, now: Date, timeZone: string) {
  const rows = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      startDate: tournaments.startDate,
      endDate: tournaments.endDate,
      maxTeams: tournaments.maxTeams,
    })
    .from(tournaments)
    .where(eq(tournaments.active, true))
    .orderBy(asc(tournaments.startDate), asc(tournaments.name));
  return rows.map((row) => ({ ...row, registrationOpen: isEditable(row.startDate, now, timeZone) }));
}

/** The levels an active tournament offers, each with its price and the places left (R13), teams' and singles' (R43). */
export async function listTournamentLevels(db: Db, tournamentId: string) {
  const [tournament] = await db
    .select({ id: tournaments.id, maxTeams: tournaments.maxTeams, taken: golfersInTournament(tournamentId) })
    .from(tournaments)
    .where(and(eq(tournaments.id, tournamentId), eq(tournaments.active, true)));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const rows = await db
    .select({
      id: tournamentSponsorshipLevels.id,
      sponsorshipLevelId: sponsorshipLevels.id,
      name: sponsorshipLevels.name,
      description: sponsorshipLevels.description,
      priceCents: tournamentSponsorshipLevels.priceCents,
      maxTeams: tournamentSponsorshipLevels.maxTeams,
      singlePriceCents: tournamentSponsorshipLevels.singlePriceCents,
      earlyPriceCents: tournamentSponsorshipLevels.earlyPriceCents,
      earlyUntil: tournamentSponsorshipLevels.earlyUntil,
      taken: golfersAtLevel(tournamentSponsorshipLevels.id),
    })
    .from(tournamentSponsorshipLevels)
    .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .where(eq(tournamentSponsorshipLevels.tournamentId, tournamentId))
    .orderBy(sql`${tournamentSponsorshipLevels.priceCents} desc`, asc(sponsorshipLevels.name));
  return rows.map(({ taken: levelTaken, ...level }) => {
    const caps = [
      { maxTeams: level.maxTeams, golfers: levelTaken },
      { maxTeams: tournament.maxTeams, golfers: tournament.taken },
    ] as const;
    return {
      ...level,
      placesLeft: teamPlacesLeft(...caps),
      // R43: single places left, when the level sells them (else 0).
      singlePlacesLeft: level.singlePriceCents == null ? 0 : golferPlacesLeft(...caps),
    };
  });
}
