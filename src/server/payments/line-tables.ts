// The two tables money lines live in (docs/decisions/071): teams, and purchases (gifts, sponsorship items, golfer add-ons).
// Each says, for the one Checkout path (checkout.ts, docs/decisions/101), how its unpaid lines are read and named on
// Stripe's page, which of them a card still pays, and what the signed webhook does to a line it pays. A new kind of line
// that is a purchase (an auction lot, a covered fee) plugs in as one entry of PURCHASE_KINDS; a new table would be one
// more LineTable in LINE_TABLES.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { payments, purchases, sponsorshipLevels, teams, tournaments } from '../db/schema';
import type { PaymentStatus } from '../../shared/payment-status';
import { golferPlacesFree } from '../holds/holds-place';
import { selectTeams } from '../teams/teams-query';
import type { PurchaseKind } from '../purchases/service';
import type { MoneyLine } from './money-line';

/** A line a Checkout Session may pay, as its table reads it. */
export interface DueLine {
  id: string;
  /** The account it belongs to (null: staff's team without an account, or a visitor's gift). */
  userId: string | null;
  status: string;
  /** Stripe's receipt address when it is the first line. */
  email: string;
  /** The line on Stripe's page. */
  name: string;
  /** Its unpaid records' total. */
  dueCents: number;
}

/** A line the webhook has locked; `takesPay` is asked after its records are locked (the order every money change takes). */
export interface LockedLine {
  id: string;
  status: string;
  /** Whether card money pays it (false: its place has gone since, the money is recorded for a refund). */
  takesPay: () => Promise<boolean>;
}

export interface LineTable<Progress extends { paymentStatus: PaymentStatus }> {
  kind: MoneyLine['kind'];
  /** Where a session names its lines of this table: Stripe's metadata and the `checkout_sessions` column. */
  metadataKey: 'team_ids' | 'purchase_ids';
  sessionColumn: 'teamIds' | 'purchaseIds';
  /** The payment records' column that points at a line of this table. */
  recordColumn: typeof payments.teamId | typeof payments.purchaseId;
  messages: { notFound: string; expired: string; nothingToPay: string };
  due(db: Db, ids: string[]): Promise<DueLine[]>;
  /** Locks the lines FOR UPDATE, in id order (the webhook's transaction). */
  lock(tx: Db, ids: string[]): Promise<LockedLine[]>;
  markPaid(tx: Db, id: string): Promise<void>;
  /** The history note for card money that arrived after the line's place was released. */
  lateNote(reference: string): string;
  /** The return page's view of the session's lines. */
  progress(db: Db, ids: string[]): Promise<Progress[]>;
}

