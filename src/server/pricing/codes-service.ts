// Discount codes (R57): staff keep them per tournament; payers' codes are looked up here and judged by the one pure rule
// (shared/pricing.ts codeRefusal). Uses are counted where the registration or purchase is saved, under a lock
// (golf_register_teams, migration 0016; items/service.ts), never here.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { discountCodes, sponsorshipItems, tournamentSponsorshipLevels, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { CODE_MESSAGES, type DiscountCodeInput } from '../../shared/pricing-schemas';
import type { CodeRules, CodeTerms } from '../../shared/pricing';

type CodeRow = typeof discountCodes.$inferSelect;

export interface DiscountCode {
  id: string;
  tournamentId: string;
  code: string;
  kind: 'percent' | 'amount' | 'free';
  percent: number | null;
  amountCents: number | null;
  levelIds: string[];
  itemIds: string[];
  maxUses: number;
  uses: number;
  validFrom: string | null;
  validUntil: string | null;
}

const toCode = (row: CodeRow): DiscountCode => ({
  id: row.id,
  tournamentId: row.tournamentId,
  code: row.code,
  kind: row.kind as DiscountCode['kind'],
  percent: row.percent,
  amountCents: row.amountCents,
  levelIds: row.levelIds,
  itemIds: row.itemIds,
  maxUses: row.maxUses,
  uses: row.uses,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
});

/** What a code takes off (shared/pricing.ts). */
export function termsOf(code: Pick<DiscountCode, 'kind' | 'percent' | 'amountCents'>): CodeTerms {
  if (code.kind === 'percent') return { kind: 'percent', percent: code.percent! };
  if (code.kind === 'amount') return { kind: 'amount', amountCents: code.amountCents! };
  return { kind: 'free' };
}

export const rulesOf = (code: DiscountCode): CodeRules => ({ terms: termsOf(code), ...code });

export async function listCodes(db: Db, tournamentId: string): Promise<DiscountCode[]> {
  const rows = await db.select().from(discountCodes).where(eq(discountCodes.tournamentId, tournamentId)).orderBy(asc(discountCodes.code));
  return rows.map(toCode);
}

/** A tournament's code by the text a payer typed (any case), or null. */
export async function findCode(db: Pick<Db, 'select'>, tournamentId: string, text: string): Promise<DiscountCode | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.tournamentId, tournamentId), eq(discountCodes.code, text.trim().toUpperCase())));
  return row ? toCode(row) : null;
}

/** The levels and items named must be the tournament's own: a code never reaches another tournament's price. */
async function checkTargets(db: Db, tournamentId: string, input: DiscountCodeInput) {
  const [tournament] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const levels = await db
    .select({ id: tournamentSponsorshipLevels.id })
    .from(tournamentSponsorshipLevels)
    .where(eq(tournamentSponsorshipLevels.tournamentId, tournamentId));
  const items = await db.select({ id: sponsorshipItems.id }).from(sponsorshipItems).where(eq(sponsorshipItems.tournamentId, tournamentId));
  const known = new Set([...levels, ...items].map((r) => r.id));
  if ([...input.levelIds, ...input.itemIds].some((id) => !known.has(id)))
    throw new AppError('VALIDATION', CODE_MESSAGES.appliesTo, { levelIds: CODE_MESSAGES.appliesTo });
}

const valuesOf = (input: DiscountCodeInput) => ({
  code: input.code,
  kind: input.kind,
  percent: input.kind === 'percent' ? input.percent : null,
  amountCents: input.kind === 'amount' ? input.amountCents : null,
  levelIds: input.levelIds,
  itemIds: input.itemIds,
  maxUses: input.maxUses,
  validFrom: input.validFrom,
  validUntil: input.validUntil,
});

const isDuplicate = (error: unknown) => /discount_codes_tournament_code_unique/.test(String((error as { cause?: unknown }).cause ?? error));
const duplicate = () => new AppError('CONFLICT', CODE_MESSAGES.duplicate, { code: CODE_MESSAGES.duplicate });

export async function createCode(db: Db, tournamentId: string, input: DiscountCodeInput): Promise<DiscountCode> {
  await checkTargets(db, tournamentId, input);
  try {
    const [row] = await db
      .insert(discountCodes)
      .values({ tournamentId, ...valuesOf(input) })
      .returning();
    return toCode(row!);
  } catch (error) {
    if (isDuplicate(error)) throw duplicate();
    throw error;
  }
}

/** Changes a code; its number of uses may not drop below the uses already counted (409, nothing changed). */
export async function updateCode(db: Db, id: string, input: DiscountCodeInput): Promise<DiscountCode> {
  const [existing] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!existing) throw new AppError('NOT_FOUND', 'Code not found');
  await checkTargets(db, existing.tournamentId, input);
  try {
    // The uses may be counted meanwhile: the comparison is made again in the update itself.
    const [row] = await db
      .update(discountCodes)
      .set(valuesOf(input))
      .where(and(eq(discountCodes.id, id), sql`${discountCodes.uses} <= ${input.maxUses}`))
      .returning();
    if (!row) throw new AppError('CONFLICT', CODE_MESSAGES.fewerUses, { maxUses: CODE_MESSAGES.fewerUses });
    return toCode(row);
  } catch (error) {
    if (isDuplicate(error)) throw duplicate();
    throw error;
  }
}

/** Deletes a code; payments keep the code's text and discount (payments.discount_code), so the ledger still reads. */
export async function deleteCode(db: Db, id: string) {
  const deleted = await db.delete(discountCodes).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Code not found');
}

/**
 * R57: takes one use of a code for an item bought in `tx`, only while one is left (`uses + 1 <= max_uses` in the update
 * itself, so two processes can never both take the last); false when none was left. The row's lock is held to the commit.
 */
export async function takeCodeUse(tx: Pick<Db, 'update'>, codeId: string): Promise<boolean> {
  const taken = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(and(eq(discountCodes.id, codeId), sql`${discountCodes.uses} + 1 <= ${discountCodes.maxUses}`))
    .returning({ id: discountCodes.id });
  return taken.length === 1;
}
