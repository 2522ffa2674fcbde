// Bidding (R54): one bid is one transaction that takes the lot's row lock (SELECT … FOR UPDATE) first, so bids on a lot are
// strictly ordered whatever process takes them; the rules are the pure applyBid (shared/auction-bidding.ts). In the same
// transaction: the bid rows (ordered by their sequence), the lot's new standing and close (soft close, R53), the outbid
// bidder's e-mail queued (R45) and the notification of the new standing to every process (auction-feed.ts). A refused bid
// changes nothing. docs/decisions/110.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import { auctionBids, auctionLots, bidders, golferLinks, messageRecipients, messages, players, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { hashToken } from '../golfer-answers/links';
import { applyBid, closeAfterBid, type BidRow } from '../../shared/auction-bidding';
import { BID_MESSAGES, bidSchema, bidTooLowMessage } from '../../shared/auction-schemas';
import { formatMoney } from '../../shared/money';
import { bidderFor, publicBidderLabel, setShowName, type Bidder, type BidderIdentity } from './bidders';
import { auctionNotification, notifyAuction, type AuctionNotice } from './auction-feed';
import { standingOf, type BidView, type LotStanding, type PublicBidder } from './lots';

/** The outbid e-mails' audience in the message queue: not one of the staff's messages (their page lists only those). */
export const OUTBID_AUDIENCE = 'auction-outbid';

/** Who bids: a signed-in user, or a golfer through their personal link (its token, R42). */
export type BidderWho = { userId: string; name: string; email: string } | { golferToken: string };

export interface BidContext {
  now: Date;
  appUrl: string;
  currency: string;
}

export interface BidAnswer {
  lot: LotStanding;
  /** The rows just recorded, newest first. */
  bids: BidView[];
  you: { number: number; label: string; leading: boolean };
  message: string;
}

export const LEADING_MESSAGE = 'You are the highest bidder';
export const outbidMessage = (currentCents: number, currency: string) =>
  `Outbid: another bidder’s maximum is higher. The bid is now ${formatMoney(currentCents, currency)}`;
export const BOUGHT_MESSAGE = 'You bought this lot at its buy-now price';

/** The golfer behind a personal link (R42) and their tournament; a link no longer valid is a 403 with the link's words. */
async function golferOf(db: Db, token: string) {
  const [row] = await db
    .select({
      playerId: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      email: players.email,
      tournamentId: teams.tournamentId,
    })
    .from(golferLinks)
    .innerJoin(players, eq(players.id, golferLinks.playerId))
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(and(eq(golferLinks.tokenHash, hashToken(token)), eq(players.answeredBy, 'golfer')));
  if (!row) throw new AppError('FORBIDDEN', BID_MESSAGES.link);
  return row;
}

/** The bidder placing this bid in this tournament (numbered on their first bid), with the tick for their name applied. */
async function bidderOf(db: Db, tournamentId: string, who: BidderWho, showName: boolean): Promise<Bidder> {
  let identity: BidderIdentity;
  if ('golferToken' in who) {
    const golfer = await golferOf(db, who.golferToken);
    if (golfer.tournamentId !== tournamentId) throw new AppError('FORBIDDEN', BID_MESSAGES.otherTournament);
    identity = { playerId: golfer.playerId, name: `${golfer.firstName} ${golfer.lastName}`.trim(), email: golfer.email };
  } else identity = who;
  return bidderFor(db, tournamentId, identity, showName);
}

/** The tournament a lot belongs to, or a 404; a lot of another tournament than the page's is refused (409). */
async function lotTournament(db: Db, lotId: string, tournamentId: string): Promise<void> {
  const [lot] = await db.select({ tournamentId: auctionLots.tournamentId }).from(auctionLots).where(eq(auctionLots.id, lotId));
  if (!lot) throw new AppError('NOT_FOUND', BID_MESSAGES.lotNotFound);
  if (lot.tournamentId !== tournamentId) throw new AppError('CONFLICT', BID_MESSAGES.otherTournament);
}

/** One bid waiting for its lot's next turn in this process: who, what, and how to answer it. */
export interface QueuedBid {
  bidder: Bidder;
  input: z.infer<typeof bidSchema>;
  context: BidContext;
  resolve: (answer: BidAnswer) => void;
  reject: (error: unknown) => void;
}

/** Per database, per lot: the bids this process has for the lot that wait for the turn being decided to end. */
const lotQueues = new WeakMap<Db, Map<string, QueuedBid[]>>();

/** At most this many of a lot's queued bids are decided in one transaction. */
const MOST_PER_TURN = 50;

/**
 * Decides the bid with the others this process has for the lot (docs/decisions/117, registration's locked-section.ts
 * pattern): the bids that arrive while a lot's transaction runs wait here, without a pool connection, and the next turn
 * decides them all in one transaction: one lock, one insert, one update, one notification, one commit, each bid still
 * applied in arrival order and answered with the standing after it. A lot's bids then cost one turn of round trips per
 * batch instead of per bid: on a machine short of CPU every round trip waits to be scheduled, and the lot's lock (which still
 * orders the two processes' turns) was held for all of them, bid after bid.
 */
