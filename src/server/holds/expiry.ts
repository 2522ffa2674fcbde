// Holds and unpaid card registrations run out (R24): the sweep that expires them and sends the 24-hour reminder, and the
// admin's extend and reinstate. Deadlines live in teams.hold_until, so expiry survives restarts.
//
// Purchases (gifts, items, add-ons: R35–R37) follow the same rules in purchases.hold_until: two statements more.
// One pass is two statements (per table) whatever the number of due teams, and each team changes once even with several processes
// sweeping the same PostgreSQL: each statement locks its rows with FOR UPDATE SKIP LOCKED (a row another process is
// expiring is skipped, not waited for) and re-checks the status under the lock, so a team another process has just
// expired, or a webhook has just marked paid, no longer matches.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { payments, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { TOURNAMENT_FULL_MESSAGE } from '../../shared/capacity';
import type { PaymentStatus } from '../../shared/payment-status';
import { recordEachRecord, recordPaymentEvents } from '../payments/payment-events';
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
  kind: 'donation' | 'item' | 'addon' | 'lot';
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

/** Expires every hold and unpaid card registration whose deadline has passed, then marks the reminders due (2 statements). */
export async function sweepHolds(db: Db, now: Date): Promise<SweepResult> {
  const at = now.toISOString();
  const expired = await expireDue<TeamRow>(db, at, TEAM_LINES);
  const reminded = await markReminders<TeamRow>(db, at, TEAM_LINES);
  // The same two statements for purchases (R24 applies to every money line).
  const expiredPurchases = await expireDue<PurchaseRow>(db, at, PURCHASE_LINES);
  const remindedPurchases = await markReminders<PurchaseRow>(db, at, PURCHASE_LINES);
  return {
    expired: expired.map(toNotice),
    reminded: reminded.map(toNotice),
    expiredPurchases: expiredPurchases.map(toNotice),
    remindedPurchases: remindedPurchases.map(toNotice),
  };
}

/** A notice as the statement returns it: the deadline as text. */
type Row<Notice extends { holdUntil: Date }> = Omit<Notice, 'holdUntil'> & { holdUntil: string };
type TeamRow = Row<TeamNotice>;
type PurchaseRow = Row<PurchaseNotice>;
const toNotice = <R extends { holdUntil: string }>(row: R): Omit<R, 'holdUntil'> & { holdUntil: Date } => ({
  ...row,
  holdUntil: new Date(row.holdUntil),
});

/**
 * A table of money lines with a deadline (teams, purchases): its payment records' key, the columns its changed rows return
 * (as `x`), and the notice read from them (with the tournament as `tr`).
 */
interface LineTable {
  table: 'teams' | 'purchases';
  paymentKey: 'team_id' | 'purchase_id';
  returning: SQL;
  notice: SQL;
  /** Which of its unpaid lines lapse at their deadline (all unless said): the others are only reminded. */
  lapses?: SQL;
}
const TEAM_LINES: LineTable = {
  table: 'teams',
  paymentKey: 'team_id',
  returning: sql.raw('l.id, l.name, l.contact_name, l.contact_email, l.tournament_id, l.hold_until'),
  notice: sql.raw(`x.id as "teamId", x.name as "teamName", x.contact_name as "contactName", x.contact_email as "contactEmail",
    tr.name as "tournamentName", x.hold_until::text as "holdUntil"`),
};
const PURCHASE_LINES: LineTable = {
  table: 'purchases',
  paymentKey: 'purchase_id',
  returning: sql.raw('l.id, l.kind, l.buyer_name, l.buyer_email, l.tournament_id, l.hold_until, l.item_id, l.addon_id, l.lot_id'),
  // A won auction lot stays the winner's (nobody else can take it): its deadline brings the reminder, never a lapse (R55).
  lapses: sql.raw(`kind <> 'lot'`),
  notice: sql.raw(`x.id as "purchaseId", x.kind, x.buyer_name as "buyerName", x.buyer_email as "buyerEmail",
    tr.name as "tournamentName", x.hold_until::text as "holdUntil",
    coalesce((select i.name from sponsorship_items i where i.id = x.item_id), (select a.name from addons a where a.id = x.addon_id),
      (select lo.title from auction_lots lo where lo.id = x.lot_id), tr.name) as "label"`),
};

/**
 * The start of both sweeps: `due`, the unpaid lines (Hold or Pending) that meet `when`, locked and skipping those another
 * process's sweep holds; `x`, those lines after `set`, with the columns the notices need.
 */
function unpaidUpdated(lines: LineTable, when: SQL, set: SQL): SQL {
  const table = sql.raw(lines.table);
  return sql`due as (
          select id from ${table}
          where payment_status in ('hold', 'pending') and ${when}
          for update skip locked
        ),
        x as (
          update ${table} l set ${set} from due where l.id = due.id
          returning ${lines.returning}
        )`;
}

/** Expires the lines whose deadline has passed: the lines, their unpaid payment records and one history row per record change (R26), in one statement. */
function expireDue<Row>(db: Db, at: string, lines: LineTable) {
  return queryRows<Row>(
    db,
    sql`with ${unpaidUpdated(lines, sql`hold_until <= ${at}::timestamptz and ${lines.lapses ?? sql`true`}`, sql`payment_status = 'expired', updated_at = ${at}::timestamptz`)},
        before as (
          select p.id, p.state, p.amount_cents from payments p join x on x.id = p.${sql.raw(lines.paymentKey)} where p.state <> 'paid'
        ),
        changed as (
          update payments p set state = 'expired', updated_at = ${at}::timestamptz from before b where p.id = b.id returning p.id
        ),
        history as (
          insert into payment_events (payment_id, kind, from_state, to_state, amount_cents, note)
          select b.id, 'expired', b.state, 'expired', b.amount_cents, 'The deadline passed unpaid' from before b
        )
        select ${lines.notice} from x join tournaments tr on tr.id = x.tournament_id`,
  );
}

/** Marks the lines whose reminder is due (within REMINDER_HOURS of the deadline, none sent yet), in one statement. */
function markReminders<Row>(db: Db, at: string, lines: LineTable) {
  const due = sql`reminder_sent_at is null
            and hold_until > ${at}::timestamptz and hold_until <= ${at}::timestamptz + make_interval(hours => ${REMINDER_HOURS})`;
  return queryRows<Row>(
    db,
    sql`with ${unpaidUpdated(lines, due, sql`reminder_sent_at = ${at}::timestamptz`)}
        select ${lines.notice} from x join tournaments tr on tr.id = x.tournament_id`,
  );
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
    await recordEachRecord(tx, records, {
      kind: 'extended',
      toState: null,
      actorUserId,
      note: () => `Deadline moved to ${holdUntil.toISOString()}`,
    });
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
