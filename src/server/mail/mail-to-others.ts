// E-mail a person's action sends to addresses they typed (issue 31: the portal is not a relay): golfers' personal links,
// a registration's confirmation to its contact, a gift's receipt. Counted per account and per recipient address (a
// visitor, who has no account, per recipient only) in 24-hour windows shared by every process (`rate_limits`); over
// either limit the whole request is refused before anything is saved (docs/decisions/093), so nothing is half done and
// the person knows at once which limit and until when. Mail to the sender's own address and staff's actions are not counted.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { giveBack, hitWindow } from '../auth/rate-limit';
import { AppError } from '../http/errors';

const DAY_SECONDS = 24 * 60 * 60;

export interface MailToOthersLimits {
  perSender: number;
  perRecipient: number;
}

export interface MailSender {
  /** Whose count: `user:<id>` for an account. */
  key: string;
  /** Mail to this address is the sender's own, never counted. */
  ownEmail?: string | null;
  /** Staff: their actions are the organiser's own, never counted. */
  staff?: boolean;
  /** A visitor: no account to count, only the recipients. */
  visitor?: boolean;
}

/** A refusal that says which limit and when it frees (Retry-After, set by app.ts's error handler). */
export class MailLimitReached extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message, undefined, retryAfterSeconds);
  }
}

const hoursUntil = (seconds: number) => Math.max(1, Math.ceil(seconds / 3600));
const later = (seconds: number) => `try again in ${hoursUntil(seconds)} hour${hoursUntil(seconds) === 1 ? '' : 's'}`;

export const senderLimitMessage = (limit: number, seconds: number) =>
  `This would send more than ${limit} e-mails today to other people's addresses (golfers' links, confirmations, receipts): ` +
  `nothing was saved; ${later(seconds)}, or fill in the golfers' details yourself`;
export const recipientLimitMessage = (address: string, limit: number, seconds: number) =>
  `${address} has been sent ${limit} e-mails from this site today, the most it gets in a day: nothing was saved; ${later(seconds)}`;

/** The addresses the request mails, lower-cased, each as many times as it is mailed; the sender's own left out. */
function countsByAddress(sender: MailSender, recipients: readonly string[]) {
  const own = sender.ownEmail?.trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const raw of recipients) {
    const address = raw.trim().toLowerCase();
    if (address && address !== own) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  // Always in the same order, so two requests counting in their transactions on PostgreSQL never wait on each other in a circle.
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

const senderKey = (sender: MailSender) => `mail-from:${sender.key}`;
const recipientKey = (address: string) => `mail-to:${address}`;

/**
 * Counts the e-mails a request is about to send and refuses the request (throws MailLimitReached) when the sender's or
 * any recipient's count would pass its limit. Run it in the transaction that saves what triggers the mail: a refusal
 * then takes its counts back with everything else. Outside one, `releaseMailToOthers` gives them back.
 */
export async function countMailToOthers(db: Db, sender: MailSender, recipients: readonly string[], limits: MailToOthersLimits) {
  if (sender.staff) return;
  const addresses = countsByAddress(sender, recipients);
  const total = addresses.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return;
  if (!sender.visitor) {
    const sent = await hitWindow(db, senderKey(sender), DAY_SECONDS, total);
    if (sent.count > limits.perSender) {
      throw new MailLimitReached(senderLimitMessage(limits.perSender, sent.retryAfterSeconds), sent.retryAfterSeconds);
    }
  }
  for (const [address, n] of addresses) {
    const received = await hitWindow(db, recipientKey(address), DAY_SECONDS, n);
    if (received.count > limits.perRecipient) {
      throw new MailLimitReached(
        recipientLimitMessage(address, limits.perRecipient, received.retryAfterSeconds),
        received.retryAfterSeconds,
      );
    }
  }
}

/**
 * Counts outside the caller's transaction, in one of its own (all counted or none): for a request whose saving cannot
 * take the count in (a registration goes through its batched statement). Answers the release for when the save is refused
 * or sends nothing. `once`: the form's Idempotency-Key; the same form sent again (a retry, even at the same moment) sends
 * no second e-mail, so it is counted once.
 */
export async function reserveMailToOthers(
  db: Db,
  sender: MailSender,
  recipients: readonly string[],
  limits: MailToOthersLimits,
  once?: string,
): Promise<() => Promise<void>> {
  if (sender.staff || countsByAddress(sender, recipients).length === 0) return async () => {};
  const onceKey = once ? `mail-once:${sender.key}:${once}` : null;
  const counted = await db.transaction(async (tx) => {
    if (onceKey && (await hitWindow(tx, onceKey, DAY_SECONDS)).count > 1) return false;
    await countMailToOthers(tx, sender, recipients, limits);
    return true;
  });
  if (!counted) return async () => {};
  return () => releaseMailToOthers(db, sender, recipients, onceKey);
}

/** Gives back what `reserveMailToOthers` counted for a request that then sent nothing (refused, or a replay). */
async function releaseMailToOthers(db: Db, sender: MailSender, recipients: readonly string[], onceKey: string | null) {
  const addresses = countsByAddress(sender, recipients);
  const total = addresses.reduce((sum, [, n]) => sum + n, 0);
  const keys = [senderKey(sender), ...addresses.map(([address]) => recipientKey(address)), ...(onceKey ? [onceKey] : [])];
  if (!sender.visitor) await giveBack(db, senderKey(sender), total);
  for (const [address, n] of addresses) await giveBack(db, recipientKey(address), n);
  if (onceKey) await giveBack(db, onceKey);
  // A count back at 0 is the same as none: leave no row behind, so a refused request leaves the database as it found it.
  await db.execute(
    sql`delete from rate_limits where count = 0 and blocked_until is null and key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}