function decideInTurn(db: Db, tournamentId: string, lotId: string, bid: Omit<QueuedBid, 'resolve' | 'reject'>): Promise<BidAnswer> {
  let byLot = lotQueues.get(db);
  if (!byLot) lotQueues.set(db, (byLot = new Map()));
  const queue = byLot;
  return new Promise<BidAnswer>((resolve, reject) => {
    const waiting = queue.get(lotId);
    if (waiting) return void waiting.push({ ...bid, resolve, reject });
    const turn: QueuedBid[] = [{ ...bid, resolve, reject }];
    queue.set(lotId, []);
    void (async () => {
      for (let batch = turn; batch.length > 0;) {
        await decideTogether(db, tournamentId, lotId, batch);
        const next = queue.get(lotId)!;
        batch = next.splice(0, MOST_PER_TURN);
      }
      queue.delete(lotId);
    })();
  });
}

/** Places one bid on a lot of the tournament's auction (R54); refusals change nothing. */
export async function placeBid(db: Db, tournamentId: string, lotId: string, who: BidderWho, rawInput: unknown, context: BidContext) {
  const input = bidSchema.parse(rawInput);
  await lotTournament(db, lotId, tournamentId);
  const bidder = await bidderOf(db, tournamentId, who, input.showName);
  return decideInTurn(db, tournamentId, lotId, { bidder, input, context });
}

/** A bidder as a bid needs them: their public label and, for the outbid e-mail, their name and address. */
type BidderRow = Pick<Bidder, 'id' | 'number' | 'name' | 'showName' | 'email'>;

/** One turn of a lot: its queued bids in one transaction, each answered (or refused) as if it had been alone. */
export async function decideTogether(db: Db, tournamentId: string, lotId: string, batch: QueuedBid[]): Promise<void> {
  let outcomes: (BidAnswer | AppError)[];
  try {
    outcomes = await db.transaction(async (tx) => {
      // The lot's row lock orders every bid on it, across processes; the tournament's times are read in the same statement.
      const [row] = await tx
        .select({ lot: auctionLots, opensAt: tournaments.auctionOpensAt })
        .from(auctionLots)
        .innerJoin(tournaments, eq(tournaments.id, auctionLots.tournamentId))
        .where(eq(auctionLots.id, lotId))
        .for('update', { of: auctionLots });
      if (!row) throw new AppError('NOT_FOUND', BID_MESSAGES.lotNotFound);
      const { opensAt } = row;
      const first = row.lot;
      let lot = first;
      // Every row and standing names only this turn's bidders and the lot's leader before it (a proxy bid answers for
      // them): the previous leader is read once, after the lock, for their label and the outbid e-mail. Not joined into the
      // locking SELECT: after a lock wait PostgreSQL re-checks the lot's new row against the joined rows read before waiting.
      const known = new Map<string, BidderRow>(batch.map(({ bidder }) => [bidder.id, bidder]));
      if (lot.leaderBidderId && !known.has(lot.leaderBidderId)) {
        const previous = await bidderRow(tx, lot.leaderBidderId);
        if (previous) known.set(previous.id, previous);
      }
      const labelOf = (id: string) => publicOf(known.get(id)!);
      const rows: (BidRow & { lotId: string; createdAt: Date })[] = [];
      const mails: { outbid: BidderRow; title: string; currentCents: number; context: BidContext }[] = [];
      const decided: (
        AppError | { from: number; to: number; standing: LotStanding; you: PublicBidder; leading: boolean; message: string; now: Date }
      )[] = [];
      for (const { bidder, input, context } of batch) {
        const { now } = context;
        const refuse = (error: AppError) => void decided.push(error);
        if (lot.closedAt) refuse(new AppError('CONFLICT', BID_MESSAGES.closed));
        else if (!opensAt || !lot.closesAt) refuse(new AppError('CONFLICT', BID_MESSAGES.noAuction));
        else if (now < opensAt) refuse(new AppError('CONFLICT', BID_MESSAGES.notOpen));
        else if (now >= lot.closesAt) refuse(new AppError('CONFLICT', BID_MESSAGES.closed));
        else {
          const outcome = applyBid(lot, lot, { bidderId: bidder.id, kind: input.kind, amountCents: input.amountCents });
          if (!outcome.ok) {
            const message = bidTooLowMessage(outcome.minimumCents, context.currency);
            refuse(new AppError('VALIDATION', message, { amountCents: message }));
            continue;
          }
          const self = known.get(bidder.id)!;
          if (self.showName !== input.showName) {
            await setShowName(tx, bidder.id, input.showName);
            known.set(bidder.id, { ...self, showName: input.showName });
          }
          const from = rows.length;
          rows.push(...outcome.rows.map((bid) => ({ ...bid, lotId, createdAt: now })));
          const closesAt = outcome.boughtNow ? now : outcome.rows.length ? closeAfterBid(lot.closesAt, now) : lot.closesAt;
          lot = { ...lot, ...outcome.standing, bidCount: lot.bidCount + outcome.rows.length, closesAt, updatedAt: now };
          const standing = standingOf(lot, null);
          standing.leader = labelOf(outcome.standing.leaderBidderId);
          const outbid = outcome.outbidBidderId ? known.get(outcome.outbidBidderId) : undefined;
          if (outbid?.email) mails.push({ outbid, title: lot.title, currentCents: outcome.standing.currentBidCents, context });
          decided.push({
            from,
            to: rows.length,
            standing,
            you: labelOf(bidder.id),
            leading: outcome.leading,
            now,
            message: outcome.boughtNow
              ? BOUGHT_MESSAGE
              : outcome.leading
                ? LEADING_MESSAGE
                : outbidMessage(outcome.standing.currentBidCents, context.currency),
          });
        }
      }
      if (lot === first) return decided as AppError[];

      const inserted = rows.length ? await tx.insert(auctionBids).values(rows).returning({ seq: auctionBids.seq }) : [];
      const { currentBidCents, leaderBidderId, leaderMaxCents, bidCount, closesAt, updatedAt } = lot;
      await tx
        .update(auctionLots)
        .set({ currentBidCents, leaderBidderId, leaderMaxCents, bidCount, closesAt, updatedAt })
        .where(eq(auctionLots.id, lotId));
      const viewOf = (i: number): BidView => ({
        seq: inserted[i]!.seq,
        bidder: labelOf(rows[i]!.bidderId),
        amountCents: rows[i]!.amountCents,
        proxy: rows[i]!.proxy,
        at: rows[i]!.createdAt.toISOString(),
      });
      const last = decided.findLast((d) => !(d instanceof AppError)) as Exclude<(typeof decided)[number], AppError>;
      const notice = {
        tournamentId,
        lotId,
        lot: { ...last.standing, bids: rows.map((_, i) => viewOf(i)).reverse() },
      };
      await queueOutbidMails(tx, mails, notice);
      return decided.map((d) => {
        if (d instanceof AppError) return d;
        const bids = Array.from({ length: d.to - d.from }, (_, k) => viewOf(d.from + k)).reverse();
        return { lot: d.standing, bids, you: { ...d.you, leading: d.leading }, message: d.message };
      });
    });
  } catch (error) {
    for (const bid of batch) bid.reject(error);
    return;
  }
  batch.forEach((bid, i) => {
    const outcome = outcomes[i]!;
    if (outcome instanceof AppError) bid.reject(outcome);
    else bid.resolve(outcome);
  });
}

