import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, players, teams } from '../db/schema';
import { registerTeams } from '../registration/service';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput, useClock } from '../test/fixtures';
import { type TestUser } from '../test/test-app';
import { fileApp } from '../test/file-app';

// The tournament starts on Friday 16 April 2027; in TIME_ZONE (UTC for the test app) editing locks at 00:00 on 15 April.
const START_DATE = '2027-04-16';
const BEFORE_LOCK = '2027-04-14T23:59:59.999Z';
const AT_LOCK = '2027-04-15T00:00:00.000Z';
const NOW = '2027-03-01T12:00:00.000Z';
const LOCKED = { error: { code: 'FORBIDDEN', message: 'Editing is locked (tournament starts soon)' } };

const t = await fileApp();
const clock = useClock(t, NOW);
const [owner, other, moderator, admin] = await Promise.all([
  t.createUser('team_leader', { firstName: 'Olive', lastName: 'Owner' }),
  t.createUser('team_leader', { firstName: 'Otto', lastName: 'Other' }),
  t.createUser('moderator'),
  t.createUser('admin'),
]);
const tournament = await createTournament(t.db, { name: 'Spring Charity Classic', startDate: START_DATE, endDate: START_DATE });
const level = await createLevel(t.db, tournament.id, { name: 'Eagle Sponsor', priceCents: 120_000, maxTeams: 100 });
beforeEach(() => clock.set(NOW));

/** Registers `n` teams for `user` through the service, as the registration route does. */
async function registered(user: TestUser, n = 1, label = 'Team') {
  const { teams: created } = await registerTeams(
    t.db,
    user.id,
    registrationInput(tournament.id, level.id, { teams: teamsInput(n, label) }),
    clock.now(),
  );
  return created;
}

async function teamRow(id: string) {
  const [row] = await t.db.select().from(teams).where(eq(teams.id, id));
  return row!;
}

async function rosterOf(id: string) {
  return t.db.select().from(players).where(eq(players.teamId, id)).orderBy(asc(players.createdAt), asc(players.id));
}

/** The edit form's body for a team as it is now, with `change` applied. */
async function editBody(id: string, change: Record<string, unknown> = {}) {
  const team = await teamRow(id);
  const roster = await rosterOf(id);
  return {
    teamName: team.name,
    company: team.company,
    contactName: team.contactName,
    contactPhone: team.contactPhone,
    contactEmail: team.contactEmail,
    players: roster.map(({ id: playerId, firstName, lastName, email, phone }) => ({ id: playerId, firstName, lastName, email, phone })),
    ...change,
  };
}

const put = (id: string, json: unknown, user: TestUser) => t.call(`/api/teams/${id}`, { method: 'PUT', json, cookie: user.cookie });

