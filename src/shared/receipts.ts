// What a receipt says may be deductible (R39), written once for the e-mail, the printable page and the year statement.

/** IRS Publication 1771: a payment over 75.00 that buys goods or services needs the quid pro quo disclosure. */
export const QUID_PRO_QUO_THRESHOLD_CENTS = 7_500;

/** The money kept (amount less refunds), less the fair market value of what the payer received; never below 0. */
export function deductibleCents(amountCents: number, fmvCents: number, refundedCents = 0): number {
  return Math.max(0, amountCents - refundedCents - fmvCents);
}

/**
 * Whether the receipt carries the quid pro quo disclosure (R39): more than 75.00 paid, and goods or services received.
 * What was received decides, not its value: a team place whose level has no value set still bought golf, and its
 * disclosure then says so with the value stated (0.00).
 */
export function needsDisclosure(amountCents: number, goods: boolean): boolean {
  return amountCents > QUID_PRO_QUO_THRESHOLD_CENTS && goods;
}

/** The disclosure's words, with the value of what was received formatted by the caller. */
export const disclosureText = (fmv: string) =>
  `The amount of your contribution that may be deductible for federal income tax purposes is limited to the excess of the ` +
  `amount you paid over the value of the goods and services we provided to you, estimated at ${fmv}.`;

export const NO_GOODS_TEXT = 'No goods or services were provided in exchange for this contribution.';

/**
 * The receipt's closing sentence on what may be deductible, the same in the e-mail and on the page: the disclosure; that
 * nothing was received (a gift, recognition only); or, for goods at 75.00 or less, that their value is not deductible.
 */
export function deductibleNote(receipt: { disclosure: boolean; goods: boolean; fmvCents: number }, money: (cents: number) => string) {
  if (receipt.disclosure) return disclosureText(money(receipt.fmvCents));
  return receipt.goods ? 'Only the amount above the value received may be deductible.' : NO_GOODS_TEXT;
}

/** The calendar year an instant falls in, in the organisation's time zone: a statement's year (R39). */
export const yearIn = (iso: string, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(new Date(iso)));
