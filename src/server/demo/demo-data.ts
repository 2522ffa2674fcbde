// A believable demo for an empty database: one upcoming charity tournament, its 18-hole course and four sponsorship levels.
// Used by `npm run seed:demo` and by tests; it never touches a database that already holds tournament data.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { courseHoles, golfCourses, sponsorshipLevels, tournamentCourses, tournaments, tournamentSponsorshipLevels } from '../db/schema';
import { AppError } from '../http/errors';
import { DEMO_GOAL_CENTS, seedGifts } from './demo-gifts';
import { seedGolferAnswers, type DemoGolfers } from './demo-golfers';
import { seedSingles } from './demo-singles';
import { seedOuting, type DemoOuting } from './demo-outing';
import { seedHero, seedItems } from './demo-items';
import { seedAuction, type DemoAuction } from './demo-auction';

/** The tournament is this many days after today (then moved to the Friday on or after), so registration is open. */
export const DEMO_DAYS_AHEAD = 42;

export const DEMO_COURSE = {
  name: 'Willow Creek Golf Club',
  description: 'Tree-lined parkland course, par 72. Water is in play on the par-3 4th and 16th; shotgun start at 8:00 AM.',
  // Front nine 36, back nine 36: four par 3s, four par 5s, ten par 4s.
  pars: [4, 5, 4, 3, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5],
} as const;

/** A shotgun start puts one team on each hole (R20): a full field is one team per hole, so the draw can always be made. */
export const DEMO_MAX_TEAMS = DEMO_COURSE.pars.length;

/**
 * `maxTeams` is the level's default number of places (1-10); `places` is what this tournament offers (R13). The places add
 * up to DEMO_MAX_TEAMS. `fmvCents`: the value of the golf received (four rounds with carts 280.00; with dinner 320.00), which
 * each receipt states (R39).
 */
export const DEMO_LEVELS = [
  {
    name: 'Title Sponsor',
    description: 'Naming rights to the event, a foursome with carts, your logo on every hole sign and a word at the awards dinner.',
    maxTeams: 1,
    priceCents: 1_000_000,
    fmvCents: 32_000,
    places: 1,
  },
  {
    name: 'Eagle Sponsor',
    description: 'A foursome with carts, a tee-box sign and your logo on the event banner and website.',
    maxTeams: 3,
    priceCents: 500_000,
    fmvCents: 28_000,
    places: 3,
  },
  {
    name: 'Birdie Sponsor',
    description: 'A foursome with carts and your sign on one of the par 3s.',
    maxTeams: 4,
    priceCents: 250_000,
    fmvCents: 28_000,
    places: 4,
  },
  {
    name: 'Foursome',
    description: 'Four golfers with carts, lunch, range balls and a seat each at the awards dinner.',
    maxTeams: 10,
    priceCents: 120_000,
    fmvCents: 32_000,
    places: 10,
  },
] as const;

export interface DemoSummary {
  tournament: { id: string; name: string; startDate: string; maxTeams: number };
  course: { id: string; name: string; holes: number; par: number };
  levels: { id: string; name: string; priceCents: number; places: number }[];
  /** R42: the outing's golfers asked to answer for themselves, answered or not yet. */
  golfers: DemoGolfers;
  /** R43: golfers with a single place in the Classic, waiting on the pairing page. */
  singles: number;
  /** The second tournament: today's scramble with net scoring, drawn and part-way round (R28–R31). */
  outing: DemoOuting;
  /** The outing's goal and gifts (R35, R38). */
  fundraising: { gifts: number; giftCents: number; goalCents: number };
  /** The outing's evening: its silent auction and paddle raise (R53–R56). */
  auction: DemoAuction;
}

/** What the upcoming tournament's event page says (R40). */
export const DEMO_EVENT_PAGE = {
  cause:
    "Every dollar raised sends a child from Hope Harbor's after-school programme to summer camp.\nLast year 96 golfers raised enough for 41 camp places. This year we are aiming for 60.",
  schedule: ['11:00 Check-in and range', '12:30 Shotgun start', '17:30 Dinner and awards', '19:00 Auction closes'],
  address: '1200 Lakeview Drive, Harbor City, CA 90710',
};

