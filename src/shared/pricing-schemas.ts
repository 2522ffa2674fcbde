// Discount codes, early-bird prices and the covered card fee (R57, R58): the staff's code form, the payer's 'Apply', and
// every text a code's refusal shows, written once for the forms and the routes.
import { z } from './zod';
import { MAX_PRICE_CENTS } from './tournament-schemas';
import { parseMoneyToCents } from './money';

/** A whole number typed in a form, or the text itself (which the API schema then refuses with its message). */
const wholeOrText = (text: string): number | string => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);

export const CODE_MESSAGES = {
  unknown: 'Unknown code',
  expired: 'This code has expired',
  notYet: 'This code is not valid yet',
  usedUp: 'This code has been used up',
  notForLevel: 'This code is not for this level',
  notForItem: 'This code is not for this item',
  codeText: 'A code is 3 to 30 letters, digits or dashes',
  kind: 'Choose percent off, amount off or free',
  percent: 'Enter a percentage from 1 to 100',
  amount: 'Enter an amount from 0.01, with at most two decimals',
  maxUses: 'Enter the number of uses, a whole number from 1 to 10000',
  appliesTo: 'Choose at least one level or item',
  dates: 'The last day cannot be before the first',
  date: 'Enter a date as YYYY-MM-DD',
  duplicate: 'This tournament already has this code',
  fewerUses: 'It has been used more times than that already',
} as const;
const M = CODE_MESSAGES;

/** A code as typed: letters, digits and dashes, any case (stored upper case). */
export const codeText = z
  .string({ error: M.codeText })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,30}$/, M.codeText);

const optionalDate = z.union([z.literal('').transform(() => null), z.iso.date(M.date), z.null()]).default(null);

export const discountCodeSchema = z
  .object({
    code: codeText,
    kind: z.enum(['percent', 'amount', 'free'], { error: M.kind }),
    percent: z.int({ error: M.percent }).min(1, M.percent).max(100, M.percent).nullable().default(null),
    amountCents: z.int({ error: M.amount }).min(1, M.amount).max(MAX_PRICE_CENTS, M.amount).nullable().default(null),
    levelIds: z.array(z.guid()).max(50).default([]),
    itemIds: z.array(z.guid()).max(200).default([]),
    maxUses: z.int({ error: M.maxUses }).min(1, M.maxUses).max(10_000, M.maxUses),
    validFrom: optionalDate,
    validUntil: optionalDate,
  })
  .superRefine((code, ctx) => {
    if (code.kind === 'percent' && code.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: M.percent });
    if (code.kind === 'amount' && code.amountCents === null) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: M.amount });
    if (code.levelIds.length + code.itemIds.length === 0) ctx.addIssue({ code: 'custom', path: ['levelIds'], message: M.appliesTo });
    if (code.validFrom && code.validUntil && code.validUntil < code.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.dates });
  });
export type DiscountCodeInput = z.output<typeof discountCodeSchema>;
export type DiscountCodeFormValues = z.input<typeof discountCodeSchema>;

/** 'Apply' on the registration form or an item: the server prices it with the same function the save uses. */
export const quoteSchema = z
  .object({
    tournamentId: z.guid(),
    code: z.union([z.literal('').transform(() => null), codeText]).default(null),
    levelId: z.guid().optional(),
    itemId: z.guid().optional(),
    /** Teams wanted (a single place is 1). */
    quantity: z.int().min(1).max(50).default(1),
    single: z.boolean().default(false),
    coverFee: z.boolean().default(false),
  })
  .refine((q) => (q.levelId === undefined) !== (q.itemId === undefined), { message: 'Choose a level or an item' });
export type QuoteInput = z.input<typeof quoteSchema>;

/** The fee rule's form (Admin → Settings, R58): a percentage with two decimals and a fixed amount. */
export const FEE_MESSAGES = {
  basisPoints: 'Enter a percentage from 0 to 20, with at most two decimals',
  fixedCents: 'Enter a fixed amount from 0 to 100.00',
} as const;
export const feeRuleSchema = z.object({
  basisPoints: z.int({ error: FEE_MESSAGES.basisPoints }).min(0, FEE_MESSAGES.basisPoints).max(2000, FEE_MESSAGES.basisPoints),
  fixedCents: z.int({ error: FEE_MESSAGES.fixedCents }).min(0, FEE_MESSAGES.fixedCents).max(10_000, FEE_MESSAGES.fixedCents),
});

/** The fee rule as typed in Admin → Settings ("2.9" percent, "0.30"): text that is not a number reaches the API schema as text, for its message. */
export const feeFormSchema = z
  // Named as the API's fields, so that a message (the form's or the server's) lands on the field typed in.
  .object({ basisPoints: z.string(), fixedCents: z.string() })
  // Hundredths of a percent are read the way cents are: "2.9" → 290.
  .transform((form) => ({
    basisPoints: parseMoneyToCents(form.basisPoints.trim()) ?? form.basisPoints,
    fixedCents: parseMoneyToCents(form.fixedCents.trim()) ?? form.fixedCents,
  }))
  .pipe(feeRuleSchema);
export type FeeFormValues = z.input<typeof feeFormSchema>;

// ── Admin → Codes' form: typed text ("20", "125.00", "5") turned into the API's body ─────────────────────────────────────
export const CODE_KIND_LABELS = { percent: 'Percent off', amount: 'Amount off', free: 'Free' } as const;
export const codeFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'amount', 'free'], { error: M.kind }),
    percent: z.string(),
    amount: z.string(),
    levelIds: z.array(z.string()),
    itemIds: z.array(z.string()),
    maxUses: z.string(),
    validFrom: z.string(),
    validUntil: z.string(),
  })
  // Text that is not a number goes through as text, for the API schema to refuse with its own message.
  .transform(
    (form) =>
      ({
        code: form.code,
        kind: form.kind,
        percent: form.kind === 'percent' ? wholeOrText(form.percent) : null,
        amountCents: form.kind === 'amount' ? (parseMoneyToCents(form.amount.trim()) ?? form.amount) : null,
        levelIds: form.levelIds,
        itemIds: form.itemIds,
        maxUses: wholeOrText(form.maxUses),
        validFrom: form.validFrom.trim(),
        validUntil: form.validUntil.trim(),
      }) as DiscountCodeFormValues,
  )
  .pipe(discountCodeSchema);
export type CodeFormValues = z.input<typeof codeFormSchema>;
