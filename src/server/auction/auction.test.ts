// The silent auction's lots and bids through the API (R53, R54): staff's lots and times, bids signed in and through a golfer
// link, proxy bidding, the soft close on an injected clock, refusals that change nothing, the outbid e-mail through the
// queue, and the live stream.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auctionBids, auctionLots, images, messageRecipients, messages, players, user } from '../db/schema';
import { issueLinks } from '../golfer-answers/links';
import { deleteUnusedImages } from '../images/unused-images';
import { listMessages } from '../messages/service';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { fileAppWithUsers } from '../test/file-app';
import { fingerprint } from '../test/db-fingerprint';
import { readEvents } from '../test/sse-reader';
import type { TestUser } from '../test/test-app';
import { SOFT_CLOSE_MS } from '../../shared/auction-bidding';
import { BID_MESSAGES, bidTooLowMessage, LOT_MESSAGES, type LotInput } from '../../shared/auction-schemas';
import { LEADING_MESSAGE, OUTBID_AUDIENCE } from './bidding';
import { SESSION_CHANNEL } from '../auth/session-changes';

const { app: t, admin, leader, moderator } = await fileAppWithUsers();

const OPENS = new Date('2026-06-10T18:00:00Z');
const CLOSES = new Date('2026-06-10T21:00:00Z');
let clock = new Date('2026-06-10T19:00:00Z');
t.deps.now = () => clock;

const lotInput = (overrides: Partial<LotInput> = {}): LotInput => ({
  title: 'Signed flag from the Open',
  description: 'Framed, with a certificate.',
  valueCents: 40_000,
  openingBidCents: 10_000,
  minRaiseCents: 1_000,
  buyNowCents: 80_000,
  donor: 'Fairway Ltd',
  ...overrides,
});

async function auctionWithLot(overrides: Partial<LotInput> = {}) {
  const tournament = await createTournament(t.db);
  const times = await t.call(`/api/admin/auction/${tournament.id}/times`, {
    method: 'PUT',
    cookie: admin.cookie,
    json: { opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() },
  });
  expect(times.status).toBe(200);
  const created = await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput(overrides) });
  expect(created.status).toBe(201);
  return { tournament, lot: created.body.lot as { id: string; closesAt: string } };
}

const bid = (tournamentId: string, lotId: string, who: TestUser | string, body: Record<string, unknown>) =>
  t.call(`/api/auction/${tournamentId}/lots/${lotId}/bids`, {
    ...(typeof who === 'string' ? { json: { ...body, golferToken: who } } : { cookie: who.cookie, json: body }),
  });

const lotRow = async (id: string) => (await t.db.select().from(auctionLots).where(eq(auctionLots.id, id)))[0]!;
const outbidMailTo = async (email: string) =>
  t.db
    .select({ id: messageRecipients.id, subject: messages.subject })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messageRecipients.email, email));

