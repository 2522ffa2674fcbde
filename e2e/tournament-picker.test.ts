// Journey: the one tournament picker of the admin pages (issue 33, docs/decisions/102). An organiser picks a tournament on
// Golfers, Pairing and Teams; each choice is in the address, so a reload keeps it, Back returns to the one before, and the
// admin nav carries it to the next page. An unknown id in the address falls back to the newest tournament without an error.
// At 1280 and 390 px, with screenshots of the picker.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createTournament, daysFromToday } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { adminNav, expectUsable } from './support/admin-pages';
import { setUpJourney, shoot } from './support/journey';
import { expectHeading } from './support/page-expectations';

const SPRING = 'Spring Scramble for the Lakeside Children’s Hospital';
const AUTUMN = 'Autumn Classic';
const ids: Record<string, string> = {};

const journey = setUpJourney({
  seed: async (db) => {
    ids[SPRING] = (await createTournament(db, { name: SPRING, startDate: daysFromToday(20) })).id;
    // The newest: it starts last.
    ids[AUTUMN] = (await createTournament(db, { name: AUTUMN, startDate: daysFromToday(120) })).id;
  },
});

const picked = (page: Page) => page.getByLabel('Tournament', { exact: true }).locator('option:checked').innerText();
const searchOf = (page: Page) => new URL(page.url()).search;

/** Follows the admin nav's link to a page, as a person does (on a phone the nav is a menu that opens first). */
async function followNav(page: Page, name: string) {
  const nav = adminNav(page);
  const menu = nav.getByRole('button', { name: /^Admin menu/ });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name, exact: true }).click();
  await expectHeading(page, name);
}

describe('an organiser picking a tournament on the admin pages', () => {
  test('the choice is in the address: kept across a reload, undone by Back, carried by the nav to the next page', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await page.goto('/admin/check-in');
    await expectHeading(page, 'Golfers');
    // No choice yet: the newest tournament, and the address says nothing.
    await expect.poll(() => picked(page)).toBe(AUTUMN);
    expect(searchOf(page)).toBe('');

    await page.getByLabel('Tournament', { exact: true }).selectOption({ label: SPRING });
    await expect.poll(() => searchOf(page)).toBe(`?tournament=${ids[SPRING]}`);
    await page.reload();
    await expectHeading(page, 'Golfers');
    await expect.poll(() => picked(page)).toBe(SPRING);
    await shoot(page, 'tournament-picker-golfers-1280');

    // The nav carries the choice to Pairing; another choice there, and a reload keeps it.
    await followNav(page, 'Pairing');
    await expect.poll(() => picked(page)).toBe(SPRING);
    expect(searchOf(page)).toBe(`?tournament=${ids[SPRING]}`);
    await page.getByLabel('Tournament', { exact: true }).selectOption({ label: AUTUMN });
    await page.reload();
    await expectHeading(page, 'Pairing');
    await expect.poll(() => picked(page)).toBe(AUTUMN);

    // Back: the tournament shown before the choice, on the same page; Forward: the choice again.
    await page.goBack();
    await expect.poll(() => picked(page)).toBe(SPRING);
    expect(new URL(page.url()).pathname).toBe('/admin/pairing');
    await page.goForward();
    await expect.poll(() => picked(page)).toBe(AUTUMN);

    // Teams is a filter ('All tournaments' by default): the nav brings the choice; All clears it, and a reload keeps All.
    await followNav(page, 'Teams');
    await expect.poll(() => picked(page)).toBe(AUTUMN);
    await page.getByLabel('Tournament', { exact: true }).selectOption({ label: 'All tournaments' });
    await expect.poll(() => searchOf(page)).toBe('');
    await page.reload();
    await expectHeading(page, 'Teams');
    await expect.poll(() => picked(page)).toBe('All tournaments');
    await shoot(page, 'tournament-picker-teams-1280');
  });

  test('an unknown or deleted tournament in the address falls back to the newest, with no error', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    for (const [path, heading] of [
      ['/admin/waitlist', 'Waitlist'],
      ['/admin/score-report', 'Score Report'],
      ['/admin', 'Dashboard'],
    ] as const) {
      await page.goto(`${path}?tournament=${randomUUID()}`);
      await expectHeading(page, heading);
      await expect.poll(() => picked(page), { message: path }).toBe(AUTUMN);
    }
    // The fixture fails the test on any uncaught page error.
  });

  test('on a phone the picker fits: a long name is cut rather than widen the page', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin, viewport: 'mobile' });
    await page.goto(`/admin/check-in?tournament=${ids[SPRING]}`);
    await expectHeading(page, 'Golfers');
    await expect.poll(() => picked(page)).toBe(SPRING);
    await expectUsable(page, 'Golfers', 'Golfers, 390 px');
    await shoot(page, 'tournament-picker-golfers-390');
    await followNav(page, 'Gifts');
    await expect.poll(() => picked(page)).toBe(SPRING);
    await page.reload();
    await expectHeading(page, 'Gifts');
    await expect.poll(() => picked(page)).toBe(SPRING);
    await expectUsable(page, 'Gifts', 'Gifts, 390 px');
    await shoot(page, 'tournament-picker-gifts-390');
  });
});
