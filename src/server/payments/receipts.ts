// The receipt e-mail when a payment becomes paid, by card or by staff (R26), for every money line (teams, gifts, items,
// add-ons), with what R39 adds: legal name and tax id, what was received and its value, what may be deductible, the
// disclosure, and links to the printable receipt and the year's statement.
import type { AppDeps } from '../http/context';
import { receiptMessage } from '../mail/money-templates';
import { linkKey, receiptsFor, receiptSubject, statementSubject, type Receipt } from '../receipts/service';
import { formatMoney } from '../../shared/money';
import { deductibleNote, yearIn } from '../../shared/receipts';

type ReceiptDeps = Pick<AppDeps, 'database' | 'config' | 'mailer' | 'logger' | 'now' | 'auth' | 'organisation'>;

/** The secret the receipt and statement links are keyed with (the app's own, shared by every process). */
export const linkSecret = async (deps: Pick<AppDeps, 'auth'>) => (await deps.auth.$context).secret;

/** A payer's statement for one year, keyed so its link opens it without an account (decision 093). */
export const statementUrl = (appUrl: string, secret: string, email: string, year: number) =>
  `${appUrl}/statement?email=${encodeURIComponent(email)}&year=${year}&key=${linkKey(secret, statementSubject(email, year))}`;

/** The printable receipt's and the statement's addresses, keyed so a visitor can open them from the e-mail. */
export function receiptLinks(
  appUrl: string,
  secret: string,
  timeZone: string,
  receipt: Pick<Receipt, 'paymentId' | 'payerEmail' | 'paidAt'>,
) {
  // The statement's year as the statement counts it (TIME_ZONE): a gift at 23:30 on 31 December is in that year's.
  const year = yearIn(receipt.paidAt, timeZone);
  return {
    receiptUrl: `${appUrl}/receipts/${receipt.paymentId}?key=${linkKey(secret, receiptSubject(receipt.paymentId))}`,
    statementUrl: statementUrl(appUrl, secret, receipt.payerEmail, year),
  };
}

/** Sends one receipt per record, after the change committed; a mail failure is logged and changes nothing. */
export async function sendReceipts(deps: ReceiptDeps, paymentIds: string[]) {
  if (paymentIds.length === 0) return;
  const { database, config, mailer, logger } = deps;
  const receipts = await receiptsFor(database.db, paymentIds);
  const secret = await linkSecret(deps);
  const organisation = await deps.organisation.read();
  const money = (cents: number) => formatMoney(cents, config.currency);
  const date = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone, dateStyle: 'long' }).format(new Date(iso));
  for (const r of receipts) {
    if (!r.payerEmail || r.amountCents === 0 || !r.paid) continue;
    const message = receiptMessage({
      payerName: r.payerName,
      forWhat: r.forWhat,
      tournamentName: r.tournamentName,
      amount: money(r.amountCents),
      date: date(r.paidAt),
      reference: r.reference,
      org: organisation.name,
      legalName: organisation.legalName,
      taxId: organisation.taxId,
      received: r.received,
      fmv: money(r.fmvCents),
      deductible: money(r.deductibleCents),
      disclosure: deductibleNote(r, money),
      ...receiptLinks(config.appUrl, secret, config.timeZone, r),
    });
    await mailer
      .send({ to: r.payerEmail, ...message })
      .catch((error) => logger.error('receipt e-mail failed', { paymentId: r.paymentId, error: String(error) }));
  }
}
