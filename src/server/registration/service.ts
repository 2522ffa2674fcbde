// Registering one or several teams (R13, R14): capacity checked and rows written in one transaction, all or nothing.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, players, sponsorshipLevels, teams, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { onlyPlacesLeftMessage, placesLeft, TOURNAMENT_FULL_MESSAGE } from '../../shared/capacity';
import { HOLD_HOURS, isEditable, REGISTRATION_CLOSED_MESSAGE } from '../../shared/editing-lock';
import { PLAYERS_PER_TEAM, registrationSchema, type RegistrationInput } from '../../shared/team-schemas';
import { enteredAt } from '../teams/player-order';

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
}

/**
 * `timeZone` closes registration at the editing lock (R17), as the route always asks; fixtures that seed a team into a
 * tournament already under way leave it out.
 */
export async function registerTeams(db: Db, userId: string, rawInput: unknown, now: Date, timeZone?: string): Promise<Registration> {
  const input = registrationSchema.parse(rawInput);
  const holdUntil = input.paymentOption === 'hold' ? new Date(now.getTime() + HOLD_HOURS * 3600_000) : null;

  return db.transaction(async (tx) => {
    // Every registration for a tournament takes its row lock first, so the counts below cannot change until we commit.
    const [tournament] = await tx
      .select({ id: tournaments.id, name: tournaments.name, startDate: tournaments.startDate, active: tournaments.active, maxTeams: tournaments.maxTeams })
      .from(tournaments)
      .where(eq(tournaments.id, input.tournamentId))
      .for('update');
    if (!tournament || !tournament.active) {
      throw new AppError('VALIDATION', 'This tournament is not open for registration', { tournamentId: 'Please select a tournament' });
    }
    if (timeZone && !isEditable(tournament.startDate, now, timeZone)) {
      throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE, { tournamentId: REGISTRATION_CLOSED_MESSAGE });
    }
    // The level and both counts in one statement, read after the lock (a statement's snapshot starts when it does): one
    // round trip fewer while every other registration for this tournament waits.
    const [level] = await tx
      .select({
        id: tournamentSponsorshipLevels.id,
        name: sponsorshipLevels.name,
        priceCents: tournamentSponsorshipLevels.priceCents,
        maxTeams: tournamentSponsorshipLevels.maxTeams,
        inTournament: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournament.id})`,
        atLevel: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentSponsorshipLevelId} = ${tournamentSponsorshipLevels.id})`,
      })
      .from(tournamentSponsorshipLevels)
      .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
      .where(and(eq(tournamentSponsorshipLevels.id, input.sponsorshipLevelId), eq(tournamentSponsorshipLevels.tournamentId, tournament.id)));
    if (!level) {
      throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
    }
    const left = placesLeft({ maxTeams: level.maxTeams, taken: level.atLevel }, { maxTeams: tournament.maxTeams, taken: level.inTournament });
    if (input.teams.length > left) {
      const tournamentFull = tournament.maxTeams != null && level.inTournament >= tournament.maxTeams;
      throw new AppError('CONFLICT', tournamentFull ? TOURNAMENT_FULL_MESSAGE : left === 0 ? 'This level is sold out' : onlyPlacesLeftMessage(left));
    }

    const status = input.paymentOption === 'pay' ? 'pending' : 'hold';
    const created = await tx
      .insert(teams)
      .values(
        input.teams.map((team) => ({
          tournamentId: tournament.id,
          tournamentSponsorshipLevelId: level.id,
          userId,
          name: team.teamName,
          company: input.company,
          contactName: input.contactName,
          contactPhone: input.contactPhone,
          contactEmail: input.contactEmail,
          paymentStatus: status,
          holdUntil,
        })),
      )
      .returning({ id: teams.id, name: teams.name });
    // Players and payments in one statement (a data-modifying WITH): one round trip fewer under the tournament's lock.
    const playerRows = tx.insert(players).values(
      created.flatMap((team, i) =>
        input.teams[i]!.players.map((p, j) => ({
          teamId: team.id,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phone: p.phone,
          createdAt: enteredAt(i * PLAYERS_PER_TEAM + j),
        })),
      ),
    );
    const paymentRows = tx.insert(payments).values(
      created.map((team) => ({
        teamId: team.id,
        amountCents: level.priceCents,
        state: input.paymentOption === 'pay' ? 'pending' : 'in_progress',
        note: input.paymentOption === 'pay' ? 'Card payment chosen at registration' : `Held for ${HOLD_HOURS} hours at registration`,
      })),
    );
    await tx.execute(sql`with inserted_players as (${playerRows.getSQL()}) ${paymentRows.getSQL()}`);

    return {
      teams: created.map((team, i) => ({ ...team, players: input.teams[i]!.players })),
      tournament: { name: tournament.name, startDate: tournament.startDate },
      levelName: level.name,
      priceCents: level.priceCents,
      totalCents: level.priceCents * created.length,
      paymentOption: input.paymentOption,
      holdUntil,
      contactEmail: input.contactEmail,
      contactName: input.contactName,
    };
  });
}
