// Admin Golfers API (spec §2 Golfers, §5; R8, R19): list, search, pages, check-in with who and when, add under
// the four-golfer limit, delete; moderators check in but do not add or delete; team leaders reach nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins, players } from '../db/schema';
import { registerTeams } from '../registration/service';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import { testDatabaseKind } from '../test/database';
import { createTestApp, uniqueEmail, type TestApp, type TestUser } from '../test/test-app';
import { addGolfer } from './service';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let leader: TestUser;
let tournament: Awaited<ReturnType<typeof createTournament>>;
let teamIds: string[];

const NOW = new Date('2027-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.deps.now = () => new Date(NOW);
  [admin, moderator, leader] = await Promise.all([
    t.createUser('admin', { firstName: 'Ada', lastName: 'Admin' }),
    t.createUser('moderator', { firstName: 'Mo', lastName: 'Derator' }),
    t.createUser('team_leader'),
  ]);
  tournament = await createTournament(t.db, { name: 'Check-in Classic' });
  const level = await createLevel(t.db, tournament.id, { maxTeams: 100 });
  // 15 teams of 4 = 60 golfers, more than one page.
  const squads = await registerTeams(t.db, leader.id, registrationInput(tournament.id, level.id, { teams: teamsInput(10, 'Squad') }), NOW);
  const crews = await registerTeams(t.db, leader.id, registrationInput(tournament.id, level.id, { teams: teamsInput(5, 'Crew') }), NOW);
  teamIds = [...squads.teams, ...crews.teams].map((team) => team.id);
  // Another tournament's golfers never show.
  const other = await createTournament(t.db);
  const otherLevel = await createLevel(t.db, other.id);
  await registerTeams(t.db, leader.id, registrationInput(other.id, otherLevel.id), NOW);
});
afterAll(() => t?.close());

const list = (query: string, cookie = moderator.cookie) => t.call(`/api/admin/golfers?tournamentId=${tournament.id}${query}`, { cookie });
const rosterOf = (teamId: string) => t.db.select().from(players).where(eq(players.teamId, teamId));

describe('GET /api/admin/golfers', () => {
  it("lists the tournament's golfers 50 to a page with their team, unchecked at first", async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, checkedIn: 0, page: 1, pageSize: 50 });
    expect(first.body.golfers).toHaveLength(50);
    expect(first.body.golfers[0]).toMatchObject({ checkedIn: false, checkedInAt: null, checkedInBy: null });
    expect(first.body.golfers[0].teamName).toMatch(/^Squad \d+$/);
    const second = await list('&page=2');
    expect(second.body.golfers).toHaveLength(10);
  });

  it('searches by golfer name and by team name', async () => {
    const byTeam = await list('&q=squad%2010');
    expect(byTeam.body.total).toBe(4);
    expect(new Set(byTeam.body.golfers.map((g: { teamName: string }) => g.teamName))).toEqual(new Set(['Squad 10']));
    const byName = await list('&q=P3x2%20golf');
    expect(byName.body.total).toBe(2);
    expect(byName.body.golfers.map((g: { teamName: string }) => g.teamName).sort()).toEqual(['Crew 3', 'Squad 3']);
    expect(byName.body.golfers[0]).toMatchObject({ firstName: 'P3x2', lastName: 'Golfer' });
  });

  it('requires a tournament', async () => {
    const { status, body } = await t.call('/api/admin/golfers', { cookie: moderator.cookie });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Please select a tournament');
  });
});

