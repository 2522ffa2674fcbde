// The registrations report: counts and totals against hand-computed fixtures, every filter, day boundaries in TIME_ZONE,
// pagination past 100 rows, CSV, and admin-only access (R8, R15, R16).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { players, teams, tournaments } from '../db/schema';
import { registerTeams } from '../registration/service';
import { sweepHolds } from '../holds/expiry';
import { setTeamPaymentStatus } from '../teams/admin-service';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import { type TestUser } from '../test/test-app';
import { fileAppWithUsers } from '../test/file-app';

const EAGLE = 1_000_00;
const BIRDIE = 250_50;

// New York: EST (UTC-5) until 9 March 2025, EDT (UTC-4) after.
const { app: t, leader, moderator, admin } = await fileAppWithUsers({ env: { TIME_ZONE: 'America/New_York' } });
const oldActive = await createTournament(t.db, { name: 'Old Active Cup', active: true });
const open = await createTournament(t.db, { name: 'Report Open', active: true });
const inactive = await createTournament(t.db, { name: 'Newest Inactive', active: false });
const big = await createTournament(t.db, { name: 'Big Field', active: false });
// Creation order decides "newest": set it explicitly.
const created = [oldActive, open, inactive, big];
for (const [i, x] of created.entries())
  await t.db
    .update(tournaments)
    .set({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)) })
    .where(eq(tournaments.id, x.id));

const eagle = await createLevel(t.db, open.id, { name: 'Eagle', priceCents: EAGLE });
const birdie = await createLevel(t.db, open.id, { name: 'Birdie', priceCents: BIRDIE });
const ab = await registerTeams(
  t.db,
  leader.id,
  registrationInput(open.id, eagle.id, { company: 'Acme, Inc.', teams: teamsInput(2, 'Eagle') }),
  new Date(),
);
const c = await registerTeams(
  t.db,
  leader.id,
  registrationInput(open.id, birdie.id, { paymentOption: 'pay', teams: teamsInput(1, 'Birdie Pay') }),
  new Date(),
);
const d = await registerTeams(t.db, leader.id, registrationInput(open.id, birdie.id, { teams: teamsInput(1, 'Birdie Hold') }), new Date());
/** Report Open's teams, in registration order. */
const [A, B] = ab.teams.map((x) => x.id) as [string, string];
const C = c.teams[0]!.id;
const D = d.teams[0]!.id;
await setTeamPaymentStatus(t.db, A, { status: 'paid' });
await setTeamPaymentStatus(t.db, B, { status: 'in_progress' });
// C stays pending (card), D stays hold.
const at = { [A]: '2025-03-01T04:59:00Z', [B]: '2025-03-01T05:00:00Z', [C]: '2025-03-10T12:00:00Z', [D]: '2025-03-11T03:30:00Z' };
// A: 23:59 on 28 Feb in New York; B: 00:00 on 1 March; C: 08:00 on 10 March; D: 23:30 on 10 March (already the 11th in UTC).
for (const [id, iso] of Object.entries(at))
  await t.db
    .update(teams)
    .set({ createdAt: new Date(iso) })
    .where(eq(teams.id, id));
// C has three golfers, not four.
const [first] = await t.db.select({ id: players.id }).from(players).where(eq(players.teamId, C)).limit(1);
await t.db.delete(players).where(eq(players.id, first!.id));

const oldLevel = await createLevel(t.db, oldActive.id, { priceCents: 99_00 });
await registerTeams(t.db, leader.id, registrationInput(oldActive.id, oldLevel.id), new Date());
// 101 teams without level or players (as an admin may add them), to page past 100 rows.
await t.db.insert(teams).values(
  Array.from({ length: 101 }, (_, i) => ({
    tournamentId: big.id,
    name: `Big ${String(i + 1).padStart(3, '0')}`,
    createdAt: new Date(Date.UTC(2025, 1, 1, 0, i)),
  })),
);

const report = (query = '', user: TestUser = admin) => t.call(`/api/admin/reports?${query}`, { cookie: user.cookie });
const names = (body: { rows: { id: string }[] }) => body.rows.map((r) => ({ [A]: 'A', [B]: 'B', [C]: 'C', [D]: 'D' })[r.id] ?? r.id);

