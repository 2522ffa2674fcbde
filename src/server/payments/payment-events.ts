// The append-only money history (R26): every change of a payment writes one row here, in the change's own transaction.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { paymentEvents, profiles, user } from '../db/schema';
import type { PaymentEventKind, PaymentStatus } from '../../shared/payment-status';

type Executor = Pick<Db, 'insert'>;

export interface PaymentEventInput {
  paymentId: string;
  kind: PaymentEventKind;
  fromState: PaymentStatus | null;
  toState: PaymentStatus;
  amountCents: number;
  actorUserId?: string | null;
  providerEventId?: string | null;
  note?: string;
}

/** Appends history rows (one statement); call it inside the transaction that makes the change. */
export async function recordPaymentEvents(tx: Executor, events: PaymentEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(paymentEvents).values(
    events.map((e) => ({
      paymentId: e.paymentId,
      kind: e.kind,
      fromState: e.fromState,
      toState: e.toState,
      amountCents: e.amountCents,
      actorUserId: e.actorUserId ?? null,
      providerEventId: e.providerEventId ?? null,
      note: e.note ?? '',
    })),
  );
}

/**
 * One history row for each of a line's records, each from its own state to `toState` (its own state when unchanged), with
 * a note that may depend on that state (none: no note): the shape of every change that moves a line's records together
 * (a card payment, a staff status change, a deadline moved).
 */
export async function recordEachRecord(
  tx: Executor,
  records: { id: string; state: string; amountCents: number }[],
  event: Omit<PaymentEventInput, 'paymentId' | 'fromState' | 'toState' | 'amountCents' | 'note'> & {
    toState: PaymentStatus | null;
    note?: (state: PaymentStatus) => string;
  },
): Promise<void> {
  const { toState, note, ...rest } = event;
  await recordPaymentEvents(
    tx,
    records.map((r) => {
      const state = r.state as PaymentStatus;
      return { ...rest, paymentId: r.id, fromState: state, toState: toState ?? state, amountCents: r.amountCents, note: note?.(state) };
    }),
  );
}

/** A payment's history, oldest first, with who acted (a name for people, the event id for the provider, else the system). */
export async function paymentHistory(db: Db, paymentId: string) {
  const rows = await db
    .select({
      id: paymentEvents.id,
      kind: paymentEvents.kind,
      fromState: paymentEvents.fromState,
      toState: paymentEvents.toState,
      amountCents: paymentEvents.amountCents,
      providerEventId: paymentEvents.providerEventId,
      note: paymentEvents.note,
      createdAt: paymentEvents.createdAt,
      actorEmail: user.email,
      actorFirstName: profiles.firstName,
      actorLastName: profiles.lastName,
    })
    .from(paymentEvents)
    .leftJoin(user, eq(user.id, paymentEvents.actorUserId))
    .leftJoin(profiles, eq(profiles.userId, paymentEvents.actorUserId))
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
  return rows.map(({ actorEmail, actorFirstName, actorLastName, ...row }) => ({
    ...row,
    kind: row.kind as PaymentEventKind,
    fromState: row.fromState as PaymentStatus | null,
    toState: row.toState as PaymentStatus,
    createdAt: row.createdAt.toISOString(),
    by: actorEmail
      ? [actorFirstName, actorLastName].filter(Boolean).join(' ') || actorEmail
      : row.providerEventId
        ? `Stripe (${row.providerEventId})`
        : 'The portal',
  }));
}
