// Closing the silent auction (R55): at each lot's close (the auction's, or later after a soft close) the lot goes to its
// leader once — closed_at, the winner, the amount won, and the winner's money line (a purchase of kind 'lot', unpaid with a
// deadline like an item's, R36). Run by the periodic closer (closer.ts) and lazily by every read of lots, so a lot is closed
// on time whether or not a job ran. Each lot is taken FOR UPDATE SKIP LOCKED and changed only while still open, so two
// processes closing at once close each lot exactly once (docs/decisions/111).
//
// When a tournament's last lot has closed, its winners' e-mails are queued (R45) in the same transaction: one per winner,
// listing every lot they won, with the link to pay for them all at once.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect';
import { auctionLots, bidders, messageRecipients, messages, tournaments } from '../db/schema';
import { HOLD_HOURS } from '../../shared/editing-lock';
import { formatMoney } from '../../shared/money';
import { WINNERS_AUDIENCE } from '../../shared/message-schemas';
import { insertPurchases } from '../purchases/service';
import { issueLinks } from '../golfer-answers/links';

/** At most this many lots per transaction (a batch); the pass goes on until none is due. */
const BATCH = 100;

export interface CloseOptions {
  /** Only this tournament's lots (a page reading them); every tournament's otherwise (the periodic closer). */
  tournamentId?: string;
  appUrl: string;
  currency: string;
  /** How long a winner has before the reminder's deadline (R24's hold); HOLD_HOURS by default. */
  holdHours?: number;
}

export interface CloseResult {
  /** Lots closed in this pass: with a winner, or unsold (`winnerBidderId` null). */
  closed: { lotId: string; tournamentId: string; winnerBidderId: string | null; wonCents: number | null }[];
  /** Tournaments whose winners' e-mails were queued in this pass. */
  mailed: string[];
}

/** The signature of the winners' e-mails (signed "…, for <organisation>" by the message template). */
export const WINNERS_SENDER = 'The auction team';

/** Where a signed-in winner sees and pays their lots (client/auction/your-lots-page.tsx). */
export const YOUR_LOTS_PATH = '/auction/lots';
/** The same page behind a golfer's personal link (R42). */
export const golferLotsPath = (token: string) => `/golfer/${token}/lots`;

/** Closes every lot whose close has passed (batch by batch), and queues the winners' e-mails of auctions now over. */
export async function closeDueLots(db: Db, now: Date, options: CloseOptions): Promise<CloseResult> {
  const result: CloseResult = { closed: [], mailed: [] };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const closed = await closeBatch(tx, now, options);
      const mailed: string[] = [];
      for (const tournamentId of new Set(closed.map((c) => c.tournamentId)))
        if (await queueWinnersMail(tx, tournamentId, options)) mailed.push(tournamentId);
      return { closed, mailed };
    });
    result.closed.push(...batch.closed);
    result.mailed.push(...batch.mailed);
    if (batch.closed.length < BATCH) return result;
  }
}

async function closeBatch(tx: Db, now: Date, options: CloseOptions) {
  const at = now.toISOString();
  // A lot another process is closing (or a bid is being taken on) is skipped, not waited for: that process closes it, or
  // the next pass does. Under the lock the row is read again, so a lot just closed elsewhere no longer matches.
  const due = await queryRows<{ id: string }>(
    tx,
    sql`select l.id from auction_lots l join tournaments t on t.id = l.tournament_id
        where l.closed_at is null and coalesce(l.closes_at, t.auction_closes_at) <= ${at}::timestamptz
          ${options.tournamentId ? sql`and l.tournament_id = ${options.tournamentId}::uuid` : sql``}
        order by l.id limit ${BATCH}
        for update of l skip locked`,
  );
  if (due.length === 0) return [];
  const lots = await tx
    .select({
      id: auctionLots.id,
      tournamentId: auctionLots.tournamentId,
      valueCents: auctionLots.valueCents,
      currentBidCents: auctionLots.currentBidCents,
      leaderBidderId: auctionLots.leaderBidderId,
      // The id first: drizzle reads a left-joined object as missing when its first field is null (a guest has no user id).
      bidder: { id: bidders.id, userId: bidders.userId, name: bidders.name, email: bidders.email },
    })
    .from(auctionLots)
    .leftJoin(bidders, eq(bidders.id, auctionLots.leaderBidderId))
    .where(
      and(
        inArray(
          auctionLots.id,
          due.map((d) => d.id),
        ),
        isNull(auctionLots.closedAt),
      ),
    );
  const holdUntil = new Date(now.getTime() + (options.holdHours ?? HOLD_HOURS) * 3600_000);
  const closed: CloseResult['closed'] = [];
  for (const lot of lots) {
    const won = lot.leaderBidderId && lot.bidder && lot.currentBidCents ? lot.currentBidCents : null;
    let purchaseId: string | null = null;
    if (won) {
      const [purchase] = await insertPurchases(tx, [
        {
          tournamentId: lot.tournamentId,
          kind: 'lot',
          userId: lot.bidder!.userId,
          buyerName: lot.bidder!.name,
          buyerEmail: lot.bidder!.email,
          paymentStatus: 'pending',
          holdUntil,
          amountCents: won,
          fmvCents: lot.valueCents,
          lotId: lot.id,
          bidderId: lot.leaderBidderId,
          note: 'Won at the auction',
        },
      ]);
      purchaseId = purchase!.id;
    }
    // Only while still open: the last guard of "once" (with purchases_one_per_lot).
    const changed = await tx
      .update(auctionLots)
      .set({ closedAt: now, winnerBidderId: won ? lot.leaderBidderId : null, wonCents: won, purchaseId, updatedAt: now })
      .where(and(eq(auctionLots.id, lot.id), isNull(auctionLots.closedAt)))
      .returning({ id: auctionLots.id });
    if (changed.length === 0) throw new Error(`auction lot ${lot.id} was closed twice`);
    closed.push({ lotId: lot.id, tournamentId: lot.tournamentId, winnerBidderId: won ? lot.leaderBidderId : null, wonCents: won });
  }
  return closed;
}

