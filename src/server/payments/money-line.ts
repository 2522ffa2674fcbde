// A payment record belongs to one money line: a team (R14) or a purchase (a gift, an item or an add-on: R35–R37). Every
// money change locks that line's row first, then its records (the one order, so none deadlock), and keeps the line's
// payment status and its records' state together (R15).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { purchases, teams } from '../db/schema';
import type { PaymentStatus } from '../../shared/payment-status';

export type MoneyLine = { kind: 'team'; id: string } | { kind: 'purchase'; id: string };

/** The line a payment record is for (the check `payments_one_line_check` makes exactly one of the two set). */
export function lineOf(record: { teamId: string | null; purchaseId: string | null }): MoneyLine {
  return record.teamId ? { kind: 'team', id: record.teamId } : { kind: 'purchase', id: record.purchaseId! };
}

/** Locks the line's row (FOR UPDATE) and answers its payment status; undefined when it is gone. */
export async function lockLine(tx: Db, line: MoneyLine): Promise<PaymentStatus | undefined> {
  const [row] =
    line.kind === 'team'
      ? await tx.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, line.id)).for('update')
      : await tx.select({ status: purchases.paymentStatus }).from(purchases).where(eq(purchases.id, line.id)).for('update');
  return row?.status as PaymentStatus | undefined;
}

/** Sets the line's payment status (its records are the caller's: they may differ, e.g. a refund keeps the state). */
export async function setLineStatus(tx: Db, line: MoneyLine, status: PaymentStatus) {
  if (line.kind === 'team') await tx.update(teams).set({ paymentStatus: status }).where(eq(teams.id, line.id));
  else await tx.update(purchases).set({ paymentStatus: status }).where(eq(purchases.id, line.id));
}
