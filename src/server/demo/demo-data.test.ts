import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADDONS, DEMO_ITEMS } from './demo-items';
import { DEMO_LOTS, DEMO_PAID_PLEDGE_CENTS, DEMO_PADDLE_LEVELS } from './demo-auction';
import { queryRows } from '../db/connect';
import { auctionOf } from '../auction/lots';
import { readImageVariant } from '../images/service';
import {
  auctionBids,
  auctionLots,
  paddleRaises,
  purchases,
  payments,
  courseHoles,
  golfCourses,
  players,
  sponsorshipLevels,
  teams,
  tournamentCourses,
  tournaments,
  tournamentSponsorshipLevels,
} from '../db/schema';
import { AppError } from '../http/errors';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { registerTeams } from '../registration/service';
import { loadLeaderboard } from '../leaderboard/leaderboard';
import { assignStartingHoles, getStartingSheet } from '../starting-holes/starting-holes';
import { playersInput, registrationInput } from '../test/factories';
import { insertLeaders } from '../test/fixtures';
import { getDashboard } from '../dashboard/service';
import { donorWall, listGifts } from '../donations/service';
import { raisedForOne } from '../payments/raised';
import { ledgerTotals } from '../payments/service';
import { receiptsFor } from '../receipts/service';
import { buildReport } from '../reports/service';
import { reportQuerySchema } from '../../shared/report-schemas';
import { listAnswers } from '../golfer-answers/service';
import { pairingBoard, placeSingles } from '../pairing/service';
import { listTournamentLevels } from '../tournaments/service';
import { demoStartDate, seedDemo, type DemoSummary } from './demo-data';

let database: TestDatabase;
/** What the first test seeded, for the outing's test. */
let seeded: DemoSummary | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const TABLES = ['tournaments', 'golf_courses', 'course_holes', 'tournament_courses', 'sponsorship_levels', 'tournament_sponsorship_levels'];

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row!.n;
  }
  return counts;
}