describe('PUT /api/admin/golfers/{playerId}/check-in', () => {
  it('saves the check-in with who and when, and clears it when unchecked', async () => {
    const [golfer] = await rosterOf(teamIds[0]!);
    const on = await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, {
      method: 'PUT',
      cookie: moderator.cookie,
      json: { checkedIn: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.golfer).toEqual({ id: golfer!.id, checkedIn: true, checkedInAt: NOW.toISOString(), checkedInBy: 'Mo Derator' });
    const [row] = await t.db.select().from(checkins).where(eq(checkins.playerId, golfer!.id));
    expect(row).toMatchObject({ teamId: teamIds[0], checkedIn: true, checkedInBy: moderator.id });
    expect(row!.checkedInAt?.toISOString()).toBe(NOW.toISOString());
    const listed = await list(`&q=${golfer!.firstName}%20golfer`);
    expect(listed.body.golfers.find((g: { id: string }) => g.id === golfer!.id)).toMatchObject({
      checkedIn: true,
      checkedInBy: 'Mo Derator',
    });
    expect((await list('')).body.checkedIn).toBe(1);

    const again = await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { checkedIn: true },
    });
    expect(again.body.golfer.checkedInBy).toBe('Ada Admin');
    const off = await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { checkedIn: false },
    });
    expect(off.body.golfer).toEqual({ id: golfer!.id, checkedIn: false, checkedInAt: null, checkedInBy: null });
    // Still one row per golfer.
    expect(await t.db.select().from(checkins).where(eq(checkins.playerId, golfer!.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown golfer and 400 for a body without checkedIn', async () => {
    const missing = await t.call('/api/admin/golfers/00000000-0000-4000-8000-000000000000/check-in', {
      method: 'PUT',
      cookie: moderator.cookie,
      json: { checkedIn: true },
    });
    expect(missing.status).toBe(404);
    const [golfer] = await rosterOf(teamIds[0]!);
    const bad = await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, {
      method: 'PUT',
      cookie: moderator.cookie,
      json: { checkedIn: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('POST and DELETE /api/admin/golfers', () => {
  it('refuses a fifth golfer with a clear message, saving nothing', async () => {
    const before = await fingerprint(t.db);
    const { status, body } = await t.call('/api/admin/golfers', {
      cookie: admin.cookie,
      json: { teamId: teamIds[1], firstName: 'Fifth', lastName: 'Wheel', email: uniqueEmail('fifth') },
    });
    expect(status).toBe(409);
    expect(body.error.message).toBe('That team already has 4 golfers');
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('requires first name, last name, e-mail and team', async () => {
    const { status, body } = await t.call('/api/admin/golfers', {
      cookie: admin.cookie,
      json: { teamId: '', firstName: ' ', lastName: '', email: '' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe('Please fill in all required fields.');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'teamId']);
  });

  it('deletes a golfer (admin) and then takes a replacement; teams list counts golfers', async () => {
    const [gone] = await rosterOf(teamIds[2]!);
    await t.call(`/api/admin/golfers/${gone!.id}/check-in`, { method: 'PUT', cookie: moderator.cookie, json: { checkedIn: true } });
    const deleted = await t.call(`/api/admin/golfers/${gone!.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(deleted.status).toBe(204);
    expect(await rosterOf(teamIds[2]!)).toHaveLength(3);
    expect(await t.db.select().from(checkins).where(eq(checkins.playerId, gone!.id))).toHaveLength(0);
    expect((await t.call(`/api/admin/golfers/${gone!.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);

    const teamsList = await t.call(`/api/admin/golfers/teams?tournamentId=${tournament.id}`, { cookie: admin.cookie });
    expect(teamsList.body.teams).toHaveLength(15);
    expect(teamsList.body.teams[0]).toMatchObject({ name: 'Crew 1', golfers: 4 });
    expect(teamsList.body.teams.find((team: { id: string }) => team.id === teamIds[2])).toMatchObject({ golfers: 3 });

    const added = await t.call('/api/admin/golfers', {
      cookie: admin.cookie,
      json: { teamId: teamIds[2], firstName: ' Rae ', lastName: 'Placement', email: 'RAE@EXAMPLE.ORG' },
    });
    expect(added.status).toBe(201);
    expect(added.body.golfer).toMatchObject({
      firstName: 'Rae',
      lastName: 'Placement',
      email: 'rae@example.org',
      teamId: teamIds[2],
      checkedIn: false,
    });
    expect(await rosterOf(teamIds[2]!)).toHaveLength(4);
  });

  it('concurrent additions to a team with one place left add exactly one', async () => {
    const [gone] = await rosterOf(teamIds[3]!);
    await t.call(`/api/admin/golfers/${gone!.id}`, { method: 'DELETE', cookie: admin.cookie });
    const attempts = Array.from({ length: testDatabaseKind() === 'postgres' ? 8 : 3 }, (_, i) =>
      addGolfer(t.db, { teamId: teamIds[3], firstName: `Racer${i}`, lastName: 'Golfer', email: uniqueEmail('racer') }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason.message).toBe('That team already has 4 golfers');
    expect(await rosterOf(teamIds[3]!)).toHaveLength(4);
  });
});

describe('who may reach golfers', () => {
  it('a moderator checks in but may not add or delete; a team leader and anonymous reach nothing; refusals change nothing', async () => {
    const [golfer] = await rosterOf(teamIds[4]!);
    const before = await fingerprint(t.db);
    expect((await t.call(`/api/admin/golfers/${golfer!.id}`, { method: 'DELETE', cookie: moderator.cookie })).status).toBe(403);
    expect(
      (
        await t.call('/api/admin/golfers', {
          cookie: moderator.cookie,
          json: { teamId: teamIds[4], firstName: 'A', lastName: 'B', email: uniqueEmail() },
        })
      ).status,
    ).toBe(403);
    for (const cookie of [leader.cookie, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await t.call(`/api/admin/golfers?tournamentId=${tournament.id}`, { cookie })).status).toBe(expected);
      expect((await t.call(`/api/admin/golfers/${golfer!.id}/check-in`, { method: 'PUT', cookie, json: { checkedIn: true } })).status).toBe(
        expected,
      );
      expect((await t.call(`/api/admin/golfers/${golfer!.id}`, { method: 'DELETE', cookie })).status).toBe(expected);
    }
    expect(await fingerprint(t.db)).toEqual(before);
  });
});
