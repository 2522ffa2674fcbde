// Not a mail relay (issue 31): what a leader's saves send to addresses they typed is limited per account and per address
// per day, and carries no link a stranger typed. Through the API, counting what the local SMTP catcher receives.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players, purchases, rateLimits, teams } from '../db/schema';
import { createLevel, createTournament, playersInput, registrationInput } from '../test/factories';
import { createTestApp, uniqueEmail, type TestApp, type TestUser } from '../test/test-app';
import { NO_LINKS_MESSAGE } from '../../shared/link-text';
import { testDatabaseKind } from '../test/database';
import { fileApp, fileAppWithStripe, fileMailCatcher, usePool } from '../test/file-app';
import { MailLimitReached, recipientLimitMessage, reserveMailToOthers, senderLimitMessage } from './mail-to-others';

const PRIZE = 'URGENT: claim your prize at http://evil.example/claim';

const mail = await fileMailCatcher();
/** Default limits (100 a day per account, 5 a day per address). */
const t = await fileApp({ env: { SMTP_URL: mail.url } });
/** USER_MAIL_PER_DAY=10, to reach the account's limit in a few requests. */
const small = await fileApp({ env: { SMTP_URL: mail.url, USER_MAIL_PER_DAY: '10' } });
/** With card payments, for gifts. */
const { app: giving } = await fileAppWithStripe({ env: { SMTP_URL: mail.url } });
const tournament = await createTournament(t.db);
const level = await createLevel(t.db, tournament.id, { maxTeams: 100 });

const POSTGRES = testDatabaseKind() === 'postgres';
const pool = usePool(() => t, 12);

const delivered = (to: string) => mail.messages.filter((m) => m.to.includes(to)).length;
/** Waits until `to` has `n` messages; nothing else is awaited by time. */
async function waitForCount(to: string, n: number) {
  for (let i = 1; i <= n; i++) await mail.waitFor(to, (m) => mail.messages.filter((x) => x.to.includes(to)).indexOf(m) === i - 1);
}

async function registeredTeam(app: TestApp, leader: TestUser) {
  const tournamentOf = app === t ? tournament : await createTournament(app.db);
  const levelOf = app === t ? level : await createLevel(app.db, tournamentOf.id, { maxTeams: 100 });
  const body = registrationInput(tournamentOf.id, levelOf.id, { contactEmail: leader.email });
  const answer = await app.call('/api/registrations', { json: body, cookie: leader.cookie });
  expect(answer.status).toBe(201);
  return { teamId: answer.body.teams[0].id as string, tournament: tournamentOf, level: levelOf };
}

/** The edit form as a leader sends it: golfer 1 kept, golfers 2–4 new and asked to answer for themselves (one e-mail each). */
async function editAsking(app: TestApp, leader: TestUser, teamId: string, addresses: string[], teamName = 'Fairway Friends') {
  const team = (await app.call(`/api/teams/${teamId}`, { cookie: leader.cookie })).body.team;
  const kept = team.players[0];
  const asked = addresses.map((email, i) => ({ firstName: `Golfer${i + 2}`, lastName: 'Asked', email, phone: '', answeredBy: 'golfer' }));
  const fillers = Array.from({ length: 3 - asked.length }, (_, i) => ({
    firstName: `Filler${i}`,
    lastName: 'Leader',
    email: uniqueEmail('filler'),
    phone: '',
    answeredBy: 'leader',
  }));
  const form = {
    teamName,
    company: team.company,
    contactName: team.contactName,
    contactPhone: team.contactPhone,
    contactEmail: team.contactEmail,
    players: [
      { id: kept.id, firstName: kept.firstName, lastName: kept.lastName, email: kept.email, phone: kept.phone, answeredBy: 'leader' },
      ...asked,
      ...fillers,
    ],
  };
  return app.call(`/api/teams/${teamId}`, { method: 'PUT', json: form, cookie: leader.cookie });
}

