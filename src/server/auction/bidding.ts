// Bidding (R54): one bid is one transaction that takes the lot's row lock (SELECT … FOR UPDATE) first, so bids on a lot are
// strictly ordered whatever process takes them; the rules are the pure applyBid (shared/auction-bidding.ts). In the same
// transaction: the bid rows (ordered by their sequence), the lot's new standing and close (soft close, R53), the outbid
// bidder's e-mail queued (R45) and the notification of the new standing to every process (auction-feed.ts). A refused bid
// changes nothing. docs/decisions/110.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { auctionBids, auctionLots, bidders, golferLinks, messageRecipients, messages, players, teams, tournaments } from '../db/schema';
import { AppError } from '../http/errors';
import { hashToken } from '../golfer-answers/links';
import { applyBid, closeAfterBid } from '../../shared/auction-bidding';
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

/** Per database, per lot: the end of the last bid this process has started on the lot. */
const lotQueues = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Runs `run` after the bids this process already has for the lot (docs/decisions/117): they wait here, in arrival order,
 * without a pool connection, instead of each taking one to wait for the lot's row lock (which still orders the bids of
 * different processes). One busy lot then holds at most one connection of the process, and the other lots' bids find one.
 */
function oneAtATime<T>(db: Db, lotId: string, run: () => Promise<T>): Promise<T> {
  let byLot = lotQueues.get(db);
  if (!byLot) lotQueues.set(db, (byLot = new Map()));
  const result = (byLot.get(lotId) ?? Promise.resolve()).then(run);
  const done = result.then(
    () => {},
    () => {},
  );
  byLot.set(lotId, done);
  void done.then(() => {
    if (byLot.get(lotId) === done) byLot.delete(lotId);
  });
  return result;
}

/** Places one bid on a lot of the tournament's auction (R54); refusals change nothing. */
export async function placeBid(db: Db, tournamentId: string, lotId: string, who: BidderWho, rawInput: unknown, context: BidContext) {
  const input = bidSchema.parse(rawInput);
  await lotTournament(db, lotId, tournamentId);
  const bidder = await bidderOf(db, tournamentId, who, input.showName);
  const { now } = context;
  return oneAtATime(db, lotId, () =>
    db.transaction(async (tx): Promise<BidAnswer> => {
      // The lot's row lock orders every bid on it, across processes; the tournament's times are read in the same statement.
      const [row] = await tx
        .select({ lot: auctionLots, opensAt: tournaments.auctionOpensAt })
        .from(auctionLots)
        .innerJoin(tournaments, eq(tournaments.id, auctionLots.tournamentId))
        .where(eq(auctionLots.id, lotId))
        .for('update', { of: auctionLots });
      if (!row) throw new AppError('NOT_FOUND', BID_MESSAGES.lotNotFound);
      const { lot, opensAt } = row;
      if (lot.closedAt) throw new AppError('CONFLICT', BID_MESSAGES.closed);
      if (!opensAt || !lot.closesAt) throw new AppError('CONFLICT', BID_MESSAGES.noAuction);
      if (now < opensAt) throw new AppError('CONFLICT', BID_MESSAGES.notOpen);
      if (now >= lot.closesAt) throw new AppError('CONFLICT', BID_MESSAGES.closed);

      const outcome = applyBid(lot, lot, { bidderId: bidder.id, kind: input.kind, amountCents: input.amountCents });
      if (!outcome.ok) {
        const message = bidTooLowMessage(outcome.minimumCents, context.currency);
        throw new AppError('VALIDATION', message, { amountCents: message });
      }
      if (bidder.showName !== input.showName) {
        await setShowName(tx, bidder.id, input.showName);
      }
      // The rows and the standing name only this bidder and the lot's previous leader (a proxy bid answers for them): the
      // previous leader is read once, after the lock, for both their label and the outbid e-mail.
      const previous = lot.leaderBidderId && lot.leaderBidderId !== bidder.id ? await bidderRow(tx, lot.leaderBidderId) : null;
      const shown = new Map<string, PublicBidder>([[bidder.id, publicOf({ ...bidder, showName: input.showName })]]);
      if (previous) shown.set(previous.id, publicOf(previous));

      const inserted = outcome.rows.length
        ? await tx
            .insert(auctionBids)
            .values(outcome.rows.map((bid) => ({ ...bid, lotId, createdAt: now })))
            .returning({
              seq: auctionBids.seq,
              bidderId: auctionBids.bidderId,
              amountCents: auctionBids.amountCents,
              proxy: auctionBids.proxy,
            })
        : [];
      const closesAt = outcome.boughtNow ? now : inserted.length ? closeAfterBid(lot.closesAt, now) : lot.closesAt;
      const changes = { ...outcome.standing, bidCount: lot.bidCount + inserted.length, closesAt, updatedAt: now };
      await tx.update(auctionLots).set(changes).where(eq(auctionLots.id, lotId));

      const lotStanding = standingOf({ ...lot, ...changes }, null);
      lotStanding.leader = shown.get(outcome.standing.leaderBidderId) ?? null;
      const bids: BidView[] = inserted
        .map((bid) => ({
          seq: bid.seq,
          bidder: shown.get(bid.bidderId)!,
          amountCents: bid.amountCents,
          proxy: bid.proxy,
          at: now.toISOString(),
        }))
        .reverse();
      const notice = { tournamentId, lotId, lot: { ...lotStanding, bids } };
      const outbid = outcome.outbidBidderId && outcome.outbidBidderId === previous?.id ? previous : null;
      if (outbid?.email) {
        await queueOutbidMail(tx, outbid, notice, {
          title: lot.title,
          currentCents: outcome.standing.currentBidCents,
          ...context,
        });
      } else await notifyAuction(tx, notice);

      const you = shown.get(bidder.id)!;
      return {
        lot: lotStanding,
        bids,
        you: { ...you, leading: outcome.leading },
        message: outcome.boughtNow
          ? BOUGHT_MESSAGE
          : outcome.leading
            ? LEADING_MESSAGE
            : outbidMessage(outcome.standing.currentBidCents, context.currency),
      };
    }),
  );
}