describe('GET /api/teams/mine', () => {
  it('lists only the caller’s teams, each editable with four players, without the owner id', async () => {
    const mine = await registered(owner, 2, 'Mine');
    const theirs = await registered(other, 1, 'Theirs');

    const { status, body, response } = await t.call('/api/teams/mine', { cookie: owner.cookie });
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const ids = body.teams.map((team: { id: string }) => team.id);
    expect(ids).toEqual(expect.arrayContaining(mine.map((team) => team.id)));
    expect(ids).not.toContain(theirs[0]!.id);
    for (const team of body.teams) {
      expect(team).toMatchObject({
        editable: true,
        playerCount: 4,
        paymentStatus: 'hold',
        tournament: { id: tournament.id, name: 'Spring Charity Classic', startDate: START_DATE, endDate: START_DATE },
        level: { name: 'Eagle Sponsor', priceCents: 120_000 },
        contactName: 'Casey Contact',
      });
      expect(team).not.toHaveProperty('userId');
      expect(team).not.toHaveProperty('players');
    }

    const theirList = await t.call('/api/teams/mine', { cookie: other.cookie });
    expect(theirList.body.teams.map((team: { id: string }) => team.id)).toEqual([theirs[0]!.id]);
  });

  it('names a paid team’s receipts, which its leader can open, and none for a team on hold (R39)', async () => {
    const [paid, held] = await registered(owner, 2, 'Receipt');
    const marked = await t.call(`/api/admin/teams/${paid!.id}/status`, { method: 'PATCH', json: { status: 'paid' }, cookie: admin.cookie });
    expect(marked.status).toBe(200);
    const records = await t.db.select({ id: payments.id }).from(payments).where(eq(payments.teamId, paid!.id));

    const { body } = await t.call('/api/teams/mine', { cookie: owner.cookie });
    const byId = new Map(body.teams.map((team: { id: string; receiptIds: string[] }) => [team.id, team.receiptIds]));
    expect(byId.get(paid!.id)).toEqual(records.map((r) => r.id));
    expect(records).toHaveLength(1);
    expect(byId.get(held!.id)).toEqual([]);
    const receipt = await t.call(`/api/receipts/${records[0]!.id}`, { cookie: owner.cookie });
    expect(receipt.status).toBe(200);
    // Its level states no value, and the place still bought golf: goods received, so the disclosure is due (R39).
    expect(receipt.body.receipt).toMatchObject({
      paymentId: records[0]!.id,
      amountCents: 120_000,
      fmvCents: 0,
      goods: true,
      disclosure: true,
    });
  });

  it('answers an empty list to a user without teams (staff see only their own here too)', async () => {
    for (const user of [admin, moderator]) {
      const { status, body } = await t.call('/api/teams/mine', { cookie: user.cookie });
      expect(status).toBe(200);
      expect(body).toEqual({ teams: [] });
    }
  });

  it('marks the teams not editable from the lock on (R17)', async () => {
    await registered(owner);
    clock.set(BEFORE_LOCK);
    const before = await t.call('/api/teams/mine', { cookie: owner.cookie });
    expect(before.body.teams.every((team: { editable: boolean }) => team.editable)).toBe(true);
    clock.set(AT_LOCK);
    const after = await t.call('/api/teams/mine', { cookie: owner.cookie });
    expect(after.body.teams.length).toBeGreaterThan(0);
    expect(after.body.teams.every((team: { editable: boolean }) => !team.editable)).toBe(true);
  });

  it('refuses an anonymous caller with 401', async () => {
    const { status, body } = await t.call('/api/teams/mine');
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You must be signed in to do that' } });
  });
});

