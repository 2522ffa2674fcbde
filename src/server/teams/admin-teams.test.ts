// The admin Teams API: paged list with search and sort, CSV, details, and the admin-only changes (R8, R13, R15).
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkins, paymentEvents, payments, players, playerScores, teams } from '../db/schema';
import { registerTeams } from '../registration/service';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, playersInput, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import type { TestUser } from '../test/test-app';
import { fileAppWithUsers } from '../test/file-app';

async function register(tournamentId: string, levelId: string, names: string[], company = 'Fairway Ltd') {
  const input = registrationInput(tournamentId, levelId, {
    company,
    teams: names.map((teamName, i) => ({ teamName, players: playersInput(`N${i}x`) })),
  });
  return (await registerTeams(t.db, leader.id, input, new Date())).teams;
}

const { app: t, leader, moderator, admin } = await fileAppWithUsers();
const bulk = await createTournament(t.db, { name: 'Bulk Open' });
const bulkLevel = await createLevel(t.db, bulk.id, { maxTeams: 100 });
for (let i = 0; i < 6; i++) {
  const n = i < 5 ? 10 : 5;
  await registerTeams(t.db, leader.id, registrationInput(bulk.id, bulkLevel.id, { teams: teamsInput(n, `Bulk ${i}-`) }), new Date());
}
const small = await createTournament(t.db, { name: 'Small Cup', maxTeams: 5 });
const smallLevel = await createLevel(t.db, small.id, { name: 'Albatross', priceCents: 250_00, maxTeams: 4 });
await register(small.id, smallLevel.id, ['Charlie'], 'Zeta Corp');
await register(small.id, smallLevel.id, ['alpha'], 'Acme, "Golf" Inc');
await register(small.id, smallLevel.id, ['Bravo 100%'], '=HYPERLINK("x")');

const list = (query: string, user: TestUser = admin) => t.call(`/api/admin/teams?${query}`, { cookie: user.cookie });

