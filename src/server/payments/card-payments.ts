// Card payments (R23) around the one Checkout path (checkout.ts): the webhook's signature check and refunds.
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../db/connect';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from './payment-events';
import { lineOf, lockLine } from './money-line';
import type { StripeClient } from './stripe-client';

export const CARD_PAYMENTS_OFF_MESSAGE = 'Payment processing will be available once Stripe is connected';
export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or not valid';

/** Verifies the Stripe-Signature of the raw body; a missing or wrong signature is a 400 that changes nothing. */
export function verifyWebhook(stripe: StripeClient, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE);
  }
}

export const REFUND_REFUSED_MESSAGE = 'Only a card payment that has not been refunded can be refunded';

/** Gives a card payment back through Stripe, then records it (the record keeps its state; the ledger shows the refund). */
export async function refundPayment(db: Db, stripe: StripeClient, paymentId: string, actorUserId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
  if (!payment.providerRef || payment.refundedCents > 0 || payment.amountCents === 0)
    throw new AppError('CONFLICT', REFUND_REFUSED_MESSAGE);
  const amount = payment.amountCents;
  // Stripe's own idempotency key: a double click, or two admins, make one refund at Stripe.
  const refund = await stripe.refunds.create({ payment_intent: payment.providerRef, amount }, { idempotencyKey: `refund-${paymentId}` });
  return db.transaction(async (tx) => {
    const lineStatus = await lockLine(tx, lineOf(payment));
    const [changed] = await tx
      .update(payments)
      .set({ refundedCents: amount })
      .where(and(eq(payments.id, paymentId), eq(payments.refundedCents, 0), ne(payments.amountCents, 0)))
      .returning({ state: payments.state });
    if (!lineStatus || !changed) return { refunded: false, refundId: refund.id };
    await recordPaymentEvents(tx, [
      {
        paymentId,
        kind: 'refund',
        fromState: changed.state as PaymentStatus,
        toState: changed.state as PaymentStatus,
        amountCents: amount,
        actorUserId,
        note: `Stripe refund ${refund.id}`,
      },
    ]);
    return { refunded: true, refundId: refund.id };
  });
}
