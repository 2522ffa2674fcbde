// Receipts (R26, R39): every paid money line (a team, a gift, an item, an add-on, an auction lot) read the same way for the e-mail, the
// printable page and the year statement: who paid, for what, the value received (FMV) and what may be deductible.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import {
  addons,
  auctionLots,
  payments,
  purchases,
  sponsorshipItems,
  sponsorshipLevels,
  teams,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { deductibleCents, needsDisclosure } from '../../shared/receipts';

export type ReceiptKind = 'team' | 'donation' | 'item' | 'addon' | 'lot';

/** When a record became paid: its last change to paid in the history (R26), else when it was last changed. */
const paidAt = sql<string>`coalesce((select max(e.created_at) from payment_events e where e.payment_id = ${payments.id} and e.to_state = 'paid'), ${payments.updatedAt})::text`;
const payerEmail = sql<string>`lower(coalesce(nullif(${teams.contactEmail}, ''), ${purchases.buyerEmail}, ''))`;

function receiptRows(db: Db) {
  return db
    .select({
      paymentId: payments.id,
      kind: sql<ReceiptKind>`coalesce(${purchases.kind}, 'team')`,
      state: payments.state,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      discountCents: payments.discountCents,
      discountCode: payments.discountCode,
      providerRef: payments.providerRef,
      note: payments.note,
      payerName: sql<string>`coalesce(nullif(${teams.contactName}, ''), ${teams.name}, ${purchases.buyerName})`,
      payerEmail,
      ownerUserId: sql<string | null>`coalesce(${teams.userId}, ${purchases.userId})`,
      tournamentName: tournaments.name,
      teamName: teams.name,
      levelName: sponsorshipLevels.name,
      levelDescription: sponsorshipLevels.description,
      itemName: sponsorshipItems.name,
      itemIncludes: sponsorshipItems.includes,
      holeNumber: purchases.holeNumber,
      sponsorName: purchases.sponsorName,
      addonName: addons.name,
      lotTitle: auctionLots.title,
      lotDescription: auctionLots.description,
      quantity: purchases.quantity,
      dedication: purchases.dedication,
      fmvCents: sql<number>`coalesce(${purchases.fmvCents}, ${tournamentSponsorshipLevels.fmvCents}, 0)::int`,
      paidAt,
    })
    .from(payments)
    .leftJoin(teams, eq(teams.id, payments.teamId))
    .leftJoin(purchases, eq(purchases.id, payments.purchaseId))
    .innerJoin(tournaments, sql`${tournaments.id} = coalesce(${teams.tournamentId}, ${purchases.tournamentId})`)
    .leftJoin(tournamentSponsorshipLevels, eq(tournamentSponsorshipLevels.id, teams.tournamentSponsorshipLevelId))
    .leftJoin(sponsorshipLevels, eq(sponsorshipLevels.id, tournamentSponsorshipLevels.sponsorshipLevelId))
    .leftJoin(sponsorshipItems, eq(sponsorshipItems.id, purchases.itemId))
    .leftJoin(addons, eq(addons.id, purchases.addonId))
    .leftJoin(auctionLots, eq(auctionLots.id, purchases.lotId));
}

type Row = Awaited<ReturnType<ReturnType<typeof receiptRows>['execute']>>[number];

/**
 * What the payer received, in words (R39), what the line was for, and whether goods or services were received: a team
 * place (golf), an add-on and a lot always are; a sponsorship item when it has a value (a sign alone is recognition).
 */
function describe(row: Row): { description: string; received: string; goods: boolean } {
  switch (row.kind) {
    case 'team':
      return {
        description: `${row.levelName ?? 'Team place'}: ${row.teamName ?? ''}`,
        received: row.levelDescription || `A team place at ${row.tournamentName}`,
        goods: true,
      };
    case 'item':
      return {
        description: `${row.itemName ?? 'Sponsorship'}${row.holeNumber ? ` (hole ${row.holeNumber})` : ''}${row.sponsorName ? `: ${row.sponsorName}` : ''}`,
        received: row.itemIncludes || (row.fmvCents > 0 ? (row.itemName ?? 'Sponsorship') : 'Recognition only'),
        goods: row.fmvCents > 0,
      };
    case 'addon':
      return {
        description: `${row.addonName ?? 'Add-on'}${row.quantity && row.quantity > 1 ? ` × ${row.quantity}` : ''}`,
        received: `${row.addonName ?? 'Add-on'}${row.quantity && row.quantity > 1 ? ` × ${row.quantity}` : ''}`,
        goods: true,
      };
    case 'lot':
      // R39: what the winner received is the lot; its value (FMV) is the lot's, so only the part paid above it may be deductible.
      return {
        description: `Auction lot: ${row.lotTitle ?? ''}`,
        received: row.lotDescription ? `${row.lotTitle ?? 'Auction lot'}: ${row.lotDescription}` : (row.lotTitle ?? 'Auction lot'),
        goods: true,
      };
    default:
      return { description: row.dedication ? `Gift (${row.dedication})` : 'Gift', received: 'Nothing: a gift', goods: false };
  }
}

