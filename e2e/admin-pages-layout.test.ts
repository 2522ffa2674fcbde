// Journey: every admin page and its dialogs, as an organiser sees them at 1280 and 390 px with a tournament under way
// (e2e/support/operations-seed.ts): one h1, labelled inputs, axe WCAG 2.1 A/AA without serious findings, no sideways
// scroll, and a screenshot of each in screenshots/. On a phone the admin nav is a menu that names the page shown.
import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createCourse } from '../src/server/courses/service';
import { ADMIN_PAGES, adminNav, expectUsable, openAdminPage } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot, type ViewportName } from './support/journey';
import { expectHeading } from './support/page-expectations';
import { LAKESIDE, seedOperations } from './support/operations-seed';

// Scheduled copies on (R46): the server writes the first at start, and the Data page shows it.
const backupDir = mkdtempSync(join(tmpdir(), 'golf-e2e-copies-'));
afterAll(() => rmSync(backupDir, { recursive: true, force: true }));

const journey = setUpJourney({
  seed: async (db) => {
    await seedOperations(db);
    await createCourse(db, { name: 'Willow Creek Golf Club', totalHoles: 18, description: 'Parkland, par 72.' });
  },
  env: { BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '7' },
});

/** How many lines an element's text takes (and 99 when it spills out sideways instead). */
const textLines = (el: Element) => {
  if (el.scrollWidth > el.clientWidth) return 99;
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
};

const shot = (page: Page, name: string, viewport: ViewportName, fullPage = true) => shoot(page, `admin-${name}-${viewport}`, { fullPage });

/** What each page shows once its data is in. */
const LOADED: Record<string, (page: Page) => Promise<unknown>> = {
  Dashboard: (page) => page.getByRole('heading', { name: 'Total Teams' }).waitFor(),
  Teams: (page) => page.getByRole('button', { name: 'Birdie Brigade' }).waitFor(),
  Payments: (page) => page.getByText('Expected (6 records)').waitFor(),
  Gifts: (page) => page.getByText('No gifts yet.').waitFor(),
  Reports: (page) => page.getByRole('heading', { name: LAKESIDE, level: 2 }).waitFor(),
  Golfers: (page) => page.getByText('20 golfer(s) · 3 checked in').waitFor(),
  Tournaments: (page) => page.getByRole('button', { name: `Edit ${LAKESIDE}` }).waitFor(),
  'Golf Courses': (page) => page.getByRole('button', { name: 'Edit Willow Creek Golf Club' }).waitFor(),
  'Sponsorship Levels': (page) => page.getByRole('button', { name: 'Edit Eagle Sponsor' }).waitFor(),
  'Items & Add-ons': (page) => page.getByText('No add-ons yet.').waitFor(),
  Users: (page) => page.getByRole('button', { name: 'Change role of Lee Leader' }).waitFor(),
  // The copy written at start may land after the page's first read: look again until it is there.
  Data: async (page) => {
    const copy = page.getByText(/^golf-portal-\d{4}-.*Z\.backup$/);
    for (let attempt = 0; attempt < 20 && !(await copy.isVisible()); attempt++) {
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByRole('heading', { name: 'Scheduled copies' }).waitFor();
    }
    await copy.waitFor({ timeout: 1000 });
    await page.getByText('On: a copy every day in').waitFor();
  },
  // The organisation's name is read before the form shows (the environment's until saved).
  Settings: (page) => page.getByRole('button', { name: 'Save settings' }).waitFor(),
};

describe('at 1280 and 390 px, an admin', () => {
  test('finds every admin page usable', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    for (const { path, name, file } of ADMIN_PAGES) {
      await page.goto(path);
      await expectHeading(page, name);
      await LOADED[name]!(page);
      for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
        await resizeTo(page, viewport);
        await expectHeading(page, name);
        await shot(page, file, viewport);
        await expectUsable(page, name, `${name} (${viewport})`);
      }
    }
    // Twelve pages, each scanned at two widths: a minute and more on a loaded machine.
  }, 180_000);
});

