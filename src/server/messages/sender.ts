// Sends the queued messages in the background (R45): every few seconds, and until nothing is due, claim a batch and send it
// one recipient after another, each marked sent (or failed, to be retried later) before the next is begun. Asked to stop
// (R49), it finishes the e-mail it is sending, marks it, and releases the rest of its batch for another process.
import { inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { messages, tournaments } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { fieldMessage } from '../mail/message-templates';
import { thankYouMessage, yearStatementMessage, type ThankYouContent } from '../mail/next-year-templates';
import { thankYouContentOf } from '../next-year/thank-you';
import { startPeriodicTask, type PeriodicTask } from '../periodic-task';
import { claimRecipients, markAttemptFailed, markSent, releaseClaims, renewClaim, type Claimed } from './queue';

export const MESSAGE_POLL_MS = 2_000;
/** A batch is claimed for this long: far more than sending 50 messages takes, even to a slow server. */
export const MESSAGE_LEASE_MS = 5 * 60_000;
export const RETRY_BASE_MS = 60_000;
export const MAX_ATTEMPTS = 5;
const BATCH = 50;

export interface MessageSenderDeps {
  db: Db;
  /** The pace, and for the thank-you's results (R59) the site's address, currency and time zone. */
  config: Pick<Config, 'mailPerMinute' | 'appUrl' | 'currency' | 'timeZone'>;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
}

export interface MessageSenderOptions {
  intervalMs?: number;
  leaseMs?: number;
  retryBaseMs?: number;
  maxAttempts?: number;
}

export interface SendPass {
  sent: number;
  retried: number;
  failed: number;
  /** Claimed but handed back unsent because the sender was stopping. */
  released: number;
}

export type MessageSender = PeriodicTask<SendPass>;

type MessageText = {
  subject: string;
  body: string;
  senderName: string;
  tournamentName: string | null;
  kind: string;
  content: unknown;
  year: number | null;
};

/** The e-mail of one recipient: staff's words (R45), or the thank-you or year statement the portal writes (R59). */
function mailFor(text: MessageText, recipient: Claimed, org: string) {
  const person = { org, recipientName: recipient.name, reason: recipient.reason };
  if (text.kind === 'thank_you') return thankYouMessage({ ...(text.content as ThankYouContent), ...person });
  if (text.kind === 'statements') return yearStatementMessage({ ...person, year: text.year!, statementUrl: recipient.link ?? '' });
  return fieldMessage({ ...text, tournamentName: text.tournamentName ?? '', ...person });
}

export function startMessageSender(deps: MessageSenderDeps, options: MessageSenderOptions = {}): MessageSender {
  const leaseMs = options.leaseMs ?? MESSAGE_LEASE_MS;
  const retry = { baseMs: options.retryBaseMs ?? RETRY_BASE_MS, maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS };
  const texts = new Map<string, MessageText>();

  async function loadTexts(batch: Claimed[]) {
    const missing = [...new Set(batch.map((r) => r.messageId))].filter((id) => !texts.has(id));
    if (missing.length === 0) return;
    const rows = await deps.db
      .select({
        id: messages.id,
        subject: messages.subject,
        body: messages.body,
        senderName: messages.senderName,
        tournamentName: tournaments.name,
        tournamentId: messages.tournamentId,
        kind: messages.kind,
        content: messages.content,
        year: messages.year,
      })
      .from(messages)
      .leftJoin(tournaments, eq(tournaments.id, messages.tournamentId))
      .where(inArray(messages.id, missing));
    for (const { id, tournamentId, ...text } of rows) {
      if (text.kind === 'thank_you' && text.content == null && tournamentId) {
        const { appUrl, currency, timeZone } = deps.config;
        text.content = await thankYouContentOf(deps.db, id, tournamentId, { now: deps.now(), appUrl, currency, timeZone });
      }
      texts.set(id, text);
    }
  }

  const pass = async (stopping: AbortSignal): Promise<SendPass> => {
    const result: SendPass = { sent: 0, retried: 0, failed: 0, released: 0 };
    while (!stopping.aborted) {
      const batch = await claimRecipients(deps.db, { now: deps.now(), limit: BATCH, leaseMs, perMinute: deps.config.mailPerMinute });
      if (batch.length === 0) break;
      await loadTexts(batch);
      for (const recipient of batch) {
        if (stopping.aborted) {
          // Every recipient of a batch shares its claim: one statement hands back those not begun.
          result.released = await releaseClaims(deps.db, recipient.claimToken);
          break;
        }
        if (!(await renewClaim(deps.db, recipient, deps.now(), leaseMs))) continue;
        const text = texts.get(recipient.messageId)!;
        try {
          await deps.mailer.send({
            to: recipient.email,
            ...mailFor(text, recipient, (await deps.mailer.identity()).name),
          });
          await markSent(deps.db, recipient, deps.now());
          result.sent++;
        } catch (error) {
          const status = await markAttemptFailed(deps.db, recipient, String(error), deps.now(), retry);
          if (status === 'failed') result.failed++;
          else result.retried++;
        }
      }
    }
    if (result.sent || result.retried || result.failed || result.released) deps.logger.info('messages sent', { ...result });
    return result;
  };
  return startPeriodicTask(pass, options.intervalMs ?? MESSAGE_POLL_MS, (error) =>
    deps.logger.error('message sending failed', { error: String(error) }),
  );
}
