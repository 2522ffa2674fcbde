// The demo's evening (R53–R56): the outing in play has a silent auction of a dozen lots with drawn photos, bid on by its
// golfers and dinner guests (most lots with bids, one closing in minutes, one already closed with its winner's money line),
// and a paddle raise open with its giving levels and a few pledges. Rows are written consistently, as the bid service keeps
// them (the standing on the lot, every bid in auction_bids).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/connect';
import { auctionBids, auctionLots, bidders, paddleRaises, players, teams, tournaments } from '../db/schema';
import { storeImage } from '../images/service';
import { insertPurchases } from '../purchases/service';

/** title, value (FMV), opening bid, minimum raise, donor, the drawing's colours. */
export const DEMO_LOTS = [
  {
    title: 'Signed golf bag',
    valueCents: 60_000,
    openingBidCents: 20_000,
    donor: 'Willow Creek Pro Shop',
    colours: ['#1d3557', '#e63946'],
  },
  {
    title: 'Weekend at the lake house',
    valueCents: 150_000,
    openingBidCents: 50_000,
    donor: 'The Hendersons',
    colours: ['#2a9d8f', '#e9c46a'],
  },
  {
    title: 'Foursome at a private club',
    valueCents: 120_000,
    openingBidCents: 40_000,
    donor: 'Oak Hill Country Club',
    colours: ['#2d6a4f', '#95d5b2'],
  },
  {
    title: 'Wine tasting for eight',
    valueCents: 80_000,
    openingBidCents: 25_000,
    donor: 'Harbor Cellars',
    colours: ['#6a040f', '#ffba08'],
  },
  {
    title: 'Private lesson with the club pro',
    valueCents: 25_000,
    openingBidCents: 10_000,
    donor: 'Willow Creek Golf Club',
    colours: ['#40916c', '#f1faee'],
  },
  {
    title: 'Chef’s table dinner for four',
    valueCents: 60_000,
    openingBidCents: 20_000,
    donor: 'Marina Bistro',
    colours: ['#bc6c25', '#fefae0'],
  },
  {
    title: 'Hot-air balloon ride for two',
    valueCents: 70_000,
    openingBidCents: 25_000,
    donor: 'Skyline Balloons',
    colours: ['#f77f00', '#003049'],
  },
  {
    title: 'Framed Open Championship flag',
    valueCents: 40_000,
    openingBidCents: 15_000,
    donor: 'A friend of the fund',
    colours: ['#ffd60a', '#001d3d'],
  },
  {
    title: 'Season pass to the driving range',
    valueCents: 30_000,
    openingBidCents: 10_000,
    donor: 'Harbor Golf Centre',
    colours: ['#52b788', '#081c15'],
  },
  { title: 'Custom-fitted driver', valueCents: 50_000, openingBidCents: 20_000, donor: 'Fairway Fitters', colours: ['#3a0ca3', '#f72585'] },
  { title: 'Spa day for two', valueCents: 45_000, openingBidCents: 15_000, donor: 'Lakeview Spa', colours: ['#b5838d', '#ffcdb2'] },
  {
    title: 'Ballgame suite for ten',
    valueCents: 200_000,
    openingBidCents: 75_000,
    donor: 'Harbor City Mariners',
    colours: ['#0077b6', '#caf0f8'],
  },
] as const;

/** The paddle raise's giving levels: 5,000, 1,000, 500 and 100 dollars. */
export const DEMO_PADDLE_LEVELS = [500_000, 100_000, 50_000, 10_000];
/** Pledges by bidder (index into the bidders) and level; the first two recorded paid by staff. */
const PLEDGES = [
  { bidder: 0, cents: 100_000, paid: true },
  { bidder: 3, cents: 50_000, paid: true },
  { bidder: 5, cents: 10_000, paid: false },
  { bidder: 8, cents: 50_000, paid: false },
];

const GUESTS = [
  { name: 'Helen Park', email: 'helen.park@guests.example.org' },
  { name: 'Marcus Webb', email: 'marcus.webb@guests.example.org' },
  { name: 'Olivia Grant', email: 'olivia.grant@guests.example.org' },
  { name: 'Diego Alvarez', email: 'diego.alvarez@guests.example.org' },
];

