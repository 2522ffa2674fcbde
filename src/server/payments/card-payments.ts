// Card payments through Stripe Checkout (R23): a Checkout Session for a leader's unpaid teams, the signed webhook that is
// the only thing marking money received (once per event), the return page's question "has it arrived?", and refunds.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../db/connect';
import { checkoutSessions, payments, processedProviderEvents, sponsorshipLevels, teams, tournaments } from '../db/schema';
import { selectTeams } from '../teams/teams-query';
import { AppError } from '../http/errors';
import type { PaymentStatus } from '../../shared/payment-status';
import { golferPlacesFree } from '../holds/holds-place';
import { recordPaymentEvents } from './payment-events';
import { lineOf, lockLine } from './money-line';
import { payPurchasesByCard, purchaseIdsOf } from '../purchases/service';
import type { StripeClient } from './stripe-client';

export const CARD_PAYMENTS_OFF_MESSAGE = 'Payment processing will be available once Stripe is connected';
export const NOTHING_TO_PAY_MESSAGE = 'These teams have nothing left to pay';
export const BAD_SIGNATURE_MESSAGE = 'The webhook signature is missing or not valid';

/** Statuses a card can still pay. */
const PAYABLE: PaymentStatus[] = ['pending', 'hold', 'in_progress'];

export interface CheckoutRequest {
  userId: string;
  teamIds: string[];
  appUrl: string;
  currency: string;
}

/**
 * A Checkout Session for the leader's unpaid teams, one line per team (level and team name), for their unpaid records'
 * total. Another leader's team, or one with nothing to pay, is refused.
 */