describe('lots and the auction times (R53)', () => {
  it('staff add a lot that closes with the auction; everyone reads it with its standing', async () => {
    const { tournament, lot } = await auctionWithLot();
    expect(lot.closesAt).toBe(CLOSES.toISOString());
    const { status, body } = await t.call(`/api/auction/${tournament.id}`);
    expect(status).toBe(200);
    expect(body.opensAt).toBe(OPENS.toISOString());
    expect(body.lots).toEqual([
      expect.objectContaining({
        title: 'Signed flag from the Open',
        donor: 'Fairway Ltd',
        currentBidCents: null,
        nextMinimumCents: 10_000,
      }),
    ]);
  });

  it('moving the close moves the lots still at it, keeps a later soft-closed one, and never touches a bought one', async () => {
    const { tournament, lot } = await auctionWithLot();
    const extended = (await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput() })).body.lot;
    const bought = (await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput() })).body.lot;
    clock = new Date(CLOSES.getTime() - 10_000);
    expect((await bid(tournament.id, extended.id, leader, { amountCents: 10_000 })).status).toBe(201);
    expect((await bid(tournament.id, bought.id, leader, { amountCents: 80_000 })).status).toBe(201);
    const softClose = (await lotRow(extended.id)).closesAt!;
    const boughtAt = (await lotRow(bought.id)).closesAt!;
    expect(boughtAt).toEqual(clock);

    const oneMinuteLater = new Date(CLOSES.getTime() + 60_000);
    await t.call(`/api/admin/auction/${tournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: OPENS.toISOString(), closesAt: oneMinuteLater.toISOString() },
    });
    expect((await lotRow(lot.id)).closesAt).toEqual(oneMinuteLater);
    expect((await lotRow(extended.id)).closesAt).toEqual(softClose); // 1:50 after the old close: later than the new one
    expect((await lotRow(bought.id)).closesAt).toEqual(boughtAt);
    const oneHourLater = new Date(CLOSES.getTime() + 3600_000);
    await t.call(`/api/admin/auction/${tournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: OPENS.toISOString(), closesAt: oneHourLater.toISOString() },
    });
    expect((await lotRow(extended.id)).closesAt).toEqual(oneHourLater);
    // Times cannot be removed once lots have bids.
    const removed = await t.call(`/api/admin/auction/${tournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: null, closesAt: null },
    });
    expect(removed.status).toBe(409);
    clock = new Date('2026-06-10T19:00:00Z');
  });

  it('refuses times out of order or half given, with the field named', async () => {
    const tournament = await createTournament(t.db);
    const backwards = await t.call(`/api/admin/auction/${tournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: CLOSES.toISOString(), closesAt: OPENS.toISOString() },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.closesAt).toBe(LOT_MESSAGES.timesOrder);
    const half = await t.call(`/api/admin/auction/${tournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: OPENS.toISOString(), closesAt: null },
    });
    expect(half.body.error.fields.closesAt).toBe(LOT_MESSAGES.times);
  });

  it('checks a lot’s amounts and photo, and keeps its opening bid once bids are placed; deletes only a lot without bids', async () => {
    const { tournament, lot } = await auctionWithLot();
    const low = await t.call(`/api/admin/auction/${tournament.id}/lots`, {
      cookie: admin.cookie,
      json: lotInput({ buyNowCents: 5_000 }),
    });
    expect(low.body.error.fields.buyNowCents).toBe(LOT_MESSAGES.buyNowLow);
    const gone = await t.call(`/api/admin/auction/${tournament.id}/lots`, {
      cookie: admin.cookie,
      json: lotInput({ imageId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(gone.status).toBe(400);
    expect(gone.body.error.fields.imageId).toBe(LOT_MESSAGES.imageGone);

    await bid(tournament.id, lot.id, leader, { amountCents: 10_000 });
    const changed = await t.call(`/api/admin/auction/lots/${lot.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: lotInput({ openingBidCents: 5_000, title: 'Renamed' }),
    });
    expect(changed.status).toBe(409);
    expect((await lotRow(lot.id)).title).toBe('Signed flag from the Open');
    const renamed = await t.call(`/api/admin/auction/lots/${lot.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: lotInput({ title: 'Renamed' }),
    });
    expect(renamed.body.lot.title).toBe('Renamed');
    const refused = await t.call(`/api/admin/auction/lots/${lot.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LOT_MESSAGES.hasBids);

    const unbid = (await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput() })).body.lot;
    expect((await t.call(`/api/admin/auction/lots/${unbid.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
  });

  it('keeps a lot’s photo when unused images are swept', async () => {
    const [image] = await t.db
      .insert(images)
      .values({ purpose: 'hero', uploadedBy: null, width: 10, height: 10, createdAt: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const { lot } = await auctionWithLot({ imageId: image!.id });
    await deleteUnusedImages(t.db, new Date());
    expect((await lotRow(lot.id)).imageId).toBe(image!.id);
  });
});

describe('bidding (R54)', () => {
  it('a first bid leads; a higher maximum leads at the least that beats; the outbid bidder hears it at once', async () => {
    const { tournament, lot } = await auctionWithLot();
    const first = await bid(tournament.id, lot.id, leader, { kind: 'max', amountCents: 30_000 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: LEADING_MESSAGE, you: { leading: true }, lot: { currentBidCents: 10_000 } });

    // A lower challenger: the leader's proxy answers, the challenger is told on the page, nobody is e-mailed.
    const lower = await bid(tournament.id, lot.id, moderator, { amountCents: 15_000 });
    expect(lower.body.you.leading).toBe(false);
    expect(lower.body.message).toMatch(/^Outbid/);
    expect(lower.body.lot.currentBidCents).toBe(16_000);
    expect(await outbidMailTo(leader.email)).toEqual([]);
    expect(await outbidMailTo(moderator.email)).toEqual([]);

    // A higher maximum: leads at the old maximum + the raise; the old leader gets one e-mail.
    const higher = await bid(tournament.id, lot.id, admin, { kind: 'max', amountCents: 50_000 });
    expect(higher.body).toMatchObject({ message: LEADING_MESSAGE, lot: { currentBidCents: 31_000 } });
    const mails = await outbidMailTo(leader.email);
    expect(mails).toEqual([{ id: expect.any(String), subject: 'You have been outbid: Signed flag from the Open' }]);
    // The outbid e-mails go through the queue but are not among the staff's messages.
    expect((await listMessages(t.db, tournament.id)).map((m) => m.audience)).not.toContain(OUTBID_AUDIENCE);
  });

  it('a golfer bids through their personal link (R42); a link of another tournament is refused', async () => {
    const { tournament, lot } = await auctionWithLot();
    const { team, tournament: golfersTournament } = await createRegisteredTeam(t.db, leader.id);
    const [golfer] = await t.db.update(players).set({ answeredBy: 'golfer' }).where(eq(players.teamId, team.id)).returning();
    const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
    const elsewhere = await bid(tournament.id, lot.id, token, { amountCents: 10_000 });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.message).toBe(BID_MESSAGES.otherTournament);

    await t.call(`/api/admin/auction/${golfersTournament.id}/times`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() },
    });
    const own = (await t.call(`/api/admin/auction/${golfersTournament.id}/lots`, { cookie: admin.cookie, json: lotInput() })).body.lot;
    const placed = await bid(golfersTournament.id, own.id, token, { amountCents: 10_000, showName: true });
    expect(placed.status).toBe(201);
    expect(placed.body.you.label).toBe(`#${placed.body.you.number} ${golfer!.firstName} ${golfer!.lastName}`);
    const wrong = await bid(golfersTournament.id, own.id, 'not-a-token', { amountCents: 12_000 });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.message).toBe(BID_MESSAGES.link);
  });

  it('shows bidder numbers, names only where allowed, never e-mails', async () => {
    const { tournament, lot } = await auctionWithLot();
    await bid(tournament.id, lot.id, leader, { amountCents: 10_000, showName: false });
    await bid(tournament.id, lot.id, moderator, { amountCents: 11_000, showName: true });
    const { body } = await t.call(`/api/auction/lots/${lot.id}`, { cookie: leader.cookie });
    const text = JSON.stringify(body);
    expect(text).not.toContain(leader.email);
    expect(text).not.toContain(moderator.email);
    expect(text).not.toContain('Leader');
    expect(body.bids.map((b: { bidder: { label: string } }) => b.bidder.label)).toEqual([
      expect.stringMatching(/^#\d+ Casey Moderator$/),
      expect.stringMatching(/^Bidder #\d+$/),
    ]);
    expect(body.you).toEqual({ number: body.bids[1].bidder.number });
  });

  it('refuses bad bids with a clear message and changes nothing', async () => {
    const { tournament, lot } = await auctionWithLot();
    await bid(tournament.id, lot.id, leader, { amountCents: 10_000 });
    const other = await auctionWithLot();
    const closedLot = (await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput() })).body.lot;
    await t.db.update(auctionLots).set({ closedAt: clock }).where(eq(auctionLots.id, closedLot.id));
    const before = await fingerprint(t.db);
    const at = (when: Date) => () => (clock = when);
    const cases: [string, () => unknown, () => Promise<{ status: number; body: any }>, number, string][] = [
      ['below the raise', at(clock), () => bid(tournament.id, lot.id, moderator, { amountCents: 10_500 }), 400, bidTooLowMessage(11_000)],
      ['negative', at(clock), () => bid(tournament.id, lot.id, moderator, { amountCents: -100 }), 400, BID_MESSAGES.amount],
      ['fractional', at(clock), () => bid(tournament.id, lot.id, moderator, { amountCents: 12_000.5 }), 400, BID_MESSAGES.amount],
      [
        'before the open',
        at(new Date(OPENS.getTime() - 1)),
        () => bid(tournament.id, lot.id, moderator, { amountCents: 20_000 }),
        409,
        BID_MESSAGES.notOpen,
      ],
      ['after the close', at(CLOSES), () => bid(tournament.id, lot.id, moderator, { amountCents: 20_000 }), 409, BID_MESSAGES.closed],
      ['a closed lot', at(clock), () => bid(tournament.id, closedLot.id, moderator, { amountCents: 20_000 }), 409, BID_MESSAGES.closed],
      [
        "another tournament's lot",
        at(clock),
        () => bid(tournament.id, other.lot.id, moderator, { amountCents: 20_000 }),
        409,
        BID_MESSAGES.otherTournament,
      ],
      [
        'an unknown lot',
        at(clock),
        () => bid(tournament.id, '00000000-0000-4000-8000-000000000000', moderator, { amountCents: 20_000 }),
        404,
        BID_MESSAGES.lotNotFound,
      ],
      [
        'nobody',
        at(clock),
        () => t.call(`/api/auction/${tournament.id}/lots/${lot.id}/bids`, { json: { amountCents: 20_000 } }),
        401,
        BID_MESSAGES.who,
      ],
    ];
    const now = clock;
    for (const [name, setClock, send, status, message] of cases) {
      setClock();
      const { status: got, body } = await send();
      clock = now;
      expect([name, got, body.error.fields?.amountCents ?? body.error.message]).toEqual([name, status, message]);
    }
    // The moderator's first refused bids may number them (a bidder number is theirs for the evening); nothing else moved.
    const after = await fingerprint(t.db);
    for (const table of Object.keys(before).filter((name) => name !== 'bidders'))
      expect([table, after[table]]).toEqual([table, before[table]]);
  });

  it('a bid in the last two minutes moves the lot’s close to two minutes after it (injected clock)', async () => {
    const { tournament, lot } = await auctionWithLot();
    clock = new Date(CLOSES.getTime() - 10_000);
    const late = await bid(tournament.id, lot.id, leader, { amountCents: 10_000 });
    expect(late.body.lot.closesAt).toBe(new Date(clock.getTime() + SOFT_CLOSE_MS).toISOString());
    // Past the auction's close, the extended lot still takes bids until its own close.
    clock = new Date(CLOSES.getTime() + 60_000);
    expect((await bid(tournament.id, lot.id, moderator, { amountCents: 11_000 })).status).toBe(201);
    clock = new Date(CLOSES.getTime() + 60_000 + SOFT_CLOSE_MS);
    expect((await bid(tournament.id, lot.id, leader, { amountCents: 12_000 })).status).toBe(409);
    clock = new Date('2026-06-10T19:00:00Z');
  });

  it('a bid at the buy-now price makes its bidder the leader at that price and closes the lot now', async () => {
    const { tournament, lot } = await auctionWithLot();
    await bid(tournament.id, lot.id, leader, { kind: 'max', amountCents: 90_000 });
    const mailsBefore = (await outbidMailTo(leader.email)).length;
    const bought = await bid(tournament.id, lot.id, moderator, { amountCents: 80_000 });
    expect(bought.body.lot).toMatchObject({ currentBidCents: 80_000, closesAt: clock.toISOString(), buyNowOpen: false });
    expect(bought.body.you.leading).toBe(true);
    expect(await outbidMailTo(leader.email)).toHaveLength(mailsBefore + 1);
    expect((await bid(tournament.id, lot.id, admin, { amountCents: 90_000 })).status).toBe(409);
  });

  it('records each bid once, in order, each raising the bid shown', async () => {
    const { tournament, lot } = await auctionWithLot({ buyNowCents: null });
    for (const [who, body] of [
      [leader, { kind: 'max', amountCents: 20_000 }],
      [moderator, { amountCents: 12_000 }],
      [admin, { kind: 'max', amountCents: 20_000 }],
      [moderator, { kind: 'max', amountCents: 40_000 }],
    ] as const)
      expect((await bid(tournament.id, lot.id, who, body)).status).toBe(201);
    const rows = await t.db.select().from(auctionBids).where(eq(auctionBids.lotId, lot.id)).orderBy(auctionBids.seq);
    expect(rows.map((r) => r.amountCents)).toEqual([10_000, 12_000, 13_000, 20_000, 20_000, 21_000]);
    const standing = await lotRow(lot.id);
    expect(standing).toMatchObject({ currentBidCents: 21_000, leaderMaxCents: 40_000, bidCount: 6 });
  });

  it('answers a bid without waiting for the other processes (no cache holds what it writes), staff’s writes only after', async () => {
    // settle() is the barrier every write waits for so that no process serves what it changed from a cache (R33,
    // docs/decisions/065); the bid route declares that it writes none of that (writesCachedData: false), and the last
    // minute of an auction has thousands of bids (decisions 117 and 125).
    const settle = vi.spyOn(t.deps.sessions, 'settle');
    const { tournament, lot } = await auctionWithLot();
    try {
      expect(settle).toHaveBeenCalled();
      settle.mockClear();
      expect((await bid(tournament.id, lot.id, leader, { amountCents: 10_000 })).status).toBe(201);
      expect((await bid(tournament.id, lot.id, moderator, { amountCents: 10_000 })).status).toBe(400);
      expect(settle).not.toHaveBeenCalled();
    } finally {
      settle.mockRestore();
    }
  });

  it('keeps its promise: a bid changes nothing a process caches (no change is sent on the caches’ channel)', async () => {
    const { tournament, lot } = await auctionWithLot();
    // The channel every cache listens on (session-changes.ts): a change is 'u:…' (a session or user), 'd:…' or 'd*' (a
    // user's answers), '*' or 'o' (the settings); the rest are the processes' own heartbeats and barriers.
    const changes: string[] = [];
    let marked: () => void = () => {};
    let ready: () => void = () => {};
    const listening = new Promise<void>((resolve) => (ready = resolve));
    const listener = await t.deps.database.listen(SESSION_CHANNEL, {
      onReady: () => ready(),
      onNotify: (payload) => {
        if (payload === 'test-mark') marked();
        else if (/^(u:|d:|d\*$|\*$|o$)/.test(payload)) changes.push(payload);
      },
    });
    /** Resolves once everything committed before it has been heard (notifications arrive in commit order). */
    const heardAll = () =>
      new Promise<void>((resolve, reject) => {
        marked = resolve;
        listener.notify('test-mark').catch(reject);
      });
    try {
      await listening;
      await heardAll();
      changes.length = 0;
      expect((await bid(tournament.id, lot.id, leader, { kind: 'max', amountCents: 20_000 })).status).toBe(201);
      expect((await bid(tournament.id, lot.id, moderator, { amountCents: 12_000 })).status).toBe(201);
      await heardAll();
      expect(changes).toEqual([]);
      // And the listening works: a write behind a cache is heard.
      await t.db.update(user).set({ updatedAt: new Date() }).where(eq(user.id, leader.id));
      await heardAll();
      expect(changes).toEqual([`u:${leader.id}`]);
    } finally {
      await listener.stop();
    }
  });
});

