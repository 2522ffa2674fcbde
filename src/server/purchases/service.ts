// The money lines that are not teams (R35–R37, R55): gifts, sponsorship items, golfer add-ons and won auction lots. One path for all of them:
// created with their payment record and its first history row in the caller's transaction (R14, R26), paid by the one
// Stripe Checkout path (payments/checkout.ts; only the signed webhook marks them paid), held with the team's deadline
// and expiry (R24, holds/expiry.ts), refunded and changed from the ledger (payments/service.ts).
import type { Db } from '../db/connect';
import { payments, purchases } from '../db/schema';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from '../payments/payment-events';

export type PurchaseKind = 'donation' | 'item' | 'addon' | 'lot';

/** One purchase to create. Amounts in cents; `fmvCents` is what the buyer receives (R39), 0 for a gift. */
export interface PurchaseInput {
  tournamentId: string;
  kind: PurchaseKind;
  userId?: string | null;
  buyerName: string;
  buyerEmail: string;
  /** `paid` for what staff record as received (an offline gift, a check-in sale); `pending` for a card; `hold` to pay later. */
  paymentStatus: Exclude<PaymentStatus, 'expired'>;
  /** The deadline of an unpaid purchase (R24): null for one that never expires (paid, staff-recorded). */
  holdUntil?: Date | null;
  amountCents: number;
  fmvCents?: number;
  note?: string;
  recordedBy?: string | null;
  showName?: boolean;
  dedication?: string;
  itemId?: string | null;
  holeNumber?: number | null;
  sponsorName?: string;
  logoImageId?: string | null;
  addonId?: string | null;
  playerId?: string | null;
  quantity?: number;
  /** R55: the auction lot a purchase of kind 'lot' pays for, and its winning bidder. */
  lotId?: string | null;
  bidderId?: string | null;
  /** R56: the paddle raise a pledge (a donation) was made in. */
  paddleRaiseId?: string | null;
  /** R57: the discount code the purchase was priced with and what it took off (kept on its payment record). */
  discountCode?: string | null;
  discountCents?: number;
}

export interface CreatedPurchase {
  id: string;
  paymentId: string;
  kind: PurchaseKind;
  paymentStatus: PaymentStatus;
  amountCents: number;
  holdUntil: Date | null;
}

/**
 * Inserts the purchases, one payment record each (its state the purchase's status) and one 'registered' history row per
 * record: three statements, in `tx` (the caller's transaction, so a capacity check and the insert are one).
 */
export async function insertPurchases(tx: Db, inputs: PurchaseInput[], actorUserId: string | null = null): Promise<CreatedPurchase[]> {
  if (inputs.length === 0) return [];
  const rows = await tx
    .insert(purchases)
    .values(
      inputs.map((p) => ({
        tournamentId: p.tournamentId,
        kind: p.kind,
        userId: p.userId ?? null,
        buyerName: p.buyerName,
        buyerEmail: p.buyerEmail,
        paymentStatus: p.paymentStatus,
        holdUntil: p.holdUntil ?? null,
        amountCents: p.amountCents,
        fmvCents: p.fmvCents ?? 0,
        note: p.note ?? '',
        recordedBy: p.recordedBy ?? null,
        showName: p.showName ?? false,
        dedication: p.dedication ?? '',
        itemId: p.itemId ?? null,
        holeNumber: p.holeNumber ?? null,
        sponsorName: p.sponsorName ?? '',
        logoImageId: p.logoImageId ?? null,
        addonId: p.addonId ?? null,
        playerId: p.playerId ?? null,
        quantity: p.quantity ?? 1,
        lotId: p.lotId ?? null,
        bidderId: p.bidderId ?? null,
        paddleRaiseId: p.paddleRaiseId ?? null,
      })),
    )
    .returning({
      id: purchases.id,
      kind: purchases.kind,
      paymentStatus: purchases.paymentStatus,
      amountCents: purchases.amountCents,
      holdUntil: purchases.holdUntil,
    });
  const records = await tx
    .insert(payments)
    .values(
      rows.map((r, i) => ({
        purchaseId: r.id,
        amountCents: r.amountCents,
        state: r.paymentStatus,
        note: inputs[i]!.note ?? '',
        discountCode: inputs[i]!.discountCode ?? null,
        discountCents: inputs[i]!.discountCents ?? 0,
      })),
    )
    .returning({ id: payments.id, purchaseId: payments.purchaseId, state: payments.state, amountCents: payments.amountCents });
  await recordPaymentEvents(
    tx,
    records.map((r) => ({
      paymentId: r.id,
      kind: 'registered',
      fromState: null,
      toState: r.state as PaymentStatus,
      amountCents: r.amountCents,
      actorUserId,
      note: inputs[rows.findIndex((p) => p.id === r.purchaseId)]?.note ?? '',
    })),
  );
  const paymentOf = new Map(records.map((r) => [r.purchaseId!, r.id]));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as PurchaseKind,
    paymentStatus: r.paymentStatus as PaymentStatus,
    paymentId: paymentOf.get(r.id)!,
  }));
}
