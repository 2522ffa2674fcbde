// The paddle raise's service (R56): one open raise at a time, pledges by bidder number and from guests' phones, undo, and
// pledges counted in raised once, as donations, only once paid (R35, R38).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { bidderFor } from '../auction/bidders';
import { issueLinks } from '../golfer-answers/links';
import { paymentEvents, payments, players, purchases, user } from '../db/schema';
import { raisedForOne } from '../payments/raised';
import { updatePayment } from '../payments/service';
import { openRaiseSchema, PADDLE_MESSAGES, unknownBidder } from '../../shared/paddle-raise-schemas';
import {
  closeRaise,
  listRaises,
  loadPaddleBoard,
  openRaise,
  paddleRaiseTournaments,
  pledgeAsGuest,
  pledgePage,
  raiseForStaff,
  recordPaddle,
  undoPledge,
} from './service';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const now = new Date('2026-06-01T19:00:00Z');
const open = (tournamentId: string, title = 'Fund a year of swimming lessons') =>
  openRaise(t.db, openRaiseSchema.parse({ tournamentId, title, levels: '5,000 / 1,000 / 500 / 100' }), now);
let staffSeq = 0;
async function staffUser() {
  const id = `staff-${++staffSeq}-${Math.random().toString(36).slice(2)}`;
  await t.db.insert(user).values({ id, name: 'Sam Staff', email: `${id}@example.com`, role: 'admin' });
  return id;
}
const purchaseCount = async (tournamentId: string) =>
  (await t.db.select({ n: count() }).from(purchases).where(eq(purchases.tournamentId, tournamentId)))[0]!.n;

describe('opening and closing (R56)', () => {
  it('opens a raise with its levels largest first, refuses a second while one is open, and opens the next after a close', async () => {
    const tournament = await createTournament(t.db);
    const first = await open(tournament.id);
    expect(first.levelsCents).toEqual([500_000, 100_000, 50_000, 10_000]);
    await expect(open(tournament.id, 'Second')).rejects.toMatchObject({ code: 'CONFLICT', message: PADDLE_MESSAGES.anotherOpen });
    await closeRaise(t.db, first.id, now);
    const second = await open(tournament.id, 'Fund the bus');
    const raises = await listRaises(t.db, tournament.id);
    expect(raises.map((r) => [r.title, r.open])).toEqual([
      ['Fund the bus', true],
      ['Fund a year of swimming lessons', false],
    ]);
    expect(second.closedAt).toBeNull();
    // Another tournament's raise is its own.
    const other = await createTournament(t.db);
    await expect(open(other.id)).resolves.toMatchObject({ tournamentId: other.id });
  });

  it('gives one raise and one refusal to two staff opening at the same moment', async () => {
    const tournament = await createTournament(t.db);
    const results = await Promise.allSettled([open(tournament.id, 'A'), open(tournament.id, 'B'), open(tournament.id, 'C')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listRaises(t.db, tournament.id)).filter((r) => r.open)).toHaveLength(1);
  });

  it('refuses levels that are not amounts, out of range or repeated', () => {
    const parse = (levels: string) => openRaiseSchema.safeParse({ tournamentId: crypto.randomUUID(), title: 'X', levels });
    expect(parse('5,000 / 1,000').success).toBe(true);
    expect(parse('').error?.issues[0]?.message).toBe(PADDLE_MESSAGES.levels);
    expect(parse('100 / 1').error?.issues[0]?.message).toBe(PADDLE_MESSAGES.levelRange);
    expect(parse('100 / 100').error?.issues[0]?.message).toBe(PADDLE_MESSAGES.levelTwice);
  });
});

