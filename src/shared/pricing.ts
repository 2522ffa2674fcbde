// The one price function (R57, R58, docs/decisions/113): what a team, a single place or an item costs at a moment, with
// an early-bird price, a discount code and the card fee the payer may cover. The registration form and the item page show
// it, the server charges it and the receipt prints it; nothing else works a price out. Pure: no clock, no database.
import { localDate } from './editing-lock';
import { CODE_MESSAGES } from './pricing-schemas';

/** What a code takes off one line (its applicability decided by codeRefusal). */
export type CodeTerms = { kind: 'free' } | { kind: 'percent'; percent: number } | { kind: 'amount'; amountCents: number };

/** R58: the card fee a payer may cover: hundredths of a percent (290 = 2.9 %) plus fixed cents. */
export interface FeeRule {
  basisPoints: number;
  fixedCents: number;
}

/** R58: a level's early-bird price, charged until the end of `until` (YYYY-MM-DD) in the organisation's time zone. */
export interface EarlyPrice {
  priceCents: number;
  until: string;
}

export interface PriceInput {
  listCents: number;
  early?: EarlyPrice | null;
  /** The moment that decides the early price (the request's, never a job's) and the time zone its date is read in. */
  now: Date;
  timeZone: string;
  /** A code already found to apply (codeRefusal); null or absent: none. */
  code?: CodeTerms | null;
  /** How many lines at this price (teams); 1 for an item. */
  quantity?: number;
  fee?: FeeRule | null;
  /** The payer's tick 'Cover the card fee'. */
  coverFee?: boolean;
}

export interface Price {
  /** What one line costs before the code: the early price while it runs, else the list price. */
  baseCents: number;
  /** True while the early price is the base. */
  early: boolean;
  /** What the code takes off one line (never more than the base). */
  discountCents: number;
  /** What one line is charged. */
  unitCents: number;
  quantity: number;
  /** The lines' total, before the fee. */
  subtotalCents: number;
  /** The covered card fee (a gift, R35), 0 without the tick or when nothing is paid by card. */
  feeCents: number;
  /** What the payer pays: subtotal and fee. */
  totalCents: number;
}

/** Half-up rounding to whole cents of a non-negative amount in hundredths of a cent times 100 (basis points). */
const roundDiv = (numerator: number, denominator: number) => Math.floor((numerator * 2 + denominator) / (denominator * 2));

/** True while an early price ending on `until` applies at `now`: until midnight at the end of that date in `timeZone`. */
export const earlyRuns = (until: string, now: Date, timeZone: string) => localDate(now, timeZone) <= until;

/** R58: a level's early price while it runs at `now` (the clock at request time, never a job), else nulls. */
export const runningEarlyPrice = (level: { earlyPriceCents: number | null; earlyUntil: string | null }, now: Date, timeZone: string) =>
  level.earlyPriceCents !== null && level.earlyUntil && earlyRuns(level.earlyUntil, now, timeZone)
    ? { earlyPriceCents: level.earlyPriceCents, earlyUntil: level.earlyUntil }
    : { earlyPriceCents: null, earlyUntil: null };

/** What a code takes off a base price, in whole cents (a percentage rounded half up), never more than the base. */
export function discountOf(code: CodeTerms | null | undefined, baseCents: number): number {
  if (!code) return 0;
  switch (code.kind) {
    case 'free':
      return baseCents;
    case 'percent':
      return Math.min(baseCents, roundDiv(baseCents * code.percent, 100));
    case 'amount':
      return Math.min(baseCents, code.amountCents);
  }
}

/** The card fee on an amount (R58): the percentage rounded half up to the cent, plus the fixed part; 0 on nothing. */
export const feeOn = (amountCents: number, fee: FeeRule | null | undefined) =>
  !fee || amountCents <= 0 ? 0 : roundDiv(amountCents * fee.basisPoints, 10_000) + fee.fixedCents;

/** The price of `quantity` lines at a moment: base, discount, what each is charged, the covered fee and the total. */
export function priceOf(input: PriceInput): Price {
  const quantity = input.quantity ?? 1;
  const early = input.early != null && earlyRuns(input.early.until, input.now, input.timeZone);
  const baseCents = early ? input.early!.priceCents : input.listCents;
  const discountCents = discountOf(input.code, baseCents);
  const unitCents = baseCents - discountCents;
  const subtotalCents = unitCents * quantity;
  const feeCents = input.coverFee ? feeOn(subtotalCents, input.fee) : 0;
  return { baseCents, early, discountCents, unitCents, quantity, subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

/** A code as staff saved it, with what it may apply to (R57). */
export interface CodeRules {
  terms: CodeTerms;
  levelIds: readonly string[];
  itemIds: readonly string[];
  maxUses: number;
  uses: number;
  /** YYYY-MM-DD, both ends included, in the organisation's time zone; null: open on that side. */
  validFrom: string | null;
  validUntil: string | null;
}

/** What a code is asked for: a level (with how many teams) or an item. */
export type CodeTarget = { levelId: string; uses: number } | { itemId: string; uses: number };

/**
 * Why a code does not apply, in the words the payer sees (CODE_MESSAGES), or null when it does. `code` null: no code of
 * that text in this tournament. The uses seen here may be stale: the save counts them again under a lock.
 */
export function codeRefusal(code: CodeRules | null, target: CodeTarget, now: Date, timeZone: string): string | null {
  if (!code) return CODE_MESSAGES.unknown;
  const today = localDate(now, timeZone);
  if (code.validUntil !== null && today > code.validUntil) return CODE_MESSAGES.expired;
  if (code.validFrom !== null && today < code.validFrom) return CODE_MESSAGES.notYet;
  if ('levelId' in target ? !code.levelIds.includes(target.levelId) : !code.itemIds.includes(target.itemId))
    return 'levelId' in target ? CODE_MESSAGES.notForLevel : CODE_MESSAGES.notForItem;
  if (code.uses + target.uses > code.maxUses) return CODE_MESSAGES.usedUp;
  return null;
}
