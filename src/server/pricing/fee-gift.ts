// Covering the card fee (R58): the payer's tick adds the fee as a gift (R35, a purchase of kind 'donation') paid in the
// same Checkout session as what it covers (docs/decisions/101): it counts in raised and its receipt says it may be
// deducted in full (FMV 0, R39).
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { teams } from '../db/schema';
import { teamLines } from '../payments/line-tables';
import { insertPurchases } from '../purchases/service';
import { isPayable } from '../../shared/payment-status';
import { feeOn, type FeeRule } from '../../shared/pricing';

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

/**
 * 'Pay now' on a team card later (R58): the fee on what the payer's teams still owe, as a gift per tournament (raised is
 * per tournament) beside them in the same Checkout, as the registration's own Checkout makes it. Teams that are not the
 * payer's, are gone or expired make no gift: createCheckout then refuses them with its own message.
 */
export async function insertTeamFeeGifts(db: Db, request: { userId: string; teamIds: string[]; fee: FeeRule | null }): Promise<string[]> {
  if (!request.fee) return [];
  const ids = [...new Set(request.teamIds)];
  const rows = await db
    .select({
      id: teams.id,
      userId: teams.userId,
      tournamentId: teams.tournamentId,
      status: teams.paymentStatus,
      contactName: teams.contactName,
      contactEmail: teams.contactEmail,
      holdUntil: teams.holdUntil,
    })
    .from(teams)
    .where(inArray(teams.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.userId !== request.userId || r.status === 'expired')) return [];
  const due = new Map((await teamLines.due(db, ids)).map((line) => [line.id, line.dueCents]));
  const byTournament = new Map<string, typeof rows>();
  for (const row of rows.filter((r) => isPayable(r.status) && (due.get(r.id) ?? 0) > 0))
    byTournament.set(row.tournamentId, [...(byTournament.get(row.tournamentId) ?? []), row]);
  const giftIds: string[] = [];
  for (const [tournamentId, group] of byTournament) {
    const deadlines = group.map((r) => r.holdUntil?.getTime()).filter((t) => t !== undefined);
    const id = await insertFeeGift(db, {
      tournamentId,
      userId: request.userId,
      buyerName: group[0]!.contactName,
      buyerEmail: group[0]!.contactEmail,
      feeCents: feeOn(
        group.reduce((sum, r) => sum + due.get(r.id)!, 0),
        request.fee,
      ),
      // It expires with the first of the teams it covers, if not paid (R24).
      holdUntil: deadlines.length ? new Date(Math.min(...deadlines)) : null,
    });
    if (id) giftIds.push(id);
  }
  return giftIds;
}
