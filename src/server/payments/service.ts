// The payment ledger (admin only, R8): every payment record with filters and totals, and an admin's change to one record.
// A record's state and its team's payment_status move together, in one transaction (R15).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  addons,
  payments,
  purchases,
  sponsorshipItems,
  sponsorshipLevels,
  teams,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { moneySums, toMoneyTotals } from './money-totals';
import { AppError } from '../http/errors';
import { EXPIRED_NEEDS_REINSTATE } from '../holds/expiry';
import { ADMIN_PAGE_SIZE, paymentUpdateSchema, type PaymentListQuery } from '../../shared/admin-schemas';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from './payment-events';
import { lineOf, lockLine, setLineStatus } from './money-line';

/** What a ledger line is for. */
export type LineKind = 'team' | 'donation' | 'item' | 'addon' | 'lot';

export const PURCHASE_EXPIRED_MESSAGE = 'This purchase expired unpaid: record it again rather than changing it';

/** The tournament a record's line belongs to: its team's or its purchase's. */
const lineTournamentId = sql`coalesce(${teams.tournamentId}, ${purchases.tournamentId})`;

function ledgerFilter(query: Pick<PaymentListQuery, 'tournamentId' | 'state'>): SQL | undefined {
  return and(
    query.tournamentId ? sql`${lineTournamentId} = ${query.tournamentId}` : undefined,
    query.state ? eq(payments.state, query.state) : undefined,
  );
}

/** What a purchase is, as the ledger names it: "Gift from Ann Lee", "Hole sponsor (hole 7): Acme", "Mulligans × 2: Ann Lee". */
const purchaseName = sql<string>`case ${purchases.kind}
  when 'donation' then 'Gift from ' || ${purchases.buyerName}
  when 'item' then ${sponsorshipItems.name} || coalesce(' (hole ' || ${purchases.holeNumber} || ')', '') || ': ' || coalesce(nullif(${purchases.sponsorName}, ''), ${purchases.buyerName})
  when 'lot' then 'Auction lot: ' || coalesce((select l.title from auction_lots l where l.id = ${purchases.lotId}), '') || ': ' || ${purchases.buyerName}
  else ${addons.name} || case when ${purchases.quantity} > 1 then ' × ' || ${purchases.quantity} else '' end || ': ' || ${purchases.buyerName} end`;

/** From the payment records, each with its line (a team with its level, or a purchase) and its tournament. */
function ledgerRows(db: Db) {
  return db
    .select({
      id: payments.id,
      teamId: payments.teamId,
      purchaseId: payments.purchaseId,
      kind: sql<string>`coalesce(${purchases.kind}, 'team')`,
      teamName: sql<string>`coalesce(${teams.name}, ${purchaseName})`,
      teamStatus: sql<string>`coalesce(${teams.paymentStatus}, ${purchases.paymentStatus})`,
      tournamentName: tournaments.name,
      levelName: sponsorshipLevels.name,
      amountCents: payments.amountCents,
      state: payments.state,
      note: payments.note,
      providerRef: payments.providerRef,
      refundedCents: payments.refundedCents,
      createdAt: payments.createdAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .leftJoin(teams, eq(teams.id, payments.teamId))
    .leftJoin(purchases, eq(purchases.id, payments.purchaseId))
    .innerJoin(tournaments, sql`${tournaments.id} = ${lineTournamentId}`)
    .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .leftJoin(sponsorshipItems, eq(sponsorshipItems.id, purchases.itemId))
    .leftJoin(addons, eq(addons.id, purchases.addonId));
}

type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerRows>['execute']>>[number];
const toItem = (row: LedgerRow) => ({
  ...row,
  kind: row.kind as LineKind,
  state: row.state as PaymentStatus,
  teamStatus: row.teamStatus as PaymentStatus,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/**
 * The money of every record matching the filters (teams, items, add-ons, gifts, lots alike): how many, expected, received,
 * expired and outstanding. The ledger's totals, and the Dashboard's money for a tournament: one set of figures.
 */
export async function ledgerTotals(db: Db, query: Pick<PaymentListQuery, 'tournamentId' | 'state'>) {
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      ...moneySums(payments),
    })
    .from(payments)
    .leftJoin(teams, eq(teams.id, payments.teamId))
    .leftJoin(purchases, eq(purchases.id, payments.purchaseId))
    .where(ledgerFilter(query));
  return { count: totals!.count, ...toMoneyTotals(totals!) };
}

/** One page of the ledger (newest first), with the totals of every record matching the filters, and the tournaments. */
export async function listPayments(db: Db, query: PaymentListQuery) {
  const where = ledgerFilter(query);
  const totals = await ledgerTotals(db, query);
  const total = totals.count;
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
    totals,
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
