// Journey (issue 12, R33): a leader who forgot the password gets back in by e-mail; a password changed on one device ends
// the session on the other; and the cookies a shared computer kept after 'Logout' no longer sign anyone in.
import { describe, expect, test } from 'vitest';
import { findLink } from '../src/server/test/mail-catcher';
import { setUpJourney } from './support/journey';
import { expectFieldError, expectHeading, expectPath, expectToast } from './support/page-expectations';

const journey = setUpJourney({ smtp: true });

describe('accounts people can trust', () => {
  test('forgot password: the e-mail, the reset page, then signing in with the new password; the link works once', async () => {
    const { portal } = journey;
    const leader = portal.users.leader;
    const page = await journey.visitor();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await expectHeading(page, 'Forgot your password?');
    await page.getByLabel('Email', { exact: true }).fill(leader.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that e-mail, we sent a link').waitFor();

    const mail = await portal.mail!.waitFor(leader.email, (m) => m.subject === 'Reset your golf tournament password');
    const link = findLink(mail, `${portal.url}/reset-password?token=`);
    await page.goto(link);
    await expectHeading(page, 'Choose a new password');

    // A common password is refused beside the field, by the server's bundled list.
    await page.getByLabel('New password', { exact: true }).fill('iloveyou1');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('iloveyou1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectFieldError(page, 'New password', 'This password is too common');

    const fresh = 'back-on-the-fairway-2026';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Your password has been changed. Log in with the new one.', 'success');
    await expectPath(page, '/auth');

    const form = page.getByRole('tabpanel');
    await form.getByLabel('Email', { exact: true }).fill(leader.email);
    await form.getByLabel('Password', { exact: true }).fill(fresh);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(page, '/register');
    await expectHeading(page, `Welcome, ${leader.firstName}`);

    // The same link again, from another browser: refused, with the way to a new one.
    const other = await journey.visitor({ viewport: 'mobile' });
    await other.goto(link);
    await other.getByLabel('New password', { exact: true }).fill('someone-elses-driver-9');
    await other.getByLabel('Repeat the new password', { exact: true }).fill('someone-elses-driver-9');
    await other.getByRole('button', { name: 'Set new password' }).click();
    await other.getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();
    await other.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  test('changing the password on the laptop signs the phone out on its next request', async () => {
    const moderator = journey.portal.users.moderator;
    const laptop = await journey.visitor({ as: moderator });
    const phone = await journey.visitor({ as: moderator, viewport: 'mobile' });
    await phone.goto('/register');
    await expectHeading(phone, `Welcome, ${moderator.firstName}`);

    await laptop.goto('/register');
    const card = laptop.getByRole('region', { name: 'Password' });
    await card.getByRole('button', { name: 'Change' }).click();
    await card.getByLabel('Current password', { exact: true }).fill('not my password');
    await card.getByLabel('New password', { exact: true }).fill('new-clubs-for-2027');
    await card.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(card, 'Current password', 'Current password is incorrect');
    await card.getByLabel('Current password', { exact: true }).fill(moderator.password);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expectToast(laptop, 'Password changed. You were signed out on every other device.', 'success');

    // The laptop goes on; the phone is signed out at its next request.
    await laptop.reload();
    await expectHeading(laptop, `Welcome, ${moderator.firstName}`);
    await phone.reload();
    await expectHeading(phone, 'Welcome to the Golf Tournament');
    expect(await (await phone.context().request.get('/api/account/me')).json()).toEqual({ me: null });
  });

  test("the cookies a shared computer kept after 'Logout' sign no one in", async () => {
    const admin = journey.portal.users.admin;
    const clubhouse = await journey.visitor({ as: admin });
    await clubhouse.goto('/admin');
    await expectHeading(clubhouse, 'Dashboard');
    const kept = await clubhouse.context().cookies();
    expect(kept.map((c) => c.name)).toContain('better-auth.session_token');
    await clubhouse.getByRole('button', { name: 'Logout' }).first().click();
    await expectPath(clubhouse, '/logout');

    // Someone copies the cookies into another browser right away and opens the admin area.
    const thief = await journey.visitor();
    await thief.context().addCookies(kept);
    await thief.goto('/admin');
    await expectPath(thief, '/auth');
    const answered = await thief.context().request.get('/api/admin/dashboard');
    expect(answered.status()).toBe(401);
  });
});