describe('GET /api/teams/:id', () => {
  it('shows the owner the team with its players’ e-mails and phones (R11)', async () => {
    const [team] = await registered(owner, 1, 'Detail');
    const { status, body } = await t.call(`/api/teams/${team!.id}`, { cookie: owner.cookie });
    expect(status).toBe(200);
    expect(body.team).toMatchObject({ id: team!.id, name: 'Detail 1', editable: true, playerCount: 4 });
    const roster = await rosterOf(team!.id);
    expect(body.team.players).toEqual(
      roster.map(({ id, firstName, lastName, email, phone }) => ({
        id,
        firstName,
        lastName,
        email,
        phone,
        handicapIndex: null,
        // R42: the leader fills these players in; nothing answered by the golfers themselves.
        answeredBy: 'leader',
        answeredAt: null,
        shirtSize: '',
        dietaryNeeds: '',
      })),
    );
    expect(body.team.players.every((p: { email: string; phone: string }) => p.email.includes('@') && p.phone === '555-0100')).toBe(true);
  });

  it('refuses another leader with 403 and shows none of the players’ contact details', async () => {
    const [team] = await registered(owner, 1, 'Private');
    const { status, body } = await t.call(`/api/teams/${team!.id}`, { cookie: other.cookie });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to access this team" } });
    const text = JSON.stringify(body);
    for (const p of await rosterOf(team!.id)) {
      expect(text).not.toContain(p.email);
      expect(text).not.toContain(p.firstName);
    }
    expect(text).not.toContain('555-01');
  });

  it.each(['moderator', 'admin'] as const)('shows any team to a %s', async (role) => {
    const [team] = await registered(owner, 1, 'Staff view');
    const { status, body } = await t.call(`/api/teams/${team!.id}`, { cookie: role === 'admin' ? admin.cookie : moderator.cookie });
    expect(status).toBe(200);
    expect(body.team.players).toHaveLength(4);
    expect(body.team.players[0].email).toContain('@');
  });

  it('answers 404 for an unknown team and 400 for an id that is not one', async () => {
    expect((await t.call('/api/teams/8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.call('/api/teams/42', { cookie: owner.cookie })).status).toBe(400);
  });

  it('refuses an anonymous caller with 401', async () => {
    const [team] = await registered(owner);
    expect((await t.call(`/api/teams/${team!.id}`)).status).toBe(401);
  });
});

describe('PUT /api/teams/:id', () => {
  it('saves the owner’s changes before the lock: name, contact and players, keeping the players’ ids', async () => {
    const [team] = await registered(owner, 1, 'Before');
    const roster = await rosterOf(team!.id);
    clock.set(BEFORE_LOCK);
    const body = await editBody(team!.id, {
      teamName: '  Renamed Team ',
      company: 'New Co',
      contactName: 'Robin Reach',
      contactPhone: '555-0777',
      contactEmail: 'Robin@Example.ORG',
    });
    body.players = body.players.map((p, i) => ({ ...p, firstName: `New${i}`, email: `NEW${i}@example.org`, phone: `555-000${i}` }));

    const { status, body: answer } = await put(team!.id, body, owner);
    expect(status).toBe(200);
    expect(answer.team).toMatchObject({
      id: team!.id,
      name: 'Renamed Team',
      company: 'New Co',
      contactEmail: 'robin@example.org',
      playerCount: 4,
    });

    expect(await teamRow(team!.id)).toMatchObject({
      name: 'Renamed Team',
      company: 'New Co',
      contactName: 'Robin Reach',
      contactPhone: '555-0777',
      contactEmail: 'robin@example.org',
    });
    const after = await rosterOf(team!.id);
    expect(after.map((p) => p.id).sort()).toEqual(roster.map((p) => p.id).sort());
    const byId = new Map(after.map((p) => [p.id, p]));
    roster.forEach((p, i) =>
      expect(byId.get(p.id)).toMatchObject({
        firstName: `New${i}`,
        lastName: p.lastName,
        email: `new${i}@example.org`,
        phone: `555-000${i}`,
      }),
    );
  });

  it('replaces a player sent without an id, keeping the other three', async () => {
    const [team] = await registered(owner, 1, 'Swap');
    const roster = await rosterOf(team!.id);
    const body = await editBody(team!.id);
    body.players[3] = { id: undefined as never, firstName: 'Sub', lastName: 'Stitute', email: 'sub@example.org', phone: '' };
    expect((await put(team!.id, body, owner)).status).toBe(200);
    const after = await rosterOf(team!.id);
    expect(after).toHaveLength(4);
    expect(after.map((p) => p.id)).toEqual(expect.arrayContaining(roster.slice(0, 3).map((p) => p.id)));
    expect(after.map((p) => p.id)).not.toContain(roster[3]!.id);
    expect(after.find((p) => p.firstName === 'Sub')).toMatchObject({ lastName: 'Stitute', email: 'sub@example.org' });
  });

  it('never takes over another team’s players by their ids', async () => {
    const [mine] = await registered(owner, 1, 'Taker');
    const [theirs] = await registered(other, 1, 'Victim');
    const theirRoster = await rosterOf(theirs!.id);
    const before = await rosterOf(theirs!.id);
    const body = await editBody(mine!.id);
    body.players[0] = { ...body.players[0]!, id: theirRoster[0]!.id, firstName: 'Stolen' };
    expect((await put(mine!.id, body, owner)).status).toBe(200);
    expect(await rosterOf(theirs!.id)).toEqual(before);
    expect(await rosterOf(mine!.id)).toHaveLength(4);
  });

  it('keeps four players when the same player id is sent twice', async () => {
    const [team] = await registered(owner, 1, 'Twice');
    const body = await editBody(team!.id);
    body.players[1] = { ...body.players[1]!, id: body.players[0]!.id, firstName: 'Dup' };
    const { status } = await put(team!.id, body, owner);
    expect(status).toBe(200);
    const after = await rosterOf(team!.id);
    expect(after).toHaveLength(4);
    expect(new Set(after.map((p) => p.id)).size).toBe(4);
  });

  it('refuses another leader with 403 and changes nothing', async () => {
    const [team] = await registered(owner, 1, 'Guarded');
    const before = await fingerprint(t.db);
    const { status, body } = await put(team!.id, await editBody(team!.id, { teamName: 'Hijacked' }), other);
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to change this team" } });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('logs each refusal with the caller and the reason, and never a password or a player’s contact', async () => {
    const [team] = await registered(owner, 1, 'Logged');
    const from = t.logs.length;
    await put(team!.id, await editBody(team!.id, { teamName: 'Hijacked' }), other);
    await t.call(`/api/teams/${team!.id}`);
    const refusals = t.logs.slice(from).filter((l) => l.message === 'access refused');
    expect(refusals.map((l) => l.fields)).toEqual([
      {
        method: 'PUT',
        path: `/api/teams/${team!.id}`,
        userId: other.id,
        role: 'team_leader',
        reason: "You don't have permission to change this team",
        client: 'local',
      },
      {
        method: 'GET',
        path: `/api/teams/${team!.id}`,
        userId: null,
        role: null,
        reason: 'You must be signed in to do that',
        client: 'local',
      },
    ]);
    expect(JSON.stringify(refusals)).not.toMatch(/password|@/i);
  });

  it('refuses the owner from the lock on with 403 "Editing is locked (tournament starts soon)" and changes nothing', async () => {
    const [team] = await registered(owner, 1, 'Locked');
    for (const at of [AT_LOCK, '2027-04-15T18:00:00Z', `${START_DATE}T08:00:00Z`]) {
      clock.set(at);
      const before = await fingerprint(t.db);
      const { status, body } = await put(team!.id, await editBody(team!.id, { teamName: 'Too Late' }), owner);
      expect(status, at).toBe(403);
      expect(body).toEqual(LOCKED);
      expect(await fingerprint(t.db)).toEqual(before);
    }
  });

  it('lets an admin correct a team after the lock (R17)', async () => {
    const [team] = await registered(owner, 1, 'Corrected');
    clock.set(AT_LOCK);
    const body = await editBody(team!.id, { teamName: 'Corrected By Staff' });
    body.players[2] = { ...body.players[2]!, lastName: 'Spelled-Right' };
    const { status } = await put(team!.id, body, admin);
    expect(status).toBe(200);
    expect((await teamRow(team!.id)).name).toBe('Corrected By Staff');
    expect((await rosterOf(team!.id)).some((p) => p.lastName === 'Spelled-Right')).toBe(true);
    // The team stays its leader's.
    expect((await teamRow(team!.id)).userId).toBe(owner.id);
  });

  it('refuses a moderator: their view of teams is read only (R8)', async () => {
    const [team] = await registered(owner, 1, 'Watched');
    const before = await fingerprint(t.db);
    const { status, body } = await put(team!.id, await editBody(team!.id, { teamName: 'Moderated' }), moderator);
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'FORBIDDEN', message: "You don't have permission to change this team" } });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('changes no status, owner, amount or tournament sent with the edit (no mass assignment)', async () => {
    const [team] = await registered(owner, 1, 'Mass');
    const elsewhere = await createTournament(t.db, { startDate: '2027-09-24' });
    const beforeTeam = await teamRow(team!.id);
    const [beforePayment] = await t.db.select().from(payments).where(eq(payments.teamId, team!.id));
    const body = {
      ...(await editBody(team!.id, { teamName: 'Mass Renamed' })),
      paymentStatus: 'paid',
      userId: other.id,
      amount: 0,
      amountCents: 0,
      tournamentId: elsewhere.id,
      tournamentSponsorshipLevelId: null,
      holdUntil: null,
    };
    expect((await put(team!.id, body, owner)).status).toBe(200);
    const afterTeam = await teamRow(team!.id);
    expect(afterTeam.name).toBe('Mass Renamed');
    expect(afterTeam).toMatchObject({
      paymentStatus: beforeTeam.paymentStatus,
      userId: owner.id,
      tournamentId: tournament.id,
      tournamentSponsorshipLevelId: level.id,
      holdUntil: beforeTeam.holdUntil,
    });
    const [afterPayment] = await t.db.select().from(payments).where(eq(payments.teamId, team!.id));
    expect(afterPayment).toEqual(beforePayment);
  });

  it('refuses 3 players with 400 "Exactly 4 players required" and changes nothing', async () => {
    const [team] = await registered(owner, 1, 'Short');
    const body = await editBody(team!.id, { teamName: 'Three Only' });
    body.players = body.players.slice(0, 3);
    const before = await fingerprint(t.db);
    const { status, body: answer } = await put(team!.id, body, owner);
    expect(status).toBe(400);
    expect(answer.error).toMatchObject({
      code: 'VALIDATION',
      message: 'Exactly 4 players required',
      fields: { players: 'Exactly 4 players required' },
    });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('answers 404 for an unknown team and 401 without a session, changing nothing', async () => {
    const [team] = await registered(owner, 1, 'Anon');
    const body = await editBody(team!.id);
    const before = await fingerprint(t.db);
    expect((await put('8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a', body, owner)).status).toBe(404);
    const anonymous = await t.call(`/api/teams/${team!.id}`, { method: 'PUT', json: body });
    expect(anonymous.status).toBe(401);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