describe('GET /api/admin/teams', () => {
  it('pages 55 teams by 50 without overlap, newest first by default', async () => {
    const first = await list(`tournamentId=${bulk.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 55, page: 1, pageSize: 50, pages: 2 });
    expect(first.body.teams).toHaveLength(50);
    const second = await list(`tournamentId=${bulk.id}&page=2`);
    expect(second.body.teams).toHaveLength(5);
    const ids = [...first.body.teams, ...second.body.teams].map((x: { id: string }) => x.id);
    expect(new Set(ids).size).toBe(55);
    const dates = [...first.body.teams, ...second.body.teams].map((x: { createdAt: string }) => x.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // A page past the end answers the last page.
    expect((await list(`tournamentId=${bulk.id}&page=9`)).body.page).toBe(2);
  });

  it('answers each row with team, company, players count, payment status and registered date; tournaments for the filter', async () => {
    const { body } = await list(`tournamentId=${small.id}&sort=name&dir=asc`);
    expect(body.teams.map((x: { name: string }) => x.name)).toEqual(['alpha', 'Bravo 100%', 'Charlie']);
    expect(body.teams[2]).toMatchObject({
      company: 'Zeta Corp',
      playerCount: 4,
      paymentStatus: 'hold',
      tournamentName: 'Small Cup',
      levelName: 'Albatross',
    });
    expect(body.tournaments.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Bulk Open', 'Small Cup']));
  });

  it('sorts by name, company and players, either way', async () => {
    const desc = await list(`tournamentId=${small.id}&sort=name&dir=desc`);
    expect(desc.body.teams.map((x: { name: string }) => x.name)).toEqual(['Charlie', 'Bravo 100%', 'alpha']);
    const byCompany = await list(`tournamentId=${small.id}&sort=company&dir=asc`);
    expect(byCompany.body.teams.map((x: { company: string }) => x.company)[2]).toBe('Zeta Corp');
    const created = await t.call('/api/admin/teams', {
      json: { tournamentId: small.id, teamName: 'Delta Duo', players: playersInput('Duo').slice(0, 2) },
      cookie: admin.cookie,
    });
    expect(created.status).toBe(201);
    const byPlayers = await list(`tournamentId=${small.id}&sort=players&dir=asc`);
    expect(byPlayers.body.teams.map((x: { playerCount: number }) => x.playerCount)).toEqual([2, 4, 4, 4]);
    await t.db.delete(teams).where(eq(teams.id, created.body.team.id));
  });

  it('searches name or company, case-insensitively, with % and _ taken literally', async () => {
    expect((await list(`q=${encodeURIComponent('bravo')}`)).body.teams.map((x: { name: string }) => x.name)).toEqual(['Bravo 100%']);
    expect((await list(`q=${encodeURIComponent('zeta')}`)).body.teams.map((x: { name: string }) => x.name)).toEqual(['Charlie']);
    expect((await list(`q=${encodeURIComponent('%')}`)).body.total).toBe(1);
    expect((await list(`q=${encodeURIComponent('_')}`)).body.total).toBe(0);
    expect((await list(`tournamentId=${bulk.id}&q=${encodeURIComponent('bulk 1-')}`)).body.total).toBe(10);
  });

  it('filters by payment status and refuses a bad sort', async () => {
    expect((await list(`tournamentId=${small.id}&status=paid`)).body.total).toBe(0);
    expect((await list('sort=password')).status).toBe(400);
  });

  it('is readable by moderators, refused to team leaders and anonymous callers', async () => {
    expect((await list('', moderator)).status).toBe(200);
    expect((await list('', leader)).status).toBe(403);
    expect((await t.call('/api/admin/teams')).status).toBe(401);
  });
});

describe('GET /api/admin/teams/export.csv', () => {
  it('exports the filtered list in order, escaped, and safe from spreadsheet formulas', async () => {
    const response = await t.request(`/api/admin/teams/export.csv?tournamentId=${small.id}&sort=name&dir=asc`, {
      cookie: moderator.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="teams.csv"');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Team,Company,Tournament,Level,Players,Payment,Contact name,Contact email,Contact phone,Registered');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^alpha,"Acme, ""Golf"" Inc",Small Cup,Albatross,4,Hold,Casey Contact,contact-.*@example.org,555-0199,\d{4}-/);
    expect(lines[2]).toMatch(/^Bravo 100%,"'=HYPERLINK\(""x""\)",/);
    expect(lines[3]).toMatch(/^Charlie,Zeta Corp,/);
  });

  it('exports every matching team, not one page', async () => {
    const text = await (await t.request(`/api/admin/teams/export.csv?tournamentId=${bulk.id}`, { cookie: admin.cookie })).text();
    expect(text.trimEnd().split('\r\n')).toHaveLength(56);
  });
});

describe('GET /api/admin/teams/{id}', () => {
  it('shows staff the players with contacts, the payment records and what a delete removes', async () => {
    const [team] = await register(small.id, smallLevel.id, ['Echo']);
    const { status, body } = await t.call(`/api/admin/teams/${team!.id}`, { cookie: moderator.cookie });
    expect(status).toBe(200);
    expect(body.team.players).toHaveLength(4);
    expect(body.team.players[0]).toMatchObject({ email: expect.stringContaining('@example.org'), phone: '555-0100' });
    expect(body.team.payments).toEqual([expect.objectContaining({ amountCents: 250_00, state: 'in_progress' })]);
    expect(body.team.removes).toEqual({ players: 4, payments: 1, scores: 0, checkins: 0 });
    await t.db.delete(teams).where(eq(teams.id, team!.id));
    expect((await t.call(`/api/admin/teams/${team!.id}`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('lists the players in the order they were entered (Player 1 to 4), from a registration and from Add Team', async () => {
    // Neither alphabetical nor any other order the rows could fall into by chance; the players of each team share one insert.
    const entered = ['Zoe Young', 'Adam Baker', 'Mia Lopez', 'Ethan Hunt'];
    const roster = (label: string) =>
      entered.map((name, i) => ({ ...playersInput(label)[i]!, firstName: `${name.split(' ')[0]}${label}`, lastName: name.split(' ')[1]! }));
    const tournament = await createTournament(t.db, { name: 'Order Open' });
    const level = await createLevel(t.db, tournament.id);
    const input = registrationInput(tournament.id, level.id, {
      teams: ['Golf', 'Hotel'].map((teamName) => ({ teamName, players: roster(teamName) })),
    });
    const registered = (await registerTeams(t.db, leader.id, input, new Date())).teams;
    const added = await t.call('/api/admin/teams', {
      json: { tournamentId: tournament.id, teamName: 'India', players: roster('India').slice(0, 3) },
      cookie: admin.cookie,
    });
    expect(added.status).toBe(201);

    const namesOf = async (id: string) =>
      (await t.call(`/api/admin/teams/${id}`, { cookie: admin.cookie })).body.team.players.map(
        (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`,
      );
    expect(await namesOf(registered[0]!.id)).toEqual(['ZoeGolf Young', 'AdamGolf Baker', 'MiaGolf Lopez', 'EthanGolf Hunt']);
    expect(await namesOf(registered[1]!.id)).toEqual(['ZoeHotel Young', 'AdamHotel Baker', 'MiaHotel Lopez', 'EthanHotel Hunt']);
    expect(await namesOf(added.body.team.id)).toEqual(['ZoeIndia Young', 'AdamIndia Baker', 'MiaIndia Lopez']);
    await t.db.delete(teams).where(eq(teams.tournamentId, tournament.id));
  });
});

