// Sponsorship items (R36): staff define them per tournament; buyers take a place atomically (the item's row locked while
// the places are counted), a hole sponsorship names a free hole (one sponsor per hole), paid by card or held until a deadline.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { addons, purchases, sponsorshipItems, tournaments } from '../db/schema';
import type { PaymentStatus } from '../../shared/payment-status';
import { AppError } from '../http/errors';
import { placesLeft } from '../../shared/capacity';
import { HOLD_HOURS, isEditable, REGISTRATION_CLOSED_MESSAGE } from '../../shared/editing-lock';
import {
  holeTakenMessage,
  ITEM_MESSAGES,
  ITEM_SOLD_OUT_MESSAGE,
  itemPurchaseSchema,
  MAX_HOLE,
  sponsorshipItemSchema,
} from '../../shared/item-schemas';
import { imageUrl } from '../images/service';
import { insertPurchases } from '../purchases/service';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';
import { lockAccounts, unpaidHeld, unpaidRefusal, type UnpaidLimit } from '../holds/unpaid-limit';
import { priceItem, priceNote } from '../pricing/quote';
import { takeCodeUse } from '../pricing/codes-service';
import { insertFeeGift } from '../pricing/fee-gift';
import { CODE_MESSAGES } from '../../shared/pricing-schemas';
import type { FeeRule } from '../../shared/pricing';

const ITEM_NOT_FOUND = 'Sponsorship item not found';
const LOGO_GONE = 'The logo was not found: upload it again';
/** A purchase holds its place unless it expired unpaid (R24), as a team does. */
const holdsPlace = sql`${purchases.paymentStatus} <> 'expired'`;

export interface ItemWithPlaces {
  id: string;
  tournamentId: string;
  name: string;
  includes: string;
  priceCents: number;
  quantity: number;
  fmvCents: number;
  isHole: boolean;
  placesLeft: number;
  /** For a hole sponsorship: the holes still free, in order; [] otherwise. */
  freeHoles: number[];
}

/** The holes a hole item sells: one per place, numbered from 1. */
const holesOf = (quantity: number) => Array.from({ length: Math.min(quantity, MAX_HOLE) }, (_, i) => i + 1);

/** Every item of the tournaments with its places left (the one capacity rule, R13) and free holes, in the staff's order. */
export async function itemsWithPlaces(db: Pick<Db, 'select'>, tournamentIds: string[]): Promise<ItemWithPlaces[]> {
  if (tournamentIds.length === 0) return [];
  const rows = await db
    .select({
      item: sponsorshipItems,
      takenHoles: sql<
        number[]
      >`coalesce((select array_agg(p.hole_number order by p.hole_number) from purchases p where p.item_id = sponsorship_items.id and p.payment_status <> 'expired' and p.hole_number is not null), '{}')`,
      taken: sql<number>`(select count(*)::int from purchases p where p.item_id = sponsorship_items.id and p.payment_status <> 'expired')`,
    })
    .from(sponsorshipItems)
    .where(
      sql`${sponsorshipItems.tournamentId} in (${sql.join(
        tournamentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(sponsorshipItems.sortOrder), asc(sponsorshipItems.createdAt));
  // (The subqueries name sponsorship_items.id in full: drizzle writes a lone table's columns unqualified, which inside them
  // would mean the purchase's own id.)
  return rows.map(({ item, taken, takenHoles }) => {
    const takenSet = new Set(takenHoles);
    return {
      id: item.id,
      tournamentId: item.tournamentId,
      name: item.name,
      includes: item.includes,
      priceCents: item.priceCents,
      quantity: item.quantity,
      fmvCents: item.fmvCents,
      isHole: item.isHole,
      placesLeft: placesLeft({ maxTeams: item.quantity, taken }, { maxTeams: null, taken: 0 }),
      freeHoles: item.isHole && taken < item.quantity ? holesOf(item.quantity).filter((hole) => !takenSet.has(hole)) : [],
    };
  });
}

async function requireTournament(db: Pick<Db, 'select'>, tournamentId: string) {
  const [row] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found');
}

export async function createItem(db: Db, tournamentId: string, rawInput: unknown) {
  const input = sponsorshipItemSchema.parse(rawInput);
  await requireTournament(db, tournamentId);
  const [row] = await db
    .insert(sponsorshipItems)
    .values({
      ...input,
      tournamentId,
      sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from sponsorship_items where tournament_id = ${tournamentId})`,
    })
    .returning({ id: sponsorshipItems.id });
  return (await itemsWithPlaces(db, [tournamentId])).find((item) => item.id === row!.id)!;
}