describe('seedDemo', () => {
  it('fills an empty database with one upcoming tournament, its 18-hole par-72 course and four priced levels', async () => {
    const summary = (seeded = await seedDemo(database.db, { today: '2026-03-02' }));

    // Two tournaments on the one course: the upcoming one and today's outing (below), which offers one level.
    expect(await rowCounts()).toEqual({
      tournaments: 2,
      golf_courses: 1,
      course_holes: 18,
      tournament_courses: 2,
      sponsorship_levels: 4,
      tournament_sponsorship_levels: 5,
    });

    const [tournament] = await database.db.select().from(tournaments).where(eq(tournaments.id, summary.tournament.id));
    expect(tournament).toMatchObject({ id: summary.tournament.id, active: true, maxTeams: 18, startDate: '2026-04-17' });
    expect(tournament!.name).toMatch(/Golf Classic 2026$/);

    const [course] = await database.db.select().from(golfCourses);
    expect(course).toMatchObject({ id: summary.course.id, totalHoles: 18 });
    expect(tournament!.courseId).toBe(course!.id);
    expect(await database.db.select().from(tournamentCourses).where(eq(tournamentCourses.tournamentId, tournament!.id))).toEqual([
      { tournamentId: tournament!.id, courseId: course!.id },
    ]);

    const holes = await database.db.select().from(courseHoles).where(eq(courseHoles.courseId, course!.id)).orderBy(courseHoles.holeNumber);
    expect(holes.map((h) => h.holeNumber)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(holes.reduce((total, h) => total + h.par, 0)).toBe(72);
    expect(new Set(holes.map((h) => h.par))).toEqual(new Set([3, 4, 5]));
    expect(summary.course).toMatchObject({ holes: 18, par: 72 });

    const offered = await database.db
      .select({
        id: tournamentSponsorshipLevels.id,
        name: sponsorshipLevels.name,
        description: sponsorshipLevels.description,
        defaultPlaces: sponsorshipLevels.maxTeams,
        priceCents: tournamentSponsorshipLevels.priceCents,
        places: tournamentSponsorshipLevels.maxTeams,
        tournamentId: tournamentSponsorshipLevels.tournamentId,
      })
      .from(tournamentSponsorshipLevels)
      .innerJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
      .where(eq(tournamentSponsorshipLevels.tournamentId, tournament!.id))
      .orderBy(sql`${tournamentSponsorshipLevels.priceCents} desc`);
    expect(offered.map((l) => l.name)).toEqual(['Title Sponsor', 'Eagle Sponsor', 'Birdie Sponsor', 'Foursome']);
    for (const level of offered) {
      expect(level.tournamentId).toBe(tournament!.id);
      expect(Number.isInteger(level.priceCents) && level.priceCents > 0).toBe(true);
      expect(level.defaultPlaces).toBeGreaterThanOrEqual(1);
      expect(level.defaultPlaces).toBeLessThanOrEqual(10);
      expect(level.places).toBeGreaterThanOrEqual(1);
      expect(level.description.length).toBeGreaterThan(0);
    }
    expect(offered.find((l) => l.name === 'Title Sponsor')).toMatchObject({ priceCents: 1_000_000, places: 1 });
    // One team per hole at most: the places add up to the tournament's cap, which is the course's holes.
    expect(offered.reduce((total, l) => total + l.places, 0)).toBe(18);
    expect(summary.levels.map((l) => l.id).sort()).toEqual(offered.map((l) => l.id).sort());
  });

  it('shows side games on the live outing: net skins by hole and contest winners entered on three holes (R44)', async () => {
    const { board } = await loadLeaderboard(database.db, seeded!.outing.id);
    const { skins, contests } = board.sideGames;
    expect(skins?.mode).toBe('net');
    expect(skins?.holes).toHaveLength(18);
    // Part-way round, every hole has been played by some team and a leader or a tie so far.
    expect(skins?.holes.every((h) => h.score !== null)).toBe(true);
    expect(contests.map((c) => [c.contest, c.hole, c.winner !== null])).toEqual([
      ['longest_drive', 2, true],
      ['closest_to_pin', 4, true],
      ['closest_to_pin', 12, true],
      ['closest_to_pin', 16, false],
      ['longest_drive', 18, false],
    ]);
    expect(contests.find((c) => c.hole === 4)?.winner).toMatchObject({ distance: 51, holeInOne: false });
    const sheet = await getStartingSheet(database.db, board.tournament.id);
    expect(sheet.contestHoles).toHaveLength(5);
  });

  it("adds today's outing: a net scramble of 36 foursomes with handicap indexes, drawn two to a hole, part-way round, with a countback", async () => {
    const outing = await loadLeaderboard(database.db, seeded!.outing.id);
    expect(outing.active).toBe(true);
    expect(outing.board.tournament.startDate).toBe('2026-03-02');
    expect(outing.board.rules).toEqual({ format: 'scramble', bestBalls: 1, netScoring: true });
    const sheet = await getStartingSheet(database.db, outing.board.tournament.id);
    expect(sheet.assignments).toHaveLength(36);
    expect(sheet.assignments.filter((a) => a.startGroup === 'B')).toHaveLength(18);
    expect(sheet.assignments.every((a) => a.players.length === 4)).toBe(true);
    const indexes = await database.db
      .select({ index: players.handicapIndex, name: sql<string>`${players.firstName} || ' ' || ${players.lastName}` })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(eq(teams.tournamentId, outing.board.tournament.id));
    expect(indexes).toHaveLength(144);
    // 144 different golfers, as a real field would be.
    expect(new Set(indexes.map((p) => p.name)).size).toBe(144);
    expect(indexes.every((p) => p.index != null && p.index >= 2 && p.index <= 30)).toBe(true);
    // Some teams are still out, some have not started, and countback placed two finished teams.
    expect(outing.board.rows.length).toBeGreaterThan(20);
    expect(outing.board.rows.length).toBeLessThan(36);
    expect(outing.board.rows.some((r) => r.thru > 0 && r.thru < 18)).toBe(true);
    expect(
      outing.board.rows
        .filter((r) => r.countback)
        .map((r) => r.countback)
        .sort(),
    ).toEqual(['lost', 'won']);
  });

  it("shows the outing's money the same on the Dashboard, in Payments and as Raised; Reports' team places are 36 entries of $600 paid", async () => {
    const id = seeded!.outing.id;
    const dashboard = await getDashboard(database.db, id);
    const report = await buildReport(database.db, reportQuerySchema.parse({ tournamentId: id }), 'UTC');
    // Reports counts the team places: 36 × $600.00 = $21,600.00, all received.
    expect(report.totals).toMatchObject({ expectedCents: 2_160_000, receivedCents: 2_160_000, outstandingCents: 0 });
    // The Dashboard's money is every record's, as Payments sums it: the places, the gifts, the sponsorships, the lots paid.
    const { count: _records, ...ledger } = await ledgerTotals(database.db, { tournamentId: id });
    expect(dashboard.stats).toMatchObject(ledger);
    expect(ledger.receivedCents).toBe((await raisedForOne(database.db, id))!.raisedCents);
    expect(ledger.receivedCents).toBeGreaterThan(2_160_000);
    // And the Dashboard opens on it: the newest tournament is the one in play.
    expect((await getDashboard(database.db)).tournament?.id).toBe(id);
  });

  it("shows the outing part-way to its goal, with gifts on the wall (named, anonymous, one cheque) and receipts with the foursome's value", async () => {
    const id = seeded!.outing.id;
    const raised = (await raisedForOne(database.db, id))!;
    // 36 × $600.00 entries, $2,050.00 of gifts, the outing's paid sponsorships (five hole signs and the beverage cart) and
    // add-ons (eight golfers' two mulligans, twenty raffle tickets), against $40,000.00.
    const items = 5 * DEMO_ITEMS[0].priceCents + DEMO_ITEMS[1].priceCents;
    const addons = 8 * 2 * DEMO_ADDONS[0].priceCents + 20 * DEMO_ADDONS[1].priceCents;
    // The paddle raise's pledges staff recorded paid are gifts too (R56); the auction's won lot is not paid yet.
    const donations = 205_000 + DEMO_PAID_PLEDGE_CENTS;
    expect(raised).toMatchObject({ raisedCents: 2_160_000 + donations + items + addons, goalCents: 4_000_000 });
    expect(raised.raisedBySource).toEqual({ teams: 2_160_000, items, addons, donations, auction: 0 });
    expect(raised.raisedCents).toBeLessThan(raised.goalCents!);
    const wall = await donorWall(database.db, id);
    expect(wall.map((d) => d.name)).toEqual(expect.arrayContaining(['Margaret Ellis', 'Anonymous', 'Riverside Lions Club']));
    // The cheque, and the two paddle-raise pledges staff recorded paid (R56).
    const offline = (await listGifts(database.db, id)).filter((g) => g.offline).map((g) => g.name);
    expect(offline).toContain('Riverside Lions Club');
    expect(offline).toHaveLength(3);
    const [entry] = await database.db
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(teams, eq(teams.id, payments.teamId))
      .where(eq(teams.tournamentId, id))
      .limit(1);
    const [receipt] = await receiptsFor(database.db, [entry!.id]);
    expect(receipt).toMatchObject({ amountCents: 60_000, fmvCents: 32_000, deductibleCents: 28_000, disclosure: true });
  });

  it('gives the outing an evening: a dozen lots with photos, bids on most, one closing in minutes, one won; a paddle raise with pledges', async () => {
    const id = seeded!.outing.id;
    const now = Date.now();
    const lots = await database.db.select().from(auctionLots).where(eq(auctionLots.tournamentId, id));
    expect(lots).toHaveLength(DEMO_LOTS.length);
    expect(lots.every((l) => l.imageId !== null)).toBe(true);
    // Each says what the winner gets; the donor is credited apart (the page showed 'Donated by X' above 'Given by X.').
    for (const lot of lots) expect(lot.description.length, lot.title).toBeGreaterThan(30);
    expect(lots.some((l) => l.description.includes(l.donor))).toBe(false);
    // Every photo the lots' pages ask for is there (a logo's variants are smaller: the pages showed broken images).
    const shown = (await auctionOf(database.db, id)).lots.flatMap((l) => [l.photoUrl!, l.thumbUrl!]);
    for (const url of shown) {
      const [, imageId, variant] = /^\/api\/images\/([^/]+)\/(w\d+)$/.exec(url)!;
      expect(await readImageVariant(database.db, imageId!, variant!), url).toBeTruthy();
    }
    expect(lots.filter((l) => l.bidCount > 0).length).toBeGreaterThanOrEqual(9);
    // Each lot's standing is its last bid, and its bids rise.
    for (const lot of lots.filter((l) => l.bidCount > 0)) {
      const bids = await database.db.select().from(auctionBids).where(eq(auctionBids.lotId, lot.id)).orderBy(auctionBids.seq);
      expect(bids).toHaveLength(lot.bidCount);
      expect(bids.at(-1)).toMatchObject({ amountCents: lot.currentBidCents, bidderId: lot.leaderBidderId });
      expect(bids.every((b, i) => i === 0 || b.amountCents >= bids[i - 1]!.amountCents + lot.minRaiseCents)).toBe(true);
    }
    const soon = lots.filter((l) => !l.closedAt && l.closesAt!.getTime() - now < 10 * 60_000);
    expect(soon.map((l) => l.title)).toEqual([seeded!.auction.closingSoon]);
    const won = lots.filter((l) => l.closedAt);
    expect(won).toHaveLength(1);
    const [line] = await database.db.select().from(purchases).where(eq(purchases.id, won[0]!.purchaseId!));
    expect(line).toMatchObject({
      kind: 'lot',
      lotId: won[0]!.id,
      amountCents: won[0]!.wonCents,
      fmvCents: won[0]!.valueCents,
      paymentStatus: 'pending',
    });
    const [raise] = await database.db.select().from(paddleRaises).where(eq(paddleRaises.tournamentId, id));
    expect(raise!.levelsCents).toEqual(DEMO_PADDLE_LEVELS);
    const pledges = await database.db.select().from(purchases).where(eq(purchases.paddleRaiseId, raise!.id));
    expect(pledges.length).toBe(seeded!.auction.pledges);
    expect(pledges.every((p) => p.kind === 'donation' && p.bidderId !== null)).toBe(true);
  });

  it('refuses a database that already has a tournament, changing nothing', async () => {
    const before = await rowCounts();
    expect(before.tournaments).toBe(2);
    const attempt = seedDemo(database.db, { today: '2026-03-02' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Nothing was changed') });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the demo outing’s golfers who answer for themselves (R42)', () => {
  it('has answered and not-yet-answered golfers, with the outing’s own questions', async () => {
    expect(seeded!.golfers).toEqual({ answered: 3, waiting: 3 });
    const { questions, golfers } = await listAnswers(database.db, seeded!.outing.id);
    expect(questions.map((q) => q.label)).toEqual(['Need a shuttle from the clubhouse car park?', 'Dinner choice']);
    const asked = golfers.filter((g) => g.answeredBy === 'golfer');
    expect(asked.filter((g) => g.answeredAt).every((g) => g.shirtSize && g.custom[questions[0]!.id])).toBe(true);
    expect(asked.filter((g) => !g.answeredAt)).toHaveLength(3);
  });
});

describe('the demo’s singles (R43)', () => {
  it('are two paid golfers at the Classic’s Foursome level, waiting on the pairing page', async () => {
    expect(seeded!.singles).toBe(2);
    const board = await pairingBoard(database.db, seeded!.tournament.id);
    expect(board.singles.map((s) => [`${s.firstName} ${s.lastName}`, s.levelName, s.placeable])).toEqual([
      ['Morgan Ellery', 'Foursome', true],
      ['Priya Nandakumar', 'Foursome', true],
    ]);
    const levels = await listTournamentLevels(database.db, seeded!.tournament.id);
    expect(levels.find((l) => l.name === 'Foursome')).toMatchObject({ placesLeft: 9, singlePlacesLeft: 38, singlePriceCents: 30_000 });
  });
});

describe('the demo tournament, full', () => {
  let full: TestDatabase;
  beforeAll(async () => {
    full = await openTestDatabase();
  });
  afterAll(async () => {
    await full?.close();
  });

  it('every place taken can still be drawn: one team per hole of the course', async () => {
    const summary = await seedDemo(full.db, { today: '2026-03-02' });
    const [leader] = await insertLeaders(full.db, 1);
    const registeredOn = new Date('2026-03-03T12:00:00Z');
    // The two singles (R43) become one team; every team place left is then registered.
    const { singles } = await pairingBoard(full.db, summary.tournament.id);
    await placeSingles(full.db, { tournamentId: summary.tournament.id, singleIds: singles.map((s) => s.id), newTeamName: 'Paired Up' });
    const left = await listTournamentLevels(full.db, summary.tournament.id);
    for (const level of summary.levels) {
      const places = left.find((l) => l.id === level.id)!.placesLeft;
      for (let start = 0; start < places; start += 10) {
        const teams = Array.from({ length: Math.min(10, places - start) }, (_, i) => ({
          teamName: `${level.name} ${start + i + 1}`,
          players: playersInput(`P${i}`),
        }));
        await registerTeams(full.db, leader!, registrationInput(summary.tournament.id, level.id, { teams }), registeredOn);
      }
    }
    const sheet = await assignStartingHoles(full.db, summary.tournament.id);
    expect(sheet.assignments).toHaveLength(summary.course.holes);
    expect(new Set(sheet.assignments.map((a) => a.startingHole)).size).toBe(summary.course.holes);
    expect(sheet.teamsWithoutHole).toBe(0);
  });
});

describe('seedDemo on a database an organiser has started', () => {
  let started: TestDatabase;
  beforeAll(async () => {
    started = await openTestDatabase();
    await started.db.insert(tournaments).values({ name: 'Spring Scramble', startDate: '2026-05-01' });
  });
  afterAll(async () => {
    await started?.close();
  });

  it('refuses when any tournament exists and adds no course or level', async () => {
    await expect(seedDemo(started.db, { today: '2026-03-02' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('1 tournament, 0 courses, 0 sponsorship levels'),
    });
    const [counts] = await queryRows<{ t: number; c: number; l: number }>(
      started.db,
      sql`select (select count(*)::int from tournaments) as t, (select count(*)::int from golf_courses) as c,
                 (select count(*)::int from sponsorship_levels) as l`,
    );
    expect(counts).toEqual({ t: 1, c: 0, l: 0 });
  });
});

describe('demoStartDate', () => {
  it('is a Friday at least six weeks ahead', () => {
    expect(demoStartDate('2026-03-02')).toBe('2026-04-17'); // Monday + 42 days = Monday 13 April, then Friday 17 April
    expect(demoStartDate('2026-03-06')).toBe('2026-04-17'); // Friday + 42 days is a Friday
    expect(demoStartDate('2026-12-31')).toBe('2027-02-12'); // across a year end
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => demoStartDate('2026-02-30')).toThrow(/YYYY-MM-DD/);
    expect(() => demoStartDate('03/02/2026')).toThrow(/YYYY-MM-DD/);
  });
});