describe('the finding: 10 team edits sending the golfers’ links to three strangers', () => {
  it('a link in the team name is refused at the schema, naming the field, and nothing is sent', async () => {
    const leader = await t.createUser('team_leader');
    const { teamId } = await registeredTeam(t, leader);
    const victims = [uniqueEmail('victim'), uniqueEmail('victim'), uniqueEmail('victim')];
    const answer = await editAsking(t, leader, teamId, victims, PRIZE);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ teamName: NO_LINKS_MESSAGE });
    // The same through the names a stranger sees in the e-mail: the golfer's first name, the company, the contact.
    const team = (await t.call(`/api/teams/${teamId}`, { cookie: leader.cookie })).body.team;
    expect(team.name).not.toBe(PRIZE);
    for (const text of ['www.evil.example', 'evil.example/claim', 'Claim at evil.com']) {
      const form = { ...(await formOf(t, leader, teamId)), company: text };
      const refused = await t.call(`/api/teams/${teamId}`, { method: 'PUT', json: form, cookie: leader.cookie });
      expect([refused.status, refused.body.error.fields]).toEqual([400, { company: NO_LINKS_MESSAGE }]);
    }
    const named = await formOf(t, leader, teamId);
    named.players[1] = { ...named.players[1], firstName: PRIZE, answeredBy: 'golfer' };
    const refused = await t.call(`/api/teams/${teamId}`, { method: 'PUT', json: named, cookie: leader.cookie });
    expect([refused.status, refused.body.error.fields]).toEqual([400, { 'players.1.firstName': NO_LINKS_MESSAGE }]);
    for (const victim of victims) expect(delivered(victim)).toBe(0);
  });

  it('the same three addresses get 5 e-mails each (the per-address day limit); the 6th edit is refused with 429, nothing saved', async () => {
    const leader = await t.createUser('team_leader');
    const { teamId } = await registeredTeam(t, leader);
    const victims = [uniqueEmail('victim'), uniqueEmail('victim'), uniqueEmail('victim')].sort();
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof editAsking>> | undefined;
    for (let i = 0; i < 10; i++) {
      const answer = await editAsking(t, leader, teamId, victims);
      statuses.push(answer.status);
      if (answer.status !== 200) refusal ??= answer;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect(refusal!.body.error.code).toBe('RATE_LIMITED');
    expect(refusal!.body.error.message).toMatch(
      new RegExp(`^${recipientLimitMessage(victims[0]!, 5, 86_400).replace(/try again in \d+ hours?/, 'try again in \\d+ hours?')}$`),
    );
    expect(Number(refusal!.response.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const victim of victims) await waitForCount(victim, 5);
    // Nothing of a refused edit was saved: the team's golfers are the 5th edit's.
    const emails = (await t.db.select({ email: players.email }).from(players).where(eq(players.teamId, teamId))).map((p) => p.email);
    expect(emails.filter((e) => victims.includes(e)).sort()).toEqual(victims);
    // A sentinel sent after the refusals arrives; the victims still have 5 each: the refused edits sent nothing.
    const sentinel = uniqueEmail('sentinel');
    expect((await editAsking(t, leader, teamId, [sentinel])).status).toBe(200);
    await mail.waitFor(sentinel);
    for (const victim of victims) expect(delivered(victim)).toBe(5);
  });
});

async function formOf(app: TestApp, leader: TestUser, teamId: string) {
  const team = (await app.call(`/api/teams/${teamId}`, { cookie: leader.cookie })).body.team;
  return {
    teamName: team.name as string,
    company: team.company as string,
    contactName: team.contactName as string,
    contactPhone: team.contactPhone as string,
    contactEmail: team.contactEmail as string,
    players: team.players.map((p: Record<string, unknown>) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      answeredBy: p.answeredBy,
    })) as Record<string, unknown>[],
  };
}

