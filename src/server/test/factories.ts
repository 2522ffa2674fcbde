// Test data made the way the app makes it: rows for what has no service yet (tournaments, levels), services for the rest.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { sponsorshipLevels, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { registerSingleOnce, registerTeams } from '../registration/service';
import { setTeamPaymentStatus } from '../teams/admin-service';
import type { RegistrationInput, SinglePlaceInput } from '../../shared/team-schemas';

const suffix = () => randomBytes(3).toString('hex');

/** A YYYY-MM-DD date `days` after today (UTC). */
export function daysFromToday(days: number, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

export async function createTournament(db: Db, values: Partial<typeof tournaments.$inferInsert> = {}) {
  const [row] = await db
    .insert(tournaments)
    .values({ name: `Charity Classic ${suffix()}`, startDate: daysFromToday(60), active: true, maxTeams: null, ...values })
    .returning();
  return row!;
}

/** A sponsorship level offered by the tournament (the tournament_sponsorship_levels row, whose id registrations name). */
export async function createLevel(
  db: Db,
  tournamentId: string,
  values: Partial<{
    name: string;
    description: string;
    priceCents: number;
    maxTeams: number;
    singlePriceCents: number | null;
    fmvCents: number;
    earlyPriceCents: number | null;
    earlyUntil: string | null;
  }> = {},
) {
  const {
    name = `Eagle ${suffix()}`,
    description = 'Hole sponsor sign and four players',
    priceCents = 50_000,
    maxTeams = 10,
    singlePriceCents = null,
    fmvCents = 0,
    earlyPriceCents = null,
    earlyUntil = null,
  } = values;
  const [level] = await db
    .insert(sponsorshipLevels)
    .values({ name, description, maxTeams: Math.min(maxTeams, 10) })
    .returning();
  const [offered] = await db
    .insert(tournamentSponsorshipLevels)
    .values({ tournamentId, sponsorshipLevelId: level!.id, priceCents, maxTeams, singlePriceCents, fmvCents, earlyPriceCents, earlyUntil })
    .returning();
  return { ...offered!, name, description };
}

export function playersInput(label = 'Player') {
  return Array.from({ length: 4 }, (_, i) => ({
    firstName: `${label}${i + 1}`,
    lastName: 'Golfer',
    email: `${label.toLowerCase()}${i + 1}-${suffix()}@example.org`,
    phone: '555-0100',
  }));
}

/** A valid registration body for one team (or `teams` teams) at the level. */
export function registrationInput(
  tournamentId: string,
  sponsorshipLevelId: string,
  overrides: Partial<RegistrationInput> & { teams?: RegistrationInput['teams'] } = {},
) {
  return {
    tournamentId,
    sponsorshipLevelId,
    paymentOption: 'hold' as const,
    company: 'Fairway Ltd',
    contactName: 'Casey Contact',
    contactPhone: '555-0199',
    contactEmail: `contact-${suffix()}@example.org`,
    teams: [{ teamName: `Team ${suffix()}`, players: playersInput() }],
    ...overrides,
  };
}

/** A tournament with one level and one team registered by `userId` through the registration service. */
export async function createRegisteredTeam(db: Db, userId: string, options: { startDate?: string } = {}) {
  const tournament = await createTournament(db, options.startDate ? { startDate: options.startDate } : {});
  const level = await createLevel(db, tournament.id);
  const registration = await registerTeams(db, userId, registrationInput(tournament.id, level.id), new Date());
  return { tournament, level, team: registration.teams[0]! };
}

/** R43: what one golfer sends to buy a single place. */
export function singleInput(tournamentId: string, sponsorshipLevelId: string, overrides: Partial<SinglePlaceInput> = {}) {
  const id = suffix();
  return {
    tournamentId,
    sponsorshipLevelId,
    paymentOption: 'hold' as const,
    firstName: 'Sam',
    lastName: `Single${id}`,
    email: `single-${id}@example.org`,
    phone: '555-0177',
    ...overrides,
  };
}

/** R43: a single registered through the service, then marked paid (placeable) unless `status` says otherwise. */
export async function createSingle(
  db: Db,
  userId: string,
  tournamentId: string,
  levelId: string,
  overrides: Partial<SinglePlaceInput> & { status?: 'paid' | 'hold' } = {},
) {
  const { status = 'paid', ...input } = overrides;
  const outcome = await registerSingleOnce(db, userId, singleInput(tournamentId, levelId, input), new Date());
  if ('replay' in outcome) throw new Error('unreachable: no idempotency key');
  const id = outcome.teams[0]!.id;
  if (status === 'paid') await setTeamPaymentStatus(db, id, { status: 'paid' });
  return { id, ...outcome.teams[0]!.players[0]! };
}
