// Holds and unpaid card registrations run out (R24): the sweep that expires them and sends the 24-hour reminder, and the
// admin's extend and reinstate. Deadlines live in teams.hold_until, so expiry survives restarts.
//
// Purchases (gifts, items, add-ons: R35–R37) follow the same rules in purchases.hold_until: two statements more.
// One pass is two statements (per table) whatever the number of due teams, and each team changes once even with several processes
// sweeping the same PostgreSQL: each statement locks its rows with FOR UPDATE SKIP LOCKED (a row another process is
// expiring is skipped, not waited for) and re-checks the status under the lock, so a team another process has just
// expired, or a webhook has just marked paid, no longer matches.
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { payments, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { TOURNAMENT_FULL_MESSAGE } from '../../shared/capacity';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordPaymentEvents } from '../payments/payment-events';
import { golferPlacesFree } from './holds-place';

export const REMINDER_HOURS = 24;
const notFound = () => new AppError('NOT_FOUND', 'Team not found');

export interface TeamNotice {
  teamId: string;
  teamName: string;
  contactName: string;
  contactEmail: string;
  tournamentName: string;
  holdUntil: Date;
}

/** An unpaid purchase (an item or add-on kept, or a card gift never completed: R35–R37) reminded of or released. */
export interface PurchaseNotice {
  purchaseId: string;
  kind: 'donation' | 'item' | 'addon';
  /** What was bought: the item's or add-on's name, or the tournament's for a gift. */
  label: string;
  buyerName: string;
  buyerEmail: string;
  tournamentName: string;
  holdUntil: Date;
}

export interface SweepResult {
  expired: TeamNotice[];
  reminded: TeamNotice[];
  expiredPurchases: PurchaseNotice[];
  remindedPurchases: PurchaseNotice[];
}

const toNotice = (row: { holdUntil: Date | string } & Omit<TeamNotice, 'holdUntil'>): TeamNotice => ({
  ...row,
  holdUntil: new Date(row.holdUntil),
});

/** Expires every hold and unpaid card registration whose deadline has passed, then marks the reminders due (2 statements). */
export async function sweepHolds(db: Db, now: Date): Promise<SweepResult> {
  const at = now.toISOString();
  // Teams, their unpaid payment records and one history row per record change in one statement (R26).
  const expired = await queryRows<Omit<TeamNotice, 'holdUntil'> & { holdUntil: string }>(
    db,
    sql`with due as (
          select id from teams
          where payment_status in ('hold', 'pending') and hold_until <= ${at}::timestamptz
          for update skip locked
        ),
        expired as (
          update teams t set payment_status = 'expired', updated_at = ${at}::timestamptz
          from due where t.id = due.id
          returning t.id, t.name, t.contact_name, t.contact_email, t.tournament_id, t.hold_until
        ),
        before as (
          select p.id, p.state, p.amount_cents from payments p join expired e on e.id = p.team_id where p.state <> 'paid'
        ),
        changed as (
          update payments p set state = 'expired', updated_at = ${at}::timestamptz from before b where p.id = b.id returning p.id
        ),
        history as (
          insert into payment_events (payment_id, kind, from_state, to_state, amount_cents, note)
          select b.id, 'expired', b.state, 'expired', b.amount_cents, 'The deadline passed unpaid' from before b
        )
        select e.id as "teamId", e.name as "teamName", e.contact_name as "contactName", e.contact_email as "contactEmail",
               tr.name as "tournamentName", e.hold_until::text as "holdUntil"
        from expired e join tournaments tr on tr.id = e.tournament_id`,
  );
  const reminded = await queryRows<Omit<TeamNotice, 'holdUntil'> & { holdUntil: string }>(
    db,
    sql`with due as (
          select id from teams
          where payment_status in ('hold', 'pending') and reminder_sent_at is null
            and hold_until > ${at}::timestamptz and hold_until <= ${at}::timestamptz + make_interval(hours => ${REMINDER_HOURS})
          for update skip locked
        ),
        marked as (
          update teams t set reminder_sent_at = ${at}::timestamptz from due where t.id = due.id
          returning t.id, t.name, t.contact_name, t.contact_email, t.tournament_id, t.hold_until
        )
        select m.id as "teamId", m.name as "teamName", m.contact_name as "contactName", m.contact_email as "contactEmail",
               tr.name as "tournamentName", m.hold_until::text as "holdUntil"
        from marked m join tournaments tr on tr.id = m.tournament_id`,
  );
  const purchases = await sweepPurchases(db, at);
  return { expired: expired.map(toNotice), reminded: reminded.map(toNotice), ...purchases };
}

