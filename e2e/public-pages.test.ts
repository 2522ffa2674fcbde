// Journey: every page a visitor, a team leader and an admin can open, at a desktop and a phone width: the right heading and
// title, one h1, a visible label for every input, no serious or critical axe finding (WCAG 2.1 A/AA), and a screenshot in
// screenshots/ for a person to look at. Plus the home page's own promises and the not-found page (spec §2).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { h1Texts, inputsWithoutVisibleLabel, scanWithAxe, seriousOrWorse } from './support/accessibility';
import { resizeTo, setUpJourney, shoot, VIEWPORTS } from './support/journey';
import { expectFieldError, expectHeaderSignedIn, expectHeading, expectPath } from './support/page-expectations';

const journey = setUpJourney();

describe('home page', () => {
  test('has the registration title, the description, and Register Your Team leads to /register', async () => {
    const page = await journey.visitor();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expectHeading(page, 'Golf Tournament Registration');
    expect(await page.title()).toBe('Golf Tournament Registration');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/register your team/i);
    expect(description).toMatch(/golf tournament/i);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);

    const cta = page.getByRole('main').getByRole('link', { name: 'Register Your Team', exact: true });
    expect(await cta.getAttribute('href')).toBe('/register');
    await cta.click();
    await expectPath(page, '/register');
    await expectHeading(page, 'Welcome to the Golf Tournament');
  });

  test('the header and footer links lead where they say', async () => {
    const page = await journey.visitor({ viewport: 'mobile' });
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Register', exact: true }).click();
    await expectPath(page, '/register');
    await header.getByRole('link', { name: 'Home', exact: true }).click();
    await expectPath(page, '/');
    await header.getByRole('link', { name: 'Login', exact: true }).click();
    await expectPath(page, '/auth');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Register', exact: true }).click();
    await expectPath(page, '/register');
    await header.getByRole('link', { name: /Golf/ }).first().click();
    await expectPath(page, '/');
  });

  test("Back and Forward show each page again, in the page, with the header's mark on it (the app's own router)", async () => {
    const page = await journey.visitor();
    await page.goto('/');
    // A page that was followed in the page, not loaded: this mark survives only if no document is loaded after it.
    await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Register', exact: true }).click();
    await expectHeading(page, 'Welcome to the Golf Tournament');
    await header.getByRole('link', { name: 'Leaderboard', exact: true }).click();
    await expectHeading(page, 'Leaderboard');
    await page.goBack();
    await expectPath(page, '/register');
    await expectHeading(page, 'Welcome to the Golf Tournament');
    expect(await header.getByRole('link', { name: 'Register', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await expectPath(page, '/');
    await expectHeading(page, 'Golf Tournament Registration');
    expect(await header.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.goForward();
    await expectHeading(page, 'Welcome to the Golf Tournament');
    expect(await page.evaluate(() => (window as { stayedInPage?: boolean }).stayedInPage)).toBe(true);
  });
});

describe('not-found page', () => {
  test('an unknown path answers 404, says so, logs the path, and Return to Home works', async () => {
    const page = await journey.visitor();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no-such-page/here');
    expect(response?.status()).toBe(404);
    await expectHeading(page, '404');
    await page.getByText('Oops! Page not found', { exact: true }).waitFor();
    await expect.poll(() => warnings.some((w) => w.includes('/no-such-page/here'))).toBe(true);
    // A missing asset is a plain 404, not the app.
    expect((await page.request.get('/assets/no-such-file.js')).status()).toBe(404);

    await page.getByRole('link', { name: 'Return to Home', exact: true }).click();
    await expectPath(page, '/');
    await expectHeading(page, 'Golf Tournament Registration');
  });
});

interface PageCase {
  name: string;
  path: string;
  as?: 'leader' | 'admin';
  h1: string;
  title: string;
  /** Brings the page to the state to check after it loaded (a tab, a submitted form). */
  prepare?: (page: Page) => Promise<void>;
}

const PAGES: PageCase[] = [
  { name: 'home', path: '/', h1: 'Golf Tournament Registration', title: 'Golf Tournament Registration' },
  { name: 'register-signed-out', path: '/register', h1: 'Welcome to the Golf Tournament', title: 'Register · Golf Tournament' },
  { name: 'auth-login', path: '/auth', h1: 'Account Access', title: 'Login · Golf Tournament' },
  {
    name: 'auth-sign-up',
    path: '/auth',
    h1: 'Account Access',
    title: 'Login · Golf Tournament',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('First name', { exact: true }).waitFor();
    },
  },
  {
    name: 'auth-sign-up-errors',
    path: '/auth',
    h1: 'Account Access',
    title: 'Login · Golf Tournament',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectFieldError(page, 'Password', 'Password must be at least 8 characters');
    },
  },
  { name: 'logout', path: '/logout', h1: 'You have been logged out.', title: 'Logged out · Golf Tournament' },
  { name: 'not-found', path: '/no-such-page', h1: '404', title: 'Page not found · Golf Tournament' },
  { name: 'register-signed-in', path: '/register', as: 'leader', h1: 'Welcome, Lee', title: 'Your teams · Golf Tournament' },
  { name: 'forgot-password', path: '/forgot-password', h1: 'Forgot your password?', title: 'Forgot password · Golf Tournament' },
  {
    name: 'forgot-password-sent',
    path: '/forgot-password',
    h1: 'Forgot your password?',
    title: 'Forgot password · Golf Tournament',
    prepare: async (page) => {
      await page.getByLabel('Email', { exact: true }).fill('someone@example.org');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for that e-mail, we sent a link').waitFor();
    },
  },
  {
    name: 'reset-password',
    path: '/reset-password?token=made-up-token',
    h1: 'Choose a new password',
    title: 'Choose a new password · Golf Tournament',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expectFieldError(page, 'New password', 'Password must be at least 8 characters');
    },
  },
  {
    name: 'reset-password-used-link',
    path: '/reset-password?token=made-up-token',
    h1: 'Choose a new password',
    title: 'Choose a new password · Golf Tournament',
    prepare: async (page) => {
      await page.getByLabel('New password', { exact: true }).fill('a long new password 5');
      await page.getByLabel('Repeat the new password', { exact: true }).fill('a long new password 5');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();
    },
  },
  {
    name: 'register-change-password',
    path: '/register',
    as: 'leader',
    h1: 'Welcome, Lee',
    title: 'Your teams · Golf Tournament',
    prepare: async (page) => {
      await page.getByRole('region', { name: 'Password' }).getByRole('button', { name: 'Change' }).click();
      await page.getByRole('button', { name: 'Change password' }).click();
      await expectFieldError(page, 'Current password', 'Current password is required');
    },
  },
  { name: 'admin-dashboard', path: '/admin', as: 'admin', h1: 'Dashboard', title: 'Dashboard · Admin · Golf Tournament' },
];

