// Closing the auction (R55): each lot goes to its leader exactly once, even with two closers at once (a real race on
// PostgreSQL, TEST_DATABASE_URL; PGlite runs them one after another), an unbid lot closes unsold, a lot is closed by the
// page that reads it without any job, and each winner gets one e-mail listing every lot they won, through the queue (R45).
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auctionLots, messageRecipients, messages, paymentEvents, payments, purchases } from '../db/schema';
import { startMessageSender } from '../messages/sender';
import { recipientCounts } from '../messages/service';
import { openAuction, insertLot, placeBids } from '../test/auction-lots';
import { createTournament } from '../test/factories';
import { fileAppWithMail, usePool } from '../test/file-app';
import { useClock } from '../test/fixtures';
import { testDatabaseKind } from '../test/database';
import { WINNERS_AUDIENCE } from '../../shared/message-schemas';
import { bidderFor } from './bidders';
import { closeDueLots } from './closing';

const { app: t, mail } = await fileAppWithMail();
const staff = await t.createUser('admin');
const closeOptions = { appUrl: t.config.appUrl, currency: t.config.currency };

async function deliverAll() {
  const sender = startMessageSender(
    { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
    { intervalMs: 3_600_000 },
  );
  try {
    for (let pass = 0; pass < 50 && (await recipientCounts(t.db)).waiting > 0; pass++) await sender.runOnce();
  } finally {
    await sender.stop();
  }
}

/** A tournament whose auction closed a minute ago, with `n` lots bid on by three bidders in turn, and one unbid lot. */
async function closedAuction(n: number) {
  const tournament = await createTournament(t.db);
  const closesAt = new Date(Date.now() - 60_000);
  await openAuction(t.db, tournament.id, closesAt);
  const people = await Promise.all(
    ['Ann', 'Bo', 'Cy'].map((name, i) =>
      bidderFor(t.db, tournament.id, { name: `${name} Bidder`, email: `${name.toLowerCase()}-${tournament.id}@example.org` }, i === 0),
    ),
  );
  const lots = [];
  for (let i = 0; i < n; i++) {
    const lot = await insertLot(t.db, tournament.id, { title: `Lot ${i + 1}`, valueCents: 10_000, sortOrder: i });
    await placeBids(t.db, lot.id, [
      { bidder: people[(i + 1) % 3]!, amountCents: 5_000 },
      { bidder: people[i % 3]!, amountCents: 12_000 + i * 100 },
    ]);
    lots.push(lot);
  }
  const unbid = await insertLot(t.db, tournament.id, { title: 'Nobody wanted it', sortOrder: n });
  return { tournament, people, lots, unbid };
}

describe('closing each lot once (R55)', () => {
  // Two processes' own pools on PostgreSQL; PGlite has one connection (its transactions take turns).
  const onPostgres = testDatabaseKind() === 'postgres';
  const first = onPostgres ? usePool(() => t, 4) : t;
  const second = onPostgres ? usePool(() => t, 4) : t;

  it('two closers at once close every lot exactly once: one winner, one purchase, one history row, one e-mail per winner', async () => {
    const { tournament, people, lots, unbid } = await closedAuction(30);
    const now = new Date();
    const passes = await Promise.all([
      closeDueLots(first.db, now, closeOptions),
      closeDueLots(second.db, now, closeOptions),
      closeDueLots(first.db, now, closeOptions),
      closeDueLots(second.db, now, closeOptions),
    ]);
    const closedIds = passes.flatMap((p) => p.closed.map((c) => c.lotId));
    expect(closedIds.sort()).toEqual([...lots.map((l) => l.id), unbid.id].sort());
    expect(passes.flatMap((p) => p.mailed)).toEqual([tournament.id]);

    const rows = await t.db.select().from(auctionLots).where(eq(auctionLots.tournamentId, tournament.id));
    for (const [i, lot] of lots.entries()) {
      const row = rows.find((r) => r.id === lot.id)!;
      expect(row).toMatchObject({ winnerBidderId: people[i % 3]!.id, wonCents: 12_000 + i * 100 });
      expect(row.closedAt).not.toBeNull();
    }
    const bought = await t.db.select().from(purchases).where(eq(purchases.tournamentId, tournament.id));
    expect(bought).toHaveLength(30);
    expect(bought.every((p) => p.kind === 'lot' && p.paymentStatus === 'pending' && p.fmvCents === 10_000)).toBe(true);
    expect(new Set(bought.map((p) => p.lotId)).size).toBe(30);
    const records = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        inArray(
          payments.purchaseId,
          bought.map((p) => p.id),
        ),
      );
    const history = await t.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          records.map((r) => r.id),
        ),
      );
    expect(history.map((h) => h.kind)).toEqual(Array(30).fill('registered'));
    const winnerMail = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.tournamentId, tournament.id), eq(messages.audience, WINNERS_AUDIENCE)));
    expect(winnerMail).toHaveLength(3);
  });

  it('closes a lot nobody bid on unsold: no winner, no money line', async () => {
    const { unbid } = await closedAuction(1);
    await closeDueLots(t.db, new Date(), closeOptions);
    const [row] = await t.db.select().from(auctionLots).where(eq(auctionLots.id, unbid.id));
    expect(row).toMatchObject({ winnerBidderId: null, wonCents: null, purchaseId: null });
    expect(row!.closedAt).not.toBeNull();
    expect(await t.db.select().from(purchases).where(eq(purchases.lotId, unbid.id))).toEqual([]);
  });

  it('leaves a lot whose soft close moved it later open, and the results page closes it once its time has come, with no job', async () => {
    const tournament = await createTournament(t.db);
    const closesAt = new Date('2030-05-01T20:00:00Z');
    await openAuction(t.db, tournament.id, closesAt);
    const bidder = await bidderFor(t.db, tournament.id, { name: 'Dee Late', email: 'dee@example.org' });
    const lot = await insertLot(t.db, tournament.id, { title: 'Sniped', closesAt: new Date('2030-05-01T20:02:00Z') });
    await placeBids(t.db, lot.id, [{ bidder, amountCents: 7_000 }]);
    const clock = useClock(t, '2030-05-01T20:01:00Z');
    const results = () => t.call(`/api/admin/auction-results?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    expect((await results()).body.lots).toMatchObject([{ id: lot.id, state: 'open', winner: null }]);
    clock.set('2030-05-01T20:02:00Z');
    expect((await results()).body.lots).toMatchObject([
      { id: lot.id, state: 'sold', wonCents: 7_000, winner: { number: bidder.number, name: 'Dee Late' }, paymentStatus: 'pending' },
    ]);
    t.deps.now = () => new Date();
  });
});

describe("the winners' e-mail (R55, R45)", () => {
  it('sends each winner one e-mail listing each of their lots once, with the total and the link to pay', async () => {
    const tournament = await createTournament(t.db);
    await openAuction(t.db, tournament.id, new Date(Date.now() - 1_000));
    const winner = await t.createUser('team_leader');
    const ann = await bidderFor(t.db, tournament.id, { userId: winner.id, name: 'Ann Winner', email: winner.email });
    const bo = await bidderFor(t.db, tournament.id, { name: 'Bo Guest', email: `bo-${tournament.id}@example.org` });
    const bag = await insertLot(t.db, tournament.id, { title: 'Signed golf bag', sortOrder: 1 });
    const lake = await insertLot(t.db, tournament.id, { title: 'Weekend at the lake house', sortOrder: 2 });
    const club = await insertLot(t.db, tournament.id, { title: 'Foursome at a private club', sortOrder: 3 });
    await placeBids(t.db, bag.id, [{ bidder: ann, amountCents: 45_000 }]);
    await placeBids(t.db, lake.id, [{ bidder: ann, amountCents: 120_000 }]);
    await placeBids(t.db, club.id, [
      { bidder: ann, amountCents: 60_000 },
      { bidder: bo, amountCents: 65_000 },
    ]);
    await closeDueLots(t.db, new Date(), closeOptions);
    await closeDueLots(t.db, new Date(), closeOptions); // nothing more: the e-mail is queued once
    await deliverAll();

    const toAnn = mail.messages.filter((m) => m.to.includes(winner.email));
    expect(toAnn).toHaveLength(1);
    const text = toAnn[0]!.text;
    expect(toAnn[0]!.subject).toBe(`Your winning lots at ${tournament.name}`);
    expect(text.match(/Signed golf bag: \$450\.00/g)).toHaveLength(1);
    expect(text.match(/Weekend at the lake house: \$1,200\.00/g)).toHaveLength(1);
    expect(text).not.toContain('Foursome at a private club');
    expect(text).toContain('Total: $1,650.00.');
    expect(text).toContain(`${t.config.appUrl}/auction/lots`);

    const toBo = mail.messages.filter((m) => m.to.includes(`bo-${tournament.id}@example.org`));
    expect(toBo).toHaveLength(1);
    expect(toBo[0]!.text).toContain('Foursome at a private club: $650.00');
    expect(toBo[0]!.text).toContain('Please pay at the checkout table');
    const queued = await t.db
      .select({ email: messageRecipients.email })
      .from(messageRecipients)
      .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
      .where(eq(messages.tournamentId, tournament.id));
    expect(queued).toHaveLength(2);
  });
});
