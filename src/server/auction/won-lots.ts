// A winner's lots (R55): every lot they won, signed in or through their golfer link (R42), with each lot's payment and
// receipt; and paying all the unpaid ones in one Stripe Checkout through the one path (payments/checkout.ts, decision 101).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { auctionLots, bidders, golferLinks, payments, purchases, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { PAYABLE_STATUSES, type PaymentStatus } from '../../shared/payment-status';
import { deductibleCents } from '../../shared/receipts';
import { hashToken } from '../golfer-answers/links';
import { createCheckout, linesOf } from '../payments/checkout';
import type { StripeClient } from '../payments/stripe-client';
import { closeDueLots, type CloseOptions } from './closing';

/** Whose lots: a signed-in person's, or a golfer's through their personal link. */
export type Winner = { userId: string } | { playerId: string };

export const LINK_INVALID = 'This link is not valid: it may have been replaced by a newer one';
export const NOTHING_TO_PAY = 'Every lot you won is paid: thank you';

/** The golfer a personal link opens, or a 404 that changes nothing. */
export async function golferOfToken(db: Db, token: string): Promise<{ playerId: string }> {
  const [row] = await db
    .select({ playerId: golferLinks.playerId })
    .from(golferLinks)
    .where(eq(golferLinks.tokenHash, hashToken(token)));
  if (!row) throw new AppError('NOT_FOUND', LINK_INVALID);
  return row;
}

const whoIs = (who: Winner) => ('userId' in who ? eq(bidders.userId, who.userId) : eq(bidders.playerId, who.playerId));

/** The winner's lots (their auctions' due lots closed first), oldest tournament first, with each lot's payment. */
export async function wonLots(db: Db, who: Winner, now: Date, close: Omit<CloseOptions, 'tournamentId'>) {
  const theirs = await db.selectDistinct({ tournamentId: bidders.tournamentId }).from(bidders).where(whoIs(who));
  for (const { tournamentId } of theirs) await closeDueLots(db, now, { ...close, tournamentId });
  if (theirs.length === 0) return [];
  const rows = await db
    .select({
      lotId: auctionLots.id,
      title: auctionLots.title,
      description: auctionLots.description,
      imageId: auctionLots.imageId,
      tournamentName: tournaments.name,
      bidderNumber: bidders.number,
      wonCents: sql<number>`${auctionLots.wonCents}`,
      valueCents: auctionLots.valueCents,
      closedAt: auctionLots.closedAt,
      purchaseId: purchases.id,
      paymentId: payments.id,
      paymentStatus: purchases.paymentStatus,
      refundedCents: payments.refundedCents,
    })
    .from(auctionLots)
    .innerJoin(bidders, eq(bidders.id, auctionLots.winnerBidderId))
    .innerJoin(tournaments, eq(tournaments.id, auctionLots.tournamentId))
    .innerJoin(purchases, eq(purchases.id, auctionLots.purchaseId))
    .innerJoin(payments, eq(payments.purchaseId, purchases.id))
    .where(whoIs(who))
    .orderBy(asc(tournaments.startDate), asc(auctionLots.sortOrder), asc(auctionLots.title));
  return rows.map((r) => ({
    ...r,
    closedAt: r.closedAt!.toISOString(),
    paymentStatus: r.paymentStatus as PaymentStatus,
    // R39: what may be deductible is what was paid above the lot's value, never below 0.
    deductibleCents: deductibleCents(r.wonCents, r.valueCents, r.refundedCents),
  }));
}

/** One Checkout Session for every unpaid lot the winner has won (the webhook marks them all paid). */
export async function payWonLots(
  db: Db,
  stripe: StripeClient,
  who: Winner,
  request: { appUrl: string; currency: string; returnPath: string },
) {
  const unpaid = await db
    .select({ id: purchases.id, userId: purchases.userId })
    .from(auctionLots)
    .innerJoin(bidders, eq(bidders.id, auctionLots.winnerBidderId))
    .innerJoin(purchases, eq(purchases.id, auctionLots.purchaseId))
    .where(and(whoIs(who), inArray(purchases.paymentStatus, [...PAYABLE_STATUSES])))
    .orderBy(asc(auctionLots.sortOrder), asc(auctionLots.title));
  if (unpaid.length === 0) throw new AppError('CONFLICT', NOTHING_TO_PAY);
  // A lot is its winner's account's line (the purchase names it) or, for a golfer without one, nobody's.
  const userId = 'userId' in who ? who.userId : null;
  return createCheckout(db, stripe, {
    lines: linesOf(
      'purchase',
      unpaid.filter((p) => p.userId === userId).map((p) => p.id),
    ),
    userId,
    appUrl: request.appUrl,
    currency: request.currency,
    // The one return page (client/payments/payment-return.tsx), at the lots page's own address.
    returnPath: request.returnPath,
    cancelPath: `${request.returnPath}?cancelled=1`,
  });
}
