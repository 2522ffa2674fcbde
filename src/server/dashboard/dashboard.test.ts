// The dashboard's figures against a hand-computed tournament (spec §4, R19), and who may read them (R8).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkins, payments, players, teams, tournaments } from '../db/schema';
import { sweepHolds } from '../holds/expiry';
import { insertPurchases } from '../purchases/service';
import { registerTeams } from '../registration/service';
import { createTeamAsAdmin, setTeamPaymentStatus } from '../teams/admin-service';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import { fileAppWithUsers } from '../test/file-app';

const { app: t, leader, moderator, admin } = await fileAppWithUsers();

async function register(tournamentId: string, levelId: string, paymentOption: 'pay' | 'hold', label: string) {
  const input = registrationInput(tournamentId, levelId, { paymentOption, teams: teamsInput(1, label) });
  return (await registerTeams(t.db, leader.id, input, new Date())).teams[0]!;
}

/** Checks in the first `n` golfers of a team (and records the rest as not checked in). */
async function checkIn(teamId: string, n: number) {
  const roster = await t.db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.teamId, teamId))
    .orderBy(players.createdAt, players.id);
  await t.db
    .insert(checkins)
    .values(roster.map((p, i) => ({ teamId, playerId: p.id, checkedIn: i < n, checkedInAt: i < n ? new Date() : null })));
}

const older = await createTournament(t.db, { name: 'Older Open' });
const newest = await createTournament(t.db, { name: 'Newest Classic' });
await t.db
  .update(tournaments)
  .set({ createdAt: sql`now() - interval '2 days'` })
  .where(eq(tournaments.id, older.id));
await createTournament(t.db, { name: 'Closed Cup', active: false });

// The older tournament: one paid team that must not leak into the newest one's figures.
const olderLevel = await createLevel(t.db, older.id, { priceCents: 999_00 });
const olderTeam = await register(older.id, olderLevel.id, 'pay', 'Older');
await setTeamPaymentStatus(t.db, olderTeam.id, { status: 'paid' });
await checkIn(olderTeam.id, 4);

// The newest tournament, by hand:
const eagle = await createLevel(t.db, newest.id, { name: 'Eagle', priceCents: 1_000_00 });
const birdie = await createLevel(t.db, newest.id, { name: 'Birdie', priceCents: 500_00 });
const team1 = await register(newest.id, eagle.id, 'hold', 'One'); // hold, payment in_progress 1000.00, all 4 checked in
const team2 = await register(newest.id, eagle.id, 'pay', 'Two'); // pending, payment pending 1000.00, 3 of 4 checked in
const team3 = await register(newest.id, eagle.id, 'hold', 'Three'); // set paid: 1000.00 received; rows for all 4, one not checked in
const team4 = await register(newest.id, birdie.id, 'pay', 'Four'); // set paid: 500.00 received
const team5 = await register(newest.id, eagle.id, 'pay', 'Five'); // set in_progress: 1000.00 expected
await createTeamAsAdmin(t.db, { tournamentId: newest.id, teamName: 'Six', paymentStatus: 'hold' }); // no level (0.00), no golfers
await setTeamPaymentStatus(t.db, team3.id, { status: 'paid' });
await setTeamPaymentStatus(t.db, team4.id, { status: 'paid' });
await setTeamPaymentStatus(t.db, team5.id, { status: 'in_progress' });
await checkIn(team1.id, 4);
await checkIn(team2.id, 3);
await checkIn(team3.id, 3);
// Money that is not a team place counts as the Payments page counts it (a gift received, a gift held): 'Received' is one
// figure on both pages, and is what Raised says (R38).
await insertPurchases(t.db, [
  {
    tournamentId: newest.id,
    kind: 'donation',
    buyerName: 'Gia Giver',
    buyerEmail: 'gia@example.org',
    paymentStatus: 'paid',
    amountCents: 250_00,
  },
  {
    tournamentId: newest.id,
    kind: 'donation',
    buyerName: 'Hal Held',
    buyerEmail: 'hal@example.org',
    paymentStatus: 'hold',
    amountCents: 40_00,
  },
]);

