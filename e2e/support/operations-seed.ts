// The tournament an organiser works on in the admin operations journeys, put in through the services before the server
// starts: two active tournaments, two priced levels, six teams registered by the E2E team leader at known dates, with
// known payment states and three of one team's four golfers checked in. The journeys check the admin pages against this.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect';
import { payments, teams, user } from '../../src/server/db/schema';
import { listGolfers, setCheckIn } from '../../src/server/check-in/service';
import { registerTeams } from '../../src/server/registration/service';
import { createSponsorshipLevel } from '../../src/server/sponsorship/service';
import { setTeamPaymentStatus } from '../../src/server/teams/admin-service';
import { createTournament } from '../../src/server/tournaments/admin-service';
import { daysFromToday } from '../../src/server/test/factories';
import type { PaymentStatus } from '../../src/shared/payment-status';
import { E2E_ACCOUNTS } from './accounts';

export const LAKESIDE = 'Lakeside Charity Open';
export const HARBOR = 'Harbor Scramble';

export interface SeededTeam {
  name: string;
  company: string;
  tournament: typeof LAKESIDE | typeof HARBOR;
  level: 'Eagle Sponsor' | 'Foursome';
  /** The price the team registered at, in dollars. */
  price: number;
  /** 'hold' leaves the team on Hold (its record In Progress); 'pay' leaves both Pending; a status sets both (R15). */
  registered: 'hold' | 'pay';
  status: PaymentStatus;
  /** When it registered (UTC). */
  registeredAt: string;
  /** Player 1 to 4, in the order entered: neither alphabetical nor any other order the rows could fall into by chance. */
  players: [string, string, string, string];
  /** How many of its golfers (from Player 1) are checked in. */
  checkedIn: number;
}

/**
 * Lakeside (the newest tournament, so the Dashboard's default) has five teams: Eagle Sponsor at $2,500, Foursome at $800.
 * Harbor has one, at its own Foursome price of $500.
 */
export const SEEDED_TEAMS: SeededTeam[] = [
  {
    name: 'Mulligan Masters',
    company: 'Harbor Insurance',
    tournament: HARBOR,
    level: 'Foursome',
    price: 500,
    registered: 'pay',
    status: 'paid',
    registeredAt: '2026-02-20T16:00:00.000Z',
    players: ['Owen Price', 'Lily Chen', 'Noah Gray', 'Iris Bell'],
    checkedIn: 0,
  },
  {
    name: 'Birdie Brigade',
    company: 'Acme Corp',
    tournament: LAKESIDE,
    level: 'Eagle Sponsor',
    price: 2500,
    registered: 'pay',
    status: 'paid',
    registeredAt: '2026-03-02T15:00:00.000Z',
    players: ['Zoe Young', 'Adam Baker', 'Mia Lopez', 'Ethan Hunt'],
    checkedIn: 0,
  },
  {
    name: 'Eagle Eyes',
    company: 'Zenith Partners',
    tournament: LAKESIDE,
    level: 'Eagle Sponsor',
    price: 2500,
    registered: 'hold',
    status: 'hold',
    registeredAt: '2026-03-09T10:30:00.000Z',
    players: ['Victor Stone', 'Grace Kim', 'Tom Reyes', 'Ruby Walsh'],
    checkedIn: 0,
  },
  {
    name: 'Fairway Friends',
    company: 'Bright Dental',
    tournament: LAKESIDE,
    level: 'Foursome',
    price: 800,
    registered: 'pay',
    status: 'pending',
    registeredAt: '2026-03-16T12:00:00.000Z',
    players: ['Paul Ortiz', 'Emma Frost', 'Carl Diaz', 'Nina Park'],
    checkedIn: 0,
  },
  {
    name: 'Sand Trappers',
    company: 'Coastal Bank',
    tournament: LAKESIDE,
    level: 'Foursome',
    price: 800,
    registered: 'hold',
    status: 'in_progress',
    registeredAt: '2026-03-23T09:00:00.000Z',
    players: ['Wade Moss', 'Hana Ito', 'Sean Burke', 'Alma Cruz'],
    checkedIn: 0,
  },
  {
    name: 'Putt Pirates',
    company: '',
    tournament: LAKESIDE,
    level: 'Foursome',
    price: 800,
    registered: 'pay',
    status: 'paid',
    registeredAt: '2026-03-30T18:45:00.000Z',
    players: ['Kurt Vance', 'Dora Lane', 'Joel Fox', 'Beth Soto'],
    checkedIn: 3,
  },
];