/** Changes an item; its quantity may not drop below the places already sold. */
export async function updateItem(db: Db, itemId: string, rawInput: unknown) {
  const input = sponsorshipItemSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(sponsorshipItems).where(eq(sponsorshipItems.id, itemId)).for('update');
    if (!found) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    const [current] = await itemsWithPlaces(tx, [found.tournamentId]).then((items) => items.filter((item) => item.id === itemId));
    const sold = current!.quantity - current!.placesLeft;
    if (input.quantity < sold) {
      const message = `${sold} already sold: the quantity cannot be lower`;
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    const highestHole = Math.max(0, ...(await soldHoles(tx, itemId)));
    if (input.isHole && input.quantity < highestHole) {
      const message = `Hole ${highestHole} is sold: the quantity cannot be lower than ${highestHole}`;
      throw new AppError('CONFLICT', message, { quantity: message });
    }
    if (found.isHole !== input.isHole && sold > 0) {
      const message = 'Places are sold: an item cannot change between hole sponsorship and not';
      throw new AppError('CONFLICT', message, { isHole: message });
    }
    await tx.update(sponsorshipItems).set(input).where(eq(sponsorshipItems.id, itemId));
    return (await itemsWithPlaces(tx, [found.tournamentId])).find((item) => item.id === itemId)!;
  });
}

/** The holes of an item that hold their place. */
async function soldHoles(db: Pick<Db, 'select'>, itemId: string): Promise<number[]> {
  const rows = await db
    .select({ hole: purchases.holeNumber })
    .from(purchases)
    .where(and(eq(purchases.itemId, itemId), holdsPlace));
  return rows.flatMap((row) => (row.hole == null ? [] : [row.hole]));
}

