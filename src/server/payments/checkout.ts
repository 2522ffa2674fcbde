// The one Stripe Checkout path for every money line (R23, docs/decisions/101): a Checkout Session for any set of unpaid
// lines (teams, gifts, items, add-ons; mixed in one session or not), the return page's question "has it arrived?", and the
// signed webhook's completion, which marks each line it pays, once per event. What differs between kinds of line lives in
// line-tables.ts; nothing else in src/server creates a Checkout Session (checkout.test.ts holds that).
import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../db/connect';
import { checkoutSessions, payments, processedProviderEvents } from '../db/schema';
import { AppError } from '../http/errors';
import { isUuid } from '../../shared/ids';
import { isPayable, type PaymentStatus } from '../../shared/payment-status';
import { LINE_TABLES, type DueLine, type LineTable } from './line-tables';
import type { MoneyLine } from './money-line';
import { recordEachRecord } from './payment-events';
import type { StripeClient } from './stripe-client';

type AnyLineTable = LineTable<{ paymentStatus: PaymentStatus }>;

export interface CheckoutRequest {
  /** The lines to pay, in the order Stripe's page lists them. */
  lines: MoneyLine[];
  /** The signed-in payer (only their own lines may be paid), or null for a visitor paying what they just created. */
  userId: string | null;
  appUrl: string;
  currency: string;
  /** The app's page Stripe returns to after paying (it gets `?session_id=`), and the page a cancel returns to. */
  returnPath: string;
  cancelPath: string;
}

/** Where a team's leader comes back from Stripe's page (client/registration/payment-return-page.tsx). */
export const TEAMS_RETURN = { returnPath: '/register/payment', cancelPath: '/register/payment?cancelled=1' };
/** Where a buyer of items and add-ons comes back (client/items/purchase-return-page.tsx). */
export const PURCHASES_RETURN = { returnPath: '/register/purchase-payment', cancelPath: '/register/purchase-payment?cancelled=1' };

/** The lines of one kind, for a request. */
export const linesOf = (kind: MoneyLine['kind'], ids: string[]): MoneyLine[] => ids.map((id) => ({ kind, id }));

/**
 * A Checkout Session for the payer's unpaid lines, one Stripe line per money line ("Birdie: The Eagles", "Gift: Spring
 * Classic"), each for its unpaid records' total. A line of someone else, an expired one, or a set with nothing to pay is
 * refused with its table's message, before Stripe is asked.
 */
export async function createCheckout(db: Db, stripe: StripeClient, request: CheckoutRequest) {
  const due: (DueLine & { kind: MoneyLine['kind'] })[] = [];
  for (const table of LINE_TABLES) {
    const ids = request.lines.filter((l) => l.kind === table.kind).map((l) => l.id);
    if (ids.length === 0) continue;
    const rows = await table.due(db, ids);
    if (rows.length !== new Set(ids).size || rows.some((r) => r.userId !== request.userId))
      throw new AppError('NOT_FOUND', table.messages.notFound);
    if (rows.some((r) => r.status === 'expired')) throw new AppError('CONFLICT', table.messages.expired);
    due.push(...rows.filter((r) => isPayable(r.status) && r.dueCents > 0).map((r) => ({ ...r, kind: table.kind })));
  }
  if (due.length === 0) {
    const first = LINE_TABLES.find((table) => request.lines.some((l) => l.kind === table.kind));
    throw new AppError('CONFLICT', first?.messages.nothingToPay ?? 'Nothing is left to pay');
  }
  // One Stripe line per money line, in the order the caller named them.
  const position = (line: MoneyLine) => request.lines.findIndex((l) => l.kind === line.kind && l.id === line.id);
  due.sort((a, b) => position(a) - position(b));
  const idsOf = (table: AnyLineTable) => due.filter((l) => l.kind === table.kind).map((l) => l.id);
  const named = LINE_TABLES.filter((table) => idsOf(table).length > 0);

  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: due.map((line) => ({
      quantity: 1,
      price_data: { currency: request.currency.toLowerCase(), unit_amount: line.dueCents, product_data: { name: line.name } },
    })),
    customer_email: due[0]!.email || undefined,
    ...(request.userId ? { client_reference_id: request.userId } : {}),
    metadata: Object.fromEntries(named.map((table) => [table.metadataKey, idsOf(table).join(',')])),
    success_url: `${request.appUrl}${request.returnPath}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${request.appUrl}${request.cancelPath}`,
  });
  if (!session.url) throw new AppError('INTERNAL', 'Stripe did not answer a payment page');
  const amountCents = due.reduce((sum, line) => sum + line.dueCents, 0);
  const columns = Object.fromEntries(LINE_TABLES.map((table) => [table.sessionColumn, idsOf(table)]));
  await db.insert(checkoutSessions).values({
    id: session.id,
    userId: request.userId,
    teamIds: columns.teamIds ?? [],
    purchaseIds: columns.purchaseIds ?? [],
    amountCents,
  });
  return { sessionId: session.id, url: session.url, amountCents };
}

