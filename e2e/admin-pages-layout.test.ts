// Journey: every admin page and its dialogs, as an organiser sees them at 1280 and 390 px with a tournament under way
// (e2e/support/operations-seed.ts): one h1, labelled inputs, axe WCAG 2.1 A/AA without serious findings, no sideways
// scroll, and a screenshot of each in screenshots/. On a phone the admin nav is a menu that names the page shown.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createCourse } from '../src/server/courses/service';
import { ADMIN_PAGES, adminNav, expectUsable, openAdminPage } from './support/admin-pages';
import { SCREENSHOT_DIR, setUpJourney, type ViewportName } from './support/journey';
import { expectHeading } from './support/page-expectations';
import { LAKESIDE, seedOperations } from './support/operations-seed';

const journey = setUpJourney({
  seed: async (db) => {
    await seedOperations(db);
    await createCourse(db, { name: 'Willow Creek Golf Club', totalHoles: 18, description: 'Parkland, par 72.' });
  },
});

const shot = (page: Page, name: string, viewport: ViewportName, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/admin-${name}-${viewport}.png`, fullPage });

/** What each page shows once its data is in. */
const LOADED: Record<string, (page: Page) => Promise<unknown>> = {
  Dashboard: (page) => page.getByRole('heading', { name: 'Total Teams' }).waitFor(),
  Teams: (page) => page.getByRole('button', { name: 'Birdie Brigade' }).waitFor(),
  Payments: (page) => page.getByText('Expected (6 records)').waitFor(),
  Reports: (page) => page.getByRole('heading', { name: LAKESIDE, level: 2 }).waitFor(),
  Golfers: (page) => page.getByText('20 golfer(s) · 3 checked in').waitFor(),
  Tournaments: (page) => page.getByRole('button', { name: `Edit ${LAKESIDE}` }).waitFor(),
  'Golf Courses': (page) => page.getByRole('button', { name: 'Edit Willow Creek Golf Club' }).waitFor(),
  'Sponsorship Levels': (page) => page.getByRole('button', { name: 'Edit Eagle Sponsor' }).waitFor(),
  Users: (page) => page.getByRole('button', { name: 'Change role of Lee Leader' }).waitFor(),
};

describe.each(['desktop', 'mobile'] as ViewportName[])('at %s width, an admin', (viewport) => {
  test('finds every admin page usable', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin, viewport });
    for (const { path, name, file } of ADMIN_PAGES) {
      await page.goto(path);
      await expectHeading(page, name);
      await LOADED[name]!(page);
      await shot(page, file, viewport);
      await expectUsable(page, name, `${name} (${viewport})`);
    }
  });

  test('reaches every page from the admin nav, which shows where they are', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin, viewport });
    await page.goto('/admin');
    for (const { name, path } of ADMIN_PAGES.slice(1)) {
      await openAdminPage(page, name);
      expect(new URL(page.url()).pathname).toBe(path);
      if (viewport === 'desktop') {
        expect(await adminNav(page).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
      } else {
        // The menu closed on arrival and its button names the page.
        const menu = adminNav(page).getByRole('button', { name: `Admin menu: ${name}` });
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        expect(await adminNav(page).getByRole('link').count()).toBe(0);
      }
    }
    if (viewport === 'mobile') {
      await adminNav(page).getByRole('button', { name: 'Admin menu: Users' }).click();
      expect(await adminNav(page).getByRole('link', { name: 'Users', exact: true }).getAttribute('aria-current')).toBe('page');
      await expectUsable(page, 'Users', `admin menu open (${viewport})`);
      await shot(page, 'nav-menu', viewport, false);
    }
  });

  test('finds the Teams dialogs usable', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin, viewport });
    await page.goto('/admin/teams');
    await page.getByRole('button', { name: 'Add Team' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team' });
    await add.getByRole('button', { name: 'Add player' }).click();
    await add.getByRole('button', { name: 'Add Team' }).click();
    await add.getByText('Team name is required').waitFor();
    await expectUsable(page, 'Teams', `Add Team dialog (${viewport})`);
    await shot(page, 'teams-add-dialog', viewport, false);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Birdie Brigade' }).click();
    const details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByText('Zoe Young').waitFor();
    await expectUsable(page, 'Teams', `team details (${viewport})`);
    await shot(page, 'teams-details-dialog', viewport, false);
    await details.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Birdie Brigade?' }).waitFor();
    await expectUsable(page, 'Teams', `delete team confirmation (${viewport})`);
    await shot(page, 'teams-delete-dialog', viewport, false);
  });

  test('finds the Payments, Golfers and Users dialogs usable', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin, viewport });
    await page.goto('/admin/payments');
    await page.getByRole('button', { name: 'Edit payment of Eagle Eyes' }).click();
    await page.getByRole('dialog', { name: 'Payment of Eagle Eyes' }).waitFor();
    await expectUsable(page, 'Payments', `payment dialog (${viewport})`);
    await shot(page, 'payments-edit-dialog', viewport, false);

    await page.goto('/admin/check-in');
    await page.getByRole('button', { name: 'Add Golfer' }).click();
    const addGolfer = page.getByRole('dialog', { name: 'Add Golfer' });
    await addGolfer.getByRole('button', { name: 'Add Golfer' }).click();
    await addGolfer.getByText('Please fill in all required fields.').first().waitFor();
    await expectUsable(page, 'Golfers', `Add Golfer dialog (${viewport})`);
    await shot(page, 'golfers-add-dialog', viewport, false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Zoe Young' }).click();
    await page.getByRole('dialog', { name: 'Delete golfer?' }).waitFor();
    await expectUsable(page, 'Golfers', `delete golfer confirmation (${viewport})`);
    await page.keyboard.press('Escape');

    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const addUser = page.getByRole('dialog', { name: 'Add User' });
    await addUser.getByRole('button', { name: 'Create User' }).click();
    await addUser.getByText('First name is required').waitFor();
    await expectUsable(page, 'Users', `Add User dialog (${viewport})`);
    await shot(page, 'users-add-dialog', viewport, false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Lee Leader' }).click();
    await page.getByRole('dialog', { name: 'Delete user?' }).waitFor();
    await expectUsable(page, 'Users', `delete user confirmation (${viewport})`);
    await shot(page, 'users-delete-dialog', viewport, false);
  });
});
