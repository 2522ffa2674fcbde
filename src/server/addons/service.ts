// Golfer add-ons (R37): staff define them per tournament (price, cap per golfer); a leader buys them for their golfers until
// the editing lock (R17); staff sell them at check-in, paid there and then, recorded with who and when. The cap is counted
// under the team's row lock, so two orders for one golfer never pass it together.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { addons, players, purchases, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { HOLD_HOURS, isEditable, LOCKED_MESSAGE } from '../../shared/editing-lock';
import { addonOrderSchema, addonSaleSchema, addonSchema, capReachedMessage, ITEM_MESSAGES } from '../../shared/item-schemas';
import { playerOrder } from '../teams/player-order';
import { insertPurchases, type PurchaseInput } from '../purchases/service';
import { CARD_PAYMENTS_OFF_MESSAGE } from '../payments/card-payments';

/** How an order starts: card (pending, Checkout next), held until a deadline, or paid there and then (staff at check-in). */
type OrderStart = { status: 'pending' | 'hold'; holdUntil: Date | null; note: string } | { status: 'paid'; note: string };

const ADDON_NOT_FOUND = 'Add-on not found';
const holdsPlace = sql`${purchases.paymentStatus} <> 'expired'`;

export type Addon = Pick<
  typeof addons.$inferSelect,
  'id' | 'tournamentId' | 'name' | 'description' | 'priceCents' | 'fmvCents' | 'maxPerGolfer'
>;
const addonColumns = {
  id: addons.id,
  tournamentId: addons.tournamentId,
  name: addons.name,
  description: addons.description,
  priceCents: addons.priceCents,
  fmvCents: addons.fmvCents,
  maxPerGolfer: addons.maxPerGolfer,
};

export async function listAddons(db: Pick<Db, 'select'>, tournamentId: string): Promise<Addon[]> {
  return db.select(addonColumns).from(addons).where(eq(addons.tournamentId, tournamentId)).orderBy(asc(addons.createdAt), asc(addons.id));
}

export async function createAddon(db: Db, tournamentId: string, rawInput: unknown): Promise<Addon> {
  const input = addonSchema.parse(rawInput);
  const [tournament] = await db.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.id, tournamentId));
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found');
  const [row] = await db
    .insert(addons)
    .values({ ...input, tournamentId })
    .returning(addonColumns);
  return row!;
}

export async function updateAddon(db: Db, addonId: string, rawInput: unknown): Promise<Addon> {
  const input = addonSchema.parse(rawInput);
  const [row] = await db.update(addons).set(input).where(eq(addons.id, addonId)).returning(addonColumns);
  if (!row) throw new AppError('NOT_FOUND', ADDON_NOT_FOUND);
  return row;
}

