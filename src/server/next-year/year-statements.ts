// R39, R59: in January, every payer of the past year gets their year statement's link in one step, through the message
// queue (R45): each address once, with its own keyed link (decision 093). Sent again for the same year, it writes only to
// payers not yet sent that year's statement (a payment recorded late): nobody gets it twice.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { messageRecipients, messages } from '../db/schema';
import { AppError } from '../http/errors';
import type { Sender } from '../messages/service';
import { statementUrl } from '../payments/receipts';
import { yearStatement } from '../receipts/service';
import { YEAR_STATEMENT_MESSAGES } from '../../shared/year-statement-schemas';

export interface StatementsContext {
  timeZone: string;
  appUrl: string;
  /** The key the statement links are made with (payments/receipts.ts linkSecret). */
  secret: string;
}

/** Rows a statement takes per insert: well under PostgreSQL's 65,535 parameters (5 a row). */
const CHUNK = 2_000;

export async function queueYearStatements(db: Db, year: number, sender: Sender, context: StatementsContext) {
  const { receipts } = await yearStatement(db, year, context.timeZone, null);
  const payers = new Map<string, { name: string; payments: number }>();
  for (const r of receipts) {
    const email = r.payerEmail.trim().toLowerCase();
    if (!email) continue;
    const payer = payers.get(email);
    if (payer) payer.payments++;
    else payers.set(email, { name: r.payerName, payments: 1 });
  }
  if (payers.size === 0)
    throw new AppError('VALIDATION', YEAR_STATEMENT_MESSAGES.nobodyPaid(year), { year: YEAR_STATEMENT_MESSAGES.nobodyPaid(year) });
  return db.transaction(async (tx) => {
    // Two sends for one year at once take turns, so the second leaves out the first's payers.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statements:${year}`}))`);
    const sent = await queryRows<{ email: string }>(
      tx,
      sql`select r.email from message_recipients r join messages m on m.id = r.message_id where m.kind = 'statements' and m.year = ${year}`,
    );
    const already = new Set(sent.map((r) => r.email));
    const fresh = [...payers].filter(([email]) => !already.has(email));
    if (fresh.length === 0) throw new AppError('CONFLICT', YEAR_STATEMENT_MESSAGES.allSent(year));
    const [message] = await tx
      .insert(messages)
      .values({
        tournamentId: null,
        audience: 'statements',
        kind: 'statements',
        year,
        subject: `Your ${year} statement`,
        body: '',
        sentBy: sender.userId,
        senderName: sender.name,
      })
      .returning({ id: messages.id });
    for (let i = 0; i < fresh.length; i += CHUNK) {
      await tx.insert(messageRecipients).values(
        fresh.slice(i, i + CHUNK).map(([email, payer]) => ({
          messageId: message!.id,
          email,
          name: payer.name,
          reason: `you made ${payer.payments === 1 ? 'a payment' : `${payer.payments} payments`} to us in ${year}`,
          link: statementUrl(context.appUrl, context.secret, email, year),
        })),
      );
    }
    return { id: message!.id, recipientCount: fresh.length };
  });
}
