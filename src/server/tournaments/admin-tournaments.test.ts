// /api/admin/tournaments: create, edit, open and close tournaments with their course and priced levels (R8, R13, R16),
// saved in one transaction and never below what is already registered.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from '../courses/service';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { tournamentCourses, tournaments, tournamentSponsorshipLevels } from '../db/schema';
import { registerTeams } from '../registration/service';
import { createSponsorshipLevel } from '../sponsorship/service';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/database';
import { fingerprint } from '../test/db-fingerprint';
import { registrationInput } from '../test/factories';
import { insertLeaders, registrationCounts, teamsInput } from '../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { updateTournament } from './admin-service';
import { TOURNAMENT_MESSAGES } from '../../shared/tournament-schemas';
import { IMAGE_MESSAGES } from '../../shared/image-rules';
import sharp from 'sharp';

const POSTGRES = testDatabaseKind() === 'postgres';
const BASE = '/api/admin/tournaments';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let base: TestDatabase;
let pooled: Database | undefined;
let t: TestApp;
let admin: TestUser;
let leader: TestUser;
let moderator: TestUser;
let leaderIds: string[];
let eagle: { id: string; name: string; maxTeams: number };
let birdie: { id: string; name: string; maxTeams: number };
let foursome: { id: string; name: string; maxTeams: number };
let willow: { id: string; name: string };
let pine: { id: string; name: string };

beforeAll(async () => {
  base = await openTestDatabase();
  // On PostgreSQL the race below needs more connections to the same database than the test database's own pool.
  pooled = POSTGRES ? await openDatabase({ databaseUrl: base.url, dataDir: null, poolSize: 12 }) : undefined;
  t = await createTestApp({ database: pooled ? { ...pooled, url: base.url } : base });
  [admin, leader, moderator] = await Promise.all([t.createUser('admin'), t.createUser('team_leader'), t.createUser('moderator')]);
  leaderIds = await insertLeaders(t.db, 12);
  eagle = await createSponsorshipLevel(t.db, { name: 'Eagle Sponsor', description: 'Tee-box sign', maxTeams: 3 });
  birdie = await createSponsorshipLevel(t.db, { name: 'Birdie Sponsor', maxTeams: 8 });
  foursome = await createSponsorshipLevel(t.db, { name: 'Foursome', maxTeams: 10 });
  willow = await createCourse(t.db, { name: 'Willow Creek', totalHoles: 18 });
  pine = await createCourse(t.db, { name: 'Pine Valley', totalHoles: 9 });
});
afterAll(async () => {
  await t?.close();
  await pooled?.close();
  await base?.close();
});

const body = (change: Record<string, unknown> = {}) => ({
  name: 'Spring Charity Classic',
  startDate: '2027-04-16',
  endDate: '2027-04-17',
  maxTeams: 36,
  active: true,
  courseId: willow.id,
  levels: [
    { sponsorshipLevelId: eagle.id, priceCents: 500_000, maxTeams: 3 },
    { sponsorshipLevelId: foursome.id, priceCents: 120_050, maxTeams: 24, fmvCents: 45_000 },
  ],
  goalCents: 2_500_000,
  ...change,
});

const post = (json: unknown, user = admin) => t.call(BASE, { json, cookie: user.cookie });
const put = (id: string, json: unknown, user = admin) => t.call(`${BASE}/${id}`, { method: 'PUT', json, cookie: user.cookie });
const detail = async (id: string) => (await t.call(`${BASE}/${id}`, { cookie: admin.cookie })).body.tournament;

async function created(change: Record<string, unknown> = {}) {
  const { status, body: answer } = await post(body(change));
  expect(status, JSON.stringify(answer)).toBe(201);
  return answer.tournament as { id: string; levels: { id: string; levelId: string; name: string; priceCents: number; maxTeams: number }[] };
}

/** Registers `n` teams (one leader each) at the tournament's offering of `levelId`, through the registration service. */
async function register(tournamentId: string, levelId: string, n: number) {
  const offered = (await detail(tournamentId)).levels.find((l: { levelId: string }) => l.levelId === levelId);
  for (let i = 0; i < n; i++) await registerTeams(t.db, leaderIds[i]!, registrationInput(tournamentId, offered.id), new Date());
}

