// Upgrades keep the data (R47): the database the previous release wrote (a fixture made by scripts/upgrade-fixture.ts from
// that release's own code: its migrations, its demo seed, registrations and payments through its API) is restored at its own
// schema, then the current code's start-up migrator brings it forward, once. Every page and the main API reads answer, and
// the teams, golfers, scores and money totals are what the previous release showed.
// When a release adds migrations, this test runs them on that data as it is; regenerate the fixture from each new release.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGES, adminHref } from '../../client/admin/admin-pages';
import { migrateDatabase, queryRows } from '../db/connect';
import { openEmptyTestDatabase, openTestDatabase, type TestDatabase } from '../test/database';
import { withTempAssets } from '../test/temp-assets';
import { createTestApp, type TestApp } from '../test/test-app';
import { checkBackupFile, restoreBackup } from './restore';
import { appliedVersion, latestVersion } from './schema-version';
import { readUpgradeFigures, type TournamentFigures } from './upgrade-figures';

// The one fixture in fixtures/: the previous release's (scripts/upgrade-fixture.ts replaces it with the next one's).
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const [RELEASE] = readdirSync(FIXTURES).flatMap((name) => /^release-(\w+)\.backup$/.exec(name)?.[1] ?? []);
const fixture = (ext: string) => join(FIXTURES, `release-${RELEASE}.${ext}`);
const recorded = JSON.parse(readFileSync(fixture('json'), 'utf8')) as {
  schema: string;
  admin: { email: string; password: string };
  leader: { email: string; password: string };
  figures: TournamentFigures[];
};

let database: TestDatabase;
let app: TestApp;
let temp: ReturnType<typeof withTempAssets>;
let migrationsAtStart: number;

beforeAll(async () => {
  database = await openEmptyTestDatabase();
  await restoreBackup(database, await checkBackupFile(fixture('backup')));
  migrationsAtStart = (await appliedVersion(database.db)).migrations;
  // What a server start does first.
  await migrateDatabase(database);
  temp = withTempAssets();
  app = await createTestApp({ database, assets: temp.assets });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  temp?.remove();
});

const migrationRows = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!.n;

describe(`the previous release's database (${RELEASE})`, () => {
  it('was at its own, older schema, and is migrated forward once: a second start applies nothing', async () => {
    expect((await checkBackupFile(fixture('backup'))).header.schema.tag).toBe(recorded.schema);
    expect(migrationsAtStart).toBeLessThan(latestVersion().migrations);
    expect(await appliedVersion(database.db)).toMatchObject({ ...latestVersion(), known: true });
    expect(await migrationRows()).toBe(latestVersion().migrations);
    await migrateDatabase(database);
    expect(await migrationRows()).toBe(latestVersion().migrations);
  });

  it('restores as well into an empty database already at the newest schema (rebuilt at the old one, then migrated)', async () => {
    const newer = await openTestDatabase();
    try {
      const backup = await checkBackupFile(fixture('backup'));
      await restoreBackup(newer, backup);
      expect((await appliedVersion(newer.db)).tag).toBe(recorded.schema);
      await migrateDatabase(newer);
      expect(await appliedVersion(newer.db)).toMatchObject({ ...latestVersion(), known: true });
      const teams = backup.header.tables.find((t) => t.name === 'teams')!;
      expect(await queryRows<{ n: number }>(newer.db, sql`select count(*)::int as n from teams`)).toEqual([{ n: teams.rows }]);
      // That release's backups held its live sessions and its session secret; a restore leaves them out (decision 092).
      expect(backup.header.tables.find((t) => t.name === 'session')!.rows).toBeGreaterThan(0);
      expect(
        await queryRows<{ n: number }>(
          newer.db,
          sql`select (select count(*)::int from session) + (select count(*)::int from verification)
                + (select count(*)::int from app_settings where key = 'auth_secret') as n`,
        ),
      ).toEqual([{ n: 0 }]);
    } finally {
      await newer.close();
    }
  });

  it('shows the same teams, golfers, scores and money totals as the previous release did', async () => {
    const cookie = await app.signIn(recorded.admin.email, recorded.admin.password);
    const figures = await readUpgradeFigures(async (path) => {
      const { status, body } = await app.call(path, { cookie });
      expect(status, path).toBe(200);
      return body;
    });
    expect(figures).toEqual(recorded.figures);
    // Not a comparison of nothing: the fixture holds a played outing and paid and unpaid registrations.
    expect(figures.reduce((n, t) => n + t.teams, 0)).toBeGreaterThan(30);
    expect(figures.some((t) => Object.keys(t.scores).length > 20)).toBe(true);
    expect(figures.some((t) => t.money.receivedCents > 0 && t.money.outstandingCents > 0)).toBe(true);
  });

  it('answers every page and the main reads, for visitors, its team leaders and its admin', async () => {
    const admin = await app.signIn(recorded.admin.email, recorded.admin.password);
    const leader = await app.signIn(recorded.leader.email, recorded.leader.password);
    const pages = ['/', '/leaderboard', '/register', '/auth', ...ADMIN_PAGES.filter((p) => !p.path.includes(':')).map(adminHref)];
    for (const page of pages) {
      const response = await app.request(page, { cookie: admin });
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toMatch(/<div id="root"/);
    }
    // Home and the leaderboard are rendered from the database into the first HTML (decision 051): the board is the outing's.
    const board = await (await app.request('/leaderboard')).text();
    expect(board).toContain(recorded.figures.find((t) => Object.keys(t.scores).length > 0)!.name);
    const { tournaments } = (await app.call('/api/admin/tournaments', { cookie: admin })).body as { tournaments: { id: string }[] };
    const reads: [string, string | undefined][] = [
      ['/api/health', undefined],
      ['/api/tournaments/active', undefined],
      ['/api/account/me', leader],
      ['/api/teams/mine', leader],
      ['/api/waitlist/mine', leader],
      ['/api/admin/dashboard', admin],
      ['/api/admin/teams', admin],
      ['/api/admin/payments', admin],
      ['/api/admin/payments/export.csv', admin],
      ['/api/admin/waitlist', admin],
      ['/api/admin/courses', admin],
      ['/api/admin/sponsorship-levels', admin],
      ['/api/admin/users', admin],
      ['/api/admin/backups', admin],
      ...tournaments.flatMap((t): [string, string][] => [
        [`/api/admin/tournaments/${t.id}`, admin],
        [`/api/admin/golfers?tournamentId=${t.id}`, admin],
        [`/api/admin/reports?tournamentId=${t.id}`, admin],
      ]),
    ];
    for (const [path, cookie] of reads) expect((await app.request(path, { cookie })).status, path).toBe(200);
    const mine = (await app.call('/api/teams/mine', { cookie: leader })).body;
    expect(JSON.stringify(mine)).toContain('Upgrade Team 4A');
  });
});
