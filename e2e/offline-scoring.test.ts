// Journey: on the course with a dead connection (issue 13, R32 with R21, R22). The connection is switched off
// for the whole browser context (context.setOffline). A leader opens score entry online, goes offline, enters holes, reloads
// the page offline (it opens, with what they entered), comes back online: the saves arrive once (rows and score_events
// counted) and a spectator's board shows them. Two scorers on one team, one of them offline, change the same hole and
// different holes: nothing is lost, the conflict is shown with both values. The leaderboard offline keeps its last board,
// marked 'Offline — last updated hh:mm', and catches up by itself. The app is installable (manifest, icons, worker).
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createCourse } from '../src/server/courses/service';
import { players, playerScores, tournamentCourses, tournaments } from '../src/server/db/schema';
import { registerTeams } from '../src/server/registration/service';
import { createLevel, daysFromToday, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { NAVIGATION_TIMEOUT_MS, setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

const TOURNAMENT = 'Dead Zone Invitational';
const foursome = (lastName: string, firstNames: string[]) =>
  firstNames.map((firstName) => ({ firstName, lastName, email: `${firstName}.${lastName}@example.org`.toLowerCase(), phone: '555-0100' }));
const TEAMS = {
  greens: { teamName: 'Green Keepers', players: foursome('Green', ['Gia', 'Gil', 'Gus', 'Gwen']) },
  links: { teamName: 'Links Legends', players: foursome('Links', ['Lia', 'Lou', 'Lyle', 'Lynn']) },
  staff: { teamName: 'Tee Timers', players: foursome('Tee', ['Tia', 'Tom', 'Tad', 'Tess']) },
  // On the board from the start (a hole seeded): the offline board's journey needs no other test's saves.
  early: { teamName: 'Early Birds', players: foursome('Early', ['Eva', 'Eli', 'Ezra', 'Emma']) },
};
const seeded = { tournamentId: '', teamIds: {} as Record<string, string> };

const journey = setUpJourney({
  // What this journey tests: the service worker answers the app offline.
  serviceWorker: true,
  seed: async (db) => {
    const course = await createCourse(db, { name: 'Quarry Ridge', totalHoles: 9 });
    const [tournament] = await db
      .insert(tournaments)
      .values({ name: TOURNAMENT, startDate: daysFromToday(1), active: true, courseId: course.id })
      .returning();
    await db.insert(tournamentCourses).values({ tournamentId: tournament!.id, courseId: course.id });
    seeded.tournamentId = tournament!.id;
    const level = await createLevel(db, tournament!.id, { name: 'Foursome', maxTeams: 10 });
    const leader = await findUserByEmail(db, E2E_ACCOUNTS.leader.email);
    const admin = await findUserByEmail(db, E2E_ACCOUNTS.admin.email);
    const mine = await registerTeams(
      db,
      leader!.id,
      registrationInput(tournament!.id, level.id, { teams: [TEAMS.greens, TEAMS.links] }),
      new Date(),
    );
    const staffs = await registerTeams(
      db,
      admin!.id,
      registrationInput(tournament!.id, level.id, { teams: [TEAMS.staff, TEAMS.early] }),
      new Date(),
    );
    for (const team of [...mine.teams, ...staffs.teams]) seeded.teamIds[team.name] = team.id;
    const early = seeded.teamIds['Early Birds']!;
    const [eva] = await db.select({ id: players.id }).from(players).where(eq(players.teamId, early)).limit(1);
    await db.insert(playerScores).values({ tournamentId: tournament!.id, teamId: early, playerId: eva!.id, holeNumber: 1, strokes: 4 });
  },
});

/**
 * Waits until the service worker controls the page and keeps `reads` (addresses) in its cache: the page asked them again
 * through the worker when it took charge (main.tsx). Not the page's 'networkidle': that state is reached once, usually
 * before the worker takes charge, and waiting for it again returns at once, so going offline could still catch a read on
 * its way to the cache (CI saw the card missing after an offline reload).
 */
async function untilOfflineReady(page: Page, ...reads: string[]) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: NAVIGATION_TIMEOUT_MS });
  for (const read of reads) {
    await expect
      .poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, read), { timeout: NAVIGATION_TIMEOUT_MS })
      .toBe(true);
  }
}

type History = { events: { playerName: string; holeNumber: number; oldStrokes: number | null; newStrokes: number | null; by: string }[] };
type Card = { players: { id: string; firstName: string }[]; scores: { playerId: string; holeNumber: number; strokes: number }[] };