export async function deleteAddon(db: Db, addonId: string) {
  const [bought] = await db.select({ id: purchases.id }).from(purchases).where(eq(purchases.addonId, addonId)).limit(1);
  if (bought) throw new AppError('CONFLICT', 'This add-on has been bought: it cannot be deleted');
  const deleted = await db.delete(addons).where(eq(addons.id, addonId)).returning({ id: addons.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', ADDON_NOT_FOUND);
}

export interface GolferAddon {
  addonId: string;
  name: string;
  quantity: number;
  /** Paid, or still to pay (hold, pending, in progress). */
  paid: boolean;
}

/** Each golfer's add-ons that hold (not expired), summed per add-on and paid or not: for the check-in page and the team card. */
export async function golferAddons(db: Pick<Db, 'select'>, playerIds: string[]): Promise<Map<string, GolferAddon[]>> {
  const byPlayer = new Map<string, GolferAddon[]>();
  if (playerIds.length === 0) return byPlayer;
  const rows = await db
    .select({
      playerId: purchases.playerId,
      addonId: addons.id,
      name: addons.name,
      paid: sql<boolean>`${purchases.paymentStatus} = 'paid'`,
      quantity: sql<number>`sum(${purchases.quantity})::int`,
    })
    .from(purchases)
    .innerJoin(addons, eq(addons.id, purchases.addonId))
    .where(and(inArray(purchases.playerId, playerIds), holdsPlace))
    .groupBy(purchases.playerId, addons.id, addons.name, sql`${purchases.paymentStatus} = 'paid'`)
    .orderBy(asc(addons.name));
  for (const row of rows) {
    const list = byPlayer.get(row.playerId!) ?? [];
    list.push({ addonId: row.addonId, name: row.name, quantity: Number(row.quantity), paid: Boolean(row.paid) });
    byPlayer.set(row.playerId!, list);
  }
  return byPlayer;
}

interface OrderLine {
  playerId: string;
  addonId: string;
  quantity: number;
}

/**
 * Checks the lines against the team's golfers, the tournament's add-ons and each golfer's cap, under the team's row lock
 * (taken by the caller), and writes them as purchases.
 */
async function placeOrder(
  tx: Db,
  team: { id: string; tournamentId: string; contactName: string; contactEmail: string },
  lines: OrderLine[],
  start: OrderStart,
  actor: { userId: string; recorded: boolean },
) {
  const roster = await tx
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName, email: players.email })
    .from(players)
    .where(eq(players.teamId, team.id));
  const offered = new Map((await listAddons(tx, team.tournamentId)).map((addon) => [addon.id, addon]));
  const held = await golferAddons(
    tx,
    roster.map((p) => p.id),
  );
  const wanted = new Map<string, number>();
  lines.forEach((line, i) => {
    const golfer = roster.find((p) => p.id === line.playerId);
    if (!golfer) throw new AppError('VALIDATION', ITEM_MESSAGES.player, { [`lines.${i}.playerId`]: ITEM_MESSAGES.player });
    const addon = offered.get(line.addonId);
    if (!addon) throw new AppError('VALIDATION', ITEM_MESSAGES.addon, { [`lines.${i}.addonId`]: ITEM_MESSAGES.addon });
    const key = `${line.playerId}:${line.addonId}`;
    const already = (held.get(line.playerId) ?? []).filter((a) => a.addonId === addon.id).reduce((n, a) => n + a.quantity, 0);
    const total = (wanted.get(key) ?? already) + line.quantity;
    if (total > addon.maxPerGolfer) {
      const left = Math.max(0, addon.maxPerGolfer - (wanted.get(key) ?? already));
      const message = capReachedMessage(addon.name, addon.maxPerGolfer, left);
      throw new AppError('CONFLICT', message, { [`lines.${i}.quantity`]: message });
    }
    wanted.set(key, total);
  });
  const rows: PurchaseInput[] = lines.map((line) => {
    const addon = offered.get(line.addonId)!;
    const golfer = roster.find((p) => p.id === line.playerId)!;
    return {
      tournamentId: team.tournamentId,
      kind: 'addon',
      userId: actor.recorded ? null : actor.userId,
      buyerName: actor.recorded ? `${golfer.firstName} ${golfer.lastName}`.trim() || team.contactName : team.contactName,
      buyerEmail: actor.recorded ? golfer.email || team.contactEmail : team.contactEmail,
      amountCents: addon.priceCents * line.quantity,
      fmvCents: addon.fmvCents * line.quantity,
      addonId: addon.id,
      playerId: line.playerId,
      quantity: line.quantity,
      recordedBy: actor.recorded ? actor.userId : null,
      paymentStatus: start.status,
      holdUntil: start.status === 'paid' ? null : start.holdUntil,
      note: start.note,
    };
  });
  const created = await insertPurchases(tx, rows, actor.userId);
  return {
    purchaseIds: created.map((p) => p.id),
    purchases: created.length,
    totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
  };
}

