// The silent auction's lots (R53): staff set the auction's opening and closing times per tournament and keep its lots
// (title, description, photo, value, opening bid, minimum raise, optional buy-now, donor); anyone reads them with their
// standing. A lot's close starts at the auction's close and moves later on a late bid (soft close, bidding.ts).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { isForeignKeyViolation } from '../db/errors';
import { auctionBids, auctionLots, bidders, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { imageUrl } from '../images/service';
import { tournamentNotFound } from '../scoring/tournament-course';
import { buyNowOpen, nextMinimumCents } from '../../shared/auction-bidding';
import { auctionTimesSchema, LOT_MESSAGES, lotSchema } from '../../shared/auction-schemas';
import { notifyAuction } from './auction-feed';
import { publicBidderLabel } from './bidders';

type LotRow = typeof auctionLots.$inferSelect;
type LeaderRow = { number: number; name: string; showName: boolean } | null;

/** What public pages show of a bidder: the number, and the name only where the bidder allowed it (never the e-mail). */
export interface PublicBidder {
  number: number;
  label: string;
}
const publicBidder = (row: LeaderRow): PublicBidder | null => (row ? { number: row.number, label: publicBidderLabel(row) } : null);

/** A lot's standing as the pages show it and the live events carry it (no texts: a notification stays small). */
export function standingOf(lot: LotRow, leader: LeaderRow) {
  return {
    id: lot.id,
    tournamentId: lot.tournamentId,
    closesAt: lot.closesAt?.toISOString() ?? null,
    closedAt: lot.closedAt?.toISOString() ?? null,
    currentBidCents: lot.currentBidCents,
    bidCount: lot.bidCount,
    leader: publicBidder(leader),
    nextMinimumCents: nextMinimumCents(lot, lot),
    buyNowOpen: buyNowOpen(lot, lot),
  };
}
export type LotStanding = ReturnType<typeof standingOf>;

function lotView(lot: LotRow, leader: LeaderRow) {
  return {
    ...standingOf(lot, leader),
    title: lot.title,
    description: lot.description,
    imageId: lot.imageId,
    photoUrl: lot.imageId ? imageUrl(lot.imageId, 'w1280') : null,
    thumbUrl: lot.imageId ? imageUrl(lot.imageId, 'w640') : null,
    valueCents: lot.valueCents,
    openingBidCents: lot.openingBidCents,
    minRaiseCents: lot.minRaiseCents,
    buyNowCents: lot.buyNowCents,
    donor: lot.donor,
  };
}

const leaderColumns = { number: bidders.number, name: bidders.name, showName: bidders.showName };

async function readLots(db: Pick<Db, 'select'>, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ lot: auctionLots, leader: leaderColumns })
    .from(auctionLots)
    .leftJoin(bidders, eq(bidders.id, auctionLots.leaderBidderId))
    .where(where)
    .orderBy(asc(auctionLots.sortOrder), asc(auctionLots.createdAt));
  return rows.map(({ lot, leader }) => lotView(lot, leader));
}

async function auctionTournament(db: Pick<Db, 'select'>, tournamentId: string) {
  const [row] = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      opensAt: tournaments.auctionOpensAt,
      closesAt: tournaments.auctionClosesAt,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!row) throw tournamentNotFound();
  return row;
}

/** A tournament's auction: its times and every lot with its standing, in the staff's order. */
export async function auctionOf(db: Db, tournamentId: string) {
  const tournament = await auctionTournament(db, tournamentId);
  return {
    tournament: { id: tournament.id, name: tournament.name },
    opensAt: tournament.opensAt?.toISOString() ?? null,
    closesAt: tournament.closesAt?.toISOString() ?? null,
    lots: await readLots(db, eq(auctionLots.tournamentId, tournamentId)),
  };
}

/** The tournaments with an auction and at least one lot, soonest close first: where the event page links. */
export async function openAuctions(db: Db) {
  return db
    .selectDistinct({ id: tournaments.id, name: tournaments.name, closesAt: tournaments.auctionClosesAt })
    .from(tournaments)
    .innerJoin(auctionLots, eq(auctionLots.tournamentId, tournaments.id))
    .where(and(eq(tournaments.active, true), sql`${tournaments.auctionClosesAt} is not null`))
    .orderBy(asc(tournaments.auctionClosesAt));
}

export interface BidView {
  seq: number;
  bidder: PublicBidder;
  amountCents: number;
  proxy: boolean;
  at: string;
}

