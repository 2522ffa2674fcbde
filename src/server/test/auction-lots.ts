// Auction lots for tests of closing and paying (R55), with their standing written as the bid service keeps it (the row's
// leader, current bid and count, and one auction_bids row per bid, in order): the bid service itself is built apart.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { auctionBids, auctionLots, tournaments } from '../db/schema';
import type { Bidder } from '../auction/bidders';

/** Sets the tournament's auction to close at `closesAt` (opened an hour before). */
export async function openAuction(db: Db, tournamentId: string, closesAt: Date) {
  await db
    .update(tournaments)
    .set({ auctionOpensAt: new Date(closesAt.getTime() - 3600_000), auctionClosesAt: closesAt })
    .where(eq(tournaments.id, tournamentId));
}

export async function insertLot(
  db: Db,
  tournamentId: string,
  values: { title: string; valueCents?: number; openingBidCents?: number; closesAt?: Date | null; sortOrder?: number },
) {
  const [lot] = await db
    .insert(auctionLots)
    .values({
      tournamentId,
      title: values.title,
      description: `${values.title}, given by a friend of the tournament`,
      valueCents: values.valueCents ?? 10_000,
      openingBidCents: values.openingBidCents ?? 5_000,
      minRaiseCents: 500,
      closesAt: values.closesAt ?? null,
      sortOrder: values.sortOrder ?? 0,
    })
    .returning();
  return lot!;
}

/** Bids on a lot in this order; the last bidder leads at the last amount. */
export async function placeBids(db: Db, lotId: string, bids: { bidder: Bidder; amountCents: number }[]) {
  for (const bid of bids)
    await db.insert(auctionBids).values({ lotId, bidderId: bid.bidder.id, amountCents: bid.amountCents, maxCents: bid.amountCents });
  const last = bids.at(-1)!;
  await db
    .update(auctionLots)
    .set({ currentBidCents: last.amountCents, leaderBidderId: last.bidder.id, leaderMaxCents: last.amountCents, bidCount: bids.length })
    .where(eq(auctionLots.id, lotId));
}