type PurchaseRow = Omit<PurchaseNotice, 'holdUntil'> & { holdUntil: string };
const purchaseNotice = (row: PurchaseRow): PurchaseNotice => ({ ...row, holdUntil: new Date(row.holdUntil) });
const purchaseNoticeColumns = sql.raw(`x.id as "purchaseId", x.kind, x.buyer_name as "buyerName", x.buyer_email as "buyerEmail",
  tr.name as "tournamentName", x.hold_until::text as "holdUntil",
  coalesce((select i.name from sponsorship_items i where i.id = x.item_id), (select a.name from addons a where a.id = x.addon_id), tr.name) as "label"`);

/** The same two statements for purchases (R24 applies to every money line): expire what is due, then mark reminders. */
async function sweepPurchases(db: Db, at: string) {
  const expired = await queryRows<PurchaseRow>(
    db,
    sql`with due as (
          select id from purchases
          where payment_status in ('hold', 'pending') and hold_until <= ${at}::timestamptz
          for update skip locked
        ),
        x as (
          update purchases p set payment_status = 'expired', updated_at = ${at}::timestamptz
          from due where p.id = due.id
          returning p.id, p.kind, p.buyer_name, p.buyer_email, p.tournament_id, p.hold_until, p.item_id, p.addon_id
        ),
        before as (
          select p.id, p.state, p.amount_cents from payments p join x on x.id = p.purchase_id where p.state <> 'paid'
        ),
        changed as (
          update payments p set state = 'expired', updated_at = ${at}::timestamptz from before b where p.id = b.id returning p.id
        ),
        history as (
          insert into payment_events (payment_id, kind, from_state, to_state, amount_cents, note)
          select b.id, 'expired', b.state, 'expired', b.amount_cents, 'The deadline passed unpaid' from before b
        )
        select ${purchaseNoticeColumns} from x join tournaments tr on tr.id = x.tournament_id`,
  );
  const reminded = await queryRows<PurchaseRow>(
    db,
    sql`with due as (
          select id from purchases
          where payment_status in ('hold', 'pending') and reminder_sent_at is null
            and hold_until > ${at}::timestamptz and hold_until <= ${at}::timestamptz + make_interval(hours => ${REMINDER_HOURS})
          for update skip locked
        ),
        x as (
          update purchases p set reminder_sent_at = ${at}::timestamptz from due where p.id = due.id
          returning p.id, p.kind, p.buyer_name, p.buyer_email, p.tournament_id, p.hold_until, p.item_id, p.addon_id
        )
        select ${purchaseNoticeColumns} from x join tournaments tr on tr.id = x.tournament_id`,
  );
  return { expiredPurchases: expired.map(purchaseNotice), remindedPurchases: reminded.map(purchaseNotice) };
}

