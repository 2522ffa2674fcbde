// A big tournament for the benchmarks (admin-scale, backup): teams of four golfers with a payment record each, a third
// of the golfers checked in, inserted directly (the services would take minutes for 2,000 teams).
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/connect';
import { checkins, payments, players, sponsorshipLevels, teams, tournamentSponsorshipLevels, tournaments } from '../src/server/db/schema';
import { PAYMENT_STATUSES, type PaymentStatus } from '../src/shared/payment-status';

// ── The data ───────────────────────────────────────────────────────────────────────────────────────────────────────────
const TEAM_WORDS = [
  'Fairway',
  'Bunker',
  'Eagle',
  'Birdie',
  'Albatross',
  'Mulligan',
  'Caddie',
  'Green',
  'Tee',
  'Links',
  'Putt',
  'Chip',
  'Driver',
  'Iron',
  'Wedge',
  'Hazard',
];
const TEAM_NOUNS = ['Club', 'Crew', 'Four', 'Squad', 'Partners', 'Foundation', 'Friends', 'Associates', 'Group', 'Team'];
const COMPANIES = [
  'Acme Roofing',
  'Northwind Traders',
  'Blue Harbor Bank',
  'Summit Dental',
  'Riverside Motors',
  'Oak & Pine Realty',
  'Cedar Law',
  'Lakeside Insurance',
  'Granite Builders',
  'Maple Pharmacy',
  'Harbor Lights Brewing',
  'Crescent Plumbing',
  'Pioneer Credit Union',
  'Bright Smile Orthodontics',
  'Evergreen Landscaping',
  'Copper Kettle Catering',
  'Redwood Accounting',
  'Silverline Logistics',
  'Golden Gate Printing',
  'Starlight Florists',
];
const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Priya',
  'Ashley',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
];
const LEVELS = [
  { name: 'Eagle Sponsor', priceCents: 250_000 },
  { name: 'Birdie Sponsor', priceCents: 100_000 },
  { name: 'Foursome', priceCents: 60_000 },
];
/** Half the teams paid, the rest spread over the other three statuses (R15). */
const statusOf = (i: number): PaymentStatus =>
  i % 2 === 0 ? 'paid' : PAYMENT_STATUSES.filter((s) => s !== 'paid')[Math.floor(i / 2) % 3]!;

export interface TournamentFixture {
  id: string;
  teams: number;
  /** One team, for the report's team filter (a one-row report). */
  someTeamId: string;
}

/** Inserts rows in slices: PostgreSQL takes at most 65,535 parameters per statement. */
export async function insertAll<T>(rows: T[], size: number, insert: (slice: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A tournament with `count` teams of four golfers, a payment record each, a third of the golfers checked in (by the admin). */
export async function seedTournament(db: Db, name: string, count: number, adminId: string, tag: string): Promise<TournamentFixture> {
  const [tournament] = await db
    .insert(tournaments)
    .values({ name, startDate: '2099-06-01', active: true })
    .returning({ id: tournaments.id });
  const offers: { id: string; priceCents: number }[] = [];
  for (const level of LEVELS) {
    const [row] = await db
      .insert(sponsorshipLevels)
      .values({ name: `${level.name} ${tag}`, maxTeams: 10 })
      .returning({ id: sponsorshipLevels.id });
    const [offer] = await db
      .insert(tournamentSponsorshipLevels)
      .values({ tournamentId: tournament!.id, sponsorshipLevelId: row!.id, priceCents: level.priceCents, maxTeams: count })
      .returning({ id: tournamentSponsorshipLevels.id });
    offers.push({ id: offer!.id, priceCents: level.priceCents });
  }
  // Registrations spread over the 90 days before now, oldest first.
  const now = Date.now();
  const teamRows = Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (count - i) * ((90 * 86_400_000) / count));
    return {
      id: randomUUID(),
      tournamentId: tournament!.id,
      tournamentSponsorshipLevelId: offers[i % offers.length]!.id,
      name: `${TEAM_WORDS[i % TEAM_WORDS.length]} ${TEAM_NOUNS[i % TEAM_NOUNS.length]} #${tag}${i + 1}`,
      company: COMPANIES[i % COMPANIES.length]!,
      contactName: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
      contactPhone: '555-0100',
      contactEmail: `contact.${tag}${i + 1}@bench.test`,
      paymentStatus: statusOf(i),
      createdAt: at,
      updatedAt: at,
    };
  });
  await insertAll(teamRows, 1000, (slice) => db.insert(teams).values(slice));
  const playerRows = teamRows.flatMap((team, i) =>
    [1, 2, 3, 4].map((p) => ({
      id: randomUUID(),
      teamId: team.id,
      firstName: FIRST_NAMES[(i * 4 + p) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 7 + p * 3) % LAST_NAMES.length]!,
      email: `p${p}.${tag}${i + 1}@bench.test`,
    })),
  );
  await insertAll(playerRows, 2000, (slice) => db.insert(players).values(slice));
  await insertAll(
    teamRows.map((team, i) => ({
      teamId: team.id,
      amountCents: offers[i % offers.length]!.priceCents,
      state: team.paymentStatus,
      note: i % 5 === 0 ? 'Cheque received' : '',
    })),
    2000,
    (slice) => db.insert(payments).values(slice),
  );
  await insertAll(
    playerRows
      .filter((_, k) => k % 3 === 0)
      .map((p) => ({ teamId: p.teamId, playerId: p.id, checkedIn: true, checkedInAt: new Date(), checkedInBy: adminId })),
    2000,
    (slice) => db.insert(checkins).values(slice),
  );
  return { id: tournament!.id, teams: count, someTeamId: teamRows[Math.floor(count / 2)]!.id };
}
