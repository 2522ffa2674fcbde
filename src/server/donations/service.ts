// Gifts (R35): a visitor's or a signed-in user's gift by card (a purchase of kind 'donation' paid through Checkout: the
// webhook alone marks it received), staff-recorded offline gifts, the admin's list and the public donor wall.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, purchases, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { insertPurchases } from '../purchases/service';
import { createCheckout, linesOf } from '../payments/checkout';
import type { StripeClient } from '../payments/stripe-client';
import { ANONYMOUS, OFFLINE_METHOD_LABELS, type GiftInput, type OfflineGiftInput } from '../../shared/fundraising-schemas';
import type { PaymentStatus } from '../../shared/payment-status';

export const TOURNAMENT_NOT_FOUND = 'Tournament not found';

async function requireTournament(db: Db, tournamentId: string, activeOnly: boolean) {
  const [row] = await db
    .select({ id: tournaments.id, name: tournaments.name, active: tournaments.active })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!row || (activeOnly && !row.active)) throw new AppError('NOT_FOUND', TOURNAMENT_NOT_FOUND);
  return row;
}

export interface GiftContext {
  userId: string | null;
  appUrl: string;
  currency: string;
  holdHours: number;
  now: Date;
}

/**
 * A gift by card: saved Pending with the hold deadline (an abandoned payment page expires it, R24), then a Checkout Session
 * for it. Answers the payment page's URL. A gift goes to an active tournament only.
 */
export async function startCardGift(db: Db, stripe: StripeClient, input: GiftInput, ctx: GiftContext) {
  await requireTournament(db, input.tournamentId, true);
  const [gift] = await db.transaction((tx) =>
    insertPurchases(
      tx,
      [
        {
          tournamentId: input.tournamentId,
          kind: 'donation',
          userId: ctx.userId,
          buyerName: input.name,
          buyerEmail: input.email,
          paymentStatus: 'pending',
          holdUntil: new Date(ctx.now.getTime() + ctx.holdHours * 3600_000),
          amountCents: input.amount,
          showName: input.showName,
          dedication: input.dedication,
        },
      ],
      ctx.userId,
    ),
  );
  const checkout = await createCheckout(db, stripe, {
    lines: linesOf('purchase', [gift!.id]),
    userId: ctx.userId,
    appUrl: ctx.appUrl,
    currency: ctx.currency,
    returnPath: '/give/thanks',
    cancelPath: `/give?tournament=${input.tournamentId}&cancelled=1`,
  });
  return { ...checkout, purchaseId: gift!.id };
}

/** Staff record a gift received by cheque, cash or transfer: paid at once, with who recorded it and how it came (R35). */
export async function recordOfflineGift(db: Db, input: OfflineGiftInput, actorUserId: string) {
  await requireTournament(db, input.tournamentId, false);
  const note = [OFFLINE_METHOD_LABELS[input.method], input.note].filter(Boolean).join(': ');
  const [gift] = await db.transaction((tx) =>
    insertPurchases(
      tx,
      [
        {
          tournamentId: input.tournamentId,
          kind: 'donation',
          buyerName: input.name,
          buyerEmail: input.email,
          paymentStatus: 'paid',
          amountCents: input.amount,
          showName: input.showName,
          dedication: input.dedication,
          note,
          recordedBy: actorUserId,
        },
      ],
      actorUserId,
    ),
  );
  return gift!;
}

/** Every gift of a tournament for staff, newest first: who, how much, its status, refunds and how it came. */
export async function listGifts(db: Db, tournamentId: string) {
  await requireTournament(db, tournamentId, false);
  const rows = await db
    .select({
      id: purchases.id,
      paymentId: payments.id,
      name: purchases.buyerName,
      email: purchases.buyerEmail,
      amountCents: purchases.amountCents,
      refundedCents: payments.refundedCents,
      paymentStatus: purchases.paymentStatus,
      showName: purchases.showName,
      dedication: purchases.dedication,
      note: purchases.note,
      // Paid without a card reference: recorded by staff (a cheque, cash, a transfer).
      offline: sql<boolean>`${purchases.paymentStatus} = 'paid' and ${payments.providerRef} is null`,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .innerJoin(payments, eq(payments.purchaseId, purchases.id))
    .where(and(eq(purchases.tournamentId, tournamentId), eq(purchases.kind, 'donation')))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, paymentStatus: r.paymentStatus as PaymentStatus, createdAt: r.createdAt.toISOString() }));
}

/**
 * The donor wall (R35): every gift received and not given back, newest first, with the donor's name where they allowed it
 * and 'Anonymous' otherwise, and their dedication. No amounts: a wall thanks people, it does not rank them.
 */
export async function donorWall(db: Db, tournamentId: string) {
  await requireTournament(db, tournamentId, false);
  const rows = await db
    .select({
      id: purchases.id,
      showName: purchases.showName,
      buyerName: purchases.buyerName,
      dedication: purchases.dedication,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .innerJoin(payments, eq(payments.purchaseId, purchases.id))
    .where(
      and(
        eq(purchases.tournamentId, tournamentId),
        eq(purchases.kind, 'donation'),
        eq(purchases.paymentStatus, 'paid'),
        sql`${payments.refundedCents} < ${payments.amountCents}`,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    name: r.showName ? r.buyerName : ANONYMOUS,
    dedication: r.dedication,
    createdAt: r.createdAt.toISOString(),
  }));
}