describe('the keypad (R54, R56)', () => {
  it("records a raised paddle as a Pending donation of the raise and the bidder, the bidder's name as the buyer", async () => {
    const tournament = await createTournament(t.db);
    const raise = await open(tournament.id);
    const guest = await bidderFor(t.db, tournament.id, { name: 'Dana Diner', email: 'dana@example.com' });
    const staff = await staffUser();
    const made = await recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 100_000 }, staff);
    const [row] = await t.db.select().from(purchases).where(eq(purchases.id, made.id));
    expect(row).toMatchObject({
      kind: 'donation',
      paymentStatus: 'pending',
      amountCents: 100_000,
      paddleRaiseId: raise.id,
      bidderId: guest.id,
      buyerName: 'Dana Diner',
      holdUntil: null,
      recordedBy: staff,
    });
    const view = await raiseForStaff(t.db, raise.id);
    expect(view.raise).toMatchObject({ pledgedCents: 100_000, count: 1, paidCents: 0 });
    expect(view.latest.map((p) => [p.bidderNumber, p.name, p.amountCents])).toEqual([[guest.number, 'Dana Diner', 100_000]]);
  });

  it('refuses an unknown number, an amount that is no level, and a closed raise, changing nothing', async () => {
    const tournament = await createTournament(t.db);
    const raise = await open(tournament.id);
    const guest = await bidderFor(t.db, tournament.id, { name: 'Eli', email: '' });
    const staff = await staffUser();
    await expect(recordPaddle(t.db, raise.id, { bidderNumber: 99, amountCents: 100_000 }, staff)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: unknownBidder(99),
    });
    await expect(recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 12_345 }, staff)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await closeRaise(t.db, raise.id, now);
    await expect(recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 100_000 }, staff)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PADDLE_MESSAGES.closed,
    });
    expect(await purchaseCount(tournament.id)).toBe(0);
  });

  it('undoes a mistaken pledge: it leaves the totals and the screen, its history says who undid it; a paid one is refused', async () => {
    const tournament = await createTournament(t.db);
    const raise = await open(tournament.id);
    const guest = await bidderFor(t.db, tournament.id, { name: 'Fay', email: 'fay@example.com' });
    const staff = await staffUser();
    const kept = await recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 50_000 }, staff);
    const mistake = await recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 500_000 }, staff);
    await undoPledge(t.db, raise.id, mistake.id, staff);
    expect((await raiseForStaff(t.db, raise.id)).raise).toMatchObject({ pledgedCents: 50_000, count: 1 });
    expect((await loadPaddleBoard(t.db, tournament.id)).board.raise?.latest.map((p) => p.id)).toEqual([kept.id]);
    const history = await t.db
      .select({ kind: paymentEvents.kind, toState: paymentEvents.toState, actor: paymentEvents.actorUserId })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, mistake.paymentId));
    expect(history).toEqual([
      { kind: 'registered', toState: 'pending', actor: staff },
      { kind: 'status', toState: 'expired', actor: staff },
    ]);
    await expect(undoPledge(t.db, raise.id, mistake.id, staff)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await updatePayment(t.db, kept.paymentId, { state: 'paid' }, staff);
    await expect(undoPledge(t.db, raise.id, kept.id, staff)).rejects.toMatchObject({ code: 'CONFLICT', message: PADDLE_MESSAGES.undoPaid });
  });
});

