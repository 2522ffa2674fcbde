// R54: bidders of a tournament's auction and paddle raise. A person gets one bidder number per tournament, the first time
// they bid or pledge (signed in or through their golfer link) or when staff add a guest at dinner; the number is what
// public pages, the paddle and the keypad use.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { bidders } from '../db/schema';

export type Bidder = typeof bidders.$inferSelect;

/** Who is bidding: a signed-in user, a golfer through their personal link, or a guest staff add by name. */
export type BidderIdentity =
  { userId: string; name: string; email: string } | { playerId: string; name: string; email: string } | { name: string; email: string };

/**
 * The bidder for this person in this tournament, created with the next free number on first use. The number is the
 * tournament's highest plus one, taken in the insert itself; two bidders created at once that pick the same number meet
 * at the unique index (tournament, number), and the one that lost tries again with the next. So two processes never give
 * out the same number and none is skipped, and no lock is held across round trips: a first bid waits for no other
 * bidder's creation while holding a pool connection (docs/decisions/117). `showName` is set only when the bidder is
 * created; the bidder changes it later with `setShowName`.
 */
export async function bidderFor(db: Db, tournamentId: string, who: BidderIdentity, showName = false): Promise<Bidder> {
  for (;;) {
    const existing = await findBidder(db, tournamentId, who);
    if (existing) return existing;
    // No conflict target: a clash on the number (try the next) or on the person (created meanwhile: found above) both
    // insert nothing.
    const [row] = await db
      .insert(bidders)
      .values({
        tournamentId,
        number: sql`(select coalesce(max(${bidders.number}), 0) + 1 from ${bidders} where ${bidders.tournamentId} = ${tournamentId})`,
        userId: 'userId' in who ? who.userId : null,
        playerId: 'playerId' in who ? who.playerId : null,
        name: who.name,
        email: who.email,
        showName,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
}

async function findBidder(db: Db, tournamentId: string, who: BidderIdentity): Promise<Bidder | undefined> {
  const key = 'userId' in who ? eq(bidders.userId, who.userId) : 'playerId' in who ? eq(bidders.playerId, who.playerId) : null;
  if (!key) return undefined; // a guest staff add is always a new bidder
  const [row] = await db
    .select()
    .from(bidders)
    .where(and(eq(bidders.tournamentId, tournamentId), key));
  return row;
}

/** The bidder with this number in this tournament (the keypad's and the checkout table's lookup). */
export async function bidderByNumber(db: Db, tournamentId: string, number: number): Promise<Bidder | undefined> {
  const [row] = await db
    .select()
    .from(bidders)
    .where(and(eq(bidders.tournamentId, tournamentId), eq(bidders.number, number)));
  return row;
}

/** R54: the bidder allows (or withdraws) their name on public pages; the number is always shown. */
export async function setShowName(db: Db, bidderId: string, showName: boolean): Promise<void> {
  await db.update(bidders).set({ showName }).where(eq(bidders.id, bidderId));
}

/** What public pages may show of a bidder: the name only where allowed, never the e-mail. */
export function publicBidderLabel(bidder: Pick<Bidder, 'number' | 'name' | 'showName'>): string {
  return bidder.showName ? `#${bidder.number} ${bidder.name}` : `Bidder #${bidder.number}`;
}
