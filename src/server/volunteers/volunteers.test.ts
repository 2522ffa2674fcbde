// Volunteers (R60): staff invite by e-mail to one tournament as Scorer or Check-in until a date; the link signs the person
// up (or an existing account accepts); the grant reaches that role's routes for that tournament only; a last day that
// has passed (the end of that day in TIME_ZONE) and an access staff ended are refused on the next request.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { volunteerGrants } from '../db/schema';
import { fileMailCatcher, fileApp, usersOfEachRole } from '../test/file-app';
import { fingerprint } from '../test/db-fingerprint';
import { createTournamentDay } from '../test/tournament-day-fixtures';
import { TEST_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';
import { VOLUNTEER_MESSAGES } from '../../shared/volunteer-schemas';
import { localDate } from '../../shared/editing-lock';
import { createUserAccount } from '../account/service';
import { hashOncePerPassword } from '../test/hash-once';
import { createAddon } from '../addons/service';
import { countQueries } from '../test/count-queries';
import { tournamentOfTeam, volunteerGrantState } from './grant-check';

const TIME_ZONE = 'America/New_York';
const mail = await fileMailCatcher();
const t: TestApp = await fileApp({ env: { SMTP_URL: mail.url, TIME_ZONE } });
const { leader, moderator, admin } = await usersOfEachRole(t);
const dayA = await createTournamentDay(t.db, leader.id, { teams: 2 });
const dayB = await createTournamentDay(t.db, leader.id, { teams: 1 });
const A = dayA.tournament.id;
const B = dayB.tournament.id;
const golferA = dayA.teams[0]!.players[0]!;
const golferB = dayB.teams[0]!.players[0]!;
const teamA = dayA.teams[0]!.id;
const teamB = dayB.teams[0]!.id;

const today = () => localDate(t.deps.now(), TIME_ZONE);
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: "You don't have permission to access this page" } };
const ENDED = { error: { code: 'FORBIDDEN', message: VOLUNTEER_MESSAGES.ended } };

/** Staff invite `email`; answers the token from the e-mail's link. */
async function invite(email: string, role: 'scorer' | 'check-in', until = today(), tournamentId = A, cookie = moderator.cookie) {
  const { status, body } = await t.call('/api/admin/volunteers', { cookie, json: { tournamentId, email, role, until } });
  expect(status, JSON.stringify(body)).toBe(201);
  const sent = await mail.waitFor(email);
  const link = /https?:\/\/\S+\/volunteer\/invitation\/([\w-]+)/.exec(sent.text);
  expect(link, sent.text).not.toBeNull();
  return { id: body.id as string, token: link![1]!, mail: sent };
}