/** What the database holds for a team, read by staff: its score rows (as 'First:hole:strokes') and its score_events. */
async function stored(staff: Page, teamId: string) {
  const read = (path: string) => staff.evaluate(async (url) => (await fetch(url)).json(), path);
  const card = (await read(`/api/teams/${teamId}/scores`)) as Card;
  const history = (await read(`/api/admin/score-history/${teamId}`)) as History;
  const firstName = (id: string) => card.players.find((p) => p.id === id)!.firstName;
  return {
    rows: card.scores.map((s) => `${firstName(s.playerId)}:${s.holeNumber}:${s.strokes}`).sort(),
    events: history.events.map((e) => `${e.playerName.split(' ')[0]}:${e.holeNumber}:${e.oldStrokes ?? '-'}>${e.newStrokes ?? '-'}`).sort(),
  };
}

const context = (page: Page): BrowserContext => page.context();
/**
 * What follows a reload, or the connection coming back, may wait as long as a navigation: the worker, IndexedDB
 * and the outbox's sends all come after it, and on a loaded CI machine they took more than the 10 s a click's answer gets.
 */
const AFTER_A_LOAD = { timeout: NAVIGATION_TIMEOUT_MS };

describe('a team leader on the course', () => {
  test('enters holes offline, reloads offline, and the saves arrive once when the connection returns', async () => {
    const teamId = seeded.teamIds['Green Keepers']!;
    const leader = await journey.visitor({ as: journey.portal.users.leader, viewport: 'mobile' });
    const staff = await journey.visitor({ as: journey.portal.users.admin });
    await staff.goto('/leaderboard');
    await expectHeading(staff, 'Leaderboard');

    await leader.goto(`/register/scores/${teamId}`);
    await expectHeading(leader, 'Score Entry');
    await leader.getByRole('heading', { name: 'Hole 1', exact: true }).waitFor();
    await untilOfflineReady(leader, '/api/account/me', `/api/teams/${teamId}/scores`);

    await context(leader).setOffline(true);
    const more = (name: string) => leader.getByRole('button', { name: `One stroke more for ${name}` });
    for (const name of ['Gia Green', 'Gil Green', 'Gus Green', 'Gwen Green']) await more(name).click(); // par 4 each
    await more('Gwen Green').click(); // 5
    // Typed and not saved yet: the hole says so, as the bar does (not 'Not scored yet').
    await leader.locator('[data-hole-sync="unsaved"]', { hasText: 'Unsaved changes' }).waitFor();
    await shoot(leader, 'offline-scoring-unsaved-hole-mobile');
    await leader.getByRole('button', { name: 'Save Scores' }).click();
    await expectToast(leader, 'Saved on this phone. They are sent when the connection returns.', 'success');
    await leader.getByText('Saved on this phone', { exact: true }).waitFor();
    await leader.getByText('Offline: 1 save waiting on this phone. They are sent by themselves when the connection returns.').waitFor();

    await leader.getByRole('button', { name: 'Next hole' }).click();
    await leader.getByRole('heading', { name: 'Hole 2', exact: true }).waitFor();
    await leader.getByRole('textbox', { name: 'Gia Green, hole 2', exact: true }).fill('3');
    await leader.getByRole('textbox', { name: 'Gil Green, hole 2', exact: true }).fill('6');
    await leader.getByRole('button', { name: 'Save Scores' }).click();
    await leader.getByText('Offline: 2 saves waiting on this phone. They are sent by themselves when the connection returns.').waitFor();
    await shoot(leader, 'offline-scoring-saved-on-phone-mobile');

    // Nothing has reached the server yet.
    expect(await stored(staff, teamId)).toEqual({ rows: [], events: [] });

    // The page was closed and opened again, still without a connection: it opens, with everything entered.
    await leader.reload();
    await expectHeading(leader, 'Score Entry');
    await leader.getByRole('heading', { name: 'Hole 1', exact: true }).waitFor(AFTER_A_LOAD);
    await leader
      .getByText('Offline: 2 saves waiting on this phone. They are sent by themselves when the connection returns.')
      .waitFor(AFTER_A_LOAD);
    expect(await leader.getByRole('textbox', { name: 'Gwen Green, hole 1', exact: true }).inputValue()).toBe('5');
    await leader.getByLabel('Go to hole').selectOption({ index: 1 });
    expect(await leader.getByRole('textbox', { name: 'Gil Green, hole 2', exact: true }).inputValue()).toBe('6');
    await shoot(leader, 'offline-scoring-reloaded-offline-mobile');

    // The connection returns: both saves go, in order, by themselves; each is applied once.
    await context(leader).setOffline(false);
    await leader.getByText('All scores synced').waitFor(AFTER_A_LOAD);
    await leader.getByText('Synced', { exact: true }).waitFor(AFTER_A_LOAD);
    const expected = ['Gia:1:4', 'Gia:2:3', 'Gil:1:4', 'Gil:2:6', 'Gus:1:4', 'Gwen:1:5'];
    const after = await stored(staff, teamId);
    expect(after.rows).toEqual(expected);
    expect(after.events).toEqual(expected.map((cell) => cell.replace(/^(\w+:\d+):(\d+)$/, '$1:->$2')).sort());
    // A reload online sends nothing again.
    await leader.reload();
    await leader.getByText('All scores synced').waitFor(AFTER_A_LOAD);
    expect(await stored(staff, teamId)).toEqual(after);

    // The spectator's board (opened before, never reloaded) shows the team.
    const row = staff.locator('[data-team="Green Keepers"]').first();
    await row.waitFor(AFTER_A_LOAD);
    expect(await row.innerText()).toContain('Green Keepers');

    // A synced hole changed to what cannot be saved (20): the hole no longer says 'Synced' but 'Unsaved changes', and
    // says 'Synced' again once the score is put back.
    const gwen = leader.getByRole('textbox', { name: 'Gwen Green, hole 1', exact: true });
    await gwen.fill('20');
    await leader.locator('[data-hole-sync="unsaved"]', { hasText: 'Unsaved changes' }).waitFor();
    await leader.getByRole('alert').filter({ hasText: 'An empty box is no score.' }).waitFor();
    await gwen.fill('5');
    await leader.locator('[data-hole-sync="synced"]', { hasText: 'Synced' }).waitFor();
    await leader.getByText('All scores synced').waitFor();
  });

  test('two scorers, one offline, change the same hole and different holes: nothing is lost, the conflict is shown', async () => {
    const teamId = seeded.teamIds['Links Legends']!;
    const leader = await journey.visitor({ as: journey.portal.users.leader });
    const staff = await journey.visitor({ as: journey.portal.users.moderator });
    await leader.goto(`/register/scores/${teamId}`);
    await expectHeading(leader, 'Score Entry');
    const grid = (page: Page) => page.getByRole('table', { name: 'Scores of Links Legends by player and hole' });
    const box = (page: Page, name: string, hole: number) => grid(page).getByRole('textbox', { name: `${name}, hole ${hole}`, exact: true });
    await grid(leader).waitFor();
    await untilOfflineReady(leader, '/api/account/me', `/api/teams/${teamId}/scores`);

    await context(leader).setOffline(true);
    await box(leader, 'Lia Links', 2).fill('5');
    await box(leader, 'Lou Links', 3).fill('4');
    // The grid's row of marks: the holes just typed are unsaved, the others not scored.
    await grid(leader).locator('[data-hole="2"] [data-hole-sync="unsaved"]').waitFor();
    await grid(leader).locator('[data-hole="3"] [data-hole-sync="unsaved"]').waitFor();
    expect(await grid(leader).locator('[data-hole-sync="unsaved"]').count()).toBe(2);
    await shoot(leader, 'offline-scoring-unsaved-holes-desktop');
    await leader.getByRole('button', { name: 'Save Scores' }).click();
    await leader.getByText(/^Offline: 1 save waiting/).waitFor();

    // Meanwhile staff, online, score the same team: hole 2 for Lia too, and hole 4 for Lyle.
    await staff.goto(`/admin/score-entry?tournament=${seeded.tournamentId}&team=${teamId}`);
    await grid(staff).waitFor();
    await box(staff, 'Lia Links', 2).fill('6');
    await box(staff, 'Lyle Links', 4).fill('3');
    await staff.getByRole('button', { name: 'Save Scores' }).click();
    await expectToast(staff, 'Scores saved', 'success');
    await staff.getByText('All scores synced').waitFor();

    await context(leader).setOffline(false);
    const conflict = leader.getByRole('alert').filter({ hasText: 'Someone else changed a score you also changed' });
    await conflict.waitFor(AFTER_A_LOAD);
    await conflict.getByText('Hole 2 · Lia Links: yours 5, theirs 6').waitFor();
    // Their hole 4 arrived; the leader's hole 3 went through; hole 2 shows theirs until the leader chooses.
    await expect.poll(() => box(leader, 'Lyle Links', 4).inputValue()).toBe('3');
    expect(await box(leader, 'Lou Links', 3).inputValue()).toBe('4');
    expect(await box(leader, 'Lia Links', 2).inputValue()).toBe('6');
    await shoot(leader, 'offline-scoring-conflict-desktop');
    expect(await stored(staff, teamId)).toMatchObject({ rows: ['Lia:2:6', 'Lou:3:4', 'Lyle:4:3'] });

    await conflict.getByRole('button', { name: 'Keep mine (5)' }).click();
    await conflict.waitFor({ state: 'detached' });
    // 'All scores synced' may still be on screen from before the choice went out: wait for the choice itself to land.
    await expect.poll(() => box(leader, 'Lia Links', 2).inputValue(), { timeout: 10_000 }).toBe('5');
    // Both values of hole 2 are in the history: staff's 6, then the leader's choice of 5.
    await expect
      .poll(() => stored(staff, teamId), AFTER_A_LOAD)
      .toEqual({
        rows: ['Lia:2:5', 'Lou:3:4', 'Lyle:4:3'],
        events: ['Lia:2:->6', 'Lia:2:6>5', 'Lou:3:->4', 'Lyle:4:->3'],
      });
    await leader.getByText('All scores synced').waitFor(AFTER_A_LOAD);
  });

  test('staff read the history of a team in the score report', async () => {
    const staff = await journey.visitor({ as: journey.portal.users.moderator });
    await staff.goto(`/admin/score-report?tournament=${seeded.tournamentId}`);
    await expectHeading(staff, 'Score Report');
    await staff.getByLabel('Team history').selectOption({ label: 'Links Legends' });
    const history = staff.getByRole('table', { name: 'Score changes of Links Legends' });
    await history.waitFor();
    await history.getByRole('row').filter({ hasText: 'Lia Links' }).filter({ hasText: '6' }).filter({ hasText: '5' }).first().waitFor();
    await shoot(staff, 'offline-scoring-history-desktop');
  });
});