/** Staff give an unpaid team more time: `hours` from its deadline (or from now, if that is later); a new reminder will go. */
export async function extendHold(db: Db, teamId: string, hours: number, actorUserId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .select({ status: teams.paymentStatus, holdUntil: teams.holdUntil })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for('update');
    if (!team) throw notFound();
    if (team.status !== 'hold' && team.status !== 'pending') {
      throw new AppError(
        'CONFLICT',
        team.status === 'expired'
          ? 'This team has expired: reinstate it instead'
          : 'Only an unpaid team (Hold or Pending) has a deadline to extend',
      );
    }
    const from = team.holdUntil && team.holdUntil > now ? team.holdUntil : now;
    const holdUntil = new Date(from.getTime() + hours * 3600_000);
    await tx.update(teams).set({ holdUntil, reminderSentAt: null }).where(eq(teams.id, teamId));
    const records = await tx
      .select({ id: payments.id, state: payments.state, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.teamId, teamId));
    await recordPaymentEvents(
      tx,
      records.map((p) => ({
        paymentId: p.id,
        kind: 'extended',
        fromState: p.state as PaymentStatus,
        toState: p.state as PaymentStatus,
        amountCents: p.amountCents,
        actorUserId,
        note: `Deadline moved to ${holdUntil.toISOString()}`,
      })),
    );
    return { id: teamId, paymentStatus: team.status as PaymentStatus, holdUntil: holdUntil.toISOString() };
  });
}

export const NO_PLACE_TO_REINSTATE = 'No place is left at this level to reinstate the team';
/**
 * A staff status change on an expired team would take back a place the caps no longer hold for it (it may be sold or kept
 * for the waitlist since): the team comes back only through Reinstate, which checks the caps.
 */
export const EXPIRED_NEEDS_REINSTATE = "This team's place was released: reinstate it first (Admin → Teams), while a place remains";

/**
 * Staff bring an expired team back while places remain (checked under the tournament's row lock, as registration does):
 * its records return to the state they had before expiring, with a new deadline of `holdHours`.
 */
export async function reinstateTeam(db: Db, teamId: string, actorUserId: string, now: Date, holdHours: number) {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
    if (!found) throw notFound();
    await tx.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, found.tournamentId)).for('update');
    const [team] = await tx
      .select({
        status: teams.paymentStatus,
        levelId: teams.tournamentSponsorshipLevelId,
        places: teams.places,
      })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for('update', { of: teams });
    if (!team) throw notFound();
    if (team.status !== 'expired') throw new AppError('CONFLICT', 'Only an expired team can be reinstated');
    // Golfer places (R43: the team's own 4, or 1 for a single), with those kept for waitlist offers (R25): not free either.
    const free = await golferPlacesFree(tx, { tournamentId: found.tournamentId, levelId: team.levelId });
    if (free.left < team.places)
      throw new AppError('CONFLICT', free.inTournament < team.places ? TOURNAMENT_FULL_MESSAGE : NO_PLACE_TO_REINSTATE);
    // Each record goes back to the state its expiry recorded (a hold's In Progress, a card registration's Pending).
    const records = await queryRows<{ id: string; amountCents: number; before: string | null }>(
      tx,
      sql`select p.id, p.amount_cents as "amountCents",
                 (select e.from_state from payment_events e where e.payment_id = p.id and e.kind = 'expired' order by e.created_at desc limit 1) as "before"
          from payments p where p.team_id = ${teamId} and p.state = 'expired'`,
    );
    const restored = records.map((r) => ({ ...r, state: (r.before ?? 'in_progress') as PaymentStatus }));
    const status: PaymentStatus = restored.some((r) => r.state === 'pending') ? 'pending' : 'hold';
    const holdUntil = new Date(now.getTime() + holdHours * 3600_000);
    await tx.update(teams).set({ paymentStatus: status, holdUntil, reminderSentAt: null }).where(eq(teams.id, teamId));
    for (const r of restored)
      await tx
        .update(payments)
        .set({ state: r.state })
        .where(and(eq(payments.id, r.id), eq(payments.state, 'expired')));
    await recordPaymentEvents(
      tx,
      restored.map((r) => ({
        paymentId: r.id,
        kind: 'reinstated',
        fromState: 'expired',
        toState: r.state,
        amountCents: r.amountCents,
        actorUserId,
        note: `New deadline ${holdUntil.toISOString()}`,
      })),
    );
    return { id: teamId, paymentStatus: status, holdUntil: holdUntil.toISOString() };
  });
}