export async function deleteItem(db: Db, itemId: string) {
  const [bought] = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.itemId, itemId)).limit(1);
  if (bought) throw new AppError('CONFLICT', 'This item has been bought: it cannot be deleted (set its quantity instead)');
  const deleted = await db.delete(sponsorshipItems).where(eq(sponsorshipItems.id, itemId)).returning({ id: sponsorshipItems.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
}

export interface ItemPurchaseOptions {
  timeZone: string;
  holdHours?: number;
  /** Card payments are on (R23); without them 'Pay now' is refused, so nothing is pending without a deadline (R24). */
  cardPayments?: boolean;
  /** What the buyer may hold unpaid at once (docs/decisions/094); none for staff. */
  unpaidLimit?: UnpaidLimit | null;
  /** R58: the card fee rule a buyer may cover (organisation settings); null: none set. */
  fee?: FeeRule | null;
}

/** The item with its tournament, and its places and taken holes counted: in one statement. */
async function readItem(db: Pick<Db, 'select'>, itemId: string) {
  const [row] = await db
    .select({ item: sponsorshipItems, startDate: tournaments.startDate, active: tournaments.active })
    .from(sponsorshipItems)
    .innerJoin(tournaments, eq(tournaments.id, sponsorshipItems.tournamentId))
    .where(eq(sponsorshipItems.id, itemId));
  if (!row) return undefined;
  const [places] = await itemsWithPlaces(db, [row.item.tournamentId]).then((items) => items.filter((item) => item.id === itemId));
  return { ...row, places: places! };
}

/** Refuses what cannot be bought: an unknown item, a closed tournament, no place left, a hole missing, unknown or taken. */
function admit(row: Awaited<ReturnType<typeof readItem>>, holeNumber: number | null, now: Date, timeZone: string) {
  if (!row || !row.active) throw new AppError('VALIDATION', ITEM_MESSAGES.item, { itemId: ITEM_MESSAGES.item });
  if (!isEditable(row.startDate, now, timeZone)) throw new AppError('CONFLICT', REGISTRATION_CLOSED_MESSAGE);
  if (row.places.placesLeft === 0) throw new AppError('CONFLICT', ITEM_SOLD_OUT_MESSAGE);
  if (row.item.isHole) {
    if (holeNumber == null || holeNumber > row.item.quantity)
      throw new AppError('VALIDATION', ITEM_MESSAGES.hole, { holeNumber: ITEM_MESSAGES.hole });
    if (!row.places.freeHoles.includes(holeNumber))
      throw new AppError('CONFLICT', holeTakenMessage(holeNumber), { holeNumber: holeTakenMessage(holeNumber) });
  }
  return row.item;
}

/**
 * Buys one place of an item for the signed-in buyer. A first look refuses at once what cannot fit; then the item's row is
 * locked and the places counted again, so under any number of buyers the item is never oversold and a hole never sold twice
 * (the unique index on item and hole is the last guard).
 */
export async function buyItem(db: Db, userId: string, rawInput: unknown, now: Date, options: ItemPurchaseOptions) {
  const input = itemPurchaseSchema.parse(rawInput);
  if (input.paymentOption === 'pay' && options.cardPayments !== true) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
  const first = admit(await readItem(db, input.itemId), input.holeNumber, now, options.timeZone);
  // R57, R58: the price 'Apply' showed, by the one price function from the first look's price; a code that does not apply
  // is refused here with its reason. Its use is counted again below, under the item's lock, by a conditional update.
  const priced = await priceItem(db, first.priceCents, {
    tournamentId: first.tournamentId,
    code: input.code,
    target: { itemId: first.id, uses: 1 },
    now,
    timeZone: options.timeZone,
    fee: options.fee ?? null,
    coverFee: input.coverFee && input.paymentOption === 'pay',
  });
  const { price } = priced;
  // A free item (a 100 % code) is paid at 0 with its code recorded: nothing to hold or collect (decision 113).
  const free = price.unitCents === 0;
  const status = free ? ('paid' as const) : input.paymentOption === 'pay' ? ('pending' as const) : ('hold' as const);
  const holdHours = options.holdHours ?? HOLD_HOURS;
  // Unpaid at first, so kept until a deadline (R24).
  const holdUntil = free ? null : new Date(now.getTime() + holdHours * 3600_000);
  const limit = free ? null : (options.unpaidLimit ?? null);
  const how = free ? `Free with code ${priced.code!.code}` : input.paymentOption === 'pay' ? 'Card payment chosen' : 'Held unpaid';
  try {
    return await db.transaction(async (tx) => {
      // The buyer's lock first (before the item's: the registration takes it before the tournament's), then their count.
      if (limit) {
        await lockAccounts(tx, [userId]);
        const refusal = unpaidRefusal(limit, (await unpaidHeld(tx, [userId])).get(userId)!, { teams: 0, places: 1 });
        if (refusal) throw new AppError('CONFLICT', refusal);
      }
      await tx.select({ id: sponsorshipItems.id }).from(sponsorshipItems).where(eq(sponsorshipItems.id, input.itemId)).for('update');
      const item = admit(await readItem(tx, input.itemId), input.holeNumber, now, options.timeZone);
      // R57: the use is taken only while one is left; no row updated means others took the last ones first.
      if (priced.code && !(await takeCodeUse(tx, priced.code.id)))
        throw new AppError('CONFLICT', CODE_MESSAGES.usedUp, { code: CODE_MESSAGES.usedUp });
      const [created] = await insertPurchases(
        tx,
        [
          {
            tournamentId: item.tournamentId,
            kind: 'item',
            userId,
            buyerName: input.contactName,
            buyerEmail: input.contactEmail,
            paymentStatus: status,
            holdUntil,
            amountCents: price.unitCents,
            fmvCents: item.fmvCents,
            itemId: item.id,
            holeNumber: item.isHole ? input.holeNumber : null,
            sponsorName: input.sponsorName,
            logoImageId: input.logoImageId,
            note: priced.code || price.early ? `${how}. ${priceNote(priced)}` : how,
            discountCode: priced.code?.code ?? null,
            discountCents: price.discountCents,
          },
        ],
        userId,
      );
      // R58: the covered fee is a gift paid in the same Checkout as the item, as at registration (pricing/fee-gift.ts).
      const feeGiftId =
        status === 'pending'
          ? await insertFeeGift(tx, {
              tournamentId: item.tournamentId,
              userId,
              buyerName: input.contactName,
              buyerEmail: input.contactEmail,
              feeCents: price.feeCents,
              holdUntil,
            })
          : null;
      return {
        id: created!.id,
        paymentId: created!.paymentId,
        feeGiftId,
        itemName: item.name,
        holeNumber: item.isHole ? input.holeNumber : null,
        priceCents: price.baseCents,
        discountCents: price.discountCents,
        discountCode: priced.code?.code ?? null,
        amountCents: price.unitCents,
        feeCents: feeGiftId ? price.feeCents : 0,
        status,
        holdUntil,
      };
    });
  } catch (error) {
    // The index's refusal when two buyers race for one hole past the lock (it cannot, but the index says so last).
    if (isUniqueViolation(error) && input.holeNumber != null) {
      throw new AppError('CONFLICT', holeTakenMessage(input.holeNumber), { holeNumber: holeTakenMessage(input.holeNumber) });
    }
    if (isForeignKeyViolation(error)) throw new AppError('VALIDATION', LOGO_GONE, { logoImageId: LOGO_GONE });
    throw error;
  }
}

/** Hole sponsors of a tournament that hold their place (paid or not yet expired), by hole: for the signs and sheets. */
export async function holeSponsors(db: Pick<Db, 'select'>, tournamentId: string) {
  const rows = await db
    .select({ holeNumber: purchases.holeNumber, sponsorName: purchases.sponsorName, logoImageId: purchases.logoImageId })
    .from(purchases)
    .innerJoin(sponsorshipItems, eq(sponsorshipItems.id, purchases.itemId))
    .where(and(eq(purchases.tournamentId, tournamentId), eq(sponsorshipItems.isHole, true), holdsPlace))
    .orderBy(asc(purchases.holeNumber));
  return rows.map((row) => ({
    holeNumber: row.holeNumber!,
    sponsorName: row.sponsorName,
    logoUrl: row.logoImageId ? imageUrl(row.logoImageId, 'w320') : null,
  }));
}

/** The signed-in buyer's items and add-ons, newest first: their dashboard lists them with status and deadline. */
export async function myPurchases(db: Db, userId: string) {
  const rows = await db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      tournamentName: tournaments.name,
      itemName: sponsorshipItems.name,
      addonName: addons.name,
      golfer: sql<string | null>`(select trim(pl.first_name || ' ' || pl.last_name) from players pl where pl.id = ${purchases.playerId})`,
      holeNumber: purchases.holeNumber,
      quantity: purchases.quantity,
      sponsorName: purchases.sponsorName,
      logoImageId: purchases.logoImageId,
      amountCents: purchases.amountCents,
      status: purchases.paymentStatus,
      holdUntil: purchases.holdUntil,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .innerJoin(tournaments, eq(tournaments.id, purchases.tournamentId))
    .leftJoin(sponsorshipItems, eq(sponsorshipItems.id, purchases.itemId))
    .leftJoin(addons, eq(addons.id, purchases.addonId))
    .where(and(eq(purchases.userId, userId), inArray(purchases.kind, ['item', 'addon'])))
    .orderBy(desc(purchases.createdAt), asc(purchases.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as 'item' | 'addon',
    tournamentName: row.tournamentName,
    description:
      row.kind === 'item'
        ? `${row.itemName ?? 'Item'}${row.holeNumber != null ? ` · Hole ${row.holeNumber}` : ''}`
        : `${row.addonName ?? 'Add-on'} × ${row.quantity}${row.golfer ? ` for ${row.golfer}` : ''}`,
    sponsorName: row.sponsorName,
    logoUrl: row.logoImageId ? imageUrl(row.logoImageId, 'w160') : null,
    amountCents: row.amountCents,
    status: row.status as PaymentStatus,
    holdUntil: row.holdUntil?.toISOString() ?? null,
  }));
}