/** A new account from the invitation's link, signed in: its cookie. */
async function signUpFrom(token: string, email: string) {
  const { status, body } = await t.call(`/api/volunteer/invitations/${token}/sign-up`, {
    json: { firstName: 'Vic', lastName: 'Volunteer', password: TEST_PASSWORD },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  expect(body).toEqual({ email });
  return t.signIn(email);
}

const checkIn = (cookie: string, playerId = golferA) =>
  t.call(`/api/admin/golfers/${playerId}/check-in`, { method: 'PUT', cookie, json: { checkedIn: true } });

describe('a check-in volunteer invited by e-mail who signs up from the link (R60)', async () => {
  const email = uniqueEmail('desk');
  const invited = await invite(email, 'check-in');

  it('gets an e-mail naming the tournament, the role and the last day, from the one renderer', () => {
    expect(invited.mail.subject).toBe(`You are invited to volunteer at ${dayA.tournament.name}`);
    expect(invited.mail.text).toContain('as Check-in');
    expect(invited.mail.html).toContain('Accept the invitation');
  });

  const shown = await t.call(`/api/volunteer/invitations/${invited.token}`);
  it('the link shows the invitation before any account exists', async () => {
    const { status, body } = shown;
    expect(status).toBe(200);
    expect(body).toEqual({
      email,
      role: 'check-in',
      until: today(),
      tournamentId: A,
      tournamentName: dayA.tournament.name,
      status: 'invited',
    });
  });

  const cookie = await signUpFrom(invited.token, email);

  it('signs in at once (the link proved the address) and checks in a golfer of that tournament, recorded as them', async () => {
    const { status, body } = await checkIn(cookie);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.golfer).toMatchObject({ checkedIn: true, checkedInBy: 'Vic Volunteer' });
    expect((await t.call(`/api/admin/golfers?tournamentId=${A}`, { cookie })).status).toBe(200);
  });

  it('sells an add-on at check-in and sets a Handicap Index there, for that tournament', async () => {
    const mulligan = await createAddon(t.db, A, { name: 'Mulligan', priceCents: 500, maxPerGolfer: 2 });
    const sold = await t.call(`/api/admin/golfers/${golferA}/addons`, {
      cookie,
      json: { addonId: mulligan.id, quantity: 1, method: 'cash' },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const otherAddon = await createAddon(t.db, B, { name: 'Mulligan', priceCents: 500, maxPerGolfer: 2 });
    const elsewhere = await t.call(`/api/admin/golfers/${golferB}/addons`, {
      cookie,
      json: { addonId: otherAddon.id, quantity: 1, method: 'cash' },
    });
    expect(elsewhere.status).toBe(403);
    const handicap = await t.call(`/api/admin/golfers/${golferA}/handicap`, { method: 'PUT', cookie, json: { handicapIndex: 12.4 } });
    expect(handicap.status, JSON.stringify(handicap.body)).toBe(200);
  });

  it('is refused on another tournament, changing nothing', async () => {
    const before = await fingerprint(t.db);
    expect(await checkIn(cookie, golferB)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect((await t.call(`/api/admin/golfers?tournamentId=${B}`, { cookie })).status).toBe(403);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it("reaches nothing else: not score entry for another's team, nor staff's or admins' pages", async () => {
    expect((await t.call(`/api/teams/${teamA}/scores`, { cookie })).status).toBe(403);
    for (const path of [
      '/api/admin/dashboard',
      '/api/admin/teams',
      '/api/admin/payments',
      '/api/admin/users',
      `/api/admin/score-report/${A}`,
    ]) {
      expect((await t.call(path, { cookie })).status, path).toBe(403);
    }
    expect((await t.call(`/api/admin/volunteers?tournamentId=${A}`, { cookie })).status).toBe(403);
  });

  it('is listed for staff as active, with who accepted and until when; the link cannot be used again', async () => {
    const { body } = await t.call(`/api/admin/volunteers?tournamentId=${A}`, { cookie: admin.cookie });
    expect(body.volunteers.find((v: { email: string }) => v.email === email)).toMatchObject({
      role: 'check-in',
      status: 'active',
      until: today(),
      acceptedName: 'Vic Volunteer',
      endedAt: null,
    });
    const again = await t.call(`/api/volunteer/invitations/${invited.token}/sign-up`, {
      json: { firstName: 'Eve', lastName: 'Else', password: TEST_PASSWORD },
    });
    expect(again).toMatchObject({ status: 404, body: { error: { message: VOLUNTEER_MESSAGES.invitationGone } } });
  });

  it('sees their grant (and nothing of other tournaments) in their own list', async () => {
    const { body } = await t.call('/api/volunteer/grants', { cookie });
    expect(body.grants).toEqual([
      { id: invited.id, tournamentId: A, tournamentName: dayA.tournament.name, role: 'check-in', until: today() },
    ]);
  });

  it('staff end the access: the very next request is refused with a clear message, and the link stays dead', async () => {
    expect((await checkIn(cookie)).status).toBe(200);
    expect((await t.call(`/api/admin/volunteers/${invited.id}/end`, { method: 'POST', cookie: moderator.cookie })).status).toBe(204);
    expect(await checkIn(cookie)).toMatchObject({ status: 403, body: ENDED });
    expect((await t.call('/api/volunteer/grants', { cookie })).body.grants).toEqual([]);
    expect((await t.call(`/api/volunteer/invitations/${invited.token}/accept`, { method: 'POST', cookie })).status).toBe(404);
    const { body } = await t.call(`/api/admin/volunteers?tournamentId=${A}`, { cookie: admin.cookie });
    expect(body.volunteers.find((v: { email: string }) => v.email === email)).toMatchObject({ status: 'ended' });
  });
});

describe('a scorer with an account already (R60)', async () => {
  const email = uniqueEmail('scorer');
  const scorer = await createUserAccount(
    t.db,
    { firstName: 'Sam', lastName: 'Scorer', email, password: TEST_PASSWORD, emailVerified: true },
    hashOncePerPassword,
  );
  const cookie = await t.signIn(email);
  const invited = await invite(email, 'scorer');

  it('cannot make a second account from the link: told to sign in', async () => {
    const { status, body } = await t.call(`/api/volunteer/invitations/${invited.token}/sign-up`, {
      json: { firstName: 'Sam', lastName: 'Again', password: TEST_PASSWORD },
    });
    expect(status).toBe(409);
    expect(body.error.message).toBe(VOLUNTEER_MESSAGES.accountExists);
  });

  it('before accepting, reaches no team of the tournament', async () => {
    expect((await t.call(`/api/teams/${teamA}/scores`, { cookie })).status).toBe(403);
  });

  it('another account cannot accept it, changing nothing', async () => {
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`/api/volunteer/invitations/${invited.token}/accept`, { method: 'POST', cookie: leader.cookie });
    expect(status).toBe(403);
    expect(body.error.message).toBe(VOLUNTEER_MESSAGES.otherEmail(email));
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('accepts signed in, then reads and saves the scores of any team of that tournament only', async () => {
    const accepted = await t.call(`/api/volunteer/invitations/${invited.token}/accept`, { method: 'POST', cookie });
    expect(accepted).toMatchObject({ status: 200, body: { tournamentId: A, role: 'scorer' } });
    const sheet = await t.call(`/api/teams/${teamA}/scores`, { cookie });
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const saved = await t.call(`/api/teams/${teamA}/scores`, {
      method: 'PUT',
      cookie,
      json: { scores: [{ playerId: dayA.teams[0]!.players[0], holeNumber: 1, strokes: 4 }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.call(`/api/teams/${teamB}/scores`, { cookie })).status).toBe(403);
  });

  it("is found in one statement per request: the guard of every score save reads the team's tournament with the grant", async () => {
    const grantOn = (teamId: string) =>
      volunteerGrantState(t.db, { userId: scorer.id, tournament: tournamentOfTeam(teamId)!, role: 'scorer', today: today() });
    let live: Awaited<ReturnType<typeof grantOn>> | undefined;
    expect(await countQueries(t.db, async () => (live = await grantOn(teamA)))).toBe(1);
    expect(live).toEqual({ state: 'live', tournamentId: A });
    expect(await grantOn(teamB)).toEqual({ state: 'none' });
    expect(await grantOn(randomUUID())).toEqual({ state: 'none' });
    expect(tournamentOfTeam('not-an-id')).toBeNull();
  });

  it("score entry lists that tournament's teams, not another's", async () => {
    const { body } = await t.call('/api/score-entry/tournaments', { cookie });
    expect(body.tournaments.map((x: { id: string }) => x.id)).toEqual([A]);
    expect(body.tournaments[0].teams).toHaveLength(2);
  });

  it('is no check-in volunteer', async () => {
    expect((await checkIn(cookie)).status).toBe(403);
  });
});

describe('the last day (R60): access ends at the end of that day in TIME_ZONE', async () => {
  const email = uniqueEmail('late');
  const until = '2030-06-15';
  // 23:30 on the last day in New York is 03:30 the next day in UTC: still allowed there; 00:30 the next day is not.
  const lastMinutes = new Date('2030-06-16T03:30:00Z');
  const nextDay = new Date('2030-06-16T04:30:00Z');
  const invited = await invite(email, 'check-in', until);
  const cookie = await signUpFrom(invited.token, email);

  it('allows the volunteer until the day is over there, then refuses with a clear message', async () => {
    const real = t.deps.now;
    try {
      t.deps.now = () => new Date(lastMinutes);
      expect((await checkIn(cookie)).status).toBe(200);
      t.deps.now = () => new Date(nextDay);
      expect(await checkIn(cookie)).toMatchObject({ status: 403, body: ENDED });
      const { body } = await t.call(`/api/admin/volunteers?tournamentId=${A}`, { cookie: admin.cookie });
      expect(body.volunteers.find((v: { email: string }) => v.email === email)).toMatchObject({ status: 'expired' });
    } finally {
      t.deps.now = real;
    }
  });

  it('an invitation past its day cannot be accepted, and a last day in the past is refused', async () => {
    const other = uniqueEmail('stale');
    const stale = await invite(other, 'scorer', until);
    const real = t.deps.now;
    try {
      t.deps.now = () => new Date(nextDay);
      const late = await t.call(`/api/volunteer/invitations/${stale.token}/sign-up`, {
        json: { firstName: 'Too', lastName: 'Late', password: TEST_PASSWORD },
      });
      expect(late.status).toBe(404);
      const past = await t.call('/api/admin/volunteers', {
        cookie: moderator.cookie,
        json: { tournamentId: A, email: other, role: 'scorer', until },
      });
      expect(past).toMatchObject({ status: 400, body: { error: { fields: { until: VOLUNTEER_MESSAGES.untilPast } } } });
    } finally {
      t.deps.now = real;
    }
  });
});

describe('inviting (R60)', () => {
  it('refuses a team leader, and keeps only the hash of the link', async () => {
    const email = uniqueEmail('nope');
    const refused = await t.call('/api/admin/volunteers', {
      cookie: leader.cookie,
      json: { tournamentId: A, email, role: 'scorer', until: today() },
    });
    expect(refused.status).toBe(403);
    const invited = await invite(uniqueEmail('hashed'), 'scorer', today(), A, admin.cookie);
    const [row] = await t.db.select().from(volunteerGrants).where(eq(volunteerGrants.id, invited.id));
    expect(row!.tokenHash).not.toContain(invited.token);
    expect(row!.invitedBy).toBe(admin.id);
  });

  it('an unknown link says it does not work', async () => {
    const { status, body } = await t.call(`/api/volunteer/invitations/${'x'.repeat(43)}`);
    expect(status).toBe(404);
    expect(body.error.message).toBe(VOLUNTEER_MESSAGES.invitationGone);
  });

  it('names each bad field', async () => {
    const { status, body } = await t.call('/api/admin/volunteers', {
      cookie: admin.cookie,
      json: { tournamentId: A, email: 'not an e-mail', role: 'boss', until: '2030-02-30' },
    });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'role', 'until']);
  });
});