/**
 * Queues one e-mail per winner once the tournament's last lot has closed, and only once: under a per-tournament lock, and
 * only while the tournament has no winners' message yet. Two processes that close its last two lots at once both get
 * here; the second to take the lock sees the first's lot closed (and, if the first queued, its messages).
 */
async function queueWinnersMail(tx: Db, tournamentId: string, options: CloseOptions): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('golf-portal:auction-winners'), hashtext(${tournamentId}))`);
  const [state] = await queryRows<{ open: number; mailed: number }>(
    tx,
    sql`select (select count(*)::int from auction_lots where tournament_id = ${tournamentId}::uuid and closed_at is null) as open,
               (select count(*)::int from messages where tournament_id = ${tournamentId}::uuid and audience = ${WINNERS_AUDIENCE}) as mailed`,
  );
  if (!state || state.open > 0 || state.mailed > 0) return false;
  const won = await tx
    .select({
      bidderId: bidders.id,
      number: bidders.number,
      name: bidders.name,
      email: bidders.email,
      userId: bidders.userId,
      playerId: bidders.playerId,
      title: auctionLots.title,
      wonCents: auctionLots.wonCents,
      tournamentName: tournaments.name,
    })
    .from(auctionLots)
    .innerJoin(bidders, eq(bidders.id, auctionLots.winnerBidderId))
    .innerJoin(tournaments, eq(tournaments.id, auctionLots.tournamentId))
    .where(eq(auctionLots.tournamentId, tournamentId))
    .orderBy(bidders.number, auctionLots.sortOrder, auctionLots.title);
  const byWinner = new Map<string, typeof won>();
  for (const row of won) byWinner.set(row.bidderId, [...(byWinner.get(row.bidderId) ?? []), row]);
  // A golfer without an account pays through a personal link (R42): a new one, as the e-mail is the only place it is kept.
  const golfers = [...byWinner.values()].map((rows) => rows[0]!).filter((w) => !w.userId && w.playerId);
  const tokens = await issueLinks(
    tx,
    golfers.map((w) => w.playerId!),
  );
  for (const rows of byWinner.values()) {
    const winner = rows[0]!;
    if (!winner.email) continue;
    const token = winner.playerId ? tokens.get(winner.playerId) : undefined;
    const [message] = await tx
      .insert(messages)
      .values({
        tournamentId,
        audience: WINNERS_AUDIENCE,
        subject: `Your winning lots at ${winner.tournamentName}`,
        body: winnersBody(rows, { ...options, link: payLink(options.appUrl, winner.userId, token) }),
        sentBy: null,
        senderName: WINNERS_SENDER,
      })
      .returning({ id: messages.id });
    await tx.insert(messageRecipients).values({
      messageId: message!.id,
      email: winner.email,
      name: winner.name,
      reason: `you won at the silent auction as bidder #${winner.number}`,
    });
  }
  return true;
}

/** Where the e-mail sends a winner to pay: their lots signed in, or their golfer link; none for a guest staff added. */
function payLink(appUrl: string, userId: string | null, token: string | undefined): string | null {
  if (userId) return `${appUrl}${YOUR_LOTS_PATH}`;
  if (token) return `${appUrl}${golferLotsPath(token)}`;
  return null;
}

/** The e-mail's text: each lot once with its amount, the total, and how to pay (paragraphs: the template's blank lines). */
export function winnersBody(
  lots: readonly { title: string; wonCents: number | null }[],
  options: { currency: string; link: string | null },
): string {
  const money = (cents: number) => formatMoney(cents, options.currency);
  const total = lots.reduce((sum, lot) => sum + (lot.wonCents ?? 0), 0);
  return [
    `Congratulations: the silent auction has closed and ${lots.length === 1 ? 'this lot is' : `these ${lots.length} lots are`} yours.`,
    ...lots.map((lot) => `${lot.title}: ${money(lot.wonCents ?? 0)}`),
    `Total: ${money(total)}.`,
    options.link
      ? `Pay for ${lots.length === 1 ? 'it' : 'all of them'} in one card payment here: ${options.link} — or at the checkout table tonight.`
      : 'Please pay at the checkout table: cash, cheque or card.',
  ].join('\n\n');
}
