// The demo's second tournament (R28–R31): today's four-person scramble with net scoring, 36 teams of four with Handicap
// Indexes, drawn two groups to a hole, part-way round, so a newcomer sees a live two-group scramble board at once. Two
// teams are built to finish level on net, so the board shows countback. Deterministic (a seeded generator), not random.
import {
  contestResults,
  payments,
  playerScores,
  players,
  teamAssignments,
  teams,
  tournamentCourses,
  tournaments,
  tournamentSponsorshipLevels,
} from '../db/schema';
import { recordPaymentEvents } from '../payments/payment-events';
import type { Db } from '../db/connect';
import { drawShotgun, type RandomInt } from '../starting-holes/shotgun-draw';

export const DEMO_OUTING = { teams: 36, format: 'scramble', netScoring: true } as const;
/** The outing's contest holes (R44); winners are entered on the holes some team has played, the rest wait. */
export const DEMO_CONTESTS = { closestToPin: [4, 12, 16], longestDrive: [2, 18] } as const;
/** Each team's entry: the level's price, paid. */
const PRICE_CENTS = 60_000;

const TEAM_NAMES = [
  'Lakeside Dental',
  'Harbor Credit Union',
  'Oak & Iron Builders',
  'Pinecrest Realty',
  'Bluewater Marina',
  'Summit Physio',
  'Maple Street Bakery',
  'Riverbend Vets',
  'Northside Rotary',
  'Cedar Hill Law',
  'Beacon Insurance',
  'Greenway Landscaping',
  'Union Hardware',
  'Copper Kettle Diner',
  'Westfield Motors',
  'Bright Smiles Ortho',
  'Clearview Optometry',
  'Keystone Plumbing',
  'Silver Lining Events',
  'Redwood Accounting',
  'Harvest Market',
  'Fairway Financial',
  'Lighthouse Church',
  'Brookside Pharmacy',
  'Granite Peak Outfitters',
  'Sunrise Realty',
  'Tidewater Brewing',
  'Orchard Family Farm',
  'Hillcrest Hospital',
  'Ironwood Electric',
  'Mill Pond Printing',
  'Stonebridge Bank',
  'Coastal Roofing',
  'Parkview Pediatrics',
  'Old Town Coffee',
  'Meadowlark Florists',
];
const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Parker',
  'Reese',
  'Rowan',
  'Blake',
  'Cameron',
  'Dana',
  'Emery',
];
const LAST = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Kim',
  'Murphy',
  'Silva',
  'Cohen',
  'Larsen',
  'Dubois',
  'Haddad',
  'Tanaka',
  'Novak',
  'Reyes',
  'Walsh',
  'Moreau',
];

/** Mulberry32: a small seeded generator, so every demo is the same. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A scramble hole score: mostly birdies and pars for a good team, an eagle now and then, a bogey rarely. */
function scrambleStrokes(par: number, next: () => number): number {
  const r = next();
  return par + (r < 0.06 ? -2 : r < 0.5 ? -1 : r < 0.93 ? 0 : 1);
}

export interface DemoOuting {
  id: string;
  name: string;
  teams: number;
  teamsWithScores: number;
}

/**
 * Inserts the outing on `courseId` (holes with `pars`), offering `levelId` with 36 places. `startDate` is today: the
 * tournament is being played. Runs inside the demo's transaction.
 */