/** The unpaid records' total of a line: a sub-select on its records. */
const dueOf = (column: typeof payments.teamId | typeof payments.purchaseId, lineId: typeof teams.id | typeof purchases.id) =>
  sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::int from ${payments} where ${column} = ${lineId} and ${payments.state} <> 'paid')`;

export const teamLines: LineTable<{ id: string; name: string; paymentStatus: PaymentStatus }> = {
  kind: 'team',
  metadataKey: 'team_ids',
  sessionColumn: 'teamIds',
  recordColumn: payments.teamId,
  messages: {
    notFound: 'Team not found',
    expired: 'This registration has expired: contact the organisers to reinstate it',
    nothingToPay: 'These teams have nothing left to pay',
  },
  async due(db, ids) {
    const rows = await selectTeams(db, {
      id: teams.id,
      teamName: teams.name,
      userId: teams.userId,
      status: teams.paymentStatus,
      email: teams.contactEmail,
      levelName: sponsorshipLevels.name,
      dueCents: dueOf(payments.teamId, teams.id),
    }).where(inArray(teams.id, ids));
    return rows.map(({ teamName, levelName, ...r }) => ({ ...r, name: `${levelName ?? 'Registration'}: ${teamName}` }));
  },
  async lock(tx, ids) {
    // What placeRemains needs of an expired team, besides its status.
    const { id, paymentStatus: status, tournamentId, tournamentSponsorshipLevelId: levelId, places } = teams;
    const rows = await tx
      .select({ id, status, tournamentId, levelId, places })
      .from(teams)
      .where(inArray(teams.id, ids))
      .orderBy(asc(teams.id))
      .for('update');
    // An expired team is reinstated as paid when a place remains (docs/decisions/030).
    return rows.map((team) => ({ ...team, takesPay: async () => team.status !== 'expired' || (await placeRemains(tx, team)) }));
  },
  async markPaid(tx, id) {
    await tx.update(teams).set({ paymentStatus: 'paid' }).where(eq(teams.id, id));
  },
  lateNote: (reference) => `Paid by card (${reference}) after the place was released and taken: refund it`,
  async progress(db, ids) {
    const rows = await db
      .select({ id: teams.id, name: teams.name, paymentStatus: teams.paymentStatus })
      .from(teams)
      .where(inArray(teams.id, ids))
      .orderBy(asc(teams.createdAt), asc(teams.id));
    return rows.map((r) => ({ ...r, paymentStatus: r.paymentStatus as PaymentStatus }));
  },
};

/** Whether an expired team can have its place back (its golfer places, under the tournament's row lock as registration takes it). */
async function placeRemains(tx: Db, team: { tournamentId: string; levelId: string | null; places: number }) {
  await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, team.tournamentId)).for('update');
  return (await golferPlacesFree(tx, team)).left >= team.places;
}

/**
 * Each kind of purchase: its word on Stripe's page ("Gift: Spring Classic"), and whether card money that arrives after it
 * expired still pays it (a gift takes no place, R35; an item or add-on may have lost its place, so it is to refund).
 */
export const PURCHASE_KINDS: Record<PurchaseKind, { line: string; paysAfterExpiry: boolean }> = {
  donation: { line: 'Gift', paysAfterExpiry: true },
  item: { line: 'Sponsorship', paysAfterExpiry: false },
  addon: { line: 'Add-on', paysAfterExpiry: false },
  // A won lot is the winner's whatever the deadline: nobody else can take it, so late money still pays it (R55).
  lot: { line: 'Auction lot', paysAfterExpiry: true },
};

export const purchaseLines: LineTable<{ id: string; kind: PurchaseKind; paymentStatus: PaymentStatus; tournamentId: string }> = {
  kind: 'purchase',
  metadataKey: 'purchase_ids',
  sessionColumn: 'purchaseIds',
  recordColumn: payments.purchaseId,
  messages: { notFound: 'Purchase not found', expired: 'This purchase has expired: start again', nothingToPay: 'Nothing is left to pay' },
  async due(db, ids) {
    const rows = await db
      .select({
        id: purchases.id,
        kind: purchases.kind,
        userId: purchases.userId,
        status: purchases.paymentStatus,
        email: purchases.buyerEmail,
        quantity: purchases.quantity,
        label: sql<string>`coalesce((select i.name from sponsorship_items i where i.id = ${purchases.itemId}),
          (select a.name from addons a where a.id = ${purchases.addonId}),
          (select l.title from auction_lots l where l.id = ${purchases.lotId}), ${tournaments.name})`,
        holeNumber: purchases.holeNumber,
        dueCents: dueOf(payments.purchaseId, purchases.id),
      })
      .from(purchases)
      .innerJoin(tournaments, eq(tournaments.id, purchases.tournamentId))
      .where(inArray(purchases.id, ids));
    return rows.map(({ kind, label, holeNumber, quantity, ...r }) => ({
      ...r,
      name: `${PURCHASE_KINDS[kind as PurchaseKind].line}: ${label}${holeNumber ? ` (hole ${holeNumber})` : ''}${quantity > 1 ? ` × ${quantity}` : ''}`,
    }));
  },
  async lock(tx, ids) {
    const rows = await tx
      .select({ id: purchases.id, kind: purchases.kind, status: purchases.paymentStatus })
      .from(purchases)
      .where(inArray(purchases.id, ids))
      .orderBy(asc(purchases.id))
      .for('update');
    const pays = (r: (typeof rows)[number]) => r.status !== 'expired' || PURCHASE_KINDS[r.kind as PurchaseKind].paysAfterExpiry;
    return rows.map((r) => ({ ...r, takesPay: () => Promise.resolve(pays(r)) }));
  },
  async markPaid(tx, id) {
    await tx.update(purchases).set({ paymentStatus: 'paid', holdUntil: null }).where(eq(purchases.id, id));
  },
  lateNote: (reference) => `Paid by card (${reference}) after it expired and its place was released: refund it`,
  async progress(db, ids) {
    const rows = await db
      .select({ id: purchases.id, kind: purchases.kind, paymentStatus: purchases.paymentStatus, tournamentId: purchases.tournamentId })
      .from(purchases)
      .where(inArray(purchases.id, ids))
      .orderBy(asc(purchases.createdAt), asc(purchases.id));
    return rows.map((r) => ({ ...r, kind: r.kind as PurchaseKind, paymentStatus: r.paymentStatus as PaymentStatus }));
  },
};

/** Every table of money lines, in the order the webhook locks them (teams first: the order every money change takes). */
export const LINE_TABLES = [teamLines, purchaseLines] as const;