/** Opens the page and brings it to the state to check: its heading shown, then any tab or submitted form. */
async function open(page: Page, pageCase: PageCase) {
  await page.goto(pageCase.path);
  await expectHeading(page, pageCase.h1);
  await pageCase.prepare?.(page);
}

describe.each(PAGES)('$name ($path)', (pageCase) => {
  test('one h1, a title, labelled inputs, no serious axe finding, at 1280 and 390 px', async () => {
    const user = pageCase.as ? journey.portal.users[pageCase.as] : undefined;
    const page = await journey.visitor({ as: user });
    const problems: string[] = [];
    await open(page, pageCase);
    for (const viewport of ['desktop', 'mobile'] as const) {
      await resizeTo(page, viewport);
      const where = `${pageCase.name} at ${VIEWPORTS[viewport].width} px`;
      await shoot(page, `${pageCase.name}-${VIEWPORTS[viewport].width}`);

      expect(await h1Texts(page), `${where}: exactly one h1`).toEqual([pageCase.h1]);
      expect(await page.title(), `${where}: title`).toBe(pageCase.title);
      expect(await inputsWithoutVisibleLabel(page), `${where}: inputs without a visible label`).toEqual([]);
      await expectHeaderSignedIn(page, Boolean(user) && pageCase.name !== 'logout');
      // Nothing wider than the screen (a phone would scroll sideways).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) problems.push(`${where}: the page is ${overflow} px wider than the window`);

      const serious = seriousOrWorse(await scanWithAxe(page, where));
      problems.push(...serious.map((f) => `${where}: [${f.impact}] ${f.id}: ${f.help} (${f.targets.slice(0, 3).join(', ')})`));
    }
    expect(problems).toEqual([]);
  });
});

describe('the accessibility scan itself', () => {
  test('finds faint text and an unlabelled field, again at the other width of the same document', async () => {
    const page = await journey.visitor();
    // A document of its own (Home's would be re-rendered by its hydration): a faint line and a field with no label. The
    // second scan reuses the axe source the first one put into the document.
    await page.setContent(
      '<!doctype html><html lang="en"><title>Made worse</title><main><h1>Made worse</h1>' +
        '<p style="color:#ddd;background:#fff">Faint words</p><input type="text"></main></html>',
    );
    for (const viewport of ['desktop', 'mobile'] as const) {
      await resizeTo(page, viewport);
      const ids = seriousOrWorse(await scanWithAxe(page, `a made-worse document (${viewport})`)).map((f) => f.id);
      expect(ids).toEqual(expect.arrayContaining(['color-contrast', 'label']));
    }
  });
});
