// Journey: an admin keeps the sponsorship level catalogue and the golf courses (spec §2, §5, §8, §9; R8): every form message,
// create, edit, delete behind a confirmation, deletes refused while a tournament uses the level or course, the hole par grid
// (out-of-range par not saved, shrinking asks which holes go). Both pages at 1280 and 390 px: one h1, labelled inputs, axe,
// no sideways scroll. Moderators are turned away.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createCourse } from '../src/server/courses/service';
import { tournamentCourses, tournaments, tournamentSponsorshipLevels } from '../src/server/db/schema';
import { createSponsorshipLevel } from '../src/server/sponsorship/service';
import { h1Texts, inputsWithoutVisibleLabel, scanWithAxe, seriousOrWorse } from './support/accessibility';
import { setUpJourney, shoot, type ViewportName } from './support/journey';
import { expectFieldError, expectHeading, expectPath, expectToast } from './support/page-expectations';

const TOURNAMENT = 'Spring Charity Classic';
const journey = setUpJourney({
  // A tournament that offers one level and is played on one course: neither may be deleted.
  seed: async (db) => {
    const course = await createCourse(db, { name: 'Willow Creek Golf Club', totalHoles: 18, description: 'Parkland, par 72.' });
    const level = await createSponsorshipLevel(db, { name: 'Title Sponsor', description: 'Naming rights and a foursome.', maxTeams: 1 });
    const [tournament] = await db.insert(tournaments).values({ name: TOURNAMENT, startDate: '2027-05-14', active: true }).returning();
    await db.insert(tournamentCourses).values({ tournamentId: tournament!.id, courseId: course.id });
    await db
      .insert(tournamentSponsorshipLevels)
      .values({ tournamentId: tournament!.id, sponsorshipLevelId: level.id, priceCents: 1_000_000, maxTeams: 1 });
  },
});

