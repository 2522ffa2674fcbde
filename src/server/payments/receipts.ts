// The receipt e-mail when a payment becomes paid, by card or by staff (R26): organisation, amount, date and reference.
import { eq, inArray } from 'drizzle-orm';
import { payments, teams, tournaments } from '../db/schema';
import type { AppDeps } from '../http/context';
import { receiptMessage } from '../mail/money-templates';
import { formatMoney } from '../../shared/money';

/** Sends one receipt per record, after the change committed; a mail failure is logged and changes nothing. */
export async function sendReceipts(deps: Pick<AppDeps, 'database' | 'config' | 'mailer' | 'logger' | 'now'>, paymentIds: string[]) {
  if (paymentIds.length === 0) return;
  const { database, config, mailer, logger } = deps;
  const rows = await database.db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      providerRef: payments.providerRef,
      teamName: teams.name,
      contactName: teams.contactName,
      contactEmail: teams.contactEmail,
      tournamentName: tournaments.name,
    })
    .from(payments)
    .innerJoin(teams, eq(teams.id, payments.teamId))
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .where(inArray(payments.id, paymentIds));
  const date = new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, dateStyle: 'long' }).format(deps.now());
  for (const row of rows) {
    if (!row.contactEmail || row.amountCents === 0) continue;
    const message = receiptMessage({
      ...row,
      amount: formatMoney(row.amountCents, config.currency),
      date,
      reference: row.providerRef ?? `Payment ${row.id.slice(0, 8).toUpperCase()}`,
      org: config.orgName,
    });
    await mailer
      .send({ to: row.contactEmail, ...message })
      .catch((error) => logger.error('receipt e-mail failed', { paymentId: row.id, error: String(error) }));
  }
}
