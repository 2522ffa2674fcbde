// Journey: a new team leader signs up, confirms the e-mail, is signed in, logs out and logs in again (R5, R7, R10; spec §2, §8).
// The server has SMTP_URL set (a local catcher), so the account must be confirmed before it can sign in.
import { describe, expect, test } from 'vitest';
import { findLink } from '../src/server/test/mail-catcher';
import { setUpJourney } from './support/journey';
import { expectHeaderSignedIn, expectHeading, expectPath, expectToast } from './support/page-expectations';
import { E2E_PASSWORD } from './support/accounts';
import { uniqueEmail } from './support/portal-server';

const journey = setUpJourney({ smtp: true });

describe('sign up, confirm the e-mail, log out, log in again', () => {
  test('a new team leader goes from sign-up to their dashboard', async () => {
    const { portal } = journey;
    const person = { firstName: 'Robin', lastName: 'Fairway', company: 'Birdie & Co', email: uniqueEmail('robin'), password: E2E_PASSWORD };
    const page = await journey.visitor();

    // Sign up on /register, Sign Up tab.
    await page.goto('/register');
    await expectHeading(page, 'Welcome to the Golf Tournament');
    await page.getByText('Please login or create an account to register your team').waitFor();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('tabpanel');
    await form.getByLabel('First name', { exact: true }).fill(person.firstName);
    await form.getByLabel('Last name', { exact: true }).fill(person.lastName);
    await form.getByLabel('Email', { exact: true }).fill(person.email);
    await form.getByLabel('Company', { exact: true }).fill(person.company);
    await form.getByLabel('Password', { exact: true }).fill(person.password);
    const signedUp = page.waitForResponse((r) => r.url().endsWith('/api/account/sign-up'));
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    expect((await signedUp).status()).toBe(201);
    await expectToast(page, 'Account created! Please check your email to confirm your account.', 'success');
    // The card goes back to Login so the visitor can sign in once confirmed; still signed out.
    await expect.poll(() => page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await expectHeaderSignedIn(page, false);

    // The confirmation e-mail: subject, both parts, and a link back to this portal that returns to /register (R7).
    const mail = await portal.mail!.waitFor(person.email);
    expect(mail.subject).toBe('Confirm your e-mail for the golf tournament');
    expect(mail.text).toContain(`Hi ${person.firstName},`);
    expect(mail.text).toContain('Please confirm your e-mail address');
    const link = findLink(mail, `${portal.url}/`);
    const linkUrl = new URL(link);
    expect(linkUrl.origin).toBe(portal.url);
    expect(linkUrl.pathname).toBe('/api/auth/verify-email');
    expect(linkUrl.searchParams.get('token')).toBeTruthy();
    expect(linkUrl.searchParams.get('callbackURL')).toBe(`${portal.url}/register`);
    expect(mail.html).toContain('Confirm your e-mail');
    expect(mail.html).toContain(`Hi ${person.firstName},`);
    const htmlLinks = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(htmlLinks).toContain(link);

    // Logging in before confirming is refused, with the server's own message in a toast.
    const loginForm = page.getByRole('tabpanel');
    await loginForm.getByLabel('Email', { exact: true }).fill(person.email);
    await loginForm.getByLabel('Password', { exact: true }).fill(person.password);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
    await loginForm.getByRole('button', { name: 'Login', exact: true }).click();
    const refusal = await refused;
    expect(refusal.status()).toBe(403);
    const serverMessage = ((await refusal.json()) as { error: { message: string } }).error.message;
    expect(serverMessage).toBeTruthy();
    await expectToast(page, serverMessage, 'error');
    await expectHeaderSignedIn(page, false);

    // Following the link in the browser confirms the address, signs in and lands on /register.
    await page.goto(link);
    await expectPath(page, '/register');
    await expectHeading(page, `Welcome, ${person.firstName}`);
    await expectHeaderSignedIn(page, true);

    // A reload keeps the session (an HttpOnly cookie the page's scripts cannot read, R5).
    await page.reload();
    await expectHeading(page, `Welcome, ${person.firstName}`);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const sessionCookies = (await page.context().cookies()).filter((c) => c.name.includes('session_token'));
    expect(sessionCookies.length).toBeGreaterThan(0);
    expect(sessionCookies.every((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);

    // Logout (the dashboard's button) shows /logout with its text; the header offers Login again.
    await page.getByRole('main').getByRole('button', { name: 'Logout', exact: true }).click();
    await expectPath(page, '/logout');
    await expectHeading(page, 'You have been logged out.');
    await expectToast(page, 'You have been logged out.', 'success');
    await expectHeaderSignedIn(page, false);
    await page.reload();
    await expectHeaderSignedIn(page, false);

    // Logging in again through /auth sends a team leader on to /register (R10).
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await expectPath(page, '/auth');
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Successfully signed in!', 'success');
    await expectPath(page, '/register');
    await expectHeading(page, `Welcome, ${person.firstName}`);
    await expectHeaderSignedIn(page, true);

    // Back onto the signed-out confirmation is not a wish to sign out: the leader goes on to their page, still signed in.
    await page.goBack();
    await expectPath(page, '/register');
    await expectHeading(page, `Welcome, ${person.firstName}`);
    await expectHeaderSignedIn(page, true);
    await page.reload();
    await expectHeading(page, `Welcome, ${person.firstName}`);
  });
});