const publicOf = (b: { number: number; name: string; showName: boolean }): PublicBidder => ({
  number: b.number,
  label: publicBidderLabel(b),
});

/** A bidder's row as the bid needs it: their public label and, for the outbid e-mail, their name and address. */
async function bidderRow(tx: Db, bidderId: string): Promise<BidderRow | null> {
  const [row] = await tx
    .select({ id: bidders.id, number: bidders.number, name: bidders.name, showName: bidders.showName, email: bidders.email })
    .from(bidders)
    .where(eq(bidders.id, bidderId));
  return row ?? null;
}

/**
 * The outbid e-mails of a lot's turn (R54), queued in its own transaction through the message queue (R45): one message
 * with one recipient per outbid, sent by whichever process claims it. One statement writes them all and sends the lot's
 * new standing (notifyAuction's notification), so the lot's lock waits on one round trip for every one of them. A bidder
 * without an e-mail address (a golfer the leader entered without one) gets none.
 */
async function queueOutbidMails(
  tx: Db,
  mails: { outbid: BidderRow; title: string; currentCents: number; context: BidContext }[],
  notice: AuctionNotice & { lotId: string },
) {
  const parts = mails.map(({ outbid, title, currentCents, context }, i) => {
    const link = `${context.appUrl}/auction/${notice.tournamentId}/lots/${notice.lotId}`;
    const body = `Another bidder now leads on ${title} at ${formatMoney(currentCents, context.currency)}.\n\nBid again before the lot closes: ${link}`;
    const message = sql.raw(`message_${i}`);
    return sql`${message} as (
      insert into ${messages} (tournament_id, audience, subject, body, sent_by, sender_name)
      values (${notice.tournamentId}, ${OUTBID_AUDIENCE}, ${`You have been outbid: ${title}`}, ${body}, null, 'The silent auction')
      returning id
    ), ${sql.raw(`recipient_${i}`)} as (
      insert into ${messageRecipients} (message_id, email, name, reason)
      select id, ${outbid.email}, ${outbid.name}, 'you bid on this lot in the silent auction' from ${message}
    )`;
  });
  if (parts.length === 0) return notifyAuction(tx, notice);
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} select ${auctionNotification(notice)}`);
}
