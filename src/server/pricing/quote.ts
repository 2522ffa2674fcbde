// What a registration or an item costs now (R57, R58): the level's or item's prices and the payer's code read from the
// database, then the one pure price function (shared/pricing.ts). The 'Apply' button, the registration's save and the item
// purchase all come here, so what the form showed is what is charged.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { sponsorshipItems, tournamentSponsorshipLevels } from '../db/schema';
import { AppError } from '../http/errors';
import { codeRefusal, priceOf, type CodeTarget, type FeeRule, type Price } from '../../shared/pricing';
import { findCode, rulesOf, termsOf, type DiscountCode } from './codes-service';
import { decimalText } from '../../shared/money';

/** A level's prices as the first look of a registration reads them. */
export interface LevelPrices {
  priceCents: number;
  singlePriceCents: number | null;
  earlyPriceCents: number | null;
  earlyUntil: string | null;
}

export interface PricedLine {
  price: Price;
  /** The code that applies, or null. */
  code: DiscountCode | null;
  /** What the list price was (before an early price), for the form's crossed-out figure. */
  listCents: number;
  earlyUntil: string | null;
}

export interface PriceAsk {
  tournamentId: string;
  code: string | null;
  target: CodeTarget;
  now: Date;
  timeZone: string;
  fee: FeeRule | null;
  coverFee: boolean;
}

/** The ledger's words for a price (R26, R57): list or early price, the code's discount, what is charged. */
export function priceNote({ price, code }: PricedLine): string {
  const base = `${price.early ? 'Early-bird price' : 'Price'} ${decimalText(price.baseCents)}`;
  return code ? `${base}, code ${code.code} −${decimalText(price.discountCents)}, to pay ${decimalText(price.unitCents)}` : base;
}

/** The code that applies to `target`, or an AppError with the reason in the payer's words (on the `code` field). */
export async function applicableCode(db: Pick<Db, 'select'>, ask: PriceAsk): Promise<DiscountCode | null> {
  if (!ask.code) return null;
  const code = await findCode(db, ask.tournamentId, ask.code);
  const refusal = codeRefusal(code && rulesOf(code), ask.target, ask.now, ask.timeZone);
  if (refusal) throw new AppError('CONFLICT', refusal, { code: refusal });
  return code;
}

/** A team's or a single place's price at a level (R43: the early price is the team's; a single keeps its own price). */
export async function priceLevel(db: Pick<Db, 'select'>, level: LevelPrices, single: boolean, ask: PriceAsk): Promise<PricedLine> {
  const code = await applicableCode(db, ask);
  const listCents = single ? (level.singlePriceCents ?? 0) : level.priceCents;
  const early =
    !single && level.earlyPriceCents !== null && level.earlyUntil ? { priceCents: level.earlyPriceCents, until: level.earlyUntil } : null;
  const price = priceOf({
    listCents,
    early,
    now: ask.now,
    timeZone: ask.timeZone,
    code: code && termsOf(code),
    quantity: ask.target.uses,
    fee: ask.fee,
    coverFee: ask.coverFee,
  });
  return { price, code, listCents, earlyUntil: early?.until ?? null };
}

/** The level's prices, or 404. */
export async function levelPrices(db: Pick<Db, 'select'>, tournamentId: string, levelId: string): Promise<LevelPrices> {
  const [level] = await db
    .select({
      priceCents: tournamentSponsorshipLevels.priceCents,
      singlePriceCents: tournamentSponsorshipLevels.singlePriceCents,
      earlyPriceCents: tournamentSponsorshipLevels.earlyPriceCents,
      earlyUntil: tournamentSponsorshipLevels.earlyUntil,
    })
    .from(tournamentSponsorshipLevels)
    .where(and(eq(tournamentSponsorshipLevels.id, levelId), eq(tournamentSponsorshipLevels.tournamentId, tournamentId)));
  if (!level) throw new AppError('NOT_FOUND', 'Please select a sponsorship level');
  return level;
}

/** An item's price with the payer's code and fee (R36, R57, R58). */
export async function priceItem(db: Pick<Db, 'select'>, itemPriceCents: number, ask: PriceAsk): Promise<PricedLine> {
  const code = await applicableCode(db, ask);
  const price = priceOf({
    listCents: itemPriceCents,
    now: ask.now,
    timeZone: ask.timeZone,
    code: code && termsOf(code),
    fee: ask.fee,
    coverFee: ask.coverFee,
  });
  return { price, code, listCents: itemPriceCents, earlyUntil: null };
}

/** An item's price, or 404. */
export async function itemPrice(db: Pick<Db, 'select'>, tournamentId: string, itemId: string): Promise<number> {
  const [item] = await db
    .select({ priceCents: sponsorshipItems.priceCents })
    .from(sponsorshipItems)
    .where(and(eq(sponsorshipItems.id, itemId), eq(sponsorshipItems.tournamentId, tournamentId)));
  if (!item) throw new AppError('NOT_FOUND', 'Sponsorship item not found');
  return item.priceCents;
}