export async function seedOuting(
  tx: Db,
  options: { courseId: string; levelId: string; pars: readonly number[]; startDate: string },
): Promise<DemoOuting> {
  const next = seeded(20261125);
  const name = `Riverside Rotary Charity Scramble ${options.startDate.slice(0, 4)}`;
  const [tournament] = await tx
    .insert(tournaments)
    .values({
      name,
      startDate: options.startDate,
      endDate: options.startDate,
      active: true,
      maxTeams: DEMO_OUTING.teams,
      courseId: options.courseId,
      format: 'scramble',
      netScoring: true,
      // R44: net skins, closest to the pin on three par 3s, longest drive on two par 5s.
      skins: 'net',
      closestToPinHoles: [...DEMO_CONTESTS.closestToPin],
      longestDriveHoles: [...DEMO_CONTESTS.longestDrive],
      // The newest tournament (the Dashboard's default, spec §2), so an organiser's first look is the outing in play:
      // created in the same transaction as the upcoming one, it would otherwise tie with it on created_at.
      createdAt: new Date(Date.now() + 1000),
    })
    .returning({ id: tournaments.id });
  const tournamentId = tournament!.id;
  await tx.insert(tournamentCourses).values({ tournamentId, courseId: options.courseId });
  const [level] = await tx
    .insert(tournamentSponsorshipLevels)
    .values({ tournamentId, sponsorshipLevelId: options.levelId, priceCents: PRICE_CENTS, maxTeams: DEMO_OUTING.teams })
    .returning({ id: tournamentSponsorshipLevels.id });

  const base = Date.now();
  const field = await tx
    .insert(teams)
    .values(
      TEAM_NAMES.map((teamName, i) => ({
        tournamentId,
        tournamentSponsorshipLevelId: level!.id,
        name: teamName,
        company: teamName,
        contactName: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
        contactPhone: `555-01${String(i).padStart(2, '0')}`,
        contactEmail: `team${i + 1}@outing.example.org`,
        // R40: two teams in three agreed to be named among the sponsors.
        showCompanyAsSponsor: i % 3 !== 2,
        paymentStatus: 'paid',
        createdAt: new Date(base + i),
      })),
    )
    .returning({ id: teams.id, name: teams.name });
  const byName = new Map(field.map((t) => [t.name, t.id]));
  const teamIds = TEAM_NAMES.map((n) => byName.get(n)!);
  // Every team has paid its entry, as a real outing's field has: a payment record each, with its history (R26), so the
  // Dashboard, the ledger and Reports show the same money.
  const paid = await tx
    .insert(payments)
    .values(teamIds.map((teamId) => ({ teamId, amountCents: PRICE_CENTS, state: 'paid', note: 'Cheque received' })))
    .returning({ id: payments.id });
  await recordPaymentEvents(
    tx,
    paid.map((p) => ({
      paymentId: p.id,
      kind: 'registered',
      fromState: null,
      toState: 'paid',
      amountCents: PRICE_CENTS,
      note: 'Cheque received',
    })),
  );

  // Handicap Indexes 2.0–30.0; the first two teams share theirs, so their net totals can tie (countback).
  const indexes = teamIds.map(() => Array.from({ length: 4 }, () => Math.round((2 + next() * 28) * 10) / 10));
  indexes[1] = [...indexes[0]!];
  const roster = await tx
    .insert(players)
    .values(
      teamIds.flatMap((teamId, t) =>
        [0, 1, 2, 3].map((p) => ({
          teamId,
          // Golfer g of 144: every (first, last) pair once (7k mod 18 is never 0 for k = 1..7).
          firstName: FIRST[(t * 4 + p) % FIRST.length]!,
          lastName: LAST[(Math.floor((t * 4 + p) / FIRST.length) * 7 + t * 4 + p) % LAST.length]!,
          email: `golfer${t * 4 + p + 1}@outing.example.org`,
          handicapIndex: indexes[t]![p]!,
          // Player order is created_at: the first golfer carries the scramble's one row (docs/decisions/040).
          createdAt: new Date(base + t * 4 + p),
        })),
      ),
    )
    .returning({ id: players.id, teamId: players.teamId, createdAt: players.createdAt });
  const firstGolfer = new Map<string, { id: string; at: number }>();
  for (const p of roster) {
    const seen = firstGolfer.get(p.teamId);
    if (!seen || p.createdAt.getTime() < seen.at) firstGolfer.set(p.teamId, { id: p.id, at: p.createdAt.getTime() });
  }

  const holes = options.pars.map((par, i) => ({ number: i + 1, par }));
  const random: RandomInt = (max) => Math.floor(next() * max);
  const drawn = drawShotgun(teamIds, holes, [], random);
  await tx.insert(teamAssignments).values(drawn.map((d) => ({ tournamentId, ...d })));

  // Part-way round: most teams have played 6 to 16 holes from their starting hole; the first two have finished, level on
  // gross (and so on net) but not over the last nine: countback decides between them.
  const startOf = new Map(drawn.map((d) => [d.teamId, d.startingHole]));
  const rows: (typeof playerScores.$inferInsert)[] = [];
  teamIds.forEach((teamId, t) => {
    const played = t < 2 ? holes.length : t % 9 === 8 ? 0 : 6 + Math.floor(next() * 11);
    const start = startOf.get(teamId)!;
    const card = new Map<number, number>();
    for (let k = 0; k < played; k++) {
      const hole = ((start - 1 + k) % holes.length) + 1;
      const par = holes[hole - 1]!.par;
      // The leaders: birdies on two holes in three and an eagle on the 2nd (13 under), well clear of the field.
      card.set(hole, t === 0 ? par - (hole === 2 ? 2 : hole % 3 === 0 ? 0 : 1) : scrambleStrokes(par, next));
    }
    if (t === 1) {
      // Team 1 copies team 0's card, then moves a birdie from the back nine to the front: same total, worse last nine.
      const first = [...rows.filter((r) => r.teamId === teamIds[0])];
      card.clear();
      for (const r of first) card.set(r.holeNumber, r.strokes);
      card.set(3, card.get(3)! - 1);
      card.set(16, card.get(16)! + 1);
    }
    for (const [holeNumber, strokes] of card)
      rows.push({ tournamentId, teamId, playerId: firstGolfer.get(teamId)!.id, holeNumber, strokes });
  });
  if (rows.length) await tx.insert(playerScores).values(rows);

  // Contest winners staff have entered so far: on holes a team other than the leaders has played (CTP 4 and 12, LD 2).
  const playedBy = (hole: number, skip: number) =>
    teamIds.find((id, t) => t >= skip && rows.some((r) => r.teamId === id && r.holeNumber === hole));
  const golferOf = (teamId: string, n: number) => roster.filter((p) => p.teamId === teamId)[n]?.id ?? null;
  const winners = [
    { contest: 'closest_to_pin', holeNumber: 4, teamId: playedBy(4, 2), n: 1, distance: 4 * 12 + 3 },
    { contest: 'closest_to_pin', holeNumber: 12, teamId: playedBy(12, 5), n: 2, distance: 11 * 12 + 8 },
    { contest: 'longest_drive', holeNumber: 2, teamId: playedBy(2, 3), n: 0, distance: 287 },
  ].flatMap(({ teamId, n, ...won }) => (teamId ? [{ tournamentId, teamId, playerId: golferOf(teamId, n), ...won }] : []));
  if (winners.length) await tx.insert(contestResults).values(winners);
  return { id: tournamentId, name, teams: teamIds.length, teamsWithScores: new Set(rows.map((r) => r.teamId)).size };
}