describe('without SMTP', () => {
  it('nothing leaves the server (the log only, R7), so nothing is counted or refused', async () => {
    const quiet = await createTestApp({ database: t.database });
    try {
      const leader = await quiet.createUser('team_leader');
      const { teamId } = await registeredTeam(quiet, leader);
      const victims = [uniqueEmail('victim'), uniqueEmail('victim'), uniqueEmail('victim')];
      for (let i = 0; i < 7; i++) expect((await editAsking(quiet, leader, teamId, victims)).status).toBe(200);
      const counted = await quiet.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `mail-to:${victims[0]}`));
      expect(counted).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('per account, per day (USER_MAIL_PER_DAY)', () => {
  it('ten golfers asked one by one get their links; the 11th e-mail is refused with 429 naming the limit, and not sent', async () => {
    const leader = await small.createUser('team_leader');
    const { teamId } = await registeredTeam(small, leader);
    const golfers = Array.from({ length: 11 }, () => uniqueEmail('golfer'));
    for (const golfer of golfers.slice(0, 10)) expect((await editAsking(small, leader, teamId, [golfer])).status).toBe(200);
    const eleventh = await editAsking(small, leader, teamId, [golfers[10]!]);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toMatch(/^This would send more than 10 e-mails today to other people's addresses/);
    expect(eleventh.body.error.message).toBe(senderLimitMessage(10, Number(eleventh.response.headers.get('retry-after'))));
    for (const golfer of golfers.slice(0, 10)) await mail.waitFor(golfer);
    // Mail to the leader's own address is not counted: a registration with their own contact and nobody asked goes through.
    const other = await createTournament(small.db, { name: 'Autumn Scramble' });
    const otherLevel = await createLevel(small.db, other.id, { maxTeams: 100 });
    const own = await small.call('/api/registrations', {
      json: registrationInput(other.id, otherLevel.id, { contactEmail: leader.email }),
      cookie: leader.cookie,
    });
    expect(own.status).toBe(201);
    await mail.waitFor(leader.email, (m) => m.subject === 'Registration received: Autumn Scramble');
    expect(delivered(golfers[10]!)).toBe(0);
  });

  it('a registration whose contact and asked golfers pass the limit is refused whole: no team, no e-mail', async () => {
    const leader = await small.createUser('team_leader');
    const tournamentOf = await createTournament(small.db);
    const levelOf = await createLevel(small.db, tournamentOf.id, { maxTeams: 100 });
    const askingAll = () => {
      const contactEmail = uniqueEmail('contact');
      const list = playersInput('Asked').map((p) => ({ ...p, answeredBy: 'golfer' as const }));
      return {
        contactEmail,
        body: registrationInput(tournamentOf.id, levelOf.id, { contactEmail, teams: [{ teamName: 'Asked Team', players: list }] }),
      };
    };
    const teamsOf = async () => (await small.db.select({ n: count() }).from(teams).where(eq(teams.userId, leader.id)))[0]!.n;
    // 5 e-mails each (the contact and 4 golfers): two fit in 10, the third does not.
    const first = askingAll();
    const second = askingAll();
    expect((await small.call('/api/registrations', { json: first.body, cookie: leader.cookie })).status).toBe(201);
    expect((await small.call('/api/registrations', { json: second.body, cookie: leader.cookie })).status).toBe(201);
    const third = askingAll();
    const refused = await small.call('/api/registrations', { json: third.body, cookie: leader.cookie });
    expect(refused.status).toBe(429);
    expect(await teamsOf()).toBe(2);
    await mail.waitFor(second.contactEmail);
    for (const p of second.body.teams[0]!.players) await mail.waitFor(p.email);
    expect(delivered(third.contactEmail)).toBe(0);
    for (const p of third.body.teams[0]!.players) expect(delivered(p.email)).toBe(0);
  });
});

describe('gifts: the receipt goes to the address typed on the form', () => {
  it('a visitor giving to one address a 6th time in a day is refused with 429, no gift saved; another address still works', async () => {
    const gifted = await createTournament(giving.db);
    const victim = uniqueEmail('victim');
    const give = (email: string) =>
      giving.call('/api/donations', { json: { tournamentId: gifted.id, amount: '5', name: 'Dana Donor', email, showName: false } });
    for (let i = 0; i < 5; i++) expect((await give(victim)).status).toBe(201);
    const sixth = await give(victim);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toMatch(new RegExp(`^${victim.replace(/[.]/g, '\\.')} has been sent 5 e-mails from this site today`));
    const saved = await giving.db.select({ n: count() }).from(purchases).where(eq(purchases.buyerEmail, victim));
    expect(saved[0]!.n).toBe(5);
    expect((await give(uniqueEmail('donor'))).status).toBe(201);
  });
});

describe('at the same moment (PostgreSQL, through a pool)', () => {
  it('twelve accounts mailing one address at once: exactly 5 are counted, the other 7 refused, and the count stays 5', async () => {
    const db = POSTGRES ? pool.db : t.db;
    const victim = uniqueEmail('victim');
    const limits = { perSender: 100, perRecipient: 5 };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => reserveMailToOthers(db, { key: `user:racer-${i}-${victim}` }, [victim], limits)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toBeInstanceOf(MailLimitReached);
    // One more, later, is refused too: the refused seven took nothing.
    await expect(reserveMailToOthers(t.db, { key: 'user:late' }, [victim], limits)).rejects.toBeInstanceOf(MailLimitReached);
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `mail-to:${victim}`));
    expect(row!.count).toBe(5);
  });
});