/** `today` is the calendar date (YYYY-MM-DD) in the tournament's time zone; the demo tournament is dated from it. */
export async function seedDemo(db: Db, options: { today: string }): Promise<DemoSummary> {
  const startDate = demoStartDate(options.today);
  const year = startDate.slice(0, 4);
  const name = `Hope Harbor Children's Fund Golf Classic ${year}`;

  return db.transaction(async (tx) => {
    // Two seeds (or a seed and an admin) at once must not both find the database empty.
    await tx.execute(sql`lock table ${tournaments}, ${golfCourses}, ${sponsorshipLevels} in share row exclusive mode`);
    const [counts] = await queryRows<{ tournaments: number; courses: number; levels: number }>(
      tx,
      sql`select (select count(*)::int from ${tournaments}) as tournaments, (select count(*)::int from ${golfCourses}) as courses,
                 (select count(*)::int from ${sponsorshipLevels}) as levels`,
    );
    if (counts && (counts.tournaments > 0 || counts.courses > 0 || counts.levels > 0)) {
      throw new AppError(
        'CONFLICT',
        `The database already has tournament data (${count(counts.tournaments, 'tournament')}, ${count(counts.courses, 'course')}, ` +
          `${count(counts.levels, 'sponsorship level')}); the demo only fills an empty database. Nothing was changed.`,
      );
    }

    const [course] = await tx
      .insert(golfCourses)
      .values({ name: DEMO_COURSE.name, description: DEMO_COURSE.description, totalHoles: DEMO_COURSE.pars.length })
      .returning({ id: golfCourses.id });
    await tx.insert(courseHoles).values(DEMO_COURSE.pars.map((par, i) => ({ courseId: course!.id, holeNumber: i + 1, par })));

    const [tournament] = await tx
      .insert(tournaments)
      .values({
        name,
        startDate,
        endDate: startDate,
        active: true,
        maxTeams: DEMO_MAX_TEAMS,
        courseId: course!.id,
        // R40: the event page's texts, as an organiser would write them.
        ...DEMO_EVENT_PAGE,
      })
      .returning({ id: tournaments.id });
    await tx.insert(tournamentCourses).values({ tournamentId: tournament!.id, courseId: course!.id });

    // now() is the same for every row of a transaction; distinct created_at keep the levels in this order wherever they are listed.
    const base = Date.now();
    const levels = await tx
      .insert(sponsorshipLevels)
      .values(
        DEMO_LEVELS.map((l, i) => ({ name: l.name, description: l.description, maxTeams: l.maxTeams, createdAt: new Date(base + i) })),
      )
      .returning({ id: sponsorshipLevels.id, name: sponsorshipLevels.name });
    const offered = DEMO_LEVELS.map((l) => ({ ...l, id: levels.find((row) => row.name === l.name)!.id }));
    const tournamentLevels = await tx
      .insert(tournamentSponsorshipLevels)
      .values(
        offered.map((l) => ({
          tournamentId: tournament!.id,
          sponsorshipLevelId: l.id,
          priceCents: l.priceCents,
          fmvCents: l.fmvCents,
          maxTeams: l.places,
        })),
      )
      .returning({ id: tournamentSponsorshipLevels.id, levelId: tournamentSponsorshipLevels.sponsorshipLevelId });

    const outing = await seedOuting(tx, {
      courseId: course!.id,
      levelId: offered.find((l) => l.name === 'Foursome')!.id,
      pars: DEMO_COURSE.pars,
      startDate: options.today,
    });
    const fundraising = await seedGifts(tx, outing.id);

    await seedItems(tx, { upcomingId: tournament!.id, outingId: outing.id, now: new Date() });
    await seedHero(tx, outing.id);
    const auction = await seedAuction(tx, outing.id, new Date());

    const golfers = await seedGolferAnswers(tx, outing.id);
    const foursome = tournamentLevels.find((row) => row.levelId === offered.find((l) => l.name === 'Foursome')!.id)!;
    const { singles } = await seedSingles(tx, tournament!.id, foursome.id);

    return {
      outing,
      auction,
      fundraising: { ...fundraising, goalCents: DEMO_GOAL_CENTS },
      golfers,
      singles,
      tournament: { id: tournament!.id, name, startDate, maxTeams: DEMO_MAX_TEAMS },
      course: { id: course!.id, name: DEMO_COURSE.name, holes: DEMO_COURSE.pars.length, par: DEMO_COURSE.pars.reduce((a, b) => a + b, 0) },
      levels: offered.map((l) => ({
        id: tournamentLevels.find((row) => row.levelId === l.id)!.id,
        name: l.name,
        priceCents: l.priceCents,
        places: l.places,
      })),
    };
  });
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The Friday on or after `today` + DEMO_DAYS_AHEAD, as YYYY-MM-DD (pure calendar arithmetic, no time zone). */
export function demoStartDate(today: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== today) throw new Error(`today must be a date as YYYY-MM-DD, got "${today}"`);
  date.setUTCDate(date.getUTCDate() + DEMO_DAYS_AHEAD);
  const FRIDAY = 5;
  date.setUTCDate(date.getUTCDate() + ((FRIDAY - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}