const publicOf = (b: { number: number; name: string; showName: boolean }): PublicBidder => ({
  number: b.number,
  label: publicBidderLabel(b),
});

/** A bidder's row as the bid needs it: their public label and, for the outbid e-mail, their name and address. */
async function bidderRow(tx: Db, bidderId: string) {
  const [row] = await tx
    .select({ id: bidders.id, number: bidders.number, name: bidders.name, showName: bidders.showName, email: bidders.email })
    .from(bidders)
    .where(eq(bidders.id, bidderId));
  return row ?? null;
}

/**
 * The outbid e-mail (R54), queued in the bid's own transaction through the message queue (R45): one message with one
 * recipient per outbid, sent by whichever process claims it. One statement writes both rows and sends the lot's new
 * standing (notifyAuction's notification), so the lot's lock waits on one round trip for all three. A bidder without an
 * e-mail address (a golfer the leader entered without one) gets none: the caller only notifies.
 */
async function queueOutbidMail(
  tx: Db,
  outbid: { name: string; email: string },
  notice: AuctionNotice & { lotId: string },
  lot: { title: string; currentCents: number } & BidContext,
) {
  const link = `${lot.appUrl}/auction/${notice.tournamentId}/lots/${notice.lotId}`;
  const body = `Another bidder now leads on ${lot.title} at ${formatMoney(lot.currentCents, lot.currency)}.\n\nBid again before the lot closes: ${link}`;
  await tx.execute(sql`
    with message as (
      insert into ${messages} (tournament_id, audience, subject, body, sent_by, sender_name)
      values (${notice.tournamentId}, ${OUTBID_AUDIENCE}, ${`You have been outbid: ${lot.title}`}, ${body}, null, 'The silent auction')
      returning id
    ), recipient as (
      insert into ${messageRecipients} (message_id, email, name, reason)
      select id, ${outbid.email}, ${outbid.name}, 'you bid on this lot in the silent auction' from message
    )
    select ${auctionNotification(notice)}`);
}