async function lockTeam(tx: Db, teamId: string) {
  const [team] = await tx
    .select({
      id: teams.id,
      userId: teams.userId,
      tournamentId: teams.tournamentId,
      contactName: teams.contactName,
      contactEmail: teams.contactEmail,
      status: teams.paymentStatus,
      startDate: tournaments.startDate,
    })
    .from(teams)
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .where(eq(teams.id, teamId))
    .for('update', { of: teams });
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  if (team.status === 'expired') throw new AppError('CONFLICT', 'This team expired unpaid: add-ons cannot be bought for it');
  return team;
}

export interface AddonOrderOptions {
  timeZone: string;
  /** Staff may order after the lock; a leader may not (R17). */
  staff: boolean;
  holdHours?: number;
  cardPayments?: boolean;
}

/** A leader (or staff) buys add-ons for a team's golfers: paid by card or held until the deadline, as items are. */
export async function orderAddons(db: Db, actorId: string, teamId: string, rawInput: unknown, now: Date, options: AddonOrderOptions) {
  const input = addonOrderSchema.parse(rawInput);
  // Without card payments 'Pay now' is refused: nothing unpaid is ever without its deadline (R24, issue 31).
  if (input.paymentOption === 'pay' && options.cardPayments !== true) throw new AppError('CONFLICT', CARD_PAYMENTS_OFF_MESSAGE);
  const holdHours = options.holdHours ?? HOLD_HOURS;
  const holdUntil = new Date(now.getTime() + holdHours * 3600_000);
  return db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!options.staff && team.userId !== actorId) throw new AppError('FORBIDDEN', "You don't have permission to access this page");
    if (!options.staff && !isEditable(team.startDate, now, options.timeZone)) throw new AppError('FORBIDDEN', LOCKED_MESSAGE);
    const start: OrderStart =
      input.paymentOption === 'pay'
        ? { status: 'pending', holdUntil, note: 'Card payment chosen' }
        : { status: 'hold', holdUntil, note: 'Held unpaid' };
    const order = await placeOrder(tx, team, input.lines, start, { userId: actorId, recorded: false });
    return { ...order, status: input.paymentOption === 'pay' ? ('pending' as const) : ('hold' as const), holdUntil };
  });
}

/** Staff sell add-ons to a golfer at check-in: paid there and then (cash or card in person), recorded with who and when. */
export async function sellAddon(db: Db, staffId: string, playerId: string, rawInput: unknown) {
  const input = addonSaleSchema.parse(rawInput);
  return db.transaction(async (tx) => {
    const [player] = await tx.select({ teamId: players.teamId }).from(players).where(eq(players.id, playerId));
    if (!player) throw new AppError('NOT_FOUND', 'Golfer not found');
    const team = await lockTeam(tx, player.teamId);
    const note = `Sold at check-in (${input.method === 'cash' ? 'cash' : 'card in person'})`;
    await placeOrder(
      tx,
      team,
      [{ playerId, addonId: input.addonId, quantity: input.quantity }],
      { status: 'paid', note },
      {
        userId: staffId,
        recorded: true,
      },
    );
    return (await golferAddons(tx, [playerId])).get(playerId) ?? [];
  });
}

/** A team's golfers with their add-ons, and the add-ons its tournament offers: the leader's order form and card. */
export async function teamAddons(db: Db, actor: { userId: string; staff: boolean }, teamId: string) {
  const [team] = await db.select({ userId: teams.userId, tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  if (!actor.staff && team.userId !== actor.userId) throw new AppError('FORBIDDEN', "You don't have permission to access this team");
  const roster = await db
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
    .from(players)
    .where(eq(players.teamId, teamId))
    .orderBy(...playerOrder());
  const held = await golferAddons(
    db,
    roster.map((p) => p.id),
  );
  return {
    addons: await listAddons(db, team.tournamentId),
    golfers: roster.map((golfer) => ({ ...golfer, addons: held.get(golfer.id) ?? [] })),
  };
}
