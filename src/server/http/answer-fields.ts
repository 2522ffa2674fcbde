// Fields that many answers share, declared once (docs/decisions/060). Answers only: request schemas live in src/shared.
import { z } from '@hono/zod-openapi';
import { PAYMENT_EVENT_LABELS, PAYMENT_STATUSES } from '../../shared/payment-status';
import { FORMATS } from '../../shared/formats';

/** R15, R24: a team's or a payment record's status. */
export const paymentStatus = z.enum(PAYMENT_STATUSES);
/** R26: what a payment history entry records. */
export const paymentEventKind = z.enum(
  Object.keys(PAYMENT_EVENT_LABELS) as [keyof typeof PAYMENT_EVENT_LABELS, ...(keyof typeof PAYMENT_EVENT_LABELS)[]],
);
/** R31: 'A', or 'B' for the second group on a hole with two. */
export const startGroup = z.enum(['A', 'B']);
/** R28: the tournament's format. */
export const format = z.enum(FORMATS);
/** An instant, as ISO 8601 text (timestamps). */
export const instant = z.string().openapi({ format: 'date-time' });
/** A calendar day, YYYY-MM-DD (tournament dates). */
export const day = z.string().openapi({ format: 'date' });
/** A tournament with its dates, as several answers name it. */
export const tournamentDates = z.object({ id: z.string(), name: z.string(), startDate: day, endDate: day.nullable() });
/** An id and a name: the choices of a form's select. */
export const named = z.object({ id: z.string(), name: z.string() });
