// Admin → Auction results (R55): every lot of a tournament with its state (open, sold, unsold), its winner (number and
// name), the amount won, the bid history and the payment; staff record a winner's payment at the checkout table (cash,
// cheque or the card terminal) through the ledger's one change (payments/service.ts updatePayment, R26).
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { auctionBids, auctionLots, bidders, payments, purchases, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentStatus } from '../../shared/payment-status';
import { CHECKOUT_METHOD_LABELS, lotPaidSchema } from '../../shared/auction-results-schemas';
import { updatePayment } from '../payments/service';
import { closeDueLots, type CloseOptions } from './closing';

export type LotState = 'open' | 'sold' | 'unsold';

const winner = alias(bidders, 'winner');

/** The tournament's lots (its due lots closed first), in the auction's order, each with its bids oldest first. */
export async function auctionResults(db: Db, tournamentId: string, now: Date, close: Omit<CloseOptions, 'tournamentId'>) {
  await closeDueLots(db, now, { ...close, tournamentId });
  const lots = await db
    .select({
      id: auctionLots.id,
      title: auctionLots.title,
      donor: auctionLots.donor,
      valueCents: auctionLots.valueCents,
      currentBidCents: auctionLots.currentBidCents,
      bidCount: auctionLots.bidCount,
      closesAt: auctionLots.closesAt,
      auctionClosesAt: tournaments.auctionClosesAt,
      closedAt: auctionLots.closedAt,
      wonCents: auctionLots.wonCents,
      winner: { number: winner.number, name: winner.name, email: winner.email },
      paymentId: payments.id,
      paymentStatus: purchases.paymentStatus,
      paymentNote: payments.note,
      providerRef: payments.providerRef,
    })
    .from(auctionLots)
    .innerJoin(tournaments, eq(tournaments.id, auctionLots.tournamentId))
    .leftJoin(winner, eq(winner.id, auctionLots.winnerBidderId))
    .leftJoin(purchases, eq(purchases.id, auctionLots.purchaseId))
    .leftJoin(payments, eq(payments.purchaseId, purchases.id))
    .where(eq(auctionLots.tournamentId, tournamentId))
    .orderBy(asc(auctionLots.sortOrder), asc(auctionLots.title), asc(auctionLots.id));
  const bids =
    lots.length === 0
      ? []
      : await db
          .select({
            lotId: auctionBids.lotId,
            seq: auctionBids.seq,
            number: bidders.number,
            name: bidders.name,
            amountCents: auctionBids.amountCents,
            proxy: auctionBids.proxy,
            at: auctionBids.createdAt,
          })
          .from(auctionBids)
          .innerJoin(bidders, eq(bidders.id, auctionBids.bidderId))
          .where(
            inArray(
              auctionBids.lotId,
              lots.map((l) => l.id),
            ),
          )
          .orderBy(asc(auctionBids.seq));
  return lots.map(({ closesAt, auctionClosesAt, winner: w, paymentStatus, providerRef, paymentNote, ...lot }) => {
    const closes = closesAt ?? auctionClosesAt;
    return {
      ...lot,
      state: (lot.closedAt ? (w?.number ? 'sold' : 'unsold') : 'open') as LotState,
      closesAt: closes?.toISOString() ?? null,
      closedAt: lot.closedAt?.toISOString() ?? null,
      winner: w?.number ? w : null,
      paymentStatus: (paymentStatus ?? null) as PaymentStatus | null,
      // How it was paid: by card (Stripe's reference), or staff's note at the checkout table.
      paymentNote: providerRef ? 'Paid by card' : paymentNote,
      bids: bids.filter((b) => b.lotId === lot.id).map(({ lotId: _lot, at, ...b }) => ({ ...b, at: at.toISOString() })),
    };
  });
}

export const NO_WINNER = 'This lot has no winner to pay for (it is still open, or closed unsold)';
export const ALREADY_PAID = 'This lot is already paid';

/**
 * Staff record a won lot paid at the checkout table: the lot's payment record becomes paid with how it was paid in its note,
 * through the ledger's one change (its history row, R26). Answers the record, for the receipt.
 */
export async function markLotPaid(db: Db, lotId: string, rawInput: unknown, actorUserId: string) {
  const input = lotPaidSchema.parse(rawInput);
  const [lot] = await db
    .select({ paymentId: payments.id, status: purchases.paymentStatus })
    .from(auctionLots)
    .leftJoin(purchases, eq(purchases.id, auctionLots.purchaseId))
    .leftJoin(payments, eq(payments.purchaseId, purchases.id))
    .where(eq(auctionLots.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', 'Lot not found');
  if (!lot.paymentId) throw new AppError('CONFLICT', NO_WINNER);
  if (lot.status === 'paid') throw new AppError('CONFLICT', ALREADY_PAID);
  const how = CHECKOUT_METHOD_LABELS[input.method];
  const note = `Paid at the checkout table: ${how}${input.note ? ` (${input.note})` : ''}`;
  const { payment, becamePaid } = await updatePayment(db, lot.paymentId, { state: 'paid', note }, actorUserId);
  return { paymentId: payment.id, becamePaid };
}