describe.each(['desktop', 'mobile'] as ViewportName[])('at %s width, an admin', (viewport) => {
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
      // The last page reached is shown in the menu's button, and marked in the open menu.
      const last = ADMIN_PAGES.at(-1)!.name;
      await adminNav(page)
        .getByRole('button', { name: `Admin menu: ${last}` })
        .click();
      expect(await adminNav(page).getByRole('link', { name: last, exact: true }).getAttribute('aria-current')).toBe('page');
      await expectUsable(page, last, `admin menu open (${viewport})`);
      await shot(page, 'nav-menu', viewport, false);
    }
    // The Dashboard's address with a trailing slash is still the Dashboard.
    await page.goto('/admin/');
    await page.getByRole('heading', { name: 'Total Teams' }).waitFor();
    if (viewport === 'desktop') {
      expect(await adminNav(page).getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe('page');
    } else {
      await adminNav(page).getByRole('button', { name: 'Admin menu: Dashboard' }).click();
      expect(await adminNav(page).getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe('page');
      // Choosing the page already shown closes the menu too, rather than leave it over the page.
      await adminNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
      expect(await adminNav(page).getByRole('button', { name: 'Admin menu: Dashboard' }).getAttribute('aria-expanded')).toBe('false');
      expect(await adminNav(page).getByRole('link').count()).toBe(0);
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
    // 'Update Status' keeps to one line in its button, on a phone too.
    expect(await details.getByRole('button', { name: 'Update Status' }).evaluate(textLines)).toBe(1);
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

describe('at 1280 px, an admin', () => {
  test('reads the payment ledger and the tournament list without cramped columns', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    // A note far longer than its cell.
    const origin = journey.portal.url;
    const ledgerPage = await (await page.context().request.get(`${origin}/api/admin/payments`)).json();
    const mulligan = ledgerPage.payments.find((p: { teamName: string }) => p.teamName === 'Mulligan Masters');
    const note =
      'Paid by bank transfer on the second attempt; the first bounced because the reference was missing, so the treasurer called.';
    expect(
      (await page.context().request.patch(`${origin}/api/admin/payments/${mulligan.id}`, { data: { note }, headers: { origin } })).status(),
    ).toBe(200);
    await page.goto('/admin/payments');
    await LOADED.Payments!(page);
    const ledger = page.getByRole('table', { name: 'Payment records' });
    const box = (await ledger.boundingBox())!;
    // The team's name on one line, the note on two at most, and Edit clear of the right edge.
    expect((await ledger.getByRole('columnheader', { name: 'Team' }).boundingBox())!.width).toBeGreaterThanOrEqual(160);
    for (const row of await ledger.locator('tbody tr').all()) {
      expect(await row.getByRole('cell').first().locator('span').first().evaluate(textLines)).toBe(1);
      const noteLines = await row
        .getByRole('cell')
        .nth(4)
        .locator('span')
        .evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      expect(noteLines).toBeLessThanOrEqual(2.1);
      const edit = (await row.getByRole('button', { name: /^Edit payment/ }).boundingBox())!;
      expect(box.x + box.width - (edit.x + edit.width)).toBeGreaterThanOrEqual(8);
    }
    expect(await ledger.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await ledger.getByTitle(note).count()).toBe(1);

    // Each tournament's buttons wrap in a row, two a line: no row of four stacked buttons.
    await page.goto('/admin/tournaments');
    await LOADED.Tournaments!(page);
    const rows = await page.getByRole('table', { name: 'Tournaments, newest first' }).locator('tbody tr').all();
    expect(rows.length).toBe(2);
    for (const row of rows) expect((await row.boundingBox())!.height).toBeLessThanOrEqual(100);
  });

  test('says what failed to load, in the words of spec §8, and loads it on Try again', async () => {
    const api = (path: string) => (url: URL) => url.pathname === path;
    const failing = [
      { path: '/admin/teams', call: api('/api/admin/teams'), text: 'Failed to load teams.', loaded: LOADED.Teams! },
      { path: '/admin/users', call: api('/api/admin/users'), text: 'Failed to load users.', loaded: LOADED.Users! },
      { path: '/admin/check-in', call: api('/api/admin/golfers'), text: 'Failed to load players.', loaded: LOADED.Golfers! },
      { path: '/admin/reports', call: api('/api/admin/reports/options'), text: 'Failed to load data.', loaded: LOADED.Reports! },
    ];
    // The four pages at once, each in a window of its own: each waits out the client's retries (1, 2 and 4 s, lib/query-client.tsx)
    // on the real clock, side by side rather than one after another.
    await Promise.all(
      failing.map(async ({ path, call, text, loaded }) => {
        const page = await journey.visitor({ as: journey.portal.users.admin });
        // A server error: the client retries it three times before the page gives up.
        let calls = 0;
        await page.route(call, (route) => {
          calls += 1;
          return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UNAVAILABLE","message":"Down"}}' });
        });
        await page.goto(path);
        const alert = page.getByRole('alert').filter({ hasText: text });
        await alert.waitFor({ timeout: 30_000 });
        expect(calls, `${path}: the first read and its three retries`).toBe(4);
        if (path === '/admin/reports') {
          // No tournaments to choose: no 'Loading…' for good, and nothing to generate.
          expect(await page.getByLabel('Tournament').locator('option:checked').innerText()).toBe('Not loaded');
          expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
        }
        await page.unroute(call);
        await alert.getByRole('button', { name: 'Try again' }).click();
        await loaded(page);
        if (path === '/admin/reports') expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(false);
      }),
    );
  }, 120_000);
});
