// A lot's turn (decision 117): the bids a process has queued for a lot are decided in one transaction, each in arrival
// order and answered with the standing after it, as if it had been alone; a refusal among them changes only itself.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionBids, auctionLots, messageRecipients, messages } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { createTournament } from '../test/factories';
import { bidTooLowMessage } from '../../shared/auction-schemas';
import { bidderFor, type Bidder } from './bidders';
import { decideTogether, LEADING_MESSAGE, OUTBID_AUDIENCE, type BidAnswer, type QueuedBid } from './bidding';
import { createLot, setAuctionTimes } from './lots';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('a lot’s turn (R54)', () => {
  it('decides the queued bids in one transaction, each in order with the standing after it; a refusal changes only itself', async () => {
    const t = await createTournament(db.db);
    await setAuctionTimes(db.db, t.id, { opensAt: '2026-06-10T18:00:00Z', closesAt: '2026-06-10T21:00:00Z' });
    const lot = await createLot(db.db, t.id, { title: 'Signed flag', openingBidCents: 10_000, minRaiseCents: 1_000 });
    // Ann, Bob and Cat: bidders 1, 2 and 3.
    const guests: Bidder[] = [];
    for (const name of ['Ann', 'Bob', 'Cat'])
      guests.push(await bidderFor(db.db, t.id, { name, email: `${name.toLowerCase()}@example.com` }));
    const context = { now: new Date('2026-06-10T19:00:00Z'), appUrl: 'http://portal.test', currency: 'USD' };
    const answers: (BidAnswer | Error)[] = [];
    const queued = (bidder: number, kind: 'bid' | 'max', amountCents: number): QueuedBid => {
      const i = answers.push(new Error('not answered')) - 1;
      return {
        bidder: guests[bidder]!,
        input: { kind, amountCents, showName: false },
        context,
        resolve: (answer) => (answers[i] = answer),
        reject: (error) => (answers[i] = error as Error),
      };
    };
    await decideTogether(db.db, t.id, lot.id, [
      queued(0, 'bid', 10_000),
      queued(1, 'max', 15_000),
      queued(2, 'bid', 10_500),
      queued(0, 'max', 20_000),
    ]);
    const placed = (i: number) => answers[i] as BidAnswer;
    expect(placed(0)).toMatchObject({
      lot: { currentBidCents: 10_000, bidCount: 1 },
      you: { number: 1, leading: true },
      message: LEADING_MESSAGE,
    });
    expect(placed(1)).toMatchObject({ lot: { currentBidCents: 11_000, bidCount: 2, leader: { number: 2 } }, you: { leading: true } });
    expect(answers[2]).toMatchObject({ message: bidTooLowMessage(12_000, 'USD') });
    expect(placed(3)).toMatchObject({ lot: { currentBidCents: 16_000, leader: { number: 1 } }, you: { number: 1, leading: true } });

    const rows = await db.db
      .select({ seq: auctionBids.seq, amountCents: auctionBids.amountCents, tx: sql<string>`${auctionBids}.xmin::text` })
      .from(auctionBids)
      .where(eq(auctionBids.lotId, lot.id))
      .orderBy(auctionBids.seq);
    // Each answer names its own rows, newest first; together they are the lot's rows, in order, all of one transaction.
    const answered = [0, 1, 3].flatMap((i) =>
      placed(i)
        .bids.map((b) => b.seq)
        .reverse(),
    );
    expect(answered).toEqual(rows.map((r) => r.seq));
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
    expect(rows.map((r) => r.amountCents)).toEqual([10_000, 11_000, 15_000, 16_000]);
    const [standing] = await db.db.select().from(auctionLots).where(eq(auctionLots.id, lot.id));
    expect(standing).toMatchObject({ currentBidCents: 16_000, leaderBidderId: guests[0]!.id, bidCount: 4 });
    expect(placed(3).lot.bidCount).toBe(4);

    // One outbid e-mail per lead lost: Ann by Bob's maximum, then Bob by Ann's.
    const mails = await db.db
      .select({ email: messageRecipients.email })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(and(eq(messages.tournamentId, t.id), eq(messages.audience, OUTBID_AUDIENCE)));
    expect(mails.map((m) => m.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
  });
});