describe('the leaderboard without a connection', () => {
  test("keeps its last board, marked 'Offline — last updated hh:mm', and catches up by itself", async () => {
    const spectator = await journey.visitor({ viewport: 'mobile' });
    await spectator.goto('/leaderboard');
    await expectHeading(spectator, 'Leaderboard');
    await spectator.getByRole('heading', { name: TOURNAMENT }).waitFor();
    // Offline, the worker answers with this page's own server-rendered document (not Home's, not the bare shell), which the
    // page hydrates as it is: no mismatch warning, no error beyond the requests the missing connection fails.
    // (The first visit's document came before the worker: the page hands the worker a copy of it once the worker is in charge.)
    await untilOfflineReady(spectator, '/leaderboard', '/api/leaderboard');
    const complaints: string[] = [];
    spectator.on('console', (message) => {
      if ((message.type() === 'warning' || message.type() === 'error') && !/^Failed to load resource: net::/.test(message.text()))
        complaints.push(message.text());
    });
    await context(spectator).setOffline(true);
    await spectator.reload();
    await expectHeading(spectator, 'Leaderboard');
    expect(await spectator.locator('#root').getAttribute('data-rendered-url')).toBe('/leaderboard');
    await spectator
      .getByText(/^Offline — last updated \d\d:\d\d/)
      .first()
      .waitFor(AFTER_A_LOAD);
    await spectator.locator('[data-team="Early Birds"]').first().waitFor(AFTER_A_LOAD);
    expect(complaints).toEqual([]);
    await shoot(spectator, 'offline-leaderboard-mobile');

    // A score is saved while the phone is offline; when the connection returns the board catches up without a reload.
    const staff = await journey.visitor({ as: journey.portal.users.admin });
    await staff.goto('/');
    const teamId = seeded.teamIds['Tee Timers']!;
    const card = (await staff.evaluate(async (id) => (await fetch(`/api/teams/${id}/scores`)).json(), teamId)) as Card;
    const saved = await staff.evaluate(
      async ({ id, playerId }) =>
        (
          await fetch(`/api/teams/${id}/score-changes`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ idempotencyKey: crypto.randomUUID(), changes: [{ playerId, holeNumber: 1, base: 0, strokes: 2 }] }),
          })
        ).status,
      { id: teamId, playerId: card.players[0]!.id },
    );
    expect(saved).toBe(200);
    expect(await spectator.locator('[data-team="Tee Timers"]').count()).toBe(0);
    await context(spectator).setOffline(false);
    await spectator.locator('[data-team="Tee Timers"]').first().waitFor(AFTER_A_LOAD);
    await spectator.getByText('Live', { exact: true }).first().waitFor();
    expect(await spectator.getByText(/^Offline — last updated/).count()).toBe(0);
  });
});

describe('installing the app', () => {
  test('has a web app manifest with icons and a theme colour, and a service worker in charge of the page', async () => {
    const visitor = await journey.visitor({ viewport: 'mobile' });
    await visitor.goto('/');
    const href = await visitor.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await visitor.evaluate(async (url) => (await fetch(url)).json(), href!);
    expect(manifest).toMatchObject({
      name: 'Golf Tournament',
      short_name: 'Golf',
      display: 'standalone',
      start_url: '/',
      theme_color: '#14532d',
    });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const response = await visitor.request.get(journey.at(icon.src));
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect((manifest.icons as { sizes: string }[]).map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await untilOfflineReady(visitor);
    // Chromium's own installability check (what its install prompt and Lighthouse's former PWA audit use). A test context
    // counts as incognito, where Chrome never offers to install: that one reason is not about the app.
    const cdp = await visitor.context().newCDPSession(visitor);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});
