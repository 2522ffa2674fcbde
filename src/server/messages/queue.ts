// The message queue's three statements (R45). A recipient is claimed by one process at a time (FOR UPDATE SKIP LOCKED, as
// the hold sweep claims), for a lease: a process killed while it held a claim leaves it to be claimed again once the lease
// is over, so every recipient is sent to by exactly one live process and none is lost (docs/decisions/084).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';

export interface Claimed {
  id: string;
  messageId: string;
  email: string;
  name: string;
  reason: string;
  /** The recipient's own link, where the message has one (a year statement's, R59). */
  link: string | null;
  attempts: number;
  claimToken: string;
}

export interface ClaimOptions {
  now: Date;
  /** At most this many. */
  limit: number;
  /** How long the claim holds before another process may take the recipient over. */
  leaseMs: number;
  /** MAIL_PER_MINUTE: null for no limit. Counted over every process: sent in the last minute and claimed now. */
  perMinute: number | null;
}

/** A fixed key: claims under a pace wait for one another, so two processes cannot both take the minute's last places. */
const PACE_LOCK = 4_504_519;

export async function claimRecipients(db: Db, options: ClaimOptions): Promise<Claimed[]> {
  const token = randomUUID();
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return db.transaction(async (tx) => {
    let limit = options.limit;
    if (options.perMinute) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PACE_LOCK})`);
      const [used] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from message_recipients
            where (status = 'sent' and sent_at > ${now}::timestamptz - interval '1 minute')
               or (status = 'sending' and claimed_until > ${now}::timestamptz)`,
      );
      limit = Math.min(limit, options.perMinute - (used?.n ?? 0));
      if (limit <= 0) return [];
    }
    return queryRows<Claimed>(
      tx,
      sql`update message_recipients r set status = 'sending', claimed_until = ${until}::timestamptz, claim_token = ${token}::uuid
          where r.id in (
            select id from message_recipients
            where (status = 'waiting' and next_attempt_at <= ${now}::timestamptz)
               or (status = 'sending' and claimed_until <= ${now}::timestamptz)
            order by next_attempt_at, id
            limit ${limit}
            for update skip locked)
          returning r.id, r.message_id as "messageId", r.email, r.name, r.reason, r.link, r.attempts, r.claim_token as "claimToken"`,
    );
  });
}

/**
 * Right before a send: extends the claim's lease from now and answers whether it is still this process's. A batch may take
 * longer to send than one lease (a slow SMTP server, a busy machine); a recipient whose lease ran out meanwhile may already
 * be another process's, and is skipped here rather than sent twice.
 */
export async function renewClaim(db: Db, claimed: Claimed, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update message_recipients set claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
        where id = ${claimed.id}::uuid and claim_token = ${claimed.claimToken}::uuid and status = 'sending'
        returning id`,
  );
  return rows.length === 1;
}

/** Only while the claim is still this process's: a lease taken over by another process is not ours to close. */
export async function markSent(db: Db, claimed: Claimed, now: Date): Promise<void> {
  await db.execute(
    sql`update message_recipients set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1,
          claimed_until = null, last_error = null
        where id = ${claimed.id}::uuid and claim_token = ${claimed.claimToken}::uuid and status = 'sending'`,
  );
}

/** The delay before attempt n+1 after n failed ones: base, 2 × base, 4 × base, … */
export const retryDelayMs = (failedAttempts: number, baseMs: number) => baseMs * 2 ** (failedAttempts - 1);

/** A refused or failed send: waits a growing delay and is tried again, or after `maxAttempts` is failed for good. */
export async function markAttemptFailed(
  db: Db,
  claimed: Claimed,
  error: string,
  now: Date,
  retry: { baseMs: number; maxAttempts: number },
): Promise<'waiting' | 'failed'> {
  const attempts = claimed.attempts + 1;
  const status = attempts >= retry.maxAttempts ? 'failed' : 'waiting';
  const next = new Date(now.getTime() + retryDelayMs(attempts, retry.baseMs)).toISOString();
  await db.execute(
    sql`update message_recipients set status = ${status}, attempts = ${attempts}, last_error = ${error.slice(0, 300)},
          next_attempt_at = ${next}::timestamptz, claimed_until = null
        where id = ${claimed.id}::uuid and claim_token = ${claimed.claimToken}::uuid and status = 'sending'`,
  );
  return status;
}

/**
 * A sender stopping (R49) hands back what it claimed and has not begun: those recipients wait again, due at once, for a
 * restart or another process, instead of for the end of the lease. Only while the claim is still this batch's.
 */
export async function releaseClaims(db: Db, claimToken: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update message_recipients set status = 'waiting', claimed_until = null, claim_token = null
        where claim_token = ${claimToken}::uuid and status = 'sending'
        returning id`,
  );
  return rows.length;
}
