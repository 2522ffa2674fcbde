// Inputs of the money routes (R23, R24), shared by the forms and the server.
import { z } from './zod';

/** 'Pay now': the caller's teams to pay by card, and the tick to cover the card fee (R58) as at registration. */
export const checkoutRequestSchema = z.object({
  teamIds: z
    .array(z.guid('Team not found'), { error: 'Choose the teams to pay for' })
    .min(1, 'Choose the teams to pay for')
    .max(50, 'At most 50 teams at once'),
  coverFee: z.boolean().default(false),
});
export type CheckoutInput = z.input<typeof checkoutRequestSchema>;

/** Staff give an unpaid team more time (R24). */
export const extendHoldSchema = z.object({
  hours: z.coerce
    .number({ error: 'Enter a number of hours' })
    .int('Enter a whole number of hours')
    .min(1, 'Enter at least 1 hour')
    .max(720, 'At most 720 hours (30 days) at a time'),
});

/** The Idempotency-Key header of a registration (R27): any printable token the browser made for one submitted form. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,200}$/, 'The Idempotency-Key header must be 8 to 200 printable characters');
