// Journey: an admin keeps the users and roles (spec §2 Users, §5; R6, R8, R12), and a moderator works the tournament day
// within what R8 allows (Dashboard, Teams read only, Golfers check-in), on the data of e2e/support/operations-seed.ts.
// The R8 guards are shown in the page and, asked for directly, refused by the server.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ADMIN_PAGES, adminNav, cellsOf, openAdminPage } from './support/admin-pages';
import { setUpJourney } from './support/journey';
import { seedOperations, SEEDED_TEAMS } from './support/operations-seed';
import { expectFieldError, expectHeading, expectPath, expectToast } from './support/page-expectations';

const journey = setUpJourney({ seed: seedOperations });

const userRow = (page: Page, name: string) => page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });
const listedUsers = (page: Page) =>
  page.getByRole('table', { name: 'Users' }).locator('tbody tr td:first-child span.font-medium').allInnerTexts();

/** Calls the API from the page's own session, as its scripts would. */
async function callApi(page: Page, method: 'GET' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const origin = journey.portal.url;
  const response = await page.context().request.fetch(`${origin}${path}`, { method, data, headers: { origin } });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

const SAM = { firstName: 'Sam', lastName: 'Starter', email: 'sam.starter@e2e.example.org', password: 'tee-time-2027' };
const LEAD_COUNT = SEEDED_TEAMS.length; // The E2E team leader registered every seeded team.

describe('an admin', () => {
  test('finds users by name or e-mail, with their role badges', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(page, 'Users');
    await expect.poll(() => listedUsers(page)).toEqual(['Ada Admin', 'Lee Leader', 'Morgan Moderator']);
    expect((await cellsOf(userRow(page, 'Lee Leader'))).slice(1, 4)).toEqual([
      'lee.leader@e2e.example.org',
      'Team leader',
      String(LEAD_COUNT),
    ]);
    expect((await cellsOf(userRow(page, 'Morgan Moderator'))).slice(1, 4)).toEqual(['morgan.moderator@e2e.example.org', 'Moderator', '0']);
    expect((await cellsOf(userRow(page, 'Ada Admin')))[2]).toBe('Admin');

    await page.getByLabel('Search').fill('MORGAN');
    await expect.poll(() => listedUsers(page)).toEqual(['Morgan Moderator']);
    await page.getByLabel('Search').fill('lee.leader@');
    await expect.poll(() => listedUsers(page)).toEqual(['Lee Leader']);
    await page.getByLabel('Search').fill('nobody at all');
    await page.getByText('No users match “nobody at all”.').waitFor();
  });

  test('creates a user after the form has said what it needs; the user signs in at once', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(page, 'Users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByLabel('E-mail').fill('not an address');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectFieldError(dialog, 'First name', 'First name is required');
    await expectFieldError(dialog, 'Last name', 'Last name is required');
    await expectFieldError(dialog, 'E-mail', 'Invalid email');
    await expectFieldError(dialog, 'Password', 'Password must be at least 8 characters');

    // An e-mail already in use is refused beside its field; nothing is created.
    await dialog.getByLabel('First name').fill(SAM.firstName);
    await dialog.getByLabel('Last name').fill(SAM.lastName);
    await dialog.getByLabel('E-mail').fill(journey.portal.users.moderator.email);
    await dialog.getByLabel('Password').fill(SAM.password);
    await dialog.getByLabel('Permission').selectOption({ label: 'Moderator' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'User already exists. Use another email.', 'error');
    await expectFieldError(dialog, 'E-mail', 'User already exists. Use another email.');

    await dialog.getByLabel('E-mail').fill(SAM.email);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, `User ${SAM.email} created`, 'success');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => listedUsers(page)).toEqual(['Ada Admin', 'Lee Leader', 'Morgan Moderator', 'Sam Starter']);
    expect((await cellsOf(userRow(page, 'Sam Starter'))).slice(1, 4)).toEqual([SAM.email, 'Moderator', '0']);

    const sam = await journey.visitor({ as: { ...SAM, role: 'moderator' } });
    await sam.goto('/admin');
    await expectHeading(sam, 'Dashboard');
  });

  test('changes a role, deletes a user after the confirmation, and is held to the R8 guards', async () => {
    const page = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(page, 'Users');
    await page.getByRole('button', { name: 'Change role of Sam Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change role of Sam Starter' });
    await dialog.getByText(`${SAM.email} is currently Moderator.`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save Role' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Permission').selectOption({ label: 'Admin' });
    await dialog.getByText('Everything in the admin area, including payments, settings, users and roles.').waitFor();
    await dialog.getByRole('button', { name: 'Save Role' }).click();
    await expectToast(page, 'Sam Starter is now Admin', 'success');
    await expect.poll(() => cellsOf(userRow(page, 'Sam Starter')).then((cells) => cells[2])).toBe('Admin');

    // Your own row: neither button, and the note says why; the server refuses the same, asked directly.
    const note = 'Your own role and account can only be changed by another admin.';
    await page.getByText(note).waitFor();
    for (const name of ['Change role of Ada Admin', 'Delete Ada Admin']) {
      const button = page.getByRole('button', { name });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('aria-describedby')).toBe(await page.getByText(note).getAttribute('id'));
    }
    const self = (await callApi(page, 'GET', '/api/admin/users?q=ada.admin')).body.users[0];
    expect(await callApi(page, 'PATCH', `/api/admin/users/${self.id}/role`, { role: 'moderator' })).toMatchObject({
      status: 409,
      body: { error: { message: 'You cannot remove your own admin role' } },
    });
    expect(await callApi(page, 'DELETE', `/api/admin/users/${self.id}`)).toMatchObject({
      status: 409,
      body: { error: { message: 'You cannot delete your own account' } },
    });

    // A user who leads teams: the confirmation says what to do first and offers no Delete; the server refuses, saying the same.
    const leadsTeams = `This user leads ${LEAD_COUNT} teams: delete the teams first, in Admin → Teams`;
    await page.getByRole('button', { name: 'Delete Lee Leader' }).click();
    const confirmLeader = page.getByRole('dialog', { name: 'Delete user?' });
    await confirmLeader.getByText(`${leadsTeams}.`, { exact: false }).waitFor();
    expect(await confirmLeader.getByRole('button', { name: 'Delete User' }).isDisabled()).toBe(true);
    await confirmLeader.getByRole('button', { name: 'Cancel' }).click();
    await confirmLeader.waitFor({ state: 'detached' });
    const leader = (await callApi(page, 'GET', '/api/admin/users?q=lee.leader')).body.users[0];
    expect(await callApi(page, 'DELETE', `/api/admin/users/${leader.id}`)).toMatchObject({
      status: 409,
      body: { error: { message: leadsTeams } },
    });
    await page.reload();
    await userRow(page, 'Lee Leader').waitFor();

    // Cancel keeps; confirming deletes, and the account is gone for good.
    await page.getByRole('button', { name: 'Delete Sam Starter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user?' });
    await confirm
      .getByText(`Sam Starter (${SAM.email}) will be deleted with their profile and signed out everywhere. This cannot be undone.`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Sam Starter' }).click();
    await page.getByRole('dialog', { name: 'Delete user?' }).getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, `User ${SAM.email} deleted`, 'success');
    await userRow(page, 'Sam Starter').waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => listedUsers(page)).toEqual(['Ada Admin', 'Lee Leader', 'Morgan Moderator']);
  });
});