/** A lot with its standing and its latest bids, newest first (public: numbers and allowed names only). */
export async function lotDetail(db: Db, lotId: string, bidsShown = 20) {
  const [lot] = await readLots(db, eq(auctionLots.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', LOT_MESSAGES.notFound);
  const rows = await db
    .select({ bid: auctionBids, bidder: leaderColumns })
    .from(auctionBids)
    .innerJoin(bidders, eq(bidders.id, auctionBids.bidderId))
    .where(eq(auctionBids.lotId, lotId))
    .orderBy(desc(auctionBids.seq))
    .limit(bidsShown);
  const bids: BidView[] = rows.map(({ bid, bidder }) => ({
    seq: bid.seq,
    bidder: publicBidder(bidder)!,
    amountCents: bid.amountCents,
    proxy: bid.proxy,
    at: bid.createdAt.toISOString(),
  }));
  const tournament = await auctionTournament(db, lot.tournamentId);
  return {
    lot,
    bids,
    auction: {
      tournament: { id: tournament.id, name: tournament.name },
      opensAt: tournament.opensAt?.toISOString() ?? null,
      closesAt: tournament.closesAt?.toISOString() ?? null,
    },
  };
}

/**
 * Sets (or clears) when the auction opens and closes. The lots follow the close: a lot still at the old close (or with
 * none) moves to the new one; a lot a late bid extended keeps its later close unless the new one is later still; a lot
 * closed, or bought at its buy-now price (closing before the auction), stays as it is. Clearing the times is refused once
 * any lot has bids (docs/decisions/110).
 */
export async function setAuctionTimes(db: Db, tournamentId: string, rawInput: unknown) {
  const input = auctionTimesSchema.parse(rawInput);
  const opensAt = input.opensAt ? new Date(input.opensAt) : null;
  const closesAt = input.closesAt ? new Date(input.closesAt) : null;
  await db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ closesAt: tournaments.auctionClosesAt })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('update');
    if (!tournament) throw tournamentNotFound();
    if (!closesAt) {
      const [bid] = await tx
        .select({ id: auctionLots.id })
        .from(auctionLots)
        .where(and(eq(auctionLots.tournamentId, tournamentId), sql`${auctionLots.bidCount} > 0`))
        .limit(1);
      if (bid) {
        const message = 'Lots have bids: the auction’s times can be moved but not removed';
        throw new AppError('CONFLICT', message, { closesAt: message });
      }
    }
    await tx.update(tournaments).set({ auctionOpensAt: opensAt, auctionClosesAt: closesAt }).where(eq(tournaments.id, tournamentId));
    const old = tournament.closesAt?.toISOString() ?? null;
    const next = closesAt?.toISOString() ?? null;
    await tx.execute(
      sql`update ${auctionLots} set closes_at = case
            when closes_at is null or closes_at = ${old}::timestamptz then ${next}::timestamptz
            when closes_at > ${old}::timestamptz then greatest(closes_at, ${next}::timestamptz)
            else closes_at end
          where tournament_id = ${tournamentId}::uuid and closed_at is null`,
    );
    await notifyAuction(tx, { tournamentId, lotId: null, lot: null });
  });
  return auctionOf(db, tournamentId);
}

const imageGone = () => new AppError('VALIDATION', LOT_MESSAGES.imageGone, { imageId: LOT_MESSAGES.imageGone });

export async function createLot(db: Db, tournamentId: string, rawInput: unknown) {
  const input = lotSchema.parse(rawInput);
  const tournament = await auctionTournament(db, tournamentId);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(auctionLots)
        .values({
          ...input,
          tournamentId,
          closesAt: tournament.closesAt,
          sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from auction_lots where tournament_id = ${tournamentId})`,
        })
        .returning({ id: auctionLots.id });
      await notifyAuction(tx, { tournamentId, lotId: null, lot: null });
      return row!.id;
    })
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? imageGone() : error;
    });
  return (await readLots(db, eq(auctionLots.id, id)))[0]!;
}

/** Changes a lot; once it has bids its opening bid stays as it was (the bids were placed against it). */
export async function updateLot(db: Db, lotId: string, rawInput: unknown) {
  const input = lotSchema.parse(rawInput);
  await db
    .transaction(async (tx) => {
      const [found] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
      if (!found) throw new AppError('NOT_FOUND', LOT_MESSAGES.notFound);
      if (found.bidCount > 0 && input.openingBidCents !== found.openingBidCents) {
        throw new AppError('CONFLICT', LOT_MESSAGES.openingBidLocked, { openingBidCents: LOT_MESSAGES.openingBidLocked });
      }
      await tx.update(auctionLots).set(input).where(eq(auctionLots.id, lotId));
      await notifyAuction(tx, { tournamentId: found.tournamentId, lotId: null, lot: null });
    })
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? imageGone() : error;
    });
  return (await readLots(db, eq(auctionLots.id, lotId)))[0]!;
}

/** Deletes a lot nobody has bid on (under its row lock, so a bid arriving meanwhile is either before or refused after). */
export async function deleteLot(db: Db, lotId: string) {
  await db.transaction(async (tx) => {
    const [found] = await tx.select().from(auctionLots).where(eq(auctionLots.id, lotId)).for('update');
    if (!found) throw new AppError('NOT_FOUND', LOT_MESSAGES.notFound);
    if (found.bidCount > 0) throw new AppError('CONFLICT', LOT_MESSAGES.hasBids);
    await tx.delete(auctionLots).where(eq(auctionLots.id, lotId));
    await notifyAuction(tx, { tournamentId: found.tournamentId, lotId: null, lot: null });
  });
}

/** A signed-in user's bidder number in this tournament, or null before their first bid. */
export async function bidderNumberOf(db: Db, tournamentId: string, userId: string): Promise<{ number: number } | null> {
  const [row] = await db
    .select({ number: bidders.number })
    .from(bidders)
    .where(and(eq(bidders.tournamentId, tournamentId), eq(bidders.userId, userId)));
  return row ?? null;
}
