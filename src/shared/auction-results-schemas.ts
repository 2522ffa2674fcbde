// R55: how staff record a won lot paid at the auction's checkout table, for the form and the route.
import { z } from './zod';

export const CHECKOUT_METHODS = ['cash', 'cheque', 'terminal'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
export const CHECKOUT_METHOD_LABELS: Record<CheckoutMethod, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  terminal: 'Card terminal',
};

export const lotPaidSchema = z.object({
  method: z.enum(CHECKOUT_METHODS, { error: 'Choose how it was paid' }),
  note: z.string().trim().max(200, 'At most 200 characters').optional(),
});
export type LotPaidInput = z.input<typeof lotPaidSchema>;

/** A lot's state on the results page. */
export const LOT_STATE_LABELS = { open: 'Open', sold: 'Sold', unsold: 'Unsold' } as const;
