// The figures GET /metrics reads from the database at each scrape (R52), in one statement of counts that each use an index
// the queue or the sweep already has (message_recipients_due_idx, teams_expiry_idx, purchases_expiry_idx; backup_copies
// is one row per period): waiting and failed e-mails, holds whose deadline passed or comes within a day, the last copy.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { REMINDER_HOURS } from '../holds/expiry';

export interface OperationsFigures {
  /** E-mails to the field (R45) not yet sent: waiting, or claimed by a sender now. */
  messagesWaiting: number;
  /** E-mails given up on after the last attempt. */
  messagesFailed: number;
  /** Unpaid holds (R24) by kind: deadline passed (the sweep expires them within a minute) or within REMINDER_HOURS. */
  holds: { kind: 'team' | 'purchase'; passed: number; soon: number }[];
  /** When the newest finished backup copy (R46) was written, by any process; null if none ever was. */
  lastCopyAt: Date | null;
}

export async function operationsFigures(db: Db, now: Date): Promise<OperationsFigures> {
  const at = now.toISOString();
  const soon = new Date(now.getTime() + REMINDER_HOURS * 3_600_000).toISOString();
  const [row] = await queryRows<{
    messagesWaiting: number;
    messagesFailed: number;
    teamsPassed: number;
    teamsSoon: number;
    purchasesPassed: number;
    purchasesSoon: number;
    lastCopyAt: string | Date | null;
  }>(
    db,
    sql`select
          (select count(*)::int from message_recipients where status in ('waiting', 'sending')) as "messagesWaiting",
          (select count(*)::int from message_recipients where status = 'failed') as "messagesFailed",
          (select count(*)::int from teams
            where payment_status in ('hold', 'pending') and hold_until <= ${at}::timestamptz) as "teamsPassed",
          (select count(*)::int from teams
            where payment_status in ('hold', 'pending') and hold_until > ${at}::timestamptz
              and hold_until <= ${soon}::timestamptz) as "teamsSoon",
          (select count(*)::int from purchases
            where payment_status in ('hold', 'pending') and hold_until <= ${at}::timestamptz) as "purchasesPassed",
          (select count(*)::int from purchases
            where payment_status in ('hold', 'pending') and hold_until > ${at}::timestamptz
              and hold_until <= ${soon}::timestamptz) as "purchasesSoon",
          (select finished_at from backup_copies where finished_at is not null
            order by period_start desc limit 1) as "lastCopyAt"`,
  );
  return {
    messagesWaiting: row!.messagesWaiting,
    messagesFailed: row!.messagesFailed,
    holds: [
      { kind: 'team', passed: row!.teamsPassed, soon: row!.teamsSoon },
      { kind: 'purchase', passed: row!.purchasesPassed, soon: row!.purchasesSoon },
    ],
    lastCopyAt: row!.lastCopyAt === null ? null : new Date(row!.lastCopyAt),
  };
}