const NEWEST_FIGURES = {
  totalTeams: 6,
  expired: 0,
  expiredCents: 0,
  paid: 2,
  pendingHold: 3, // One (hold), Two (pending), Six (hold)
  inProgress: 1,
  checkedIn: 1, // only One: Two and Three each miss a golfer, Six has none
  expectedCents: 4 * 1_000_00 + 500_00 + 250_00 + 40_00,
  receivedCents: 1_000_00 + 500_00 + 250_00,
  outstandingCents: 3 * 1_000_00 + 40_00,
};

describe('GET /api/admin/dashboard', () => {
  it('defaults to the newest active tournament and lists the active ones newest first', async () => {
    const { status, body } = await t.call('/api/admin/dashboard', { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(body.tournaments.map((x: { name: string }) => x.name)).toEqual(['Newest Classic', 'Older Open']);
    expect(body.tournament.id).toBe(newest.id);
    expect(body.stats).toEqual(NEWEST_FIGURES);
    expect(body.currency).toBe('USD');
    const ledger = await t.call(`/api/admin/payments?tournamentId=${newest.id}`, { cookie: admin.cookie });
    const { count: _records, ...ledgerMoney } = ledger.body.totals;
    expect(ledgerMoney).toEqual({ expectedCents: 4_790_00, receivedCents: 1_750_00, expiredCents: 0, outstandingCents: 3_040_00 });
    expect((await t.call(`/api/tournaments/${newest.id}/raised`)).body.raisedCents).toBe(NEWEST_FIGURES.receivedCents);
  });

  it('computes the chosen tournament’s figures on their own', async () => {
    const { status, body } = await t.call(`/api/admin/dashboard?tournamentId=${older.id}`, { cookie: moderator.cookie });
    expect(status).toBe(200);
    expect(body.stats).toEqual({
      totalTeams: 1,
      expired: 0,
      expiredCents: 0,
      paid: 1,
      pendingHold: 0,
      inProgress: 0,
      checkedIn: 1,
      expectedCents: 999_00,
      receivedCents: 999_00,
      outstandingCents: 0,
    });
  });

  it('counts expired teams apart, never as expected money, and takes refunds off the money (R23, R24)', async () => {
    const lapsing = await createTournament(t.db, { name: 'Lapsing Open' });
    await t.db
      .update(tournaments)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(tournaments.id, lapsing.id));
    const level = await createLevel(t.db, lapsing.id, { priceCents: 300_00 });
    await register(lapsing.id, level.id, 'hold', 'Kept');
    const refunded = await register(lapsing.id, level.id, 'hold', 'Refunded');
    const lapsed = await register(lapsing.id, level.id, 'hold', 'Lapsed');
    await setTeamPaymentStatus(t.db, refunded.id, { status: 'paid' });
    await t.db.update(payments).set({ refundedCents: 300_00 }).where(eq(payments.teamId, refunded.id));
    await t.db
      .update(teams)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(teams.id, lapsed.id));
    await sweepHolds(t.db, new Date());
    const { body } = await t.call(`/api/admin/dashboard?tournamentId=${lapsing.id}`, { cookie: admin.cookie });
    expect(body.stats).toMatchObject({
      totalTeams: 2,
      expired: 1,
      expiredCents: 300_00,
      pendingHold: 1,
      paid: 1,
      expectedCents: 300_00,
      receivedCents: 0,
      outstandingCents: 300_00,
    });
  });

  it('answers 404 for an unknown tournament and 400 for a malformed id', async () => {
    expect((await t.call('/api/admin/dashboard?tournamentId=00000000-0000-4000-8000-000000000000', { cookie: admin.cookie })).status).toBe(
      404,
    );
    expect((await t.call('/api/admin/dashboard?tournamentId=nope', { cookie: admin.cookie })).status).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await t.call('/api/admin/dashboard')).status).toBe(401);
    expect((await t.call('/api/admin/dashboard', { cookie: leader.cookie })).status).toBe(403);
  });

  it('runs a fixed number of queries, however many teams there are', async () => {
    const { getDashboard } = await import('./service');
    const spy = t.db.execute.bind(t.db);
    let executes = 0;
    (t.db as { execute: typeof t.db.execute }).execute = ((q: Parameters<typeof t.db.execute>[0]) => {
      executes++;
      return spy(q);
    }) as typeof t.db.execute;
    try {
      await getDashboard(t.db, newest.id);
    } finally {
      delete (t.db as { execute?: unknown }).execute;
    }
    // The figures are one raw statement; the tournament list is one builder query.
    expect(executes).toBe(1);
  });
});