export const seededTeam = (name: string) => SEEDED_TEAMS.find((team) => team.name === name)!;
export const contactEmailOf = (team: SeededTeam) => `${team.name.toLowerCase().replace(/\W+/g, '.')}@e2e.example.org`;
export const playerEmail = (player: string) => `${player.toLowerCase().replace(/\W+/g, '.')}@e2e.example.org`;

export async function seedOperations(db: Db): Promise<void> {
  const eagle = await createSponsorshipLevel(db, { name: 'Eagle Sponsor', description: 'A foursome and a tee-box sign.', maxTeams: 4 });
  const foursome = await createSponsorshipLevel(db, { name: 'Foursome', description: 'Four golfers with carts and lunch.', maxTeams: 10 });
  // Harbor first: Lakeside is then the newest tournament, and the later one to start (the Golfers page's default).
  const harbor = await createTournament(db, {
    name: HARBOR,
    startDate: daysFromToday(30),
    active: true,
    levels: [{ sponsorshipLevelId: foursome.id, priceCents: 50_000, maxTeams: 10 }],
  });
  const lakeside = await createTournament(db, {
    name: LAKESIDE,
    startDate: daysFromToday(60),
    active: true,
    levels: [
      { sponsorshipLevelId: eagle.id, priceCents: 250_000, maxTeams: 4 },
      { sponsorshipLevelId: foursome.id, priceCents: 80_000, maxTeams: 10 },
    ],
  });
  const offered = (tournament: typeof harbor, level: string) => tournament.levels.find((l) => l.name === level)!.id;

  const [leader] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_ACCOUNTS.leader.email));
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_ACCOUNTS.admin.email));
  for (const seeded of SEEDED_TEAMS) {
    const tournament = seeded.tournament === LAKESIDE ? lakeside : harbor;
    const registration = await registerTeams(
      db,
      leader!.id,
      {
        tournamentId: tournament.id,
        sponsorshipLevelId: offered(tournament, seeded.level),
        paymentOption: seeded.registered,
        company: seeded.company,
        contactName: 'Lee Leader',
        contactPhone: '555-0142',
        contactEmail: contactEmailOf(seeded),
        teams: [
          {
            teamName: seeded.name,
            players: seeded.players.map((name) => {
              const [firstName, lastName] = name.split(' ');
              return { firstName: firstName!, lastName: lastName!, email: playerEmail(name), phone: '' };
            }),
          },
        ],
      },
      new Date(),
    );
    const teamId = registration.teams[0]!.id;
    const initial: PaymentStatus = seeded.registered === 'hold' ? 'hold' : 'pending';
    if (seeded.status !== initial) await setTeamPaymentStatus(db, teamId, { status: seeded.status });
    // Registered on its day, its payment record with it: the Reports page filters by registration date.
    await db
      .update(teams)
      .set({ createdAt: new Date(seeded.registeredAt) })
      .where(eq(teams.id, teamId));
    await db
      .update(payments)
      .set({ createdAt: new Date(seeded.registeredAt) })
      .where(eq(payments.teamId, teamId));
    if (seeded.checkedIn > 0) {
      const { golfers } = await listGolfers(db, { tournamentId: tournament.id, q: seeded.name });
      for (const name of seeded.players.slice(0, seeded.checkedIn)) {
        const golfer = golfers.find((g) => `${g.firstName} ${g.lastName}` === name)!;
        await setCheckIn(db, admin!.id, golfer.id, { checkedIn: true }, new Date());
      }
    }
  }
}