describe('GET /api/admin/reports', () => {
  it('defaults to the newest active tournament and totals every matching team', async () => {
    const { status, body } = await report();
    expect(status).toBe(200);
    expect(body.tournamentId).toBe(open.id);
    expect(body.tournaments.map((x: { name: string }) => x.name)).toEqual([
      'Big Field',
      'Newest Inactive',
      'Report Open',
      'Old Active Cup',
    ]);
    expect(names(body)).toEqual(['A', 'B', 'C', 'D']);
    expect(body.totals).toEqual({
      teams: 4,
      golfers: 15,
      byStatus: { paid: 1, in_progress: 1, pending: 1, hold: 1, expired: 0 },
      expectedCents: 2 * EAGLE + 2 * BIRDIE,
      expiredCents: 0,
      receivedCents: EAGLE,
      outstandingCents: EAGLE + 2 * BIRDIE,
    });
    expect(body.rows[0]).toMatchObject({
      company: 'Acme, Inc.',
      levelName: 'Eagle',
      registeredOn: '2025-02-28',
      status: 'paid',
      golfers: 4,
      amountCents: EAGLE,
    });
    expect(body.rows.map((r: { registeredOn: string }) => r.registeredOn)).toEqual([
      '2025-02-28',
      '2025-03-01',
      '2025-03-10',
      '2025-03-10',
    ]);
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 100, pages: 1, currency: 'USD', timeZone: 'America/New_York' });
  });

  it('reads dates as whole days in the time zone, both ends inclusive', async () => {
    expect(names((await report('from=2025-03-01')).body)).toEqual(['B', 'C', 'D']);
    expect(names((await report('to=2025-02-28')).body)).toEqual(['A']);
    expect(names((await report('from=2025-03-10&to=2025-03-10')).body)).toEqual(['C', 'D']);
    expect(names((await report('to=2025-03-09')).body)).toEqual(['A', 'B']);
    expect(names((await report('from=2025-03-02&to=2025-03-09')).body)).toEqual([]);
    const { body } = await report('from=2025-03-10');
    expect(body.totals).toMatchObject({
      teams: 2,
      golfers: 7,
      byStatus: { paid: 0, in_progress: 0, pending: 1, hold: 1 },
      expectedCents: 2 * BIRDIE,
      receivedCents: 0,
      outstandingCents: 2 * BIRDIE,
    });
  });

  it('filters by status, team and tournament', async () => {
    expect(names((await report('status=hold')).body)).toEqual(['D']);
    expect(names((await report('status=in_progress')).body)).toEqual(['B']);
    const paid = await report('status=paid');
    expect(paid.body.totals).toMatchObject({ teams: 1, golfers: 4, expectedCents: EAGLE, receivedCents: EAGLE, outstandingCents: 0 });
    expect(names((await report(`teamId=${C}`)).body)).toEqual(['C']);
    expect(names((await report(`teamId=${C}&status=paid`)).body)).toEqual([]);
    const old = await report(`tournamentId=${oldActive.id}`);
    expect(old.body.totals).toMatchObject({ teams: 1, golfers: 4, expectedCents: 99_00, receivedCents: 0 });
    // A team of another tournament matches nothing here.
    expect((await report(`tournamentId=${oldActive.id}&teamId=${A}`)).body.total).toBe(0);
  });

  it('answers an empty match with zero totals', async () => {
    const { status, body } = await report(`tournamentId=${inactive.id}`);
    expect(status).toBe(200);
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({
      teams: 0,
      golfers: 0,
      byStatus: { paid: 0, in_progress: 0, pending: 0, hold: 0, expired: 0 },
      expectedCents: 0,
      expiredCents: 0,
      receivedCents: 0,
      outstandingCents: 0,
    });
  });

  it('counts expired teams apart and never as expected money (R24)', async () => {
    const lapsing = await createTournament(t.db, { name: 'Lapsing Cup' });
    await t.db
      .update(tournaments)
      .set({ createdAt: new Date(Date.UTC(2024, 0, 1)) })
      .where(eq(tournaments.id, lapsing.id));
    const level = await createLevel(t.db, lapsing.id, { priceCents: EAGLE });
    const reg = await registerTeams(
      t.db,
      leader.id,
      registrationInput(lapsing.id, level.id, { teams: teamsInput(2, 'Lapse') }),
      new Date(),
    );
    await setTeamPaymentStatus(t.db, reg.teams[0]!.id, { status: 'paid' });
    await t.db
      .update(teams)
      .set({ holdUntil: new Date(Date.now() - 1000) })
      .where(eq(teams.id, reg.teams[1]!.id));
    await sweepHolds(t.db, new Date());
    await t.db.update(tournaments).set({ active: false }).where(eq(tournaments.id, lapsing.id));
    const { body } = await report(`tournamentId=${lapsing.id}`);
    expect(body.totals).toEqual({
      teams: 2,
      golfers: 8,
      byStatus: { paid: 1, in_progress: 0, pending: 0, hold: 0, expired: 1 },
      expectedCents: EAGLE,
      expiredCents: EAGLE,
      receivedCents: EAGLE,
      outstandingCents: 0,
    });
    expect(body.rows.map((r: { status: string }) => r.status).sort()).toEqual(['expired', 'paid']);
  });

  it('pages past 100 rows, the totals covering all of them', async () => {
    const first = await report(`tournamentId=${big.id}`);
    expect(first.body).toMatchObject({ total: 101, pages: 2, page: 1 });
    expect(first.body.rows).toHaveLength(100);
    expect(first.body.totals.teams).toBe(101);
    const second = await report(`tournamentId=${big.id}&page=2`);
    expect(second.body.rows.map((r: { name: string }) => r.name)).toEqual(['Big 101']);
    expect(second.body.rows[0]).toMatchObject({ levelName: null, amountCents: 0, golfers: 0, status: 'pending' });
    expect(second.body.totals.teams).toBe(101);
  });

  it('refuses a start date after the end date beside the field, and bad input', async () => {
    const { status, body } = await report('from=2025-03-02&to=2025-03-01');
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ from: 'The start date must be before the end date' });
    expect((await report('from=2025-02-30')).status).toBe(400);
    expect((await report('status=refunded')).status).toBe(400);
    expect((await report('tournamentId=nope')).status).toBe(400);
    expect((await report('tournamentId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('is for admins only', async () => {
    for (const path of ['/api/admin/reports', '/api/admin/reports/options', '/api/admin/reports.csv']) {
      const before = await fingerprint(t.db);
      expect((await t.call(path)).status).toBe(401);
      expect((await t.call(path, { cookie: leader.cookie })).status).toBe(403);
      expect((await t.call(path, { cookie: moderator.cookie })).status).toBe(403);
      expect((await t.call(path, { cookie: admin.cookie })).status).toBe(200);
      expect(await fingerprint(t.db)).toEqual(before);
    }
  });
});

