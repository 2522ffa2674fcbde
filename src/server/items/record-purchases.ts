// Writes purchases (items and add-ons, R36, R37) with their payment record and the first entry of its history (R26), in
// the caller's transaction, in one statement: the same shape a registration writes for its teams.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { paymentEvents, payments, purchases } from '../db/schema';
import type { PaymentStatus } from '../../shared/payment-status';

export type NewPurchase = Omit<typeof purchases.$inferInsert, 'id' | 'paymentStatus'>;

/** How a purchase starts: card (pending, Checkout next), held unpaid until a deadline, or paid there and then (staff). */
export type PurchaseStart = { kind: 'pay' | 'hold'; holdUntil: Date | null } | { kind: 'paid'; note: string };

const START: Record<PurchaseStart['kind'], { line: PaymentStatus; record: PaymentStatus; note: string }> = {
  pay: { line: 'pending', record: 'pending', note: 'Card payment chosen' },
  hold: { line: 'hold', record: 'in_progress', note: 'Held unpaid' },
  paid: { line: 'paid', record: 'paid', note: '' },
};

/** Inserts the purchases, one payment record each and its history's first row; answers the ids made. */
export async function recordPurchases(tx: Db, rows: NewPurchase[], start: PurchaseStart, actorUserId: string | null) {
  const how = START[start.kind];
  const note = start.kind === 'paid' ? start.note : how.note;
  const created = rows.map((row) => ({ ...row, id: randomUUID(), paymentId: randomUUID() }));
  const holdUntil = start.kind === 'paid' ? null : start.holdUntil;
  const purchaseRows = tx
    .insert(purchases)
    .values(created.map(({ paymentId: _, ...row }) => ({ ...row, paymentStatus: how.line, holdUntil, note: row.note ?? note })));
  const paymentRows = tx
    .insert(payments)
    .values(created.map((row) => ({ id: row.paymentId, purchaseId: row.id, amountCents: row.amountCents, state: how.record, note })));
  const eventRows = tx.insert(paymentEvents).values(
    created.map((row) => ({
      paymentId: row.paymentId,
      kind: start.kind === 'paid' ? 'status' : 'registered',
      fromState: null,
      toState: how.record,
      amountCents: row.amountCents,
      actorUserId,
      note,
    })),
  );
  await tx.execute(
    sql`with inserted_purchases as (${purchaseRows.getSQL()}), inserted_payments as (${paymentRows.getSQL()}) ${eventRows.getSQL()}`,
  );
  return created.map(({ id, paymentId }) => ({ id, paymentId }));
}
