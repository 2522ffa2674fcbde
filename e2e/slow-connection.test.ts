// Journey: a phone on one bar (issue 13). Chromium's network is throttled through the DevTools protocol to 400 kbit/s with
// 400 ms latency; a first visit (empty cache) opens Home and the leaderboard. Records when Home's heading and the
// leaderboard's first row appear, and the largest contentful paint, for the pages as served now (content in the first HTML)
// and for the plain app shell they replaced (the page rendered by its scripts). The content must be on screen before the
// scripts have even arrived. The figures are printed (they are measurements, not assertions: see bench/ for budgets).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createCourse } from '../src/server/courses/service';
import { tournamentCourses, tournaments } from '../src/server/db/schema';
import { registerTeams } from '../src/server/registration/service';
import { getScoreSheet, saveScores } from '../src/server/scoring/scores';
import { createLevel, daysFromToday, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { setUpJourney } from './support/journey';

const TEAM = 'Slow Lane Swingers';
const seeded = { teamId: '' };

const journey = setUpJourney({
  seed: async (db) => {
    const course = await createCourse(db, { name: 'Hilltop Links', totalHoles: 18 });
    const [tournament] = await db
      .insert(tournaments)
      .values({ name: 'One Bar Open', startDate: daysFromToday(1), active: true, courseId: course.id })
      .returning();
    await db.insert(tournamentCourses).values({ tournamentId: tournament!.id, courseId: course.id });
    const level = await createLevel(db, tournament!.id, { name: 'Foursome', maxTeams: 10 });
    const admin = await findUserByEmail(db, E2E_ACCOUNTS.admin.email);
    const players = ['Sia', 'Sol', 'Sky', 'Sam'].map((firstName) => ({
      firstName,
      lastName: 'Slow',
      email: `${firstName}.slow@example.org`.toLowerCase(),
      phone: '555-0100',
    }));
    const { teams } = await registerTeams(
      db,
      admin!.id,
      registrationInput(tournament!.id, level.id, { teams: [{ teamName: TEAM, players }] }),
      new Date(),
    );
    seeded.teamId = teams[0]!.id;
    const staff = { userId: admin!.id, staff: true, admin: true };
    const sheet = await getScoreSheet(db, staff, seeded.teamId);
    await saveScores(db, staff, seeded.teamId, { scores: sheet.players.map((p) => ({ playerId: p.id, holeNumber: 1, strokes: 4 })) });
  },
});

const SLOW = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

interface Timing {
  page: string;
  served: string;
  contentMs: number;
  lcpMs: number;
  scriptsArrivedMs: number;
}

/** Opens `path` on the throttled connection; answers when `content` appeared, the LCP, and when the last script arrived. */
async function firstVisit(path: string, content: (page: Page) => ReturnType<Page['locator']>, shell: boolean): Promise<Timing> {
  const page = await journey.visitor({ viewport: 'mobile' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  // The document's own address only: a glob (`**/leaderboard`) would answer the page's API read (/api/leaderboard) with
  // the shell too.
  if (shell)
    await page.route(journey.at(path), async (route) => route.fulfill({ response: await page.request.get(journey.at('/index.html')) }));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      (window as unknown as { lcp: number }).lcp = list.getEntries().at(-1)!.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(path, { waitUntil: 'commit', timeout: 60_000 });
  await content(page).waitFor({ timeout: 60_000 });
  const contentMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('load', { timeout: 60_000 });
  await page.waitForTimeout(500);
  const lcpMs = await page.evaluate(() => (window as unknown as { lcp: number }).lcp);
  const scriptsArrivedMs = await page.evaluate(() =>
    Math.max(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    ),
  );
  await page.context().close();
  return {
    page: path,
    served: shell ? 'app shell (before)' : 'content in the HTML (now)',
    contentMs: Math.round(contentMs),
    lcpMs: Math.round(lcpMs),
    scriptsArrivedMs: Math.round(scriptsArrivedMs),
  };
}

// Home is the open tournament's event page (R40): its name is the h1.
const homeHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'One Bar Open' });
const firstRow = (page: Page) => page.locator(`[data-team="${TEAM}"]`).first();

describe('a first visit on a poor connection (400 kbit/s, 400 ms)', () => {
  test("shows Home's heading and the leaderboard's first row before the scripts have arrived", async () => {
    const timings: Timing[] = [];
    for (const shell of [false, true]) {
      timings.push(await firstVisit('/', homeHeading, shell));
      timings.push(await firstVisit('/leaderboard', firstRow, shell));
    }
    console.table(timings);
    for (const now of timings.filter((t) => !t.served.startsWith('app shell'))) {
      // Shown by the HTML alone: on screen before the last script was even downloaded.
      expect(now.contentMs, `${now.page}: content before the scripts`).toBeLessThan(now.scriptsArrivedMs);
    }
    for (const before of timings.filter((t) => t.served.startsWith('app shell'))) {
      // The page that waits for its scripts shows nothing until they have arrived.
      expect(before.contentMs, `${before.page}: the shell shows content only after its scripts`).toBeGreaterThan(before.scriptsArrivedMs);
    }
  }, 180_000);
});

describe('before the scripts have arrived', () => {
  test("the leaderboard's TV mode opens and closes from the server's HTML alone", async () => {
    const page = await journey.visitor({ viewport: 'mobile' });
    // Scripts that never arrive: what a clubhouse screen or a phone on one bar shows for seconds.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/leaderboard');
    await firstRow(page).waitFor();
    await page.getByRole('link', { name: 'TV mode', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/leaderboard' && url.searchParams.get('tv') === '1');
    await page.getByRole('link', { name: 'Exit TV mode' }).click();
    await page.waitForURL((url) => url.pathname === '/leaderboard' && url.search === '');
    await page.getByRole('link', { name: 'TV mode', exact: true }).waitFor();
  });
});
