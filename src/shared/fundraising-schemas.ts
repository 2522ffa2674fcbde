// Gifts (R35) and the goal (R38): the API bodies and the forms share these rules and their messages.
import { z } from './zod';
import { email, nameText, optionalEmail, optionalNameText, optionalText, tournamentChoice } from './field-schemas';

export const MIN_GIFT_CENTS = 500; // 5.00
export const MAX_GIFT_CENTS = 10_000_000; // 100,000.00

export const GIFT_MESSAGES = {
  amount: 'Enter an amount as a number, e.g. 50 or 50.00',
  decimals: 'Enter the amount with at most two decimals',
  range: 'Enter an amount from 5.00 to 100,000.00',
  name: 'Your name is required',
  method: 'Choose how the gift was received: cheque, cash or transfer',
} as const;

/**
 * An amount typed or sent as "50", "50.5", "1,250.00" or a JSON number, into cents; refused with the message that says what
 * is wrong (not a number, more than two decimals, outside `min`..`max` cents).
 */
export const moneyAmount = (minCents: number, maxCents: number, rangeMessage: string) =>
  z.union([z.string(), z.number()], { error: GIFT_MESSAGES.amount }).transform((value, ctx) => {
    const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value).replace(/[,\s]/g, '');
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: GIFT_MESSAGES.amount });
      return z.NEVER;
    }
    if ((match[3] ?? '').length > 2) {
      ctx.addIssue({ code: 'custom', message: GIFT_MESSAGES.decimals });
      return z.NEVER;
    }
    const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
    const signed = match[1] ? -cents : cents;
    if (!(signed >= minCents && signed <= maxCents)) {
      ctx.addIssue({ code: 'custom', message: rangeMessage });
      return z.NEVER;
    }
    return signed;
  });

const giftAmount = moneyAmount(MIN_GIFT_CENTS, MAX_GIFT_CENTS, GIFT_MESSAGES.range);

/** R35: a gift by card, from anyone. `amount` is in the currency's units ("50.00"); the server works in cents. */
export const giftSchema = z.object({
  tournamentId: tournamentChoice,
  amount: giftAmount,
  name: nameText(GIFT_MESSAGES.name, 100),
  email: email(),
  // 'In honour of …': a name too; it shows on the donor wall and the receipt.
  dedication: optionalNameText(200),
  showName: z.boolean({ error: 'showName must be true or false' }).default(false),
});
export type GiftInput = z.output<typeof giftSchema>;
export type GiftFormValues = z.input<typeof giftSchema>;

export const OFFLINE_METHODS = ['cheque', 'cash', 'transfer'] as const;
export const OFFLINE_METHOD_LABELS: Record<(typeof OFFLINE_METHODS)[number], string> = {
  cheque: 'Cheque',
  cash: 'Cash',
  transfer: 'Bank transfer',
};

/** R35: staff record a gift received offline (the e-mail may be unknown: no receipt is then sent). */
export const offlineGiftSchema = z.object({
  tournamentId: tournamentChoice,
  amount: giftAmount,
  name: nameText(GIFT_MESSAGES.name, 100),
  email: optionalEmail,
  dedication: optionalNameText(200),
  showName: z.boolean({ error: 'showName must be true or false' }).default(false),
  method: z.enum(OFFLINE_METHODS, { error: GIFT_MESSAGES.method }),
  note: optionalText(500),
});
export type OfflineGiftInput = z.output<typeof offlineGiftSchema>;

/** The donor wall's label for a gift whose name may not be shown (R35). */
export const ANONYMOUS = 'Anonymous';

/** A calendar year for a statement (R39). */
export const statementYear = z.coerce
  .number({ error: 'Enter a year' })
  .int('Enter a year')
  .min(2000, 'Enter a year')
  .max(2100, 'Enter a year');