export interface Receipt {
  paymentId: string;
  kind: ReceiptKind;
  paid: boolean;
  payerName: string;
  payerEmail: string;
  ownerUserId: string | null;
  tournamentName: string;
  description: string;
  /** The line's short name: the team's, or the description. */
  forWhat: string;
  received: string;
  /** Whether goods or services were received (describe): a gift and recognition only are not. */
  goods: boolean;
  /** R57: the price before a discount code, what the code took off and the code; amountCents is what was paid. */
  priceCents: number;
  discountCents: number;
  discountCode: string | null;
  amountCents: number;
  refundedCents: number;
  fmvCents: number;
  deductibleCents: number;
  disclosure: boolean;
  reference: string;
  paidAt: string;
}

function toReceipt(row: Row): Receipt {
  const described = describe(row);
  return {
    paymentId: row.paymentId,
    kind: row.kind,
    paid: row.state === 'paid',
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    ownerUserId: row.ownerUserId,
    tournamentName: row.tournamentName,
    ...described,
    forWhat: row.kind === 'team' ? (row.teamName ?? '') : described.description,
    priceCents: row.amountCents + row.discountCents,
    discountCents: row.discountCents,
    discountCode: row.discountCode,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    fmvCents: row.fmvCents,
    deductibleCents: deductibleCents(row.amountCents, row.fmvCents, row.refundedCents),
    disclosure: needsDisclosure(row.amountCents, described.goods),
    reference: row.providerRef ?? `Payment ${row.paymentId.slice(0, 8).toUpperCase()}`,
    paidAt: new Date(row.paidAt).toISOString(),
  };
}

/** The receipts of these payment records (paid or not: the caller decides what to show). */
export async function receiptsFor(db: Db, paymentIds: string[]): Promise<Receipt[]> {
  if (paymentIds.length === 0) return [];
  return (await receiptRows(db).where(inArray(payments.id, paymentIds))).map(toReceipt);
}

/**
 * A payer's statement for a calendar year (R39): every record paid to their e-mail address whose payment date falls in
 * that year in `timeZone`, oldest first, with the totals. `email` empty: every payer (the staff's CSV).
 */
export async function yearStatement(db: Db, year: number, timeZone: string, email: string | null) {
  const inYear: SQL = sql`extract(year from (${paidAt})::timestamptz at time zone ${timeZone}) = ${year}`;
  const rows = await receiptRows(db)
    .where(and(eq(payments.state, 'paid'), inYear, email ? sql`${payerEmail} = ${email.toLowerCase()}` : undefined))
    .orderBy(asc(paidAt), asc(payments.id));
  const receipts = rows.map(toReceipt);
  const sum = (pick: (r: Receipt) => number) => receipts.reduce((total, r) => total + pick(r), 0);
  return {
    year,
    receipts,
    totals: {
      amountCents: sum((r) => r.amountCents - r.refundedCents),
      fmvCents: sum((r) => r.fmvCents),
      deductibleCents: sum((r) => r.deductibleCents),
    },
  };
}

/** A link key: who holds a receipt's or a statement's link may read it without an account (visitors give too, R35). */
export function linkKey(secret: string, subject: string): string {
  return createHmac('sha256', secret).update(`receipt-link:${subject}`).digest('hex').slice(0, 32);
}

export function keyMatches(secret: string, subject: string, key: string | undefined): boolean {
  if (!key) return false;
  const expected = Buffer.from(linkKey(secret, subject));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const receiptSubject = (paymentId: string) => `payment:${paymentId}`;
/** A statement's key opens one address's one year: a receipt e-mail of 2025 is no way into 2026 or any earlier year. */
export const statementSubject = (email: string, year: number) => `statement:${email.toLowerCase()}:${year}`;

/** The paid payment records of these teams, oldest first, by team: the receipts a leader opens from their dashboard (R39). */
export async function teamReceiptIds(db: Db, teamIds: string[]): Promise<Map<string, string[]>> {
  const byTeam = new Map<string, string[]>();
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .select({ id: payments.id, teamId: payments.teamId })
    .from(payments)
    .where(and(inArray(payments.teamId, teamIds), eq(payments.state, 'paid')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  for (const row of rows) {
    const ids = byTeam.get(row.teamId!) ?? [];
    ids.push(row.id);
    byTeam.set(row.teamId!, ids);
  }
  return byTeam;
}
