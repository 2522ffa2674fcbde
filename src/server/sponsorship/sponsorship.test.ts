import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sponsorshipLevels, tournamentSponsorshipLevels } from '../db/schema';
import { fingerprint } from '../test/db-fingerprint';
import { createTournament } from '../test/factories';
import { fileAppWithUsers } from '../test/file-app';
import { createSponsorshipLevel } from './service';

const BASE = '/api/admin/sponsorship-levels';

const { app: t, admin, moderator, leader } = await fileAppWithUsers();

let n = 0;
const named = (label: string) => `${label} ${++n}`;
const levelRow = async (id: string) => (await t.db.select().from(sponsorshipLevels).where(eq(sponsorshipLevels.id, id)))[0];
const offer = (tournamentId: string, sponsorshipLevelId: string) =>
  t.db.insert(tournamentSponsorshipLevels).values({ tournamentId, sponsorshipLevelId, priceCents: 50_000, maxTeams: 4 });

describe('creating, listing, editing and deleting levels (admin)', () => {
  it('creates a level with trimmed text and lists it with id, name, description and max teams', async () => {
    const { status, body } = await t.call(BASE, {
      json: { name: '  Eagle Sponsor ', description: ' Tee sign and a foursome ', maxTeams: 3 },
      cookie: admin.cookie,
    });
    expect(status).toBe(201);
    expect(body.level).toEqual({ id: expect.any(String), name: 'Eagle Sponsor', description: 'Tee sign and a foursome', maxTeams: 3 });
    expect(await levelRow(body.level.id)).toMatchObject({ name: 'Eagle Sponsor', description: 'Tee sign and a foursome', maxTeams: 3 });

    const list = await t.call(BASE, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.response.headers.get('cache-control')).toBe('no-store');
    expect(list.body.levels).toContainEqual(body.level);
    for (const level of list.body.levels) expect(Object.keys(level).sort()).toEqual(['description', 'id', 'maxTeams', 'name']);
  });

  it('defaults max teams to 1 and the description to empty', async () => {
    const { status, body } = await t.call(BASE, { json: { name: named('Birdie') }, cookie: admin.cookie });
    expect(status).toBe(201);
    expect(body.level).toMatchObject({ description: '', maxTeams: 1 });
  });

  it('lists levels oldest first', async () => {
    const first = await createSponsorshipLevel(t.db, { name: named('Order A') });
    const second = await createSponsorshipLevel(t.db, { name: named('Order B') });
    const ids = (await t.call(BASE, { cookie: admin.cookie })).body.levels.map((l: { id: string }) => l.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });

  it('saves an edit', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Par'), maxTeams: 2 });
    const { status, body } = await t.call(`${BASE}/${level.id}`, {
      method: 'PUT',
      json: { name: 'Par Sponsor', description: 'Cart sign', maxTeams: 10 },
      cookie: admin.cookie,
    });
    expect(status).toBe(200);
    expect(body.level).toEqual({ id: level.id, name: 'Par Sponsor', description: 'Cart sign', maxTeams: 10 });
    expect(await levelRow(level.id)).toMatchObject({ name: 'Par Sponsor', description: 'Cart sign', maxTeams: 10 });
  });

  it('keeps the places a tournament already offers when the default changes (R13)', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Offered'), maxTeams: 4 });
    const tournament = await createTournament(t.db);
    await offer(tournament.id, level.id);
    expect(
      (await t.call(`${BASE}/${level.id}`, { method: 'PUT', json: { name: level.name, maxTeams: 1 }, cookie: admin.cookie })).status,
    ).toBe(200);
    const [offered] = await t.db
      .select()
      .from(tournamentSponsorshipLevels)
      .where(eq(tournamentSponsorshipLevels.sponsorshipLevelId, level.id));
    expect(offered!.maxTeams).toBe(4);
  });

  it('deletes a level no tournament offers', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Spare') });
    const { status, body } = await t.call(`${BASE}/${level.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(204);
    expect(body).toBeNull();
    expect(await levelRow(level.id)).toBeUndefined();
  });

  it('answers 404 for an unknown level and 400 for an id that is not one', async () => {
    const unknown = '8d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
    expect((await t.call(`${BASE}/${unknown}`, { method: 'PUT', json: { name: 'Ghost' }, cookie: admin.cookie })).body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Sponsorship level not found' },
    });
    expect((await t.call(`${BASE}/${unknown}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    expect((await t.call(`${BASE}/42`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(400);
  });
});

describe('deleting a level a tournament offers', () => {
  it('is refused with 409 naming the tournament, and changes nothing', async () => {
    const level = await createSponsorshipLevel(t.db, { name: 'Hole-in-One Sponsor' });
    const tournament = await createTournament(t.db, { name: 'Spring Charity Classic' });
    await offer(tournament.id, level.id);
    const before = await fingerprint(t.db);
    const { status, body } = await t.call(`${BASE}/${level.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: { code: 'CONFLICT', message: 'Hole-in-One Sponsor is offered by Spring Charity Classic: remove it from the tournament first' },
    });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('names every tournament that offers it', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Shared') });
    for (const name of ['Autumn Open', 'Summer Scramble']) await offer((await createTournament(t.db, { name })).id, level.id);
    const { status, body } = await t.call(`${BASE}/${level.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(status).toBe(409);
    expect(body.error.message).toBe(`${level.name} is offered by Autumn Open and Summer Scramble: remove it from those tournaments first`);
  });

  it('succeeds once the tournament no longer offers it', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Withdrawn') });
    const tournament = await createTournament(t.db);
    await offer(tournament.id, level.id);
    await t.db.delete(tournamentSponsorshipLevels).where(eq(tournamentSponsorshipLevels.sponsorshipLevelId, level.id));
    expect((await t.call(`${BASE}/${level.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
  });
});

describe('validation (spec §5, §9)', () => {
  it.each([
    [{ name: '   ' }, 'name', 'Name is required'],
    [{}, 'name', 'Name is required'],
    [{ name: 'Zero', maxTeams: 0 }, 'maxTeams', 'Max teams must be a whole number from 1 to 10'],
    [{ name: 'Eleven', maxTeams: 11 }, 'maxTeams', 'Max teams must be a whole number from 1 to 10'],
    [{ name: 'Half', maxTeams: 2.5 }, 'maxTeams', 'Max teams must be a whole number from 1 to 10'],
    [{ name: 'Text', maxTeams: '3' }, 'maxTeams', 'Max teams must be a whole number from 1 to 10'],
    [{ name: 'Long', description: 'x'.repeat(501) }, 'description', 'Must be at most 500 characters'],
  ])('refuses %j with "%s: %s" and saves nothing', async (json, field, message) => {
    const target = await createSponsorshipLevel(t.db, { name: named('Target') });
    for (const [path, method] of [
      [BASE, 'POST'],
      [`${BASE}/${target.id}`, 'PUT'],
    ] as const) {
      const before = await fingerprint(t.db);
      const { status, body } = await t.call(path, { method, json, cookie: admin.cookie });
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION');
      expect(body.error.fields[field]).toBe(message);
      expect(await fingerprint(t.db)).toEqual(before);
    }
  });

  it('refuses a second level of the same name, in any case', async () => {
    const level = await createSponsorshipLevel(t.db, { name: 'Albatross Sponsor' });
    const created = await t.call(BASE, { json: { name: 'albatross sponsor' }, cookie: admin.cookie });
    expect(created.status).toBe(409);
    // Named as the existing level is spelt, not as typed.
    expect(created.body.error.message).toBe('A sponsorship level named Albatross Sponsor already exists');
    const other = await createSponsorshipLevel(t.db, { name: named('Condor') });
    expect((await t.call(`${BASE}/${other.id}`, { method: 'PUT', json: { name: 'Albatross Sponsor' }, cookie: admin.cookie })).status).toBe(
      409,
    );
    // Saving a level under its own name is no clash.
    expect(
      (await t.call(`${BASE}/${level.id}`, { method: 'PUT', json: { name: 'Albatross Sponsor', maxTeams: 2 }, cookie: admin.cookie }))
        .status,
    ).toBe(200);
  });
});

describe('access (R8, R9): admins only', () => {
  it('refuses anonymous callers (401), team leaders and moderators (403) on every action, changing nothing', async () => {
    const level = await createSponsorshipLevel(t.db, { name: named('Guarded') });
    const calls = [
      { path: BASE },
      { path: BASE, method: 'POST', json: { name: named('Intruder') } },
      { path: `${BASE}/${level.id}`, method: 'PUT', json: { name: 'Hijacked' } },
      { path: `${BASE}/${level.id}`, method: 'DELETE' },
    ];
    for (const { path, ...options } of calls) {
      for (const [caller, expected] of [
        [null, 401],
        [leader, 403],
        [moderator, 403],
      ] as const) {
        const before = await fingerprint(t.db);
        const { status } = await t.call(path, { ...options, cookie: caller?.cookie });
        expect(status, `${options.method ?? 'GET'} ${path} as ${caller?.role ?? 'anonymous'}`).toBe(expected);
        expect(await fingerprint(t.db)).toEqual(before);
      }
    }
    expect(await levelRow(level.id)).toMatchObject({ name: level.name });
  });
});