describe('guests pledge from their phones (R42, R56)', () => {
  it('a signed-in guest gets a bidder number on the first pledge, with the name shown only when ticked', async () => {
    const tournament = await createTournament(t.db);
    const raise = await open(tournament.id);
    await t.db.insert(user).values({ id: `g-${tournament.id}`, name: 'Gail Guest', email: `gail-${tournament.id}@example.com` });
    const who = {
      kind: 'user' as const,
      tournamentId: tournament.id,
      userId: `g-${tournament.id}`,
      name: 'Gail Guest',
      email: `gail-${tournament.id}@example.com`,
    };
    expect((await pledgePage(t.db, who)).bidderNumber).toBeNull();
    await pledgeAsGuest(t.db, who, { raiseId: raise.id, amountCents: 10_000, showName: true });
    await pledgeAsGuest(t.db, who, { raiseId: raise.id, amountCents: 50_000, showName: false });
    const page = await pledgePage(t.db, who);
    expect(page.bidderNumber).toBe(1);
    expect(page.raise).toMatchObject({ id: raise.id, open: true });
    expect(page.pledges.map((p) => [p.amountCents, p.paymentStatus])).toEqual([
      [50_000, 'pending'],
      [10_000, 'pending'],
    ]);
    const board = (await loadPaddleBoard(t.db, tournament.id)).board.raise!;
    expect(board.latest.map((p) => p.label)).toEqual(['Bidder #1', '#1 Gail Guest']);
    expect(board).toMatchObject({ pledgedCents: 60_000, count: 2 });
    // Pledges are owned by the account: the guest pays them by card from their page.
    const owners = await t.db.select({ userId: purchases.userId }).from(purchases).where(eq(purchases.paddleRaiseId, raise.id));
    expect(owners.every((o) => o.userId === `g-${tournament.id}`)).toBe(true);
  });

  it('a golfer pledges through their personal link; a guessed link changes nothing', async () => {
    await t.db.insert(user).values({ id: 'leader-paddle', name: 'Lee', email: 'lee-paddle@example.com' });
    const { tournament, team } = await createRegisteredTeam(t.db, 'leader-paddle');
    const raise = await open(tournament.id);
    const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id)).limit(1);
    const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
    const made = await pledgeAsGuest(t.db, { kind: 'golfer', token }, { raiseId: raise.id, amountCents: 100_000, showName: false });
    expect((await pledgePage(t.db, { kind: 'golfer', token })).pledges.map((p) => p.id)).toEqual([made.id]);
    await expect(
      pledgeAsGuest(t.db, { kind: 'golfer', token: 'guessed' }, { raiseId: raise.id, amountCents: 100_000, showName: false }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: PADDLE_MESSAGES.linkInvalid });
    expect(await purchaseCount(tournament.id)).toBe(1);
  });
});

describe('raised (R38)', () => {
  it('counts a pledge once, as a donation, only once it is paid; undone and pending ones count nothing', async () => {
    const tournament = await createTournament(t.db);
    const raise = await open(tournament.id);
    const guest = await bidderFor(t.db, tournament.id, { name: 'Hal', email: 'hal@example.com' });
    const staff = await staffUser();
    const before = (await raisedForOne(t.db, tournament.id))!;
    const a = await recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 100_000 }, staff);
    const b = await recordPaddle(t.db, raise.id, { bidderNumber: guest.number, amountCents: 50_000 }, staff);
    expect((await raisedForOne(t.db, tournament.id))!.raisedCents).toBe(before.raisedCents);
    await updatePayment(t.db, a.paymentId, { state: 'paid' }, staff);
    await undoPledge(t.db, raise.id, b.id, staff);
    const after = (await raisedForOne(t.db, tournament.id))!;
    expect(after.raisedCents - before.raisedCents).toBe(100_000);
    expect(after.raisedBySource.donations - before.raisedBySource.donations).toBe(100_000);
    expect(after.raisedBySource.items + after.raisedBySource.addons).toBe(before.raisedBySource.items + before.raisedBySource.addons);
    expect((await t.db.select({ state: payments.state }).from(payments).where(eq(payments.purchaseId, a.id)))[0]!.state).toBe('paid');
    expect((await raiseForStaff(t.db, raise.id)).raise).toMatchObject({ pledgedCents: 100_000, paidCents: 100_000, count: 1 });
  });
});

describe('TV mode (R56)', () => {
  it('shows active tournaments that have had a raise, and keeps the last raise after it closes', async () => {
    const tournament = await createTournament(t.db, { active: true });
    expect(await paddleRaiseTournaments(t.db)).not.toContain(tournament.id);
    const raise = await open(tournament.id);
    expect(await paddleRaiseTournaments(t.db)).toContain(tournament.id);
    await closeRaise(t.db, raise.id, now);
    const loaded = await loadPaddleBoard(t.db, tournament.id);
    expect(loaded.active).toBe(true);
    expect(loaded.board.raise).toMatchObject({ id: raise.id, open: false });
  });
});