/**
 * A lot's photo: a simple drawing on the lot's colours, handed over as PNG as a donor's own photo would be. Stored as a
 * photo ('hero': the w1280 and w640 variants the lot's pages show), as the admin's upload stores one.
 */
async function drawLot(title: string, [back, front]: readonly [string, string]) {
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="480" height="480" fill="${back}"/>
    <circle cx="360" cy="120" r="70" fill="${front}" opacity="0.85"/>
    <path d="M0 360 Q 160 300 320 350 T 480 330 V 480 H 0 Z" fill="${front}" opacity="0.6"/>
    <text x="40" y="300" font-family="Arial, sans-serif" font-size="150" font-weight="700" fill="#ffffff">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoAuction {
  lots: number;
  lotsWithBids: number;
  /** The lot that closes a few minutes after the seed. */
  closingSoon: string;
  /** The lot already closed, and its winner's bidder number. */
  closed: { title: string; winnerNumber: number; wonCents: number };
  pledges: number;
}

export async function seedAuction(tx: Db, tournamentId: string, now: Date): Promise<DemoAuction> {
  const minute = 60_000;
  const closesAt = new Date(now.getTime() + 150 * minute);
  await tx
    .update(tournaments)
    .set({ auctionOpensAt: new Date(now.getTime() - 180 * minute), auctionClosesAt: closesAt })
    .where(eq(tournaments.id, tournamentId));

  // Bidders: eight of the outing's golfers (through their personal links) and the dinner's guests, numbered from 1.
  const golfers = await tx
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(eq(teams.tournamentId, tournamentId))
    .orderBy(players.lastName, players.firstName)
    .limit(8);
  const people = [
    ...golfers.map((g) => ({ playerId: g.id, name: `${g.firstName} ${g.lastName}`, email: g.email })),
    ...GUESTS.map((g) => ({ playerId: null, ...g })),
  ];
  const seated = await tx
    .insert(bidders)
    .values(people.map((p, i) => ({ tournamentId, number: i + 1, ...p, showName: i % 3 !== 2 })))
    .returning();

  const images = await Promise.all(
    DEMO_LOTS.map(async (lot) => (await storeImage(tx, await drawLot(lot.title, lot.colours), { purpose: 'hero', uploadedBy: null })).id),
  );
  // Bids on ten lots of twelve; the 4th closes in minutes (its close moved by a late bid), the 12th closed half an hour ago.
  const CLOSING_SOON = 3;
  const CLOSED = 11;
  // What the winner gets, as a donor would describe it (the donor is credited beside it on the lot's page).
  const ABOUT: Record<string, string> = {
    'Signed golf bag': 'A tour stand bag signed by the club’s champions of the last ten years.',
    'Weekend at the lake house': 'Two nights for up to six guests, with a boat for the Saturday. Dates by arrangement.',
    'Foursome at a private club': 'Eighteen holes for four with carts and lunch in the clubhouse, any weekday this season.',
    'Wine tasting for eight': 'An evening with the winemaker: six wines, cheeses and a bottle each to take home.',
    'Private lesson with the club pro': 'An hour on the range and half an hour on the green, with video of your swing.',
    'Chef’s table dinner for four': 'Seven courses at the kitchen counter, with the chef talking you through each.',
    'Hot-air balloon ride for two': 'A sunrise flight over the valley and a champagne breakfast on landing.',
    'Framed Open Championship flag': 'A pin flag from the last Open, signed by the champion, framed behind glass.',
    'Season pass to the driving range': 'Unlimited buckets of balls from April to October.',
    'Custom-fitted driver': 'An hour’s fitting on the launch monitor and the driver built to the numbers.',
    'Spa day for two': 'Massages, the thermal suite and lunch, for two, on a day of your choosing.',
    'Ballgame suite for ten': 'A suite for ten at a home game, with food and drinks included.',
  };
  const UNBID = new Set([8, 10]);
  let closed: DemoAuction['closed'] | undefined;
  for (const [i, spec] of DEMO_LOTS.entries()) {
    const minRaiseCents = spec.openingBidCents >= 50_000 ? 5_000 : 2_500;
    const lotClose =
      i === CLOSING_SOON ? new Date(now.getTime() + 4 * minute) : i === CLOSED ? new Date(now.getTime() - 30 * minute) : closesAt;
    const [lot] = await tx
      .insert(auctionLots)
      .values({
        tournamentId,
        title: spec.title,
        description: ABOUT[spec.title] ?? '',
        imageId: images[i]!,
        valueCents: spec.valueCents,
        openingBidCents: spec.openingBidCents,
        minRaiseCents,
        donor: spec.donor,
        sortOrder: i + 1,
        closesAt: lotClose,
      })
      .returning({ id: auctionLots.id });
    if (UNBID.has(i)) continue;
    // Two to five bids, each the previous plus the minimum raise (or more), by bidders taking turns.
    const count = 2 + ((i * 7) % 4);
    let amountCents = spec.openingBidCents - minRaiseCents;
    const bids = Array.from({ length: count }, (_, b) => ({
      bidder: seated[(i * 3 + b * 5) % seated.length]!,
      amountCents: (amountCents += minRaiseCents * (1 + (b % 2))),
      at: new Date(now.getTime() - (count - b) * 9 * minute - (i === CLOSED ? 30 * minute : 0)),
    }));
    for (const bid of bids)
      await tx.insert(auctionBids).values({
        lotId: lot!.id,
        bidderId: bid.bidder.id,
        amountCents: bid.amountCents,
        maxCents: bid.amountCents,
        createdAt: bid.at,
      });
    const top = bids.at(-1)!;
    await tx
      .update(auctionLots)
      .set({ currentBidCents: top.amountCents, leaderBidderId: top.bidder.id, leaderMaxCents: top.amountCents, bidCount: bids.length })
      .where(eq(auctionLots.id, lot!.id));
    if (i === CLOSED) {
      // Closed as closing.ts closes a lot: the winner's money line, unpaid with a deadline, and the lot's outcome.
      const [purchase] = await insertPurchases(tx, [
        {
          tournamentId,
          kind: 'lot',
          buyerName: top.bidder.name,
          buyerEmail: top.bidder.email,
          paymentStatus: 'pending',
          holdUntil: new Date(now.getTime() + 72 * 3600_000),
          amountCents: top.amountCents,
          fmvCents: spec.valueCents,
          lotId: lot!.id,
          bidderId: top.bidder.id,
          note: 'Won at the auction',
        },
      ]);
      await tx
        .update(auctionLots)
        .set({ closedAt: lotClose, winnerBidderId: top.bidder.id, wonCents: top.amountCents, purchaseId: purchase!.id })
        .where(eq(auctionLots.id, lot!.id));
      closed = { title: spec.title, winnerNumber: top.bidder.number, wonCents: top.amountCents };
    }
  }

  // The paddle raise, open since twenty minutes ago, with its first pledges (donations, R35, by bidder number).
  const [raise] = await tx
    .insert(paddleRaises)
    .values({
      tournamentId,
      title: 'Send a child to camp',
      levelsCents: DEMO_PADDLE_LEVELS,
      openedAt: new Date(now.getTime() - 20 * minute),
    })
    .returning({ id: paddleRaises.id });
  await insertPurchases(
    tx,
    PLEDGES.map((p) => ({
      tournamentId,
      kind: 'donation' as const,
      buyerName: seated[p.bidder]!.name,
      buyerEmail: seated[p.bidder]!.email,
      paymentStatus: p.paid ? ('paid' as const) : ('pending' as const),
      holdUntil: p.paid ? null : new Date(now.getTime() + 72 * 3600_000),
      amountCents: p.cents,
      showName: seated[p.bidder]!.showName,
      note: p.paid ? 'Paddle raised: recorded by staff' : 'Paddle raised',
      paddleRaiseId: raise!.id,
      bidderId: seated[p.bidder]!.id,
    })),
  );

  return {
    lots: DEMO_LOTS.length,
    lotsWithBids: DEMO_LOTS.length - UNBID.size,
    closingSoon: DEMO_LOTS[CLOSING_SOON].title,
    closed: closed!,
    pledges: PLEDGES.length,
  };
}

/** What the paid pledges add to the outing's gifts (the demo test's raised). */
export const DEMO_PAID_PLEDGE_CENTS = PLEDGES.filter((p) => p.paid).reduce((sum, p) => sum + p.cents, 0);
