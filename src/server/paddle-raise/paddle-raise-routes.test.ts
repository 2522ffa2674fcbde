// The paddle raise over HTTP (R56): the keypad's refusals say what is wrong and record nothing, a guest pledges from the
// phone and pays by card through the one Checkout path (decision 101), counted in raised once the signed webhook says so,
// and nobody pays or sees another's pledges.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileAppWithStripe } from '../test/file-app';
import { createRegisteredTeam, createTournament } from '../test/factories';
import { players, purchases } from '../db/schema';
import { issueLinks } from '../golfer-answers/links';
import { PADDLE_MESSAGES, unknownBidder } from '../../shared/paddle-raise-schemas';

const { app: t, fake } = await fileAppWithStripe();
const moderator = await t.createUser('moderator');
const guest = await t.createUser('team_leader');
const stranger = await t.createUser('team_leader');

async function openRaise(tournamentId: string) {
  const opened = await t.call('/api/admin/paddle-raises', {
    cookie: moderator.cookie,
    json: { tournamentId, title: 'Fund a year of swimming lessons', levels: '5,000 / 1,000 / 500 / 100' },
  });
  expect(opened.status).toBe(201);
  return opened.body as { id: string; levelsCents: number[] };
}
const pledges = async (tournamentId: string) =>
  (await t.db.select({ n: count() }).from(purchases).where(eq(purchases.tournamentId, tournamentId)))[0]!.n;

describe('the keypad over HTTP', () => {
  it('a moderator opens a raise, adds a dinner guest and records their paddle; a wrong number is a clear 404 that records nothing', async () => {
    const tournament = await createTournament(t.db, { active: true });
    const raise = await openRaise(tournament.id);
    expect(raise.levelsCents).toEqual([500_000, 100_000, 50_000, 10_000]);
    const again = await t.call('/api/admin/paddle-raises', {
      cookie: moderator.cookie,
      json: { tournamentId: tournament.id, title: 'Another', levels: '100' },
    });
    expect(again).toMatchObject({ status: 409, body: { error: { message: PADDLE_MESSAGES.anotherOpen } } });

    const added = await t.call('/api/admin/paddle-raises/bidders', {
      cookie: moderator.cookie,
      json: { tournamentId: tournament.id, name: 'Dana Diner', email: '' },
    });
    expect(added).toMatchObject({ status: 201, body: { number: 1, name: 'Dana Diner' } });

    const wrong = await t.call(`/api/admin/paddle-raises/${raise.id}/pledges`, {
      cookie: moderator.cookie,
      json: { amountCents: 100_000, bidderNumber: 7 },
    });
    expect(wrong).toMatchObject({ status: 404, body: { error: { message: unknownBidder(7) } } });
    expect(await pledges(tournament.id)).toBe(0);

    const recorded = await t.call(`/api/admin/paddle-raises/${raise.id}/pledges`, {
      cookie: moderator.cookie,
      json: { amountCents: 100_000, bidderNumber: '1' },
    });
    expect(recorded).toMatchObject({ status: 201, body: { amountCents: 100_000, bidderNumber: 1 } });
    const view = await t.call(`/api/admin/paddle-raises/${raise.id}`, { cookie: moderator.cookie });
    expect(view.body.raise).toMatchObject({ pledgedCents: 100_000, count: 1 });
    expect(view.body.latest[0]).toMatchObject({ bidderNumber: 1, name: 'Dana Diner', label: 'Bidder #1' });

    const undone = await t.call(`/api/admin/paddle-raises/${raise.id}/pledges/${recorded.body.id}/undo`, {
      method: 'POST',
      cookie: moderator.cookie,
    });
    expect(undone.status).toBe(200);
    expect((await t.call(`/api/paddle-raises/${tournament.id}/board`)).body.raise).toMatchObject({ pledgedCents: 0, count: 0 });
  });
});

describe('a guest pledges from the phone and pays by card', () => {
  it('pledges at a level, pays in one Checkout, and the gift counts in raised once the webhook confirms', async () => {
    const tournament = await createTournament(t.db, { active: true });
    const raise = await openRaise(tournament.id);
    const page = await t.call(`/api/paddle-raises/${tournament.id}/mine`, { cookie: guest.cookie });
    expect(page.body).toMatchObject({ raise: { id: raise.id, open: true }, bidderNumber: null, pledges: [] });

    const made = await t.call(`/api/paddle-raises/${tournament.id}/pledges`, {
      cookie: guest.cookie,
      json: { raiseId: raise.id, amountCents: 50_000, showName: true },
    });
    expect(made).toMatchObject({ status: 201, body: { amountCents: 50_000, bidderNumber: 1 } });
    const notALevel = await t.call(`/api/paddle-raises/${tournament.id}/pledges`, {
      cookie: guest.cookie,
      json: { raiseId: raise.id, amountCents: 12_345, showName: true },
    });
    expect(notALevel.status).toBe(400);

    // Not the stranger's to pay.
    const theirs = await t.call(`/api/paddle-raises/${tournament.id}/pay`, {
      cookie: stranger.cookie,
      json: { pledgeIds: [made.body.id] },
    });
    expect(theirs.status).toBe(404);
    expect(fake.sessions.size).toBe(0);

    const pay = await t.call(`/api/paddle-raises/${tournament.id}/pay`, { cookie: guest.cookie, json: { pledgeIds: [made.body.id] } });
    expect(pay).toMatchObject({ status: 201, body: { amountCents: 50_000 } });
    const session = fake.sessions.get(pay.body.sessionId)!;
    expect(session.line_items).toEqual([{ name: `Gift: ${tournament.name}`, amount: 50_000, quantity: 1 }]);
    expect((await t.call(`/api/tournaments/${tournament.id}/raised`)).body.raisedCents).toBe(0);

    expect(await fake.pay(session.id)).toBe(200);
    const raised = (await t.call(`/api/tournaments/${tournament.id}/raised`)).body;
    expect(raised).toMatchObject({ raisedCents: 50_000, raisedBySource: { donations: 50_000, teams: 0, items: 0, addons: 0 } });
    const after = await t.call(`/api/paddle-raises/${tournament.id}/mine`, { cookie: guest.cookie });
    expect(after.body.pledges.map((p: { paymentStatus: string }) => p.paymentStatus)).toEqual(['paid']);
    // The screen shows the name the guest allowed.
    expect((await t.call(`/api/paddle-raises/${tournament.id}/board`)).body.raise.latest[0].label).toMatch(/^#1 /);
  });

  it('a golfer pledges and pays through their personal link; a guessed link is refused', async () => {
    const { tournament, team } = await createRegisteredTeam(t.db, guest.id);
    const raise = await openRaise(tournament.id);
    const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team.id)).limit(1);
    const token = (await issueLinks(t.db, [golfer!.id])).get(golfer!.id)!;
    const made = await t.call(`/api/paddle-raises/golfer/${token}/pledges`, { json: { raiseId: raise.id, amountCents: 10_000 } });
    expect(made.status).toBe(201);
    const pay = await t.call(`/api/paddle-raises/golfer/${token}/pay`, { json: { pledgeIds: [made.body.id] } });
    expect(pay.status).toBe(201);
    expect(fake.sessions.get(pay.body.sessionId)!.cancel_url).toContain(`/golfer/${token}/paddle`);
    const guessed = await t.call('/api/paddle-raises/golfer/not-a-token/pledges', { json: { raiseId: raise.id, amountCents: 10_000 } });
    expect(guessed).toMatchObject({ status: 404, body: { error: { message: PADDLE_MESSAGES.linkInvalid } } });
  });
});
