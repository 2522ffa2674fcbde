// Registering one or several teams (R13, R14): capacity checked and rows written in one transaction, all or nothing.
import { randomUUID } from 'node:crypto';
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

type Executor = Pick<Db, 'select'>;

/** The tournament, the chosen level and both counts, in one statement. */
async function readCapacity(db: Executor, tournamentId: string, levelId: string) {
  const [row] = await db
    .select({
      name: tournaments.name,
      startDate: tournaments.startDate,
      active: tournaments.active,
      tournamentMaxTeams: tournaments.maxTeams,
      levelId: tournamentSponsorshipLevels.id,
      levelName: sponsorshipLevels.name,
      priceCents: tournamentSponsorshipLevels.priceCents,
      levelMaxTeams: tournamentSponsorshipLevels.maxTeams,
      inTournament: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id})`,
      atLevel: sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentSponsorshipLevelId} = ${tournamentSponsorshipLevels.id})`,
    })
    .from(tournaments)
    .leftJoin(tournamentSponsorshipLevels, and(eq(tournamentSponsorshipLevels.id, levelId), eq(tournamentSponsorshipLevels.tournamentId, tournaments.id)))
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .where(eq(tournaments.id, tournamentId));
  return row;
}

/** Refuses what cannot be registered (an inactive or closed tournament, a foreign level, too few places), else the level. */
function admit(row: Awaited<ReturnType<typeof readCapacity>>, teamCount: number, now: Date, timeZone: string | undefined) {
  if (!row || !row.active) {
    throw new AppError('VALIDATION', 'This tournament is not open for registration', { tournamentId: 'Please select a tournament' });
  }
  if (timeZone && !isEditable(row.startDate, now, timeZone)) {
    throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE, { tournamentId: REGISTRATION_CLOSED_MESSAGE });
  }
  if (!row.levelId || row.levelMaxTeams == null || row.priceCents == null || row.levelName == null) {
    throw new AppError('VALIDATION', 'Please select a sponsorship level', { sponsorshipLevelId: 'Please select a sponsorship level' });
  }
  const left = placesLeft({ maxTeams: row.levelMaxTeams, taken: row.atLevel }, { maxTeams: row.tournamentMaxTeams, taken: row.inTournament });
  if (teamCount > left) {
    const tournamentFull = row.tournamentMaxTeams != null && row.inTournament >= row.tournamentMaxTeams;
    throw new AppError('CONFLICT', tournamentFull ? TOURNAMENT_FULL_MESSAGE : left === 0 ? 'This level is sold out' : onlyPlacesLeftMessage(left));
  }
  return { id: row.levelId, name: row.levelName, priceCents: row.priceCents };
}

/**
 * `timeZone` closes registration at the editing lock (R17), as the route always asks; fixtures that seed a team into a
 * tournament already under way leave it out.
 */
export async function registerTeams(db: Db, userId: string, rawInput: unknown, now: Date, timeZone?: string): Promise<Registration> {
  const input = registrationSchema.parse(rawInput);
  const holdUntil = input.paymentOption === 'hold' ? new Date(now.getTime() + HOLD_HOURS * 3600_000) : null;

  // A first look without the lock refuses what cannot fit (a sold-out level, a closed tournament) without queueing
  // behind every registration in progress. Places only come back when staff delete a team, so a refusal here is at worst
  // a moment stale; an acceptance is decided again below, under the lock.
  admit(await readCapacity(db, input.tournamentId, input.sponsorshipLevelId), input.teams.length, now, timeZone);

  return db.transaction(async (tx) => {
    // Every registration for a tournament takes its row lock first, so the counts read next cannot change until we
    // commit (read in a statement of their own: a statement's snapshot starts when it does, after the lock is granted).
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, input.tournamentId)).for('update');
    const row = await readCapacity(tx, input.tournamentId, input.sponsorshipLevelId);
    const level = admit(row, input.teams.length, now, timeZone);

    // Teams, players and payments in one statement (data-modifying WITHs, the team ids made here): the lock is held for
    // two statements and the commit.
    const status = input.paymentOption === 'pay' ? 'pending' : 'hold';
    const created = input.teams.map((team) => ({ id: randomUUID(), name: team.teamName }));
    const teamRows = tx.insert(teams).values(
      created.map((team) => ({
        id: team.id,
        tournamentId: input.tournamentId,
        tournamentSponsorshipLevelId: level.id,
        userId,
        name: team.name,
        company: input.company,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        paymentStatus: status,
        holdUntil,
      })),
    );
    const playerRows = tx.insert(players).values(
      created.flatMap((team, i) =>
        input.teams[i]!.players.map((p, j) => ({
          teamId: team.id,
          firstName: p.firstName,
          lastName: p.lastName,
          email: p.email,
          phone: p.phone,
          handicapIndex: p.handicapIndex,
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
    await tx.execute(sql`with inserted_teams as (${teamRows.getSQL()}), inserted_players as (${playerRows.getSQL()}) ${paymentRows.getSQL()}`);

    return {
      teams: created.map((team, i) => ({ ...team, players: input.teams[i]!.players })),
      tournament: { name: row!.name, startDate: row!.startDate },
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