export async function createCheckout(db: Db, stripe: StripeClient, request: CheckoutRequest) {
  const rows = await selectTeams(db, {
    teamId: teams.id,
    teamName: teams.name,
    userId: teams.userId,
    status: teams.paymentStatus,
    contactEmail: teams.contactEmail,
    levelName: sponsorshipLevels.name,
    dueCents: sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::int from ${payments} where ${payments.teamId} = ${teams.id} and ${payments.state} <> 'paid')`,
  }).where(inArray(teams.id, request.teamIds));
  // One line per team, in the order the registration named them.
  rows.sort((a, b) => request.teamIds.indexOf(a.teamId) - request.teamIds.indexOf(b.teamId));
  if (rows.length !== new Set(request.teamIds).size || rows.some((r) => r.userId !== request.userId)) {
    throw new AppError('NOT_FOUND', 'Team not found');
  }
  const due = rows.filter((r) => PAYABLE.includes(r.status as PaymentStatus) && r.dueCents > 0);
  if (rows.some((r) => r.status === 'expired'))
    throw new AppError('CONFLICT', 'This registration has expired: contact the organisers to reinstate it');
  if (due.length === 0) throw new AppError('CONFLICT', NOTHING_TO_PAY_MESSAGE);

  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: due.map((r) => ({
      quantity: 1,
      price_data: {
        currency: request.currency.toLowerCase(),
        unit_amount: r.dueCents,
        product_data: { name: `${r.levelName ?? 'Registration'}: ${r.teamName}` },
      },
    })),
    customer_email: due[0]!.contactEmail || undefined,
    client_reference_id: request.userId,
    metadata: { team_ids: due.map((r) => r.teamId).join(',') },
    success_url: `${request.appUrl}/register/payment?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${request.appUrl}/register/payment?cancelled=1`,
  });
  if (!session.url) throw new AppError('INTERNAL', 'Stripe did not answer a payment page');
  const amountCents = due.reduce((sum, r) => sum + r.dueCents, 0);
  await db.insert(checkoutSessions).values({ id: session.id, userId: request.userId, teamIds: due.map((r) => r.teamId), amountCents });
  return { sessionId: session.id, url: session.url, amountCents };
}

/** What the return page shows: whether every team of the session is paid yet (the webhook's doing, never the redirect's). */
export async function checkoutStatus(db: Db, userId: string, sessionId: string) {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!session || session.userId !== userId) throw new AppError('NOT_FOUND', 'Payment not found');
  const rows = await db
    .select({ id: teams.id, name: teams.name, paymentStatus: teams.paymentStatus })
    .from(teams)
    .where(inArray(teams.id, session.teamIds))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  return {
    paid: rows.length > 0 && rows.every((r) => r.paymentStatus === 'paid'),
    amountCents: session.amountCents,
    teams: rows.map((r) => ({ ...r, paymentStatus: r.paymentStatus as PaymentStatus })),
  };
}

/** Verifies the Stripe-Signature of the raw body; a missing or wrong signature is a 400 that changes nothing. */
export function verifyWebhook(stripe: StripeClient, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', BAD_SIGNATURE_MESSAGE);
  }
}

export interface WebhookOutcome {
  duplicate: boolean;
  /** Payment records that became paid by this event (receipts go to them). */
  paidPaymentIds: string[];
}

const PAYING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

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
    const teamIds = (session.metadata?.team_ids ?? '').split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const purchaseIds = purchaseIdsOf(session.metadata);
    if (teamIds.length === 0 && purchaseIds.length === 0) return { duplicate: false, paidPaymentIds: [] };
    const reference = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? session.id);

    // Teams first, then their records: the order every money change takes, so none of them deadlock.
    const locked = await tx
      .select({
        id: teams.id,
        status: teams.paymentStatus,
        tournamentId: teams.tournamentId,
        levelId: teams.tournamentSponsorshipLevelId,
        places: teams.places,
      })
      .from(teams)
      .where(inArray(teams.id, teamIds))
      .orderBy(asc(teams.id))
      .for('update');
    const paidPaymentIds: string[] = [];
    for (const team of locked) {
      const records = await tx
        .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
        .from(payments)
        .where(eq(payments.teamId, team.id))
        .orderBy(asc(payments.id))
        .for('update');
      /** This event in each record's history: the state it leaves the record in (its own when unchanged), and why. */
      const recordCardEvents = (toState: PaymentStatus | null, note: (state: string) => string) =>
        recordPaymentEvents(
          tx,
          records.map((r) => ({
            paymentId: r.id,
            kind: 'card',
            fromState: r.state as PaymentStatus,
            toState: toState ?? (r.state as PaymentStatus),
            amountCents: r.amountCents,
            providerEventId: event.id,
            note: note(r.state),
          })),
        );
      let takesPlace = team.status !== 'expired';
      if (!takesPlace) takesPlace = await placeRemains(tx, team);
      if (!takesPlace) {
        // Money arrived for a team whose place has gone: recorded with its reference, so staff can refund it from the ledger.
        for (const r of records) await tx.update(payments).set({ providerRef: reference }).where(eq(payments.id, r.id));
        await recordCardEvents(null, () => `Paid by card (${reference}) after the place was released and taken: refund it`);
        continue;
      }
      await tx.update(teams).set({ paymentStatus: 'paid' }).where(eq(teams.id, team.id));
      await tx.update(payments).set({ state: 'paid', providerRef: reference }).where(eq(payments.teamId, team.id));
      // Staff may have recorded it paid (a cheque) meanwhile: the card money is then a second payment to refund.
      await recordCardEvents('paid', (state) =>
        state === 'paid' ? `Card payment ${reference} for a record already paid: refund one of them` : `Card payment ${reference}`,
      );
      paidPaymentIds.push(...records.filter((r) => r.state !== 'paid').map((r) => r.id));
    }
    // Gifts, items and add-ons (R35–R37), after the teams: the same order every money change takes.
    paidPaymentIds.push(...(await payPurchasesByCard(tx, purchaseIds, reference, event.id)));
    return { duplicate: false, paidPaymentIds };
  });
}

/** Whether an expired team can have its place back (its golfer places, under the tournament's row lock as registration takes it). */
async function placeRemains(tx: Db, team: { tournamentId: string; levelId: string | null; places: number }) {
  await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, team.tournamentId)).for('update');
  return (await golferPlacesFree(tx, team)).left >= team.places;
}

export const REFUND_REFUSED_MESSAGE = 'Only a card payment that has not been refunded can be refunded';

/** Gives a card payment back through Stripe, then records it (the record keeps its state; the ledger shows the refund). */
export async function refundPayment(db: Db, stripe: StripeClient, paymentId: string, actorUserId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', 'Payment not found');
  if (!payment.providerRef || payment.refundedCents > 0 || payment.amountCents === 0)
    throw new AppError('CONFLICT', REFUND_REFUSED_MESSAGE);
  const amount = payment.amountCents;
  // Stripe's own idempotency key: a double click, or two admins, make one refund at Stripe.
  const refund = await stripe.refunds.create({ payment_intent: payment.providerRef, amount }, { idempotencyKey: `refund-${paymentId}` });
  return db.transaction(async (tx) => {
    const lineStatus = await lockLine(tx, lineOf(payment));
    const [changed] = await tx
      .update(payments)
      .set({ refundedCents: amount })
      .where(and(eq(payments.id, paymentId), eq(payments.refundedCents, 0), ne(payments.amountCents, 0)))
      .returning({ state: payments.state });
    if (!lineStatus || !changed) return { refunded: false, refundId: refund.id };
    await recordPaymentEvents(tx, [
      {
        paymentId,
        kind: 'refund',
        fromState: changed.state as PaymentStatus,
        toState: changed.state as PaymentStatus,
        amountCents: amount,
        actorUserId,
        note: `Stripe refund ${refund.id}`,
      },
    ]);
    return { refunded: true, refundId: refund.id };
  });
}
