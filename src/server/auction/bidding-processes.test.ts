// R54 across processes, on PostgreSQL: 200 bidders (golfers through their personal links) bid at once on one lot, half
// through this process and half through a second server process (`npm start`'s) on the same database. Every bid row is
// recorded once and in order, none is lost, each accepted bid raises the bid shown, the final leader holds the highest
// maximum (of the two equal highest, the earlier), each outbid bidder gets exactly one e-mail per outbid, and the first
// process's live stream hears the bids taken by the second. Then a bid 10 seconds before the close, through the second
// process, moves the close to two minutes after it (the lot's close is set 10 s ahead; nothing waits).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionBids, auctionLots, messageRecipients, messages, players, teams } from '../db/schema';
import { issueLinks } from '../golfer-answers/links';
import { createTournament } from '../test/factories';
import { testDatabaseKind } from '../test/database';
import { startServer, stopServer, type ServerProcess } from '../test/server-process';
import { readEvents } from '../test/sse-reader';
import { createTestApp, type TestApp } from '../test/test-app';
import { SOFT_CLOSE_MS } from '../../shared/auction-bidding';
import { OUTBID_AUDIENCE } from './bidding';
import { createLot, setAuctionTimes } from './lots';

const BIDDERS = 200;
const TOP = 50_000;

interface Golfer {
  token: string;
  email: string;
}

/** `count` golfers of the tournament who answer for themselves, each with a personal link and an e-mail address. */
async function golfersOf(t: TestApp, tournamentId: string, count: number): Promise<Golfer[]> {
  const tag = randomBytes(3).toString('hex');
  const teamRows = await t.db
    .insert(teams)
    .values(Array.from({ length: Math.ceil(count / 4) }, (_, i) => ({ tournamentId, name: `Bidders ${tag} ${i}` })))
    .returning({ id: teams.id });
  const playerRows = await t.db
    .insert(players)
    .values(
      Array.from({ length: count }, (_, i) => ({
        teamId: teamRows[Math.floor(i / 4)]!.id,
        firstName: 'Bidder',
        lastName: `${i}`,
        email: `bidder-${tag}-${i}@example.org`,
        answeredBy: 'golfer',
      })),
    )
    .returning({ id: players.id, email: players.email });
  const links = await issueLinks(
    t.db,
    playerRows.map((p) => p.id),
  );
  return playerRows.map((p) => ({ token: links.get(p.id)!, email: p.email }));
}

describe('two app instances on one database (both databases)', () => {
  it("streams a bid taken by one instance to the other's pages", async () => {
    const t = await createTestApp();
    const other = await createTestApp({ database: t.database });
    try {
      const tournament = await createTournament(t.db);
      const now = Date.now();
      await setAuctionTimes(t.db, tournament.id, {
        opensAt: new Date(now - 3600_000).toISOString(),
        closesAt: new Date(now + 3600_000).toISOString(),
      });
      const lot = await createLot(t.db, tournament.id, { title: 'Caddie for a day', openingBidCents: 5_000, minRaiseCents: 500 });
      const [golfer] = await golfersOf(t, tournament.id, 1);
      await other.deps.auctionFeed.ready();
      const stream = readEvents(await other.request(`/api/auction/${tournament.id}/events`));
      try {
        const placed = await t.call(`/api/auction/${tournament.id}/lots/${lot.id}/bids`, {
          json: { amountCents: 6_000, golferToken: golfer!.token },
        });
        expect(placed.status).toBe(201);
        const event = await stream.until((e) => e.event === 'lot');
        expect(JSON.parse(event.data)).toMatchObject({ id: lot.id, currentBidCents: 6_000, bidCount: 1, leader: { label: 'Bidder #1' } });
      } finally {
        await stream.close();
      }
    } finally {
      await other.deps.auctionFeed.close();
      await t.deps.auctionFeed.close();
      await other.close();
      await t.close();
    }
  });
});