async function checkPage(page: Page, heading: string, label: string) {
  // A toast sliding in is scanned half transparent (too little contrast); scan the page once it has arrived.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast][data-front="true"]')].every((t) => getComputedStyle(t).opacity === '1'),
  );
  expect(await h1Texts(page)).toEqual([heading]);
  expect(await inputsWithoutVisibleLabel(page), `${label}: inputs without a visible label`).toEqual([]);
  expect(seriousOrWorse(await scanWithAxe(page, label))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: sideways scroll`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
/** A row's cells as shown, without the actions cell. */
async function cells(locator: Locator) {
  await locator.waitFor();
  return (await locator.getByRole('cell').allInnerTexts()).slice(0, -1).map((text) => text.trim());
}

async function openAdminPage(page: Page, link: string) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
  await expectHeading(page, link);
}

describe('an admin', () => {
  test('keeps the sponsorship levels: messages, create, edit, a refused and a confirmed delete', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(page, 'Sponsorship Levels');
    expect(await cells(row(page, 'Title Sponsor'))).toEqual(['Title Sponsor', 'Naming rights and a foursome.', '1']);
    await checkPage(page, 'Sponsorship Levels', 'sponsorship levels (1280)');

    await page.getByRole('button', { name: 'Add Level' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Sponsorship Level' });
    expect(await dialog.getByLabel('Max teams').inputValue()).toBe('1');
    await dialog.getByLabel('Max teams').fill('11');
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expectFieldError(dialog, 'Name', 'Name is required');
    await expectFieldError(dialog, 'Max teams', 'Max teams must be a whole number from 1 to 10');
    await checkPage(page, 'Sponsorship Levels', 'level form (1280)');
    await shoot(page, `admin-sponsorship-levels-form-desktop`, { fullPage: false });

    await dialog.getByLabel('Name').fill('Eagle Sponsor');
    await dialog.getByLabel('Description').fill('A foursome with carts and a tee-box sign.');
    await dialog.getByLabel('Max teams').fill('3');
    await dialog.getByRole('button', { name: 'Add Level' }).click();
    await expectToast(page, 'Sponsorship level created', 'success');
    await dialog.waitFor({ state: 'detached' });
    expect(await cells(row(page, 'Eagle Sponsor'))).toEqual(['Eagle Sponsor', 'A foursome with carts and a tee-box sign.', '3']);

    await page.getByRole('button', { name: 'Edit Eagle Sponsor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sponsorship Level' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Eagle Sponsor');
    await edit.getByLabel('Max teams').fill('4');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Sponsorship level updated', 'success');
    await expect.poll(() => cells(row(page, 'Eagle Sponsor'))).toEqual(['Eagle Sponsor', 'A foursome with carts and a tee-box sign.', '4']);

    // Offered by a tournament: refused, saying by which.
    await page.getByRole('button', { name: 'Delete Title Sponsor' }).click();
    await page.getByRole('dialog', { name: 'Delete sponsorship level?' }).getByText('Title Sponsor').waitFor();
    await page.getByRole('button', { name: 'Delete Level' }).click();
    await expectToast(
      page,
      `Failed to delete sponsorship level: Title Sponsor is offered by ${TOURNAMENT}: remove it from the tournament first`,
      'error',
    );
    await row(page, 'Title Sponsor').waitFor();

    // Cancel keeps it; confirming deletes it.
    await page.getByRole('button', { name: 'Delete Eagle Sponsor' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Eagle Sponsor' }).click();
    await page.getByRole('button', { name: 'Delete Level' }).click();
    await expectToast(page, 'Sponsorship level deleted', 'success');
    await row(page, 'Eagle Sponsor').waitFor({ state: 'detached' });

    await page.reload();
    await row(page, 'Title Sponsor').waitFor();
    expect(await row(page, 'Eagle Sponsor').count()).toBe(0);
  });

  test('keeps the golf courses: messages, holes at par 4, the par grid, growing and shrinking, refused and confirmed deletes', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(page, 'Golf Courses');
    expect(await cells(row(page, 'Willow Creek Golf Club'))).toEqual(['Willow Creek Golf Club', '18', '72', 'Parkland, par 72.']);
    await checkPage(page, 'Golf Courses', 'golf courses (1280)');

    await page.getByRole('button', { name: 'Add Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Golf Course' });
    expect(await dialog.getByLabel('Total holes').inputValue()).toBe('18');
    await dialog.getByLabel('Total holes').fill('8');
    await dialog.getByRole('button', { name: 'Add Course' }).click();
    await expectFieldError(dialog, 'Name', 'Name is required');
    await expectFieldError(dialog, 'Total holes', 'Total holes must be a whole number from 9 to 36');
    await checkPage(page, 'Golf Courses', 'course form (1280)');
    await dialog.getByLabel('Name').fill('Pine Valley');
    await dialog.getByLabel('Total holes').fill('12');
    await dialog.getByRole('button', { name: 'Add Course' }).click();
    await expectToast(page, 'Golf course created', 'success');
    expect(await cells(row(page, 'Pine Valley'))).toEqual(['Pine Valley', '12', '48', 'None']);

    // The par grid: one labelled field per hole, all at par 4; 3-5 saved, anything else not.
    await page.getByRole('button', { name: 'View Holes of Pine Valley' }).click();
    const holes = page.getByRole('dialog', { name: 'Pine Valley: Holes' });
    await holes.getByLabel('Hole 12').waitFor();
    expect(await holes.getByRole('spinbutton').count()).toBe(12);
    await holes.getByLabel('Hole 3', { exact: true }).fill('5');
    await holes.getByLabel('Hole 3', { exact: true }).press('Enter');
    await expectToast(page, 'Hole 3 saved: par 5', 'success');
    await holes.getByText('Total par 49').waitFor();
    await holes.getByLabel('Hole 4', { exact: true }).fill('7');
    await holes.getByLabel('Hole 4', { exact: true }).press('Tab');
    await expectToast(page, 'Par must be 3, 4 or 5: hole 4 stays par 4', 'info');
    expect(await holes.getByLabel('Hole 4', { exact: true }).inputValue()).toBe('4');
    await checkPage(page, 'Golf Courses', 'hole par grid (1280)');
    await shoot(page, `admin-golf-courses-holes-desktop`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => cells(row(page, 'Pine Valley'))).toEqual(['Pine Valley', '12', '49', 'None']);

    // Fewer holes: asks first, naming the holes that go.
    await page.getByRole('button', { name: 'Edit Pine Valley' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Golf Course' });
    await edit.getByLabel('Total holes').fill('9');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove holes?' });
    await confirm.getByText('Pine Valley will have 9 holes: holes 10 to 12 and their par will be removed.').waitFor();
    await confirm.getByRole('button', { name: 'Remove and Save' }).click();
    await expectToast(page, 'Golf course updated', 'success');
    await expect.poll(() => cells(row(page, 'Pine Valley'))).toEqual(['Pine Valley', '9', '37', 'None']);

    // More holes: the new ones at par 4, the others keep theirs.
    await page.getByRole('button', { name: 'Edit Pine Valley' }).click();
    await edit.getByLabel('Total holes').fill('10');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Golf course updated', 'success');
    await page.getByRole('button', { name: 'View Holes of Pine Valley' }).click();
    expect(await holes.getByLabel('Hole 10').inputValue()).toBe('4');
    expect(await holes.getByLabel('Hole 3', { exact: true }).inputValue()).toBe('5');
    await page.keyboard.press('Escape');

    // Used by a tournament: refused, saying by which. Unused: deleted after the confirmation.
    await page.getByRole('button', { name: 'Delete Willow Creek Golf Club' }).click();
    await page.getByRole('button', { name: 'Delete Course' }).click();
    await expectToast(
      page,
      `Failed to delete golf course: Willow Creek Golf Club is used by ${TOURNAMENT}: remove it from the tournament first`,
      'error',
    );
    await page.getByRole('button', { name: 'Delete Pine Valley' }).click();
    await page
      .getByRole('dialog', { name: 'Delete golf course?' })
      .getByText('and the par of its 10 holes will be deleted', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Course' }).click();
    await expectToast(page, 'Golf course deleted', 'success');
    await row(page, 'Pine Valley').waitFor({ state: 'detached' });
    await row(page, 'Willow Creek Golf Club').waitFor();
  });

  test.each(['desktop', 'mobile'] as ViewportName[])('sees both pages laid out at %s width', async (viewport) => {
    const page = await journey.visitor({ as: journey.portal.users.admin, viewport });
    for (const [path, heading, file] of [
      ['/admin/sponsorship-levels', 'Sponsorship Levels', 'admin-sponsorship-levels'],
      ['/admin/golf-courses', 'Golf Courses', 'admin-golf-courses'],
    ] as const) {
      await page.goto(path);
      await expectHeading(page, heading);
      // The table on a wide screen, one card per row on a phone: either way, each row's Edit button.
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor();
      await checkPage(page, heading, `${heading} (${viewport})`);
      await shoot(page, `${file}-${viewport}`);
    }
  });
});

describe('a moderator', () => {
  test('has no link to either page and is sent back to the Dashboard from their addresses', async () => {
    const page = await journey.visitor({ as: journey.portal.users.moderator });
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Golf Courses' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Sponsorship Levels' }).count()).toBe(0);
    for (const path of ['/admin/golf-courses', '/admin/sponsorship-levels']) {
      await page.goto(path);
      await expectToast(page, "You don't have permission to access this page", 'error');
      await expectPath(page, '/admin');
      await expectHeading(page, 'Dashboard');
    }
  });
});
