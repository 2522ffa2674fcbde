// The money lines that are not teams (R35–R37): gifts, sponsorship items and golfer add-ons. One path for all of them:
// created with their payment record and its first history row in the caller's transaction (R14, R26), paid by Stripe
// Checkout (only the signed webhook marks them paid: card-payments.ts), held with the team's deadline and expiry (R24,
// holds/expiry.ts), refunded and changed from the ledger (payments/service.ts).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { checkoutSessions, payments, purchases, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from '../payments/payment-events';
import type { StripeClient } from '../payments/stripe-client';

export type PurchaseKind = 'donation' | 'item' | 'addon';

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
    .values(rows.map((r, i) => ({ purchaseId: r.id, amountCents: r.amountCents, state: r.paymentStatus, note: inputs[i]!.note ?? '' })))
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

/** Statuses a card can still pay. */
const PAYABLE = new Set<string>(['pending', 'hold', 'in_progress']);

export interface PurchaseCheckoutRequest {
  purchaseIds: string[];
  /** The signed-in payer (only their own purchases may be paid), or null for a visitor paying what they just created. */
  userId: string | null;
  appUrl: string;
  currency: string;
  /** The app's page Stripe returns to, e.g. '/give/thanks' (gets `?session_id=`), and the page a cancel returns to. */
  successPath: string;
  cancelPath: string;
}

const KIND_LINE: Record<PurchaseKind, string> = { donation: 'Gift', item: 'Sponsorship', addon: 'Add-on' };

/**
 * A Checkout Session for unpaid purchases, one line per purchase ("Gift: Spring Classic", "Sponsorship: Hole 7 sign"),
 * for their unpaid records' total. Purchases of someone else, or with nothing to pay, are refused.
 */