const linksOf = (id: string) => t.db.select().from(tournamentCourses).where(eq(tournamentCourses.tournamentId, id));
const rowOf = async (id: string) => (await t.db.select().from(tournaments).where(eq(tournaments.id, id)))[0]!;

describe('POST /api/admin/tournaments', () => {
  it('creates the tournament, its course link and its priced levels together', async () => {
    const tournament = await created();
    expect(tournament).toMatchObject({
      name: 'Spring Charity Classic',
      startDate: '2027-04-16',
      endDate: '2027-04-17',
      maxTeams: 36,
      active: true,
      courseId: willow.id,
      teamsRegistered: 0,
      goalCents: 2_500_000,
    });
    // R39: a level's value received is saved with it (0 when not given).
    expect(tournament.levels).toEqual([
      {
        id: expect.any(String),
        levelId: eagle.id,
        name: 'Eagle Sponsor',
        priceCents: 500_000,
        maxTeams: 3,
        fmvCents: 0,
        singlePriceCents: null,
        earlyPriceCents: null,
        earlyUntil: null,
        teamsRegistered: 0,
      },
      {
        id: expect.any(String),
        levelId: foursome.id,
        name: 'Foursome',
        priceCents: 120_050,
        maxTeams: 24,
        fmvCents: 45_000,
        singlePriceCents: null,
        earlyPriceCents: null,
        earlyUntil: null,
        teamsRegistered: 0,
      },
    ]);
    expect((await rowOf(tournament.id)).courseId).toBe(willow.id);
    expect(await linksOf(tournament.id)).toEqual([{ tournamentId: tournament.id, courseId: willow.id }]);
    expect(await detail(tournament.id)).toEqual(tournament);
  });

  it('offers a level with its own max teams when no places are given (R13), and takes no course and no end date', async () => {
    const tournament = await created({
      courseId: null,
      endDate: null,
      maxTeams: null,
      levels: [{ sponsorshipLevelId: birdie.id, priceCents: 0 }],
    });
    expect(tournament).toMatchObject({ courseId: null, endDate: null, maxTeams: null });
    expect(tournament.levels).toMatchObject([{ levelId: birdie.id, priceCents: 0, maxTeams: 8 }]);
    expect(await linksOf(tournament.id)).toEqual([]);
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ startDate: '' }, 'startDate', 'Start date is required'],
    [{ startDate: '2027-02-30' }, 'startDate', 'Enter a date that exists'],
    [{ endDate: '2027-04-15' }, 'endDate', 'End date cannot be before the start date'],
    [{ maxTeams: 0 }, 'maxTeams', 'Max teams must be a whole number from 1 to 10,000, or empty for no limit'],
    [{ goalCents: 0 }, 'goalCents', 'Enter a goal above 0, with at most two decimals, or leave it empty'],
    [{ goalCents: 12.5 }, 'goalCents', 'Enter a goal above 0, with at most two decimals, or leave it empty'],
    [
      { levels: [{ sponsorshipLevelId: UNKNOWN_ID, priceCents: 100, fmvCents: -1 }] },
      'levels.0.fmvCents',
      'Enter the value received (golf, cart, meal) as 0 or more, with at most two decimals',
    ],
    [
      { levels: [{ sponsorshipLevelId: UNKNOWN_ID, priceCents: -1, maxTeams: 1 }] },
      'levels.0.priceCents',
      'Enter a price of 0 or more, with at most two decimals',
    ],
    [
      { levels: [{ sponsorshipLevelId: UNKNOWN_ID, priceCents: 10.5, maxTeams: 1 }] },
      'levels.0.priceCents',
      'Enter a price of 0 or more, with at most two decimals',
    ],
    [
      { levels: [{ sponsorshipLevelId: UNKNOWN_ID, priceCents: 100, maxTeams: 0 }] },
      'levels.0.maxTeams',
      'Places must be a whole number from 1 to 1000',
    ],
    // R40's texts: a link where the address goes, a schedule line of 10,000 characters, too many lines, too long a cause.
    [{ address: 'javascript:alert(1)' }, 'address', 'Enter a street address, not a link'],
    [{ address: 'https://maps.example.com/?q=x' }, 'address', 'Enter a street address, not a link'],
    [{ schedule: ['x'.repeat(10_000)] }, 'schedule.0', 'Each schedule line can be at most 120 characters'],
    [{ schedule: Array.from({ length: 13 }, (_, i) => `${i}:00 Tee`) }, 'schedule', 'At most 12 schedule lines'],
    [{ cause: 'x'.repeat(2_001) }, 'cause', 'The cause can be at most 2,000 characters'],
  ])('refuses %j with 400 naming the field, saving nothing', async (change, field, message) => {
    const before = await fingerprint(t.db);
    const { status, body: answer } = await post(body(change));
    expect(status).toBe(400);
    expect(answer.error.fields[field]).toBe(message);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('refuses a level offered twice', async () => {
    const twice = { sponsorshipLevelId: eagle.id, priceCents: 100, maxTeams: 1 };
    const { status, body: answer } = await post(body({ levels: [twice, twice] }));
    expect(status).toBe(400);
    expect(answer.error.message).toBe('Each sponsorship level can be offered once');
  });

  it('saves nothing when a level or the course does not exist (one transaction)', async () => {
    const before = await fingerprint(t.db);
    const levels = [
      { sponsorshipLevelId: eagle.id, priceCents: 100, maxTeams: 1 },
      { sponsorshipLevelId: UNKNOWN_ID, priceCents: 100, maxTeams: 1 },
    ];
    const badLevel = await post(body({ levels }));
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.error).toEqual({
      code: 'VALIDATION',
      message: 'Sponsorship level not found',
      fields: { 'levels.1.sponsorshipLevelId': 'Sponsorship level not found' },
    });
    const badCourse = await post(body({ courseId: UNKNOWN_ID }));
    expect(badCourse.status).toBe(400);
    expect(badCourse.body.error.fields).toEqual({ courseId: 'Golf course not found' });
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe('a level’s single places (R43)', () => {
  it('are set by a price on the level, kept when left out, and switched off with null', async () => {
    const levels = (single: unknown) => [
      { sponsorshipLevelId: eagle.id, priceCents: 500_000, maxTeams: 3 },
      { sponsorshipLevelId: foursome.id, priceCents: 120_050, maxTeams: 24, ...(single === undefined ? {} : { singlePriceCents: single }) },
    ];
    const tournament = await created({ levels: levels(32_500) });
    const single = async () =>
      (await detail(tournament.id)).levels.map((l: { name: string; singlePriceCents: number | null }) => [l.name, l.singlePriceCents]);
    expect(await single()).toEqual([
      ['Eagle Sponsor', null],
      ['Foursome', 32_500],
    ]);
    expect((await put(tournament.id, body({ levels: levels(undefined) }))).status).toBe(200);
    expect(await single()).toEqual([
      ['Eagle Sponsor', null],
      ['Foursome', 32_500],
    ]);
    const refused = await put(tournament.id, body({ levels: levels(-1) }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'levels.1.singlePriceCents': TOURNAMENT_MESSAGES.singlePrice });
    expect((await put(tournament.id, body({ levels: levels(null) }))).status).toBe(200);
    expect(await single()).toEqual([
      ['Eagle Sponsor', null],
      ['Foursome', null],
    ]);
  });
});

describe('PUT /api/admin/tournaments/:id', () => {
  it('saves the fields, moves the course link and replaces, changes and adds levels', async () => {
    const tournament = await created();
    const eagleOffer = tournament.levels.find((l) => l.levelId === eagle.id)!;
    const { status, body: answer } = await put(
      tournament.id,
      body({
        name: 'Autumn Scramble',
        startDate: '2027-09-24',
        endDate: null,
        maxTeams: null,
        active: false,
        courseId: pine.id,
        levels: [
          { sponsorshipLevelId: eagle.id, priceCents: 450_000, maxTeams: 2, fmvCents: 60_000 },
          { sponsorshipLevelId: birdie.id, priceCents: 250_000 },
        ],
        // R40: kept as written (trimmed), markup and all: the page shows it as text.
        cause: '  <script>alert(1)</script>\nBooks for the library  ',
        schedule: ['12:30 Shotgun start', ' 17:00 Dinner '],
        address: '2 Pine Road, Harbor City',
      }),
    );
    expect(status, JSON.stringify(answer)).toBe(200);
    expect(answer.tournament).toMatchObject({
      name: 'Autumn Scramble',
      startDate: '2027-09-24',
      endDate: null,
      maxTeams: null,
      active: false,
      courseId: pine.id,
      cause: '<script>alert(1)</script>\nBooks for the library',
      schedule: ['12:30 Shotgun start', '17:00 Dinner'],
      address: '2 Pine Road, Harbor City',
    });
    expect(answer.tournament.levels).toEqual([
      {
        id: eagleOffer.id,
        levelId: eagle.id,
        name: 'Eagle Sponsor',
        priceCents: 450_000,
        maxTeams: 2,
        fmvCents: 60_000,
        singlePriceCents: null,
        earlyPriceCents: null,
        earlyUntil: null,
        teamsRegistered: 0,
      },
      {
        id: expect.any(String),
        levelId: birdie.id,
        name: 'Birdie Sponsor',
        priceCents: 250_000,
        maxTeams: 8,
        fmvCents: 0,
        singlePriceCents: null,
        earlyPriceCents: null,
        earlyUntil: null,
        teamsRegistered: 0,
      },
    ]);
    expect(await linksOf(tournament.id)).toEqual([{ tournamentId: tournament.id, courseId: pine.id }]);
    expect((await rowOf(tournament.id)).courseId).toBe(pine.id);

    const cleared = await put(tournament.id, body({ courseId: null, levels: [] }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.tournament).toMatchObject({ courseId: null, levels: [] });
    expect(await linksOf(tournament.id)).toEqual([]);
    expect((await rowOf(tournament.id)).courseId).toBeNull();
  });

  it('answers 404 for a tournament that does not exist', async () => {
    expect((await put(UNKNOWN_ID, body())).status).toBe(404);
    expect((await t.call(`${BASE}/${UNKNOWN_ID}`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.call(`${BASE}/not-a-uuid`, { cookie: admin.cookie })).status).toBe(400);
  });

  it('refuses an unknown level among valid changes with 400, leaving the tournament as it was', async () => {
    const tournament = await created();
    const before = await fingerprint(t.db);
    const levels = [
      { sponsorshipLevelId: birdie.id, priceCents: 1, maxTeams: 1 },
      { sponsorshipLevelId: UNKNOWN_ID, priceCents: 100, maxTeams: 1 },
    ];
    const { status, body: answer } = await put(tournament.id, body({ name: 'Half Saved?', maxTeams: 99, courseId: pine.id, levels }));
    expect(status).toBe(400);
    expect(answer.error.message).toBe('Sponsorship level not found');
    expect(await fingerprint(t.db)).toEqual(before);
    expect(await detail(tournament.id)).toMatchObject({ name: 'Spring Charity Classic', maxTeams: 36, courseId: willow.id });
  });

  it('rolls back the tournament and its course link when the last write fails (one transaction)', async () => {
    const tournament = await created();
    // A trigger makes the insert of one offered level fail, after the tournament row and its course link were written.
    await t.db.execute(sql`create function fail_price_1313() returns trigger language plpgsql as $$
      begin if new.price_cents = 1313 then raise exception 'injected failure'; end if; return new; end $$`);
    await t.db.execute(
      sql`create trigger fail_price_1313 before insert on tournament_sponsorship_levels for each row execute function fail_price_1313()`,
    );
    try {
      const before = await fingerprint(t.db);
      const levels = [
        { sponsorshipLevelId: eagle.id, priceCents: 1, maxTeams: 1 },
        { sponsorshipLevelId: birdie.id, priceCents: 1313, maxTeams: 1 },
      ];
      const { status } = await put(tournament.id, body({ name: 'Half Saved?', maxTeams: 99, courseId: pine.id, levels }));
      expect(status).toBe(500);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(await detail(tournament.id)).toMatchObject({ name: 'Spring Charity Classic', maxTeams: 36, courseId: willow.id });
    } finally {
      await t.db.execute(sql`drop trigger fail_price_1313 on tournament_sponsorship_levels`);
      await t.db.execute(sql`drop function fail_price_1313()`);
    }
  });

  describe('with teams registered', () => {
    let tournament: Awaited<ReturnType<typeof created>>;
    beforeAll(async () => {
      tournament = await created({ maxTeams: 10 });
      await register(tournament.id, eagle.id, 3);
      await register(tournament.id, foursome.id, 2);
    });

    const refused = async (change: Record<string, unknown>, message: string, fields?: Record<string, string>) => {
      const before = await fingerprint(t.db);
      const { status, body: answer } = await put(tournament.id, body(change));
      expect(status, JSON.stringify(answer)).toBe(409);
      expect(answer.error).toEqual({ code: 'CONFLICT', message, ...(fields ? { fields } : {}) });
      expect(await fingerprint(t.db)).toEqual(before);
    };

    it('shows the teams registered per level and in all', async () => {
      const shown = await detail(tournament.id);
      expect(shown.teamsRegistered).toBe(5);
      expect(shown.levels.map((l: { name: string; teamsRegistered: number }) => [l.name, l.teamsRegistered])).toEqual([
        ['Eagle Sponsor', 3],
        ['Foursome', 2],
      ]);
    });

    it('refuses fewer places at a level than its teams, saving nothing', async () => {
      await refused(
        {
          name: 'Renamed',
          maxTeams: 10,
          levels: [
            { sponsorshipLevelId: eagle.id, priceCents: 500_000, maxTeams: 2 },
            { sponsorshipLevelId: foursome.id, priceCents: 120_050, maxTeams: 24 },
          ],
        },
        'Eagle Sponsor has 3 teams registered: places cannot be fewer than 3',
        { 'levels.0.maxTeams': 'At least 3 (teams registered)' },
      );
    });

    it('refuses removing a level that has teams', async () => {
      await refused(
        { maxTeams: 10, levels: [{ sponsorshipLevelId: eagle.id, priceCents: 500_000, maxTeams: 3 }] },
        'Foursome has 2 teams registered: it cannot be removed',
      );
    });

    it('refuses a tournament max below its registered teams', async () => {
      await refused({ maxTeams: 4 }, 'The tournament has 5 teams registered: max teams cannot be fewer than 5', {
        maxTeams: 'At least 5 (teams registered)',
      });
    });

    it('accepts places equal to the teams registered, and new prices; the leader sees them at once', async () => {
      const { status } = await put(
        tournament.id,
        body({
          maxTeams: 6,
          levels: [
            { sponsorshipLevelId: eagle.id, priceCents: 475_025, maxTeams: 3 },
            { sponsorshipLevelId: foursome.id, priceCents: 99_900, maxTeams: 5 },
            { sponsorshipLevelId: birdie.id, priceCents: 250_000, maxTeams: 4 },
          ],
        }),
      );
      expect(status).toBe(200);
      const levels = await t.call(`/api/tournaments/${tournament.id}/levels`, { cookie: leader.cookie });
      expect(
        levels.body.levels.map((l: { name: string; priceCents: number; maxTeams: number; placesLeft: number }) => [
          l.name,
          l.priceCents,
          l.maxTeams,
          l.placesLeft,
        ]),
      ).toEqual([
        ['Eagle Sponsor', 475_025, 3, 0],
        ['Birdie Sponsor', 250_000, 4, 1],
        ['Foursome', 99_900, 5, 1],
      ]);
    });
  });
});

describe('PATCH /api/admin/tournaments/:id/active and the leader’s view', () => {
  it('opens and closes registration: the leader sees the tournament and its levels only while it is active', async () => {
    const tournament = await created({ name: 'Open and Shut', active: false });
    const activeIds = async () =>
      (await t.call('/api/tournaments/active', { cookie: leader.cookie })).body.tournaments.map((x: { id: string }) => x.id);
    expect(await activeIds()).not.toContain(tournament.id);
    expect((await t.call(`/api/tournaments/${tournament.id}/levels`, { cookie: leader.cookie })).status).toBe(404);

    const opened = await t.call(`${BASE}/${tournament.id}/active`, { method: 'PATCH', json: { active: true }, cookie: admin.cookie });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ tournament: { id: tournament.id, active: true } });
    expect(await activeIds()).toContain(tournament.id);
    const levels = await t.call(`/api/tournaments/${tournament.id}/levels`, { cookie: leader.cookie });
    expect(
      levels.body.levels.map((l: { name: string; priceCents: number; placesLeft: number }) => [l.name, l.priceCents, l.placesLeft]),
    ).toEqual([
      ['Eagle Sponsor', 500_000, 3],
      ['Foursome', 120_050, 24],
    ]);

    const closed = await t.call(`${BASE}/${tournament.id}/active`, { method: 'PATCH', json: { active: false }, cookie: admin.cookie });
    expect(closed.status).toBe(200);
    expect(await activeIds()).not.toContain(tournament.id);
    expect((await t.call(`${BASE}/${UNKNOWN_ID}/active`, { method: 'PATCH', json: { active: true }, cookie: admin.cookie })).status).toBe(
      404,
    );
  });
});

describe('GET /api/admin/tournaments', () => {
  it('lists every tournament newest first, with course, places and teams registered', async () => {
    const older = await created({ name: 'Older Open', maxTeams: 4 });
    await register(older.id, eagle.id, 2);
    const newer = await created({ name: 'Newer Open', courseId: null, maxTeams: null, active: false });
    const { status, body: answer, response } = await t.call(BASE, { cookie: admin.cookie });
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(answer.currency).toBe('USD');
    const list = answer.tournaments as { id: string; createdAt: string }[];
    expect(list.slice(0, 2)).toMatchObject([
      { id: newer.id, name: 'Newer Open', courseId: null, courseName: null, maxTeams: null, active: false, teamsRegistered: 0 },
      { id: older.id, name: 'Older Open', courseId: willow.id, courseName: 'Willow Creek', maxTeams: 4, active: true, teamsRegistered: 2 },
    ]);
    const times = list.map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('access (R8, R9)', () => {
  it('refuses anonymous callers with 401 and team leaders and moderators with 403, changing nothing', async () => {
    const tournament = await created({ name: 'Guarded Open' });
    const calls = [
      { path: BASE },
      { path: `${BASE}/${tournament.id}` },
      { path: BASE, json: body({ name: 'Sneaky' }) },
      { path: `${BASE}/${tournament.id}`, method: 'PUT', json: body({ name: 'Sneaky', levels: [] }) },
      { path: `${BASE}/${tournament.id}/active`, method: 'PATCH', json: { active: false } },
    ];
    const before = await fingerprint(t.db);
    for (const { path, ...options } of calls) {
      expect((await t.call(path, options)).status, `anonymous ${options.method ?? 'GET'} ${path}`).toBe(401);
      for (const user of [leader, moderator]) {
        const { status, body: answer } = await t.call(path, { ...options, cookie: user.cookie });
        expect(status, `${user.role} ${options.method ?? 'GET'} ${path}`).toBe(403);
        expect(answer.error.message).toBe("You don't have permission to access this page");
      }
    }
    expect(await fingerprint(t.db)).toEqual(before);
    expect((await t.call(`${BASE}/${tournament.id}`, { cookie: admin.cookie })).status).toBe(200);
  });
});

// PostgreSQL only: PGlite runs one transaction at a time, so a race there proves nothing (docs/stack.md).
if (POSTGRES)
  describe('a save racing registrations (PostgreSQL)', () => {
    it('never leaves a level with more teams than places: the save and the registrations take the same row lock', async () => {
      for (let round = 0; round < 8; round++) {
        const tournament = await created({
          name: `Race ${round}`,
          maxTeams: null,
          levels: [{ sponsorshipLevelId: foursome.id, priceCents: 100_000, maxTeams: 10 }],
        });
        const offer = tournament.levels[0]!;
        await register(tournament.id, foursome.id, 4);
        const registrations = leaderIds
          .slice(4, 10)
          .map((userId) =>
            registerTeams(t.db, userId, registrationInput(tournament.id, offer.id, { teams: teamsInput(1, `R${round}`) }), new Date()),
          );
        const save = updateTournament(
          t.db,
          tournament.id,
          body({ name: `Race ${round}`, maxTeams: null, levels: [{ sponsorshipLevelId: foursome.id, priceCents: 100_000, maxTeams: 6 }] }),
        );
        const [saved, ...registered] = await Promise.allSettled([save, ...registrations]);
        const [level] = await t.db.select().from(tournamentSponsorshipLevels).where(eq(tournamentSponsorshipLevels.id, offer.id));
        const counts = await registrationCounts(t.db, tournament.id);
        expect(counts.incompleteTeams).toBe(0);
        expect(counts.teams).toBe(4 + registered.filter((r) => r.status === 'fulfilled').length);
        expect(counts.teams).toBeLessThanOrEqual(level!.maxTeams);
        expect(level!.maxTeams).toBe(saved!.status === 'fulfilled' ? 6 : 10);
      }
    });
  });

it('keeps tournaments.course_id and tournament_courses in step for every tournament saved here', async () => {
  const mismatched = await queryRows(
    t.db,
    sql`
    select t.id from tournaments t
    where t.course_id is distinct from (select min(tc.course_id::text)::uuid from tournament_courses tc where tc.tournament_id = t.id)
       or (select count(*) from tournament_courses tc where tc.tournament_id = t.id) > 1`,
  );
  expect(mismatched).toEqual([]);
});

describe('the event page hero image (R40)', () => {
  const uploadHero = (bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    form.append('purpose', 'hero');
    return t.call('/api/images', { method: 'POST', body: form, cookie: admin.cookie });
  };
  const heroPng = () =>
    sharp({ create: { width: 1500, height: 500, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer();

  it('is attached, replaced, kept when left out and cleared; the event page and its answer name its variants', async () => {
    const tournament = await created();
    const first = (await uploadHero(await heroPng(), 'hero.png', 'image/png')).body.image.id as string;
    const attached = await put(tournament.id, body({ heroImageId: first }));
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.tournament).toMatchObject({ heroImageId: first, heroImageUrl: `/api/images/${first}/w1280` });

    const second = (await uploadHero(await heroPng(), 'other.png', 'image/png')).body.image.id as string;
    await put(tournament.id, body({ heroImageId: second }));
    expect((await rowOf(tournament.id)).heroImageId).toBe(second);
    // An API client that does not send the field keeps the image.
    await put(tournament.id, body());
    expect((await detail(tournament.id)).heroImageUrl).toBe(`/api/images/${second}/w1280`);
    const image = await t.call(`/api/images/${second}/w640`);
    expect(image.status).toBe(200);

    const cleared = await put(tournament.id, body({ heroImageId: null }));
    expect(cleared.body.tournament).toMatchObject({ heroImageId: null, heroImageUrl: null });
  });

  it('refuses a logo or an unknown image as the hero, naming the field; nothing saved', async () => {
    const tournament = await created();
    const form = new FormData();
    form.append('file', new File([(await heroPng()) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
    const logo = (await t.call('/api/images', { method: 'POST', body: form, cookie: admin.cookie })).body.image.id as string;
    for (const heroImageId of [logo, UNKNOWN_ID]) {
      const before = await rowOf(tournament.id);
      const { status, body: answer } = await put(tournament.id, body({ heroImageId, name: 'Renamed' }));
      expect(status).toBe(400);
      expect(answer.error.fields).toEqual({ heroImageId: TOURNAMENT_MESSAGES.heroImage });
      expect(await rowOf(tournament.id)).toEqual(before);
    }
  });

  it("refuses a file that is not an image with the image module's message; the tournament keeps its image", async () => {
    const tournament = await created();
    const hero = (await uploadHero(await heroPng(), 'hero.png', 'image/png')).body.image.id as string;
    await put(tournament.id, body({ heroImageId: hero }));
    const { status, body: answer } = await uploadHero(new TextEncoder().encode('not a picture at all'), 'hero.png', 'image/png');
    expect(status).toBe(400);
    expect(answer.error.fields).toEqual({ file: IMAGE_MESSAGES.notImage });
    expect((await rowOf(tournament.id)).heroImageId).toBe(hero);
  });

  it('is for staff only: a team leader cannot upload the event image', async () => {
    const form = new FormData();
    form.append('file', new File([(await heroPng()) as Uint8Array<ArrayBuffer>], 'hero.png', { type: 'image/png' }));
    form.append('purpose', 'hero');
    const { status } = await t.call('/api/images', { method: 'POST', body: form, cookie: leader.cookie });
    expect(status).toBe(403);
  });
});