describe('admin changes', () => {
  it('Update Status sets the team and its payment records together; moderators are refused and change nothing', async () => {
    const [team] = await register(small.id, smallLevel.id, ['Foxtrot']);
    const before = await fingerprint(t.db);
    const refused = await t.call(`/api/admin/teams/${team!.id}/status`, {
      method: 'PATCH',
      json: { status: 'paid' },
      cookie: moderator.cookie,
    });
    expect(refused.status).toBe(403);
    expect(await fingerprint(t.db)).toEqual(before);

    for (const status of ['paid', 'pending', 'hold', 'in_progress'] as const) {
      const { body } = await t.call(`/api/admin/teams/${team!.id}/status`, { method: 'PATCH', json: { status }, cookie: admin.cookie });
      expect(body.team).toEqual({ id: team!.id, paymentStatus: status });
      const [row] = await t.db.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, team!.id));
      const states = await t.db.select({ state: payments.state }).from(payments).where(eq(payments.teamId, team!.id));
      expect(row!.status).toBe(status);
      expect(states).toEqual([{ state: status }]);
    }
    expect(
      (await t.call(`/api/admin/teams/${team!.id}/status`, { method: 'PATCH', json: { status: 'free' }, cookie: admin.cookie })).status,
    ).toBe(400);
    await t.db.delete(teams).where(eq(teams.id, team!.id));
  });

  it('Delete removes the team with its players, payments, scores and check-ins; moderators are refused', async () => {
    const [team] = await register(small.id, smallLevel.id, ['Golf Gone']);
    const roster = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, team!.id));
    await t.db.insert(checkins).values({ teamId: team!.id, playerId: roster[0]!.id, checkedIn: true, checkedInAt: new Date() });
    await t.db
      .insert(playerScores)
      .values({ tournamentId: small.id, teamId: team!.id, playerId: roster[0]!.id, holeNumber: 1, strokes: 4 });
    const detail = await t.call(`/api/admin/teams/${team!.id}`, { cookie: admin.cookie });
    expect(detail.body.team.removes).toEqual({ players: 4, payments: 1, scores: 1, checkins: 1 });

    const before = await fingerprint(t.db);
    expect((await t.call(`/api/admin/teams/${team!.id}`, { method: 'DELETE', cookie: moderator.cookie })).status).toBe(403);
    expect(await fingerprint(t.db)).toEqual(before);

    expect((await t.call(`/api/admin/teams/${team!.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    const ids = roster.map((p) => p.id);
    expect((await t.db.select({ n: count() }).from(teams).where(eq(teams.id, team!.id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(players).where(inArray(players.id, ids)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(payments).where(eq(payments.teamId, team!.id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(checkins).where(eq(checkins.teamId, team!.id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(playerScores).where(eq(playerScores.teamId, team!.id)))[0]!.n).toBe(0);
    expect((await t.call(`/api/admin/teams/${team!.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
  });

  it('Add Team saves the team, its players and a payment record at the level’s price', async () => {
    const tournament = await createTournament(t.db, { name: 'Add Open' });
    const level = await createLevel(t.db, tournament.id, { priceCents: 300_00, maxTeams: 2 });
    const { status, body } = await t.call('/api/admin/teams', {
      json: {
        tournamentId: tournament.id,
        sponsorshipLevelId: level.id,
        teamName: '  Hotel  ',
        company: 'Inn',
        contactEmail: 'BOOK@Example.org',
        paymentStatus: 'paid',
        players: playersInput('Add').slice(0, 3),
      },
      cookie: admin.cookie,
    });
    expect(status).toBe(201);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, body.team.id));
    expect(row).toMatchObject({
      name: 'Hotel',
      company: 'Inn',
      contactEmail: 'book@example.org',
      paymentStatus: 'paid',
      userId: null,
      tournamentSponsorshipLevelId: level.id,
    });
    expect(
      await t.db
        .select({ amountCents: payments.amountCents, state: payments.state })
        .from(payments)
        .where(eq(payments.teamId, body.team.id)),
    ).toEqual([{ amountCents: 300_00, state: 'paid' }]);
    expect((await t.db.select({ n: count() }).from(players).where(eq(players.teamId, body.team.id)))[0]!.n).toBe(3);
    // The record's history starts with who added it (R26).
    const history = await t.db
      .select({
        kind: paymentEvents.kind,
        toState: paymentEvents.toState,
        amountCents: paymentEvents.amountCents,
        actor: paymentEvents.actorUserId,
      })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.teamId, body.team.id));
    expect(history).toEqual([{ kind: 'registered', toState: 'paid', amountCents: 300_00, actor: admin.id }]);
  });

  it('Add Team checks the level’s places and the tournament cap, saving nothing when full', async () => {
    const tournament = await createTournament(t.db, { name: 'Full Open', maxTeams: 2 });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 1 });
    const add = (json: Record<string, unknown>) =>
      t.call('/api/admin/teams', { json: { tournamentId: tournament.id, teamName: 'Team X', ...json }, cookie: admin.cookie });
    expect((await add({ sponsorshipLevelId: level.id })).status).toBe(201);
    const before = await fingerprint(t.db);
    const soldOut = await add({ sponsorshipLevelId: level.id });
    expect(soldOut).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: 'This level is sold out' } } });
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await add({})).status).toBe(201);
    const full = await add({});
    expect(full).toMatchObject({ status: 409, body: { error: { message: 'The tournament is full' } } });
  });

  it('Add Team validates: name and tournament required, at most 4 players, a level of that tournament', async () => {
    const missing = await t.call('/api/admin/teams', { json: { teamName: 'x' }, cookie: admin.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({ tournamentId: 'Please select a tournament', teamName: 'Team name is required' });
    const five = await t.call('/api/admin/teams', {
      json: { tournamentId: small.id, teamName: 'Five', players: [...playersInput(), ...playersInput()].slice(0, 5) },
      cookie: admin.cookie,
    });
    expect(five.body.error.fields).toMatchObject({ players: 'At most 4 players' });
    const otherLevel = await t.call('/api/admin/teams', {
      json: { tournamentId: bulk.id, sponsorshipLevelId: smallLevel.id, teamName: 'Wrong' },
      cookie: admin.cookie,
    });
    expect(otherLevel.body.error.fields).toEqual({ sponsorshipLevelId: 'Please select a sponsorship level' });
    const before = await fingerprint(t.db);
    expect((await t.call('/api/admin/teams', { json: { tournamentId: small.id, teamName: 'Mod' }, cookie: moderator.cookie })).status).toBe(
      403,
    );
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('form options list tournaments with their levels and places left (admin only)', async () => {
    const { status, body } = await t.call('/api/admin/teams/form-options', { cookie: admin.cookie });
    expect(status).toBe(200);
    const cup = body.tournaments.find((x: { id: string }) => x.id === small.id);
    expect(cup.levels).toEqual([{ id: smallLevel.id, name: 'Albatross', priceCents: 250_00, maxTeams: 4, placesLeft: 1 }]);
    expect((await t.call('/api/admin/teams/form-options', { cookie: moderator.cookie })).status).toBe(403);
  });
});