export async function createPurchaseCheckout(db: Db, stripe: StripeClient, request: PurchaseCheckoutRequest) {
  const rows = await db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      userId: purchases.userId,
      status: purchases.paymentStatus,
      buyerEmail: purchases.buyerEmail,
      tournamentName: tournaments.name,
      quantity: purchases.quantity,
      label: sql<string>`coalesce((select i.name from sponsorship_items i where i.id = ${purchases.itemId}),
        (select a.name from addons a where a.id = ${purchases.addonId}), ${tournaments.name})`,
      holeNumber: purchases.holeNumber,
      dueCents: sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::int from ${payments} where ${payments.purchaseId} = ${purchases.id} and ${payments.state} <> 'paid')`,
    })
    .from(purchases)
    .innerJoin(tournaments, eq(tournaments.id, purchases.tournamentId))
    .where(inArray(purchases.id, request.purchaseIds));
  rows.sort((a, b) => request.purchaseIds.indexOf(a.id) - request.purchaseIds.indexOf(b.id));
  if (rows.length !== new Set(request.purchaseIds).size || rows.some((r) => r.userId !== request.userId))
    throw new AppError('NOT_FOUND', 'Purchase not found');
  if (rows.some((r) => r.status === 'expired')) throw new AppError('CONFLICT', 'This purchase has expired: start again');
  const due = rows.filter((r) => PAYABLE.has(r.status) && r.dueCents > 0);
  if (due.length === 0) throw new AppError('CONFLICT', 'Nothing is left to pay');

  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: due.map((r) => ({
      quantity: 1,
      price_data: {
        currency: request.currency.toLowerCase(),
        unit_amount: r.dueCents,
        product_data: {
          name: `${KIND_LINE[r.kind as PurchaseKind]}: ${r.label}${r.holeNumber ? ` (hole ${r.holeNumber})` : ''}${r.quantity > 1 ? ` × ${r.quantity}` : ''}`,
        },
      },
    })),
    customer_email: due[0]!.buyerEmail || undefined,
    ...(request.userId ? { client_reference_id: request.userId } : {}),
    metadata: { purchase_ids: due.map((r) => r.id).join(',') },
    success_url: `${request.appUrl}${request.successPath}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${request.appUrl}${request.cancelPath}`,
  });
  if (!session.url) throw new AppError('INTERNAL', 'Stripe did not answer a payment page');
  const amountCents = due.reduce((sum, r) => sum + r.dueCents, 0);
  await db
    .insert(checkoutSessions)
    .values({ id: session.id, userId: request.userId, teamIds: [], purchaseIds: due.map((r) => r.id), amountCents });
  return { sessionId: session.id, url: session.url, amountCents };
}

/**
 * Whether a Checkout Session's purchases are paid yet (the webhook's doing). A session id is a secret the payer's browser
 * got back from Stripe; a signed-in payer's session is theirs only.
 */
export async function purchaseCheckoutStatus(db: Db, sessionId: string, userId: string | null) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.purchaseIds.length === 0 || (session.userId !== null && session.userId !== userId))
    throw new AppError('NOT_FOUND', 'Payment not found');
  const rows = await db
    .select({ id: purchases.id, kind: purchases.kind, paymentStatus: purchases.paymentStatus, tournamentId: purchases.tournamentId })
    .from(purchases)
    .where(inArray(purchases.id, session.purchaseIds))
    .orderBy(asc(purchases.createdAt), asc(purchases.id));
  return {
    paid: rows.length > 0 && rows.every((r) => r.paymentStatus === 'paid'),
    amountCents: session.amountCents,
    purchases: rows.map((r) => ({ ...r, kind: r.kind as PurchaseKind, paymentStatus: r.paymentStatus as PaymentStatus })),
  };
}

/** Where a purchase's id is in the Stripe session's metadata. */
export function purchaseIdsOf(metadata: Record<string, string> | null | undefined) {
  return (metadata?.purchase_ids ?? '').split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
}

/**
 * Marks purchases paid by a verified Stripe event, in the webhook's transaction (after the event id was recorded, so once).
 * A gift that expired unpaid still counts (it takes no place); an expired item or add-on may have lost its place (a hole
 * sold since): its record gets the reference and a note to refund it. Answers the records that became paid.
 */
export async function payPurchasesByCard(tx: Db, purchaseIds: string[], reference: string, eventId: string) {
  if (purchaseIds.length === 0) return [];
  const locked = await tx
    .select({ id: purchases.id, kind: purchases.kind, status: purchases.paymentStatus })
    .from(purchases)
    .where(inArray(purchases.id, purchaseIds))
    .orderBy(asc(purchases.id))
    .for('update');
  const paid: string[] = [];
  for (const line of locked) {
    const records = await tx
      .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.purchaseId, line.id))
      .orderBy(asc(payments.id))
      .for('update');
    const takesPay = line.status !== 'expired' || line.kind === 'donation';
    if (takesPay) {
      await tx.update(purchases).set({ paymentStatus: 'paid', holdUntil: null }).where(eq(purchases.id, line.id));
      await tx.update(payments).set({ state: 'paid', providerRef: reference }).where(eq(payments.purchaseId, line.id));
    } else {
      await tx.update(payments).set({ providerRef: reference }).where(eq(payments.purchaseId, line.id));
    }
    await recordPaymentEvents(
      tx,
      records.map((r) => ({
        paymentId: r.id,
        kind: 'card',
        fromState: r.state as PaymentStatus,
        toState: takesPay ? 'paid' : (r.state as PaymentStatus),
        amountCents: r.amountCents,
        providerEventId: eventId,
        note: !takesPay
          ? `Paid by card (${reference}) after it expired and its place was released: refund it`
          : r.state === 'paid'
            ? `Card payment ${reference} for a record already paid: refund one of them`
            : `Card payment ${reference}`,
      })),
    );
    if (takesPay) paid.push(...records.filter((r) => r.state !== 'paid').map((r) => r.id));
  }
  return paid;
}
