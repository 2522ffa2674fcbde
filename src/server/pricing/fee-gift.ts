// Covering the card fee (R58): the payer's tick adds the fee as a gift (R35, a purchase of kind 'donation') paid in the
// same Checkout session as what it covers (docs/decisions/101): it counts in raised and its receipt says it may be
// deducted in full (FMV 0, R39).
import type { Db } from '../db/connect';
import { insertPurchases } from '../purchases/service';

export const FEE_GIFT_NOTE = 'Card fee covered by the payer';

export interface FeeGift {
  tournamentId: string;
  userId: string;
  buyerName: string;
  buyerEmail: string;
  feeCents: number;
  /** The deadline of what it covers: they expire together if not paid (R24). */
  holdUntil: Date | null;
}

/** The fee's gift, pending until the webhook pays it with its lines; its purchase id, or null when there is no fee. */
export async function insertFeeGift(db: Db, gift: FeeGift): Promise<string | null> {
  if (gift.feeCents <= 0) return null;
  const [created] = await insertPurchases(
    db,
    [
      {
        tournamentId: gift.tournamentId,
        kind: 'donation',
        userId: gift.userId,
        buyerName: gift.buyerName,
        buyerEmail: gift.buyerEmail,
        paymentStatus: 'pending',
        holdUntil: gift.holdUntil,
        amountCents: gift.feeCents,
        note: FEE_GIFT_NOTE,
        dedication: 'Card fee',
      },
    ],
    gift.userId,
  );
  return created!.id;
}
