// The payment ledger (admin only, R8): every payment record with filters and totals, and an admin's change to one record.
// A record's state and its team's payment_status move together, in one transaction (R15).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, sponsorshipLevels, teams, tournaments } from '../db/schema';
import { selectTeams } from '../teams/teams-query';
import { moneySums, toMoneyTotals } from './money-totals';
import { AppError } from '../http/errors';
import { EXPIRED_NEEDS_REINSTATE } from '../holds/expiry';
import { ADMIN_PAGE_SIZE, paymentUpdateSchema, type PaymentListQuery } from '../../shared/admin-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from './payment-events';
import { lineOf, lockLine, setLineStatus } from './money-line';

export const PURCHASE_EXPIRED_MESSAGE = 'This purchase expired unpaid: record it again rather than changing it';

function ledgerFilter(query: Pick<PaymentListQuery, 'tournamentId' | 'state'>): SQL | undefined {
  return and(
    query.tournamentId ? eq(teams.tournamentId, query.tournamentId) : undefined,
    query.state ? eq(payments.state, query.state) : undefined,
  );
}

function ledgerRows(db: Db) {
  // From the teams' side, so the ledger names each record's team, tournament and level as every team list does.
  return selectTeams(db, {
    id: payments.id,
    teamId: teams.id,
    teamName: teams.name,
    teamStatus: teams.paymentStatus,
    tournamentName: tournaments.name,
    levelName: sponsorshipLevels.name,
    amountCents: payments.amountCents,
    state: payments.state,
    note: payments.note,
    providerRef: payments.providerRef,
    refundedCents: payments.refundedCents,
    createdAt: payments.createdAt,
    updatedAt: payments.updatedAt,
  }).innerJoin(payments, eq(payments.teamId, teams.id));
}

type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerRows>['execute']>>[number];
const toItem = (row: LedgerRow) => ({
  ...row,
  state: row.state as PaymentStatus,
  teamStatus: row.teamStatus as PaymentStatus,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/** One page of the ledger (newest first), with the totals of every record matching the filters, and the tournaments. */
export async function listPayments(db: Db, query: PaymentListQuery) {
  const where = ledgerFilter(query);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      ...moneySums(payments),
    })
    .from(payments)
    .innerJoin(teams, eq(teams.id, payments.teamId))
    .where(where);
  const total = totals!.count;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await ledgerRows(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const tournamentList = await db
    .select({ id: tournaments.id, name: tournaments.name })
    .from(tournaments)
    .orderBy(desc(tournaments.createdAt), desc(tournaments.id));
  return {
    payments: rows.map(toItem),
    totals: { count: total, ...toMoneyTotals(totals!) },
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
    pages,
    tournaments: tournamentList,
  };
}

/** One ledger row. */
export async function getLedgerRow(db: Db, paymentId: string) {
  const [row] = await ledgerRows(db).where(eq(payments.id, paymentId));
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
  return toItem(row);
}

export async function paymentsForExport(db: Db, query: Omit<PaymentListQuery, 'page'>) {
  return (
    await ledgerRows(db)
      .where(ledgerFilter(query))
      .orderBy(...newestFirst)
  ).map(toItem);
}

/**
 * Records a note and/or a new state on one payment; a new state becomes its team's payment_status too, and goes into the
 * payment's history (R26). Answers the record and whether it became paid here (a receipt is then due).
 */
export async function updatePayment(db: Db, paymentId: string, rawInput: unknown, actorUserId: string | null = null) {
  const input = paymentUpdateSchema.parse(rawInput);
  const becamePaid = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ teamId: payments.teamId, purchaseId: payments.purchaseId })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (!found) throw new AppError('NOT_FOUND', 'Payment not found');
    // The line's row (team or purchase) first, then the record: the order every money change takes, so none deadlock.
    const line = lineOf(found);
    const lineStatus = await lockLine(tx, line);
    if (input.state !== undefined && lineStatus === 'expired')
      throw new AppError('CONFLICT', line.kind === 'team' ? EXPIRED_NEEDS_REINSTATE : PURCHASE_EXPIRED_MESSAGE);
    const [before] = await tx
      .select({ state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'Payment not found');
    await tx
      .update(payments)
      .set({ ...(input.state !== undefined ? { state: input.state } : {}), ...(input.note !== undefined ? { note: input.note } : {}) })
      .where(eq(payments.id, paymentId));
    if (input.state === undefined) return false;
    await setLineStatus(tx, line, input.state);
    if (input.state === before.state) return false;
    await recordPaymentEvents(tx, [
      {
        paymentId,
        kind: 'status',
        fromState: before.state as PaymentStatus,
        toState: input.state,
        amountCents: before.amountCents,
        actorUserId,
        note: input.note ?? '',
      },
    ]);
    return input.state === 'paid';
  });
  const [row] = await ledgerRows(db).where(eq(payments.id, paymentId));
  return { payment: toItem(row!), becamePaid };
}
