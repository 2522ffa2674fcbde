// The money totals every admin screen shows (Dashboard, Payments, Reports), written once: expected, received and expired
// cents, and what is still outstanding.
import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * The three sums over money records, as select columns (bigint, so strings from node-postgres: see `toMoneyTotals`).
 * Expired records are counted apart and are never expected money (R24); refunds are money given back (R23).
 * `state` is the status the money is judged by: a payment's state, or its team's payment status.
 */
export function moneySums(money: { amountCents: SQLWrapper; refundedCents: SQLWrapper; state: SQLWrapper }) {
  const { amountCents, refundedCents, state } = money;
  return {
    expectedCents: sql<string>`coalesce(sum(${amountCents} - ${refundedCents}) filter (where ${state} <> 'expired'), 0)::bigint`,
    receivedCents: sql<string>`coalesce(sum(${amountCents} - ${refundedCents}) filter (where ${state} = 'paid'), 0)::bigint`,
    expiredCents: sql<string>`coalesce(sum(${amountCents}) filter (where ${state} = 'expired'), 0)::bigint`,
  };
}

export interface MoneyTotals {
  expectedCents: number;
  receivedCents: number;
  expiredCents: number;
  outstandingCents: number;
}

/** The sums as numbers, with what is outstanding (expected, not yet received). */
export function toMoneyTotals(sums: {
  expectedCents: string | number;
  receivedCents: string | number;
  expiredCents: string | number;
}): MoneyTotals {
  const expectedCents = Number(sums.expectedCents);
  const receivedCents = Number(sums.receivedCents);
  return { expectedCents, receivedCents, expiredCents: Number(sums.expiredCents), outstandingCents: expectedCents - receivedCents };
}