/**
 * What a return page shows: whether every line of the session in `table` is paid yet (the webhook's doing, never the
 * redirect's). A session id is a secret the payer's browser got back from Stripe; a signed-in payer's session answers to
 * them only; a session with no line of this table is not found.
 */
export async function checkoutProgress<Line extends { paymentStatus: PaymentStatus }>(
  db: Db,
  table: LineTable<Line>,
  sessionId: string,
  viewerUserId: string | null,
) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  const ids = session?.[table.sessionColumn] ?? [];
  if (!session || ids.length === 0 || (session.userId !== null && session.userId !== viewerUserId))
    throw new AppError('NOT_FOUND', 'Payment not found');
  const lines = await table.progress(db, ids);
  return { paid: lines.length > 0 && lines.every((l) => l.paymentStatus === 'paid'), amountCents: session.amountCents, lines };
}

export interface WebhookOutcome {
  duplicate: boolean;
  /** Payment records that became paid by this event (receipts go to them). */
  paidPaymentIds: string[];
}

const PAYING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The ids a session's metadata names under `key` (anything that is not an id is ignored). */
const idsIn = (metadata: Stripe.Metadata | null, key: string) => (metadata?.[key] ?? '').split(',').filter(isUuid);

/**
 * Applies one verified event, exactly once: its id is recorded in the same transaction as the change, so a redelivery (or
 * the same event racing itself in two processes) finds it and changes nothing. Events about sessions we did not make, and
 * events that arrive after the money did (a late `checkout.session.expired`), change nothing either.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(processedProviderEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: processedProviderEvents.id });
    if (fresh.length === 0) return { duplicate: true, paidPaymentIds: [] };
    if (!PAYING_EVENTS.has(event.type)) return { duplicate: false, paidPaymentIds: [] };

    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return { duplicate: false, paidPaymentIds: [] };
    const named = LINE_TABLES.map((table) => ({ table, ids: idsIn(session.metadata, table.metadataKey) }));
    if (named.every(({ ids }) => ids.length === 0)) return { duplicate: false, paidPaymentIds: [] };
    const reference = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? session.id);

    // Table by table in LINE_TABLES' order (teams, then purchases), each line before its records: the order every money
    // change takes, so none of them deadlock.
    const paidPaymentIds: string[] = [];
    for (const { table, ids } of named) paidPaymentIds.push(...(await payByCard(tx, table, ids, reference, event.id)));
    return { duplicate: false, paidPaymentIds };
  });
}

/**
 * Marks a table's lines paid by a verified event, in the webhook's transaction. A line whose place has gone since it
 * expired keeps its state: its records get the reference and a note to refund it. Answers the records that became paid.
 */
async function payByCard(tx: Db, table: AnyLineTable, ids: string[], reference: string, eventId: string) {
  if (ids.length === 0) return [];
  const paid: string[] = [];
  for (const line of await table.lock(tx, ids)) {
    const records = await tx
      .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(table.recordColumn, line.id))
      .orderBy(asc(payments.id))
      .for('update');
    const takesPay = await line.takesPay();
    if (takesPay) await table.markPaid(tx, line.id);
    await tx
      .update(payments)
      .set(takesPay ? { state: 'paid', providerRef: reference } : { providerRef: reference })
      .where(eq(table.recordColumn, line.id));
    await recordEachRecord(tx, records, {
      kind: 'card',
      toState: takesPay ? 'paid' : null,
      providerEventId: eventId,
      // Staff may have recorded it paid (a cheque) meanwhile: the card money is then a second payment to refund.
      note: (state) =>
        !takesPay
          ? table.lateNote(reference)
          : state === 'paid'
            ? `Card payment ${reference} for a record already paid: refund one of them`
            : `Card payment ${reference}`,
    });
    if (takesPay) paid.push(...records.filter((r) => r.state !== 'paid').map((r) => r.id));
  }
  return paid;
}
