// Messages to the field (R45): preview, queue (one row per recipient, in one transaction), and what the page shows.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { messageRecipients, messages, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { fieldMessage } from '../mail/message-templates';
import { tournamentNotFound } from '../scoring/tournament-course';
import type { Audience, MessageAudience, MessageInput, RecipientStatus } from '../../shared/message-schemas';
import { countRecipients, recipientsQuery } from './recipients';

export interface ParsedMessage extends Omit<MessageInput, 'levelId'> {
  audience: Audience;
  levelId?: string;
}

export interface Sender {
  userId: string;
  name: string;
}

export const NO_RECIPIENTS = 'Nobody in this group has an e-mail address';

async function tournamentName(db: Db, tournamentId: string): Promise<string> {
  const [row] = await db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!row) throw tournamentNotFound();
  return row.name;
}

/** How many it reaches and the e-mail the first of them will get, exactly as sent. */
const withoutSignOff = <T extends { signOff?: boolean }>({ signOff: _signOff, ...message }: T) => message;

export async function previewMessage(db: Db, input: ParsedMessage, sender: Sender, org: string) {
  const name = await tournamentName(db, input.tournamentId);
  const { count: recipientCount, first } = await countRecipients(db, input.tournamentId, input.audience, input.levelId);
  return {
    recipientCount,
    sample: first
      ? {
          to: first.email,
          ...withoutSignOff(
            fieldMessage({
              ...input,
              senderName: sender.name,
              tournamentName: name,
              org,
              recipientName: first.name,
              reason: first.reason,
            }),
          ),
        }
      : null,
  };
}

/** Writes the message and its recipients in one transaction; the sender delivers them in the background. */
export async function queueMessage(db: Db, input: ParsedMessage, sender: Sender) {
  await tournamentName(db, input.tournamentId);
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        tournamentId: input.tournamentId,
        audience: input.audience,
        levelId: input.audience === 'level' ? input.levelId : null,
        subject: input.subject,
        body: input.body,
        sentBy: sender.userId,
        senderName: sender.name,
      })
      .returning({ id: messages.id });
    // One statement however large the field: the recipients never leave the database.
    const [inserted] = await queryRows<{ n: number }>(
      tx,
      sql`with queued as (
            insert into message_recipients (message_id, email, name, reason)
            select ${message!.id}::uuid, email, name, reason from (${recipientsQuery(input.tournamentId, input.audience, input.levelId)}) q
            returning 1)
          select count(*)::int as n from queued`,
    );
    // Rolls the message back with it: nobody to write to is a mistake to show, not an empty message to keep.
    if (!inserted?.n) throw new AppError('VALIDATION', NO_RECIPIENTS, { audience: NO_RECIPIENTS });
    return { id: message!.id, recipientCount: inserted.n };
  });
}

// Written out with the table's name: drizzle leaves a lone table's columns unqualified, which inside the subquery would be r's.
const countOf = (statuses: string) =>
  sql<number>`(select count(*)::int from message_recipients r where r.message_id = messages.id and r.status in (${sql.raw(statuses)}))`;
const statusCounts = { sent: countOf(`'sent'`), failed: countOf(`'failed'`), waiting: countOf(`'waiting', 'sending'`) };

const summaryColumns = {
  id: messages.id,
  audience: messages.audience,
  subject: messages.subject,
  senderName: messages.senderName,
  createdAt: messages.createdAt,
  ...statusCounts,
};

const shown = <T extends { createdAt: Date; audience: string }>(row: T) => ({
  ...row,
  audience: row.audience as MessageAudience,
  createdAt: row.createdAt.toISOString(),
});

/** A tournament's messages, newest first, each with its counts. */
export async function listMessages(db: Db, tournamentId: string) {
  const rows = await db
    .select(summaryColumns)
    .from(messages)
    .where(eq(messages.tournamentId, tournamentId))
    .orderBy(desc(messages.createdAt), desc(messages.id));
  return rows.map(shown);
}

/** One message with its text and every recipient's state (the per-recipient log). */
export async function messageDetail(db: Db, messageId: string) {
  const [row] = await db
    .select({ ...summaryColumns, body: messages.body })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  const recipients = await db
    .select({
      email: messageRecipients.email,
      name: messageRecipients.name,
      reason: messageRecipients.reason,
      status: messageRecipients.status,
      attempts: messageRecipients.attempts,
      lastError: messageRecipients.lastError,
      sentAt: messageRecipients.sentAt,
      nextAttemptAt: messageRecipients.nextAttemptAt,
    })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId))
    .orderBy(asc(messageRecipients.email));
  return {
    ...shown(row),
    recipients: recipients.map((r) => ({
      ...r,
      status: r.status as RecipientStatus,
      sentAt: r.sentAt?.toISOString() ?? null,
      nextAttemptAt: r.status === 'waiting' ? r.nextAttemptAt.toISOString() : null,
    })),
  };
}

/** Recipients by state over every message: what a test or the bench waits on. */
export async function recipientCounts(db: Db, messageId?: string) {
  const rows = await db
    .select({ status: messageRecipients.status, n: count() })
    .from(messageRecipients)
    .where(messageId ? and(eq(messageRecipients.messageId, messageId)) : undefined)
    .groupBy(messageRecipients.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { sent: of('sent'), failed: of('failed'), waiting: of('waiting') + of('sending') };
}
