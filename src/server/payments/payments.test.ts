// The payment ledger: filters, totals, CSV, and an admin's change moving the team's status with it (R8, R15, R16).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, teams } from '../db/schema';
import { registerTeams } from '../registration/service';
import { setTeamPaymentStatus } from '../teams/admin-service';
import { paymentIdOf } from '../test/admin-fixtures';
import { fingerprint } from '../test/db-fingerprint';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { teamsInput } from '../test/fixtures';
import type { TestUser } from '../test/test-app';
import { fileAppWithUsers } from '../test/file-app';

const { app: t, leader, moderator, admin } = await fileAppWithUsers();
const open = await createTournament(t.db, { name: 'Ledger Open' });
const other = await createTournament(t.db, { name: 'Other Cup' });
const level = await createLevel(t.db, open.id, { name: 'Eagle', priceCents: 1_200_50 });
const otherLevel = await createLevel(t.db, other.id, { priceCents: 99_00 });
const reg = await registerTeams(t.db, leader.id, registrationInput(open.id, level.id, { teams: teamsInput(3, 'Ledger') }), new Date());
const teamIds = reg.teams.map((x) => x.id);
await setTeamPaymentStatus(t.db, teamIds[0]!, { status: 'paid' });
await registerTeams(t.db, leader.id, registrationInput(other.id, otherLevel.id, { paymentOption: 'pay' }), new Date());

const ledger = (query = '', user: TestUser = admin) => t.call(`/api/admin/payments?${query}`, { cookie: user.cookie });

describe('GET /api/admin/payments', () => {
  it('lists every record with team, level, amount, state, note and date, and totals of the filter', async () => {
    const { status, body } = await ledger(`tournamentId=${open.id}`);
    expect(status).toBe(200);
    expect(body.payments).toHaveLength(3);
    expect(body.payments[0]).toMatchObject({
      tournamentName: 'Ledger Open',
      levelName: 'Eagle',
      amountCents: 1_200_50,
      note: 'Held for 72 hours at registration',
    });
    expect(body.totals).toEqual({
      count: 3,
      expectedCents: 3 * 1_200_50,
      receivedCents: 1_200_50,
      outstandingCents: 2 * 1_200_50,
      expiredCents: 0,
    });
    const all = await ledger();
    expect(all.body.totals).toEqual({
      count: 4,
      expectedCents: 3 * 1_200_50 + 99_00,
      receivedCents: 1_200_50,
      outstandingCents: 2 * 1_200_50 + 99_00,
      expiredCents: 0,
    });
    expect(all.body.tournaments.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Ledger Open', 'Other Cup']));
  });

  it('filters by state', async () => {
    const { body } = await ledger('state=pending');
    expect(body.payments.map((p: { tournamentName: string }) => p.tournamentName)).toEqual(['Other Cup']);
    expect((await ledger('state=paid')).body.totals.receivedCents).toBe(1_200_50);
  });

  it('is for admins only', async () => {
    expect((await ledger('', moderator)).status).toBe(403);
    expect((await ledger('', leader)).status).toBe(403);
    expect((await t.call('/api/admin/payments')).status).toBe(401);
  });
});

describe('PATCH /api/admin/payments/{id}', () => {
  it('records a note without touching the state or the team', async () => {
    const id = await paymentIdOf(t.db, teamIds[1]!);
    const { status, body } = await t.call(`/api/admin/payments/${id}`, {
      method: 'PATCH',
      json: { note: '  Cheque #123 expected  ' },
      cookie: admin.cookie,
    });
    expect(status).toBe(200);
    expect(body.payment).toMatchObject({ id, note: 'Cheque #123 expected', state: 'in_progress', teamStatus: 'hold' });
  });

  it('changes the state and the team’s payment status with it', async () => {
    const id = await paymentIdOf(t.db, teamIds[1]!);
    const { body } = await t.call(`/api/admin/payments/${id}`, {
      method: 'PATCH',
      json: { state: 'paid', note: 'Cheque cleared' },
      cookie: admin.cookie,
    });
    expect(body.payment).toMatchObject({ state: 'paid', teamStatus: 'paid', note: 'Cheque cleared' });
    const [team] = await t.db.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, teamIds[1]!));
    expect(team!.status).toBe('paid');
  });

  it('refuses moderators and bad input, changing nothing', async () => {
    const id = await paymentIdOf(t.db, teamIds[2]!);
    const before = await fingerprint(t.db);
    expect((await t.call(`/api/admin/payments/${id}`, { method: 'PATCH', json: { state: 'paid' }, cookie: moderator.cookie })).status).toBe(
      403,
    );
    expect((await t.call(`/api/admin/payments/${id}`, { method: 'PATCH', json: { state: 'refunded' }, cookie: admin.cookie })).status).toBe(
      400,
    );
    expect((await t.call(`/api/admin/payments/${id}`, { method: 'PATCH', json: {}, cookie: admin.cookie })).status).toBe(400);
    expect(
      (await t.call(`/api/admin/payments/${id}`, { method: 'PATCH', json: { note: 'x'.repeat(501) }, cookie: admin.cookie })).status,
    ).toBe(400);
    expect(await fingerprint(t.db)).toEqual(before);
    expect(
      (
        await t.call('/api/admin/payments/00000000-0000-4000-8000-000000000000', {
          method: 'PATCH',
          json: { state: 'paid' },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /api/admin/payments/export.csv', () => {
  it('exports the filtered ledger with plain decimal amounts and the R15 labels', async () => {
    const response = await t.request(`/api/admin/payments/export.csv?tournamentId=${other.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Team,Tournament,Level,Amount (USD),State,Note,Date,Kind,Refunded (USD)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^Team [0-9a-f]+,Other Cup,Eagle [0-9a-f]+,99\.00,Pending,Card payment chosen at registration,\d{4}-.*,Team,0\.00$/,
    );
    const [row] = await t.db.select({ n: payments.id }).from(payments).limit(1);
    expect(row).toBeTruthy();
  });
});
