// Sponsorship items and golfer add-ons (R36, R37): the staff's forms, buying them, and the rules both sides share. Amounts
// are integer cents in the API; the forms turn "250.00" into cents with parseMoneyToCents.
import { z } from './zod';
import { email, nameText, optionalText, requiredText } from './field-schemas';
import { PAYMENT_OPTIONS } from './team-schemas';
import { MAX_PRICE_CENTS } from './tournament-schemas';
import { parseMoneyToCents } from './money';
import { codeText } from './pricing-schemas';

export const MAX_ITEM_QUANTITY = 100;
/** Hole numbers a course can have (a 36-hole outing at most), as the purchases table checks. */
export const MAX_HOLE = 36;
export const MAX_ADDON_PER_GOLFER = 20;

export const ITEM_MESSAGES = {
  name: 'Name is required',
  price: 'Enter a price from 1.00, with at most two decimals',
  priceTooHigh: 'Price is too high',
  fmv: 'Enter a fair market value of 0 or more, with at most two decimals',
  quantity: `Quantity must be a whole number from 1 to ${MAX_ITEM_QUANTITY}`,
  holeQuantity: `A hole sponsorship has at most ${MAX_HOLE} places (one per hole)`,
  maxPerGolfer: `The cap per golfer must be a whole number from 1 to ${MAX_ADDON_PER_GOLFER}`,
  item: 'Choose an item',
  addon: 'Choose an add-on',
  hole: 'Choose a free hole',
  sponsorName: 'Enter the sponsor name to show',
  contactName: 'Contact name is required',
  addonQuantity: 'Enter how many, a whole number from 1',
  method: 'Choose cash or card',
  player: 'Choose a golfer',
} as const;
const M = ITEM_MESSAGES;

const priceCents = z.int({ error: M.price }).min(100, M.price).max(MAX_PRICE_CENTS, M.priceTooHigh);
const fmvCents = z.int({ error: M.fmv }).min(0, M.fmv).max(MAX_PRICE_CENTS, M.priceTooHigh).default(0);

export const sponsorshipItemSchema = z
  .object({
    name: requiredText(M.name, 120),
    includes: optionalText(500),
    priceCents,
    quantity: z.int({ error: M.quantity }).min(1, M.quantity).max(MAX_ITEM_QUANTITY, M.quantity),
    fmvCents,
    isHole: z.boolean().default(false),
  })
  .superRefine((item, ctx) => {
    if (item.isHole && item.quantity > MAX_HOLE) ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.holeQuantity });
  });
export type SponsorshipItemInput = z.input<typeof sponsorshipItemSchema>;

export const addonSchema = z.object({
  name: requiredText(M.name, 120),
  description: optionalText(500),
  priceCents,
  fmvCents,
  maxPerGolfer: z.int({ error: M.maxPerGolfer }).min(1, M.maxPerGolfer).max(MAX_ADDON_PER_GOLFER, M.maxPerGolfer),
});
export type AddonInput = z.input<typeof addonSchema>;

/** Buying one place of an item: a hole sponsorship names its hole; the sponsor's name and an uploaded logo show on the signs. */
export const itemPurchaseSchema = z.object({
  itemId: z.guid({ error: M.item }),
  holeNumber: z.int({ error: M.hole }).min(1, M.hole).max(MAX_HOLE, M.hole).nullable().default(null),
  sponsorName: nameText(M.sponsorName, 120),
  logoImageId: z.guid({ error: 'Upload the logo again' }).nullable().default(null),
  contactName: nameText(M.contactName, 120),
  contactEmail: email(),
  paymentOption: z.enum(PAYMENT_OPTIONS).default('hold'),
  /** R57: a discount code ('' or absent: none). */
  code: z.union([z.literal('').transform(() => null), codeText, z.null()]).default(null),
  /** R58: the buyer covers the card fee (a gift in the same Checkout; card payments only). */
  coverFee: z.boolean().default(false),
});
export type ItemPurchaseInput = z.input<typeof itemPurchaseSchema>;

/** Add-ons for a team's golfers: how many of each add-on per golfer (0 lines are left out by the form). */
export const addonOrderSchema = z.object({
  lines: z
    .array(
      z.object({
        playerId: z.guid({ error: M.player }),
        addonId: z.guid({ error: M.addon }),
        quantity: z.int({ error: M.addonQuantity }).min(1, M.addonQuantity).max(MAX_ADDON_PER_GOLFER, M.addonQuantity),
      }),
    )
    .min(1, 'Choose at least one add-on')
    .max(200, 'Too many lines in one order'),
  paymentOption: z.enum(PAYMENT_OPTIONS).default('hold'),
});
export type AddonOrderInput = z.input<typeof addonOrderSchema>;

/** Staff selling an add-on at check-in, paid there and then (R37). */
export const addonSaleSchema = z.object({
  addonId: z.guid({ error: M.addon }),
  quantity: z.int({ error: M.addonQuantity }).min(1, M.addonQuantity).max(MAX_ADDON_PER_GOLFER, M.addonQuantity),
  method: z.enum(['cash', 'card'], M.method),
});
export type AddonSaleInput = z.input<typeof addonSaleSchema>;

export const holeTakenMessage = (hole: number) => `Hole ${hole} already has a sponsor: choose another hole`;
export const capReachedMessage = (name: string, max: number, left: number) =>
  left === 0 ? `This golfer already has the most ${name} allowed (${max})` : `At most ${left} more ${name} for this golfer (${max} each)`;
export const ITEM_SOLD_OUT_MESSAGE = 'This item is sold out';

// ── The forms: typed text ("250.00", "18") turned into the API's bodies ──────────────────────────────────────────────────
const moneyText = (message: string, min: number) =>
  z.string().transform((text, ctx) => {
    const cents = parseMoneyToCents(text.trim());
    if (cents == null || cents < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: M.priceTooHigh });
      return z.NEVER;
    }
    return cents;
  });
const wholeText = (message: string, min: number, max: number) =>
  z.string().transform((text, ctx) => {
    const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const itemFormSchema = z
  .object({
    name: requiredText(M.name, 120),
    includes: optionalText(500),
    price: moneyText(M.price, 100),
    fmv: moneyText(M.fmv, 0),
    quantity: wholeText(M.quantity, 1, MAX_ITEM_QUANTITY),
    isHole: z.boolean(),
  })
  .superRefine((item, ctx) => {
    if (item.isHole && item.quantity > MAX_HOLE) ctx.addIssue({ code: 'custom', path: ['quantity'], message: M.holeQuantity });
  })
  .transform(({ price, fmv, ...rest }) => ({ ...rest, priceCents: price, fmvCents: fmv }));
export type ItemFormInput = z.input<typeof itemFormSchema>;

export const addonFormSchema = z
  .object({
    name: requiredText(M.name, 120),
    description: optionalText(500),
    price: moneyText(M.price, 100),
    fmv: moneyText(M.fmv, 0),
    maxPerGolfer: wholeText(M.maxPerGolfer, 1, MAX_ADDON_PER_GOLFER),
  })
  .transform(({ price, fmv, ...rest }) => ({ ...rest, priceCents: price, fmvCents: fmv }));
export type AddonFormInput = z.input<typeof addonFormSchema>;