describe('the live lots (R54)', () => {
  it('streams a lot’s new standing to the tournament’s pages when a bid commits', async () => {
    const { tournament, lot } = await auctionWithLot();
    await t.deps.auctionFeed.ready();
    const response = await t.request(`/api/auction/${tournament.id}/events`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = readEvents(response);
    try {
      await bid(tournament.id, lot.id, leader, { amountCents: 10_000, showName: true });
      const event = await stream.until((e) => e.event === 'lot');
      const data = JSON.parse(event.data);
      expect(data).toMatchObject({ id: lot.id, currentBidCents: 10_000, leader: { label: expect.stringContaining('Casey Leader') } });
      expect(event.data).not.toContain(leader.email);
    } finally {
      await stream.close();
    }
  });

  it("streams a lot's page its own lot's bids only (?lot=)", async () => {
    const { tournament, lot } = await auctionWithLot();
    const created = await t.call(`/api/admin/auction/${tournament.id}/lots`, { cookie: admin.cookie, json: lotInput({ title: 'Other' }) });
    const other = created.body.lot as { id: string };
    await t.deps.auctionFeed.ready();
    const stream = readEvents(await t.request(`/api/auction/${tournament.id}/events?lot=${lot.id}`));
    try {
      expect((await bid(tournament.id, other.id, leader, { amountCents: 10_000 })).status).toBe(201);
      expect((await bid(tournament.id, lot.id, moderator, { amountCents: 10_000 })).status).toBe(201);
      // The other lot's bid committed first: a stream that carried it would read it first.
      const event = await stream.until((e) => e.event === 'lot');
      expect(JSON.parse(event.data)).toMatchObject({ id: lot.id, bidCount: 1 });
    } finally {
      await stream.close();
    }
  });
});
