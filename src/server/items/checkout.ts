// Paying items and add-ons by card (R23, R36, R37): with card payments on, a purchase made with 'Pay now' goes on to a
// Stripe Checkout Session through the one Checkout path (payments/checkout.ts); the buyer comes back to the one return
// page, which says 'Payment received' once the webhook has confirmed it. Without Stripe, or if it cannot be reached, the
// purchase stands unpaid and the answer says so.
import { z } from '@hono/zod-openapi';
import type { AppContext } from '../http/context';
import { createCheckout, linesOf, PURCHASES_RETURN } from '../payments/checkout';

/** The fields a purchase answer adds when card payments are on. */
export const checkoutAnswer = { checkoutUrl: z.string().optional(), checkoutError: z.string().optional() };

export async function checkoutFor(c: AppContext, purchaseIds: string[], userId: string) {
  const { database, stripe, config, logger } = c.var.deps;
  if (!stripe || purchaseIds.length === 0) return {};
  try {
    const checkout = await createCheckout(database.db, stripe, {
      lines: linesOf('purchase', purchaseIds),
      userId,
      appUrl: config.appUrl,
      currency: config.currency,
      ...PURCHASES_RETURN,
    });
    return { checkoutUrl: checkout.url };
  } catch (error) {
    logger.error('checkout session failed', { error: String(error) });
    return { checkoutError: 'The payment page could not be opened: your place is kept until its deadline.' };
  }
}
