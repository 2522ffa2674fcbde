// The admin Reports page's filters (spec §2 Reports; R8, R15): used by its form and by the server.
import { z } from './zod';
import { CHOICE_MESSAGES, optionalChoiceId } from './field-schemas';
import { PAYMENT_STATUSES } from './payment-status';

/** Rows per page of the report's table; the counts and totals always cover every matching row. */
export const REPORT_PAGE_SIZE = 100;

export const DATE_ORDER_MESSAGE = 'The start date must be before the end date';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalDate = z.preprocess(blankToUndefined, z.iso.date('Enter a date as YYYY-MM-DD').optional());

/** The filter fields, without the date-order rule (so the server can add `page`). */
export const reportFilterFields = z.object({
  tournamentId: optionalChoiceId('Tournament not found'),
  from: optionalDate,
  to: optionalDate,
  teamId: optionalChoiceId('Team not found'),
  status: z.preprocess(blankToUndefined, z.enum(PAYMENT_STATUSES, { error: CHOICE_MESSAGES.paymentStatus }).optional()),
});

/** Dates are inclusive: from = to is one day; from after to is refused beside the start date. */
const datesInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const dateOrder = { message: DATE_ORDER_MESSAGE, path: ['from'] };

export const reportFiltersSchema = reportFilterFields.refine(datesInOrder, dateOrder);
export type ReportFilters = z.output<typeof reportFiltersSchema>;

export const reportQuerySchema = reportFilterFields
  .extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .refine(datesInOrder, dateOrder);
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const reportOptionsQuerySchema = reportFilterFields.pick({ tournamentId: true });