if (testDatabaseKind() === 'postgres') {
  describe('bids through two processes on one lot (R54)', () => {
    let t: TestApp;
    let second: ServerProcess | undefined;
    beforeAll(async () => {
      t = await createTestApp();
      second = await startServer({ DATABASE_URL: t.database.url! });
    }, 240_000);
    afterAll(async () => {
      if (second) await stopServer(second);
      await t?.deps.auctionFeed.close();
      await t?.close();
    });

    /** A tournament whose auction is open now, with one lot (no buy-now), closing `closesInMs` from now. */
    async function openLot(closesInMs: number) {
      const tournament = await createTournament(t.db);
      const now = Date.now();
      await setAuctionTimes(t.db, tournament.id, {
        opensAt: new Date(now - 3600_000).toISOString(),
        closesAt: new Date(now + closesInMs).toISOString(),
      });
      const lot = await createLot(t.db, tournament.id, { title: 'Signed pin flag', openingBidCents: 10_000, minRaiseCents: 100 });
      return { tournamentId: tournament.id, lotId: lot.id };
    }

    function bidThrough(which: 'this' | 'second', path: string, body: Record<string, unknown>) {
      if (which === 'this') return t.call(path, { json: body }).then(({ status, body: answer }) => ({ status, answer }));
      // A connection of its own per bid (no keep-alive): a reused socket the server is closing meanwhile would fail a bid
      // that was never sent, which the test would count as lost.
      const payload = JSON.stringify(body);
      return new Promise<{ status: number; answer: any }>((resolve, reject) => {
        const request = http.request(
          `${second!.url}${path}`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', origin: second!.url, 'content-length': Buffer.byteLength(payload) },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, answer: JSON.parse(text) }));
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    }

    it('orders 200 bids at once: none lost, each raising the bid, the highest maximum leads, one e-mail per outbid', async () => {
      const { tournamentId, lotId } = await openLot(3600_000);
      const golfers = await golfersOf(t, tournamentId, BIDDERS);
      // Distinct maximums below the top, in a shuffled order, and two equal top maximums among them, one through each process.
      const maxima = golfers.map((_, i) => 10_000 + ((i * 7919) % (BIDDERS - 2)) * 150);
      const [firstTop, secondTop] = [37, 150];
      maxima[firstTop] = TOP;
      maxima[secondTop] = TOP;

      await t.deps.auctionFeed.ready();
      const stream = readEvents(await t.request(`/api/auction/${tournamentId}/events`));
      const path = `/api/auction/${tournamentId}/lots/${lotId}/bids`;
      const results = await Promise.all(
        golfers.map((golfer, i) =>
          bidThrough(i % 2 ? 'second' : 'this', path, { kind: 'max', amountCents: maxima[i], golferToken: golfer.token }).then(
            (result) => ({ ...result, golfer, index: i }),
          ),
        ),
      );

      // Each bid was placed or refused as too low (the bid had passed it), never failed.
      expect(results.filter((r) => r.status !== 201 && r.status !== 400).map((r) => [r.status, r.answer])).toEqual([]);
      for (const refused of results.filter((r) => r.status === 400)) expect(refused.answer.error.fields.amountCents).toMatch(/at least/);
      const accepted = results.filter((r) => r.status === 201);
      expect(accepted.length).toBeGreaterThan(1);
      // Both processes took bids.
      expect(new Set(accepted.map((r) => r.index % 2)).size).toBe(2);

      // None lost, none extra: the rows the answers reported are exactly the lot's rows, and the lot counts them.
      const rows = await t.db.select().from(auctionBids).where(eq(auctionBids.lotId, lotId)).orderBy(auctionBids.seq);
      const reported = accepted.flatMap((r) => r.answer.bids.map((b: { seq: number }) => b.seq)).sort((a, b) => a - b);
      expect(reported).toEqual(rows.map((r) => r.seq));
      const [lot] = await t.db.select().from(auctionLots).where(eq(auctionLots.id, lotId));
      expect(lot!.bidCount).toBe(rows.length);
      // In order: amounts never go down along the sequence, and each accepted bid raised the bid shown.
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.amountCents).toBeGreaterThanOrEqual(rows[i - 1]!.amountCents);
      const inOrder = accepted.filter((r) => r.answer.bids.length > 0).sort((a, b) => a.answer.bids[0].seq - b.answer.bids[0].seq);
      for (let i = 1; i < inOrder.length; i++) {
        expect(inOrder[i]!.answer.lot.currentBidCents).toBeGreaterThan(inOrder[i - 1]!.answer.lot.currentBidCents);
      }

      // The highest maximum leads; of the two equal highest, the one placed first (its row's sequence is the lower).
      const seqOf = (index: number) => accepted.find((r) => r.index === index)!.answer.bids.at(-1).seq as number;
      const earlier = seqOf(firstTop) < seqOf(secondTop) ? firstTop : secondTop;
      const later = earlier === firstTop ? secondTop : firstTop;
      expect(lot!.leaderMaxCents).toBe(TOP);
      expect(lot!.currentBidCents).toBe(TOP);
      expect(accepted.find((r) => r.index === earlier)!.answer.you.number).toBe(
        accepted.find((r) => r.index === later)!.answer.lot.leader.number,
      );
      expect(accepted.find((r) => r.index === later)!.answer.you.leading).toBe(false);

      // One e-mail per outbid: each time the lead passed from one bidder to another, the one who lost it, once.
      const expectedMails = new Map<string, number>();
      const emailOf = new Map(accepted.map((r) => [r.answer.you.number as number, r.golfer.email]));
      let leader: number | null = null;
      for (const r of inOrder) {
        const now = r.answer.lot.leader.number as number;
        if (leader != null && now !== leader) expectedMails.set(emailOf.get(leader)!, (expectedMails.get(emailOf.get(leader)!) ?? 0) + 1);
        leader = now;
      }
      const mails = await t.db
        .select({ email: messageRecipients.email })
        .from(messageRecipients)
        .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
        .where(and(eq(messages.tournamentId, tournamentId), eq(messages.audience, OUTBID_AUDIENCE)));
      const got = new Map<string, number>();
      for (const { email } of mails) got.set(email, (got.get(email) ?? 0) + 1);
      expect(got).toEqual(expectedMails);
      expect(expectedMails.size).toBeGreaterThan(0);

      // This process's live page heard the last bid, whichever process took it.
      try {
        await stream.until((event) => event.event === 'lot' && JSON.parse(event.data).bidCount === rows.length);
      } finally {
        await stream.close();
      }
    }, 240_000);

    it('a bid 10 seconds before the close, through the second process, moves the close to two minutes after it', async () => {
      const { tournamentId, lotId } = await openLot(10_000);
      const [golfer] = await golfersOf(t, tournamentId, 1);
      const [before] = await t.db.select({ closesAt: auctionLots.closesAt }).from(auctionLots).where(eq(auctionLots.id, lotId));
      const sent = Date.now();
      const { status, answer } = await bidThrough('second', `/api/auction/${tournamentId}/lots/${lotId}/bids`, {
        amountCents: 10_000,
        golferToken: golfer!.token,
      });
      const answered = Date.now();
      expect(status).toBe(201);
      const closesAt = Date.parse(answer.lot.closesAt);
      expect(closesAt).toBeGreaterThan(before!.closesAt!.getTime());
      expect(closesAt).toBeGreaterThanOrEqual(sent + SOFT_CLOSE_MS);
      expect(closesAt).toBeLessThanOrEqual(answered + SOFT_CLOSE_MS);
    }, 60_000);
  });
}