describe('GET /api/admin/reports/options', () => {
  it('lists the tournaments and the teams of the chosen (or default) one by name', async () => {
    const { body } = await t.call('/api/admin/reports/options', { cookie: admin.cookie });
    expect(body.tournamentId).toBe(open.id);
    expect(body.teams.map((x: { name: string }) => x.name)).toEqual(['Birdie Hold 1', 'Birdie Pay 1', 'Eagle 1', 'Eagle 2']);
    const old = await t.call(`/api/admin/reports/options?tournamentId=${oldActive.id}`, { cookie: admin.cookie });
    expect(old.body.teams).toHaveLength(1);
  });
});

describe('GET /api/admin/reports.csv', () => {
  it('exports every matching row of the same report', async () => {
    const response = await t.request('/api/admin/reports.csv?from=2025-03-01&to=2025-03-10', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="report-report-open.csv"');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Team,Company,Level,Registered,Status,Golfers,Amount (USD)',
      'Eagle 2,"Acme, Inc.",Eagle,2025-03-01,In Progress,4,1000.00',
      'Birdie Pay 1,Fairway Ltd,Birdie,2025-03-10,Pending,3,250.50',
      'Birdie Hold 1,Fairway Ltd,Birdie,2025-03-10,Hold,4,250.50',
    ]);
    const all = await t.request(`/api/admin/reports.csv?tournamentId=${big.id}`, { cookie: admin.cookie });
    expect((await all.text()).trimEnd().split('\r\n')).toHaveLength(102);
    expect((await t.request('/api/admin/reports.csv?from=2025-03-02&to=2025-03-01', { cookie: admin.cookie })).status).toBe(400);
  });
});