describe('a moderator', () => {
  test('reads the Dashboard and the teams, without the admin-only pages or the admin changes', async () => {
    const page = await journey.visitor({ as: journey.portal.users.moderator });
    await page.goto('/admin');
    await expectHeading(page, 'Dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Total Teams' }).locator('xpath=following-sibling::p[1]').innerText())
      .toBe('5');
    const nav = adminNav(page);
    for (const name of ['Dashboard', 'Teams', 'Golfers']) expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    const adminOnly = ADMIN_PAGES.filter((p) => !['Dashboard', 'Teams', 'Golfers'].includes(p.name));
    for (const { name } of adminOnly) expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);

    // Typed in the address bar: refused, back to the Dashboard.
    for (const { path } of adminOnly) {
      await page.goto(path);
      await expectToast(page, "You don't have permission to access this page", 'error');
      await expectPath(page, '/admin');
      await expectHeading(page, 'Dashboard');
    }

    // Teams: read only. The details show the players, not Update Status or Delete; the server refuses them anyway.
    await openAdminPage(page, 'Teams');
    await page.getByRole('button', { name: 'Eagle Eyes' }).click();
    const details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByText('Victor Stone').waitFor();
    await details.getByText('Read only: only admins change payment status or delete teams.').waitFor();
    expect(await details.getByRole('button', { name: 'Update Status' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Team' }).count()).toBe(0);
    const teams = (await callApi(page, 'GET', '/api/admin/teams?q=Eagle%20Eyes')).body.teams;
    expect(await callApi(page, 'PATCH', `/api/admin/teams/${teams[0].id}/status`, { status: 'paid' })).toMatchObject({ status: 403 });
    await page.keyboard.press('Escape');
    expect(
      await cellsOf(page.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: 'Eagle Eyes' })).then((c) => c[3]),
    ).toBe('Hold');
  });

  test('checks golfers in at the desk, saved across a reload, but adds or deletes none', async () => {
    const page = await journey.visitor({ as: journey.portal.users.moderator });
    await openAdminPage(page, 'Golfers');
    await page.getByLabel('Search').fill('Grace');
    const grace = page.getByRole('switch', { name: 'Checked in: Grace Kim' });
    expect(await grace.getAttribute('aria-checked')).toBe('false');
    await grace.click();
    await page.getByRole('row').filter({ hasText: 'Grace Kim' }).getByText('by Morgan Moderator').waitFor();
    await page.reload();
    await page.getByLabel('Search').fill('Grace');
    expect(await page.getByRole('switch', { name: 'Checked in: Grace Kim' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('button', { name: 'Add Golfer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Grace Kim' }).count()).toBe(0);
  });

  test('checks a golfer in while a slow search is on its way, and the switch stays on', async () => {
    const page = await journey.visitor({ as: journey.portal.users.moderator });
    await openAdminPage(page, 'Golfers');
    // A poor connection: the save takes half a second to leave, and every list answers 1.5 s late. Tom is ticked in the
    // list shown before the search's own (sent while the save is on its way, answered with Tom not checked in, after it).
    const lateLists: Promise<void>[] = [];
    await page.route('**/api/admin/golfers?*', (route) => {
      const answered = (async () => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        // A read the page dropped meanwhile has no one left to answer.
        await route.fulfill({ response }).catch(() => undefined);
      })();
      lateLists.push(answered);
      return answered;
    });
    await page.route('**/api/admin/golfers/*/check-in', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByLabel('Search').fill('Tom');
    const tom = page.getByRole('switch', { name: 'Checked in: Tom Reyes' });
    expect(await tom.getAttribute('aria-checked')).toBe('false');
    await tom.click();
    await page.getByRole('row').filter({ hasText: 'Tom Reyes' }).getByText('by Morgan Moderator').waitFor();
    // Every late list answer, the search's (Tom not checked in) among them, has landed, and nothing moved on screen.
    await Promise.all(lateLists);
    expect(await tom.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('row').filter({ hasText: 'Tom Reyes' }).getByText('by Morgan Moderator').isVisible()).toBe(true);
  });
});
