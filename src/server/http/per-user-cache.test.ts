// A leader's cached answers (GET /api/teams/mine, GET /api/account/me) show every change on the very next read, whoever
// made it and however (docs/decisions/065): the triggers of migration 0008 drop them at commit, on both databases (a change
// made with the triggers switched off stays unseen, which proves they are cached). A write through the API settles before it
// answers; a change made outside a request (here: straight to the database) is heard within the lease on PostgreSQL, which
// `heard()` waits for as settle() does (on PGlite it is heard at commit).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, profiles, sponsorshipLevels, teamAssignments, teams, tournaments, tournamentSponsorshipLevels } from '../db/schema';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

let t: TestApp;
let leader: TestUser;
let admin: TestUser;
let tournament: Awaited<ReturnType<typeof createTournament>>;
let level: Awaited<ReturnType<typeof createLevel>>;
/** A change made outside a request has reached this process's cache (see above). */
const heard = () => t.deps.sessions.settle();

beforeAll(async () => {
  t = await createTestApp();
  [leader, admin] = await Promise.all([t.createUser('team_leader', { firstName: 'Lena', lastName: 'Leader' }), t.createUser('admin')]);
  tournament = await createTournament(t.db, { name: 'Autumn Classic', startDate: '2099-05-01', endDate: '2099-05-01' });
  level = await createLevel(t.db, tournament.id, { name: 'Birdie', priceCents: 50_000, maxTeams: 20 });
});
afterAll(() => t?.close());

interface Summary {
  id: string;
  name: string;
  paymentStatus: string;
  playerCount: number;
  startingHole: number | null;
  tournament: { name: string };
  level: { name: string; priceCents: number };
}
const mine = async (user = leader) => {
  const { status, body } = await t.call<{ teams: Summary[] }>('/api/teams/mine', { cookie: user.cookie });
  expect(status).toBe(200);
  return body.teams;
};
const me = async () => (await t.call('/api/account/me', { cookie: leader.cookie })).body.me;

/** Runs `change` with the triggers switched off for its transaction: the change the cache cannot know of. */
const unannounced = (change: (tx: typeof t.db) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx as unknown as typeof t.db);
  });

describe('the per-user answers', () => {
  it('are cached where that is safe: a change the database does not announce stays unseen there', async () => {
    const registered = await t.call('/api/registrations', {
      method: 'POST',
      json: registrationInput(tournament.id, level.id, { teams: teamsInput(1, 'Quiet') }),
      cookie: leader.cookie,
    });
    expect(registered.status).toBe(201);
    const [team] = await mine();
    // On PostgreSQL the cache is trusted once this process's first heartbeat has come back (its lease).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await mine();
    await unannounced((tx) => tx.update(teams).set({ name: 'Renamed quietly' }).where(eq(teams.id, team!.id)));
    expect((await mine()).find((x) => x.id === team!.id)!.name).toBe('Quiet 1');
    // Any announced change of the leader's rows brings the truth back.
    await t.db.update(teams).set({ company: 'Loud Ltd' }).where(eq(teams.id, team!.id));
    await heard();
    expect((await mine()).find((x) => x.id === team!.id)!.name).toBe('Renamed quietly');
  });

  it('show a registration, a leader’s edit, a golfer removed, a payment, the draw and admin changes on the next read', async () => {
    const before = await mine();
    const registered = await t.call('/api/registrations', {
      method: 'POST',
      json: registrationInput(tournament.id, level.id, { teams: teamsInput(1, 'Fresh') }),
      cookie: leader.cookie,
    });
    expect(registered.status).toBe(201);
    const teamId: string = registered.body.teams[0].id;
    const team = async () => (await mine()).find((x) => x.id === teamId)!;
    expect((await mine()).length).toBe(before.length + 1);

    // The leader edits the team (through the API).
    const detail = (await t.call(`/api/teams/${teamId}`, { cookie: leader.cookie })).body.team;
    const edited = await t.call(`/api/teams/${teamId}`, {
      method: 'PUT',
      cookie: leader.cookie,
      json: {
        teamName: 'Fresh Renamed',
        company: detail.company,
        contactName: detail.contactName,
        contactPhone: detail.contactPhone,
        contactEmail: detail.contactEmail,
        players: detail.players.map(({ id, firstName, lastName, email, phone }: Record<string, string>) => ({
          id,
          firstName,
          lastName,
          email,
          phone,
        })),
      },
    });
    expect(edited.status).toBe(200);
    expect((await team()).name).toBe('Fresh Renamed');

    // Staff mark it paid (through the API).
    const paid = await t.call(`/api/admin/teams/${teamId}/status`, { method: 'PATCH', json: { status: 'paid' }, cookie: admin.cookie });
    expect(paid.status).toBe(200);
    expect((await team()).paymentStatus).toBe('paid');

    // A golfer removed, the draw, the tournament, the level and its price changed by other means.
    const [golfer] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, teamId));
    await t.db.delete(players).where(eq(players.id, golfer!.id));
    await heard();
    expect((await team()).playerCount).toBe(3);
    await t.db.insert(teamAssignments).values({ tournamentId: tournament.id, teamId, startingHole: 7 });
    await heard();
    expect((await team()).startingHole).toBe(7);
    await t.db.update(tournaments).set({ name: 'Autumn Classic (moved)' }).where(eq(tournaments.id, tournament.id));
    await heard();
    expect((await team()).tournament.name).toBe('Autumn Classic (moved)');
    await t.db.update(sponsorshipLevels).set({ name: 'Eagle' }).where(eq(sponsorshipLevels.id, level.sponsorshipLevelId));
    await heard();
    expect((await team()).level.name).toBe('Eagle');
    await t.db.update(tournamentSponsorshipLevels).set({ priceCents: 60_000 }).where(eq(tournamentSponsorshipLevels.id, level.id));
    await heard();
    expect((await team()).level.priceCents).toBe(60_000);

    // Staff delete the team.
    const deleted = await t.call(`/api/admin/teams/${teamId}`, { method: 'DELETE', cookie: admin.cookie });
    expect(deleted.status).toBe(204);
    expect((await mine()).map((x) => x.id)).not.toContain(teamId);
  });

  it('show who the user is after a profile edit and a role change', async () => {
    expect((await me()).profile.firstName).toBe('Lena');
    const saved = await t.call('/api/account/profile', {
      method: 'PUT',
      json: { firstName: 'Lena-Marie', lastName: 'Leader', company: 'Fairway Ltd' },
      cookie: leader.cookie,
    });
    expect(saved.status).toBe(200);
    expect((await me()).profile).toMatchObject({ firstName: 'Lena-Marie', company: 'Fairway Ltd' });
    await t.db.update(profiles).set({ company: 'Links plc' }).where(eq(profiles.userId, leader.id));
    await heard();
    expect((await me()).profile.company).toBe('Links plc');
    const promoted = await t.call(`/api/admin/users/${leader.id}/role`, {
      method: 'PATCH',
      json: { role: 'moderator' },
      cookie: admin.cookie,
    });
    expect(promoted.status).toBe(200);
    expect((await me()).user.role).toBe('moderator');
  });
});
