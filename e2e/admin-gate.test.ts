// Journey: who gets into /admin (R8, R10; spec §2, §6). Anonymous visitors go to /auth, team leaders back to / with a toast,
// admins and moderators see the Dashboard in the admin layout; /auth with a staff session goes on to /admin.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setUpJourney } from './support/journey';
import { expectHeaderSignedIn, expectHeading, expectPath, expectToast } from './support/page-expectations';

const journey = setUpJourney();

/** The admin layout around the Dashboard: its navigation and who is signed in, with which role. */
async function expectAdminDashboard(page: Page, firstName: string, roleLabel: string) {
  await expectPath(page, '/admin');
  await expectHeading(page, 'Dashboard');
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await adminNav.waitFor();
  expect(await adminNav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  await page.getByRole('main').getByText(`${firstName} · ${roleLabel}`, { exact: true }).waitFor();
  await expectHeaderSignedIn(page, true);
}

describe('signed out', () => {
  test('/admin sends the visitor to /auth to log in', async () => {
    const page = await journey.visitor();
    await page.goto('/admin');
    await expectPath(page, '/auth');
    await expectHeading(page, 'Account Access');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
  });

  test('/admin/login and the footer Admin link go to /auth', async () => {
    const page = await journey.visitor();
    await page.goto('/admin/login');
    await expectPath(page, '/auth');
    await expectHeading(page, 'Account Access');

    await page.goto('/');
    const footerAdmin = page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true });
    expect(await footerAdmin.getAttribute('href')).toBe('/admin/login');
    await footerAdmin.click();
    await expectPath(page, '/auth');
    await expectHeading(page, 'Account Access');
  });

  test('an admin who logs in on /auth lands on the Dashboard', async () => {
    const { admin } = journey.portal.users;
    const page = await journey.visitor();
    await page.goto('/admin');
    await expectPath(page, '/auth');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Successfully signed in!', 'success');
    await expectAdminDashboard(page, admin.firstName, 'Admin');
  });
});

describe('a team leader', () => {
  test('is sent back to the home page with "You don\'t have permission to access this page"', async () => {
    const page = await journey.visitor({ as: journey.portal.users.leader });
    await page.goto('/admin');
    await expectToast(page, "You don't have permission to access this page", 'error');
    await expectPath(page, '/');
    await expectHeading(page, 'Golf Tournament Registration');
    expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
    await expectHeaderSignedIn(page, true);
  });

  test('/auth, /admin/login and the footer Admin link send them to their own dashboard on /register', async () => {
    const page = await journey.visitor({ as: journey.portal.users.leader });
    await page.goto('/auth');
    await expectPath(page, '/register');
    await expectHeading(page, 'Welcome, Lee');

    // The footer's Admin link is /admin/login, which is /auth: a team leader is sent on to /register (R10), not refused.
    await page.goto('/');
    await expectHeading(page, 'Golf Tournament Registration');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true }).click();
    await expectPath(page, '/register');
    await expectHeading(page, 'Welcome, Lee');
  });
});

describe.each([
  { who: 'admin' as const, roleLabel: 'Admin' },
  { who: 'moderator' as const, roleLabel: 'Moderator' },
])('$who', ({ who, roleLabel }) => {
  test('sees the Dashboard in the admin layout, also after a reload', async () => {
    const user = journey.portal.users[who];
    const page = await journey.visitor({ as: user });
    await page.goto('/admin');
    await expectAdminDashboard(page, user.firstName, roleLabel);
    // No tournament is open in this journey: the Dashboard says so instead of showing empty cards.
    await page.getByRole('main').getByText('No active tournaments yet. Open a tournament to see its figures here.').waitFor();
    await page.reload();
    await expectAdminDashboard(page, user.firstName, roleLabel);
  });

  test('is sent from /auth and /admin/login to /admin, and the footer Admin link opens the Dashboard', async () => {
    const user = journey.portal.users[who];
    const page = await journey.visitor({ as: user });
    await page.goto('/auth');
    await expectAdminDashboard(page, user.firstName, roleLabel);

    await page.goto('/admin/login');
    await expectAdminDashboard(page, user.firstName, roleLabel);

    await page.goto('/');
    await expectHeading(page, 'Golf Tournament Registration');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin', exact: true }).click();
    await expectAdminDashboard(page, user.firstName, roleLabel);
  });
});
