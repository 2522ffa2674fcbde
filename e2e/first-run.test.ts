// Journey: first run in the browser (R50). The built server starts on an empty database and prints a one-time setup
// address; opened on a phone (390 px), its form makes the first admin, who is signed in and lands on the organisation's
// settings. The same address a second time: 404, and the page says it no longer works.
import { describe, expect, test } from 'vitest';
import { SETUP_LINK_TITLE, SETUP_LINK_WHY } from '../src/shared/account-schemas';
import { TOO_COMMON_MESSAGE } from '../src/server/auth/common-passwords';
import { scanWithAxe, seriousOrWorse } from './support/accessibility';
import { E2E_PASSWORD } from './support/accounts';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectFieldError, expectHeading, expectPath, expectToast } from './support/page-expectations';
import { uniqueEmail } from './support/portal-server';

const journey = setUpJourney({ empty: true });

/** The address the server printed at start (read from its log, as the operator does). */
async function printedSetupAddress(): Promise<string> {
  const pattern = /Open (http\S+\/setup\/[A-Za-z0-9_-]{43}) to create one/;
  await expect.poll(() => pattern.test(journey.portal.output()), { timeout: 10_000 }).toBe(true);
  return pattern.exec(journey.portal.output())![1]!;
}

describe('first run in the browser', () => {
  test('the printed address makes the first admin on a phone, then works no more', async () => {
    const address = await printedSetupAddress();
    expect(address.startsWith(`${journey.portal.url}/setup/`)).toBe(true);
    const page = await journey.visitor({ viewport: 'mobile' });

    const opened = await page.goto(address);
    expect(opened?.status()).toBe(200);
    await expectHeading(page, 'Set up the portal');
    expect(seriousOrWorse(await scanWithAxe(page, 'setup page'))).toEqual([]);
    await shoot(page, 'setup-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'setup-1280');
    await resizeTo(page, 'mobile');

    // Sign-up's rules and messages: the required fields, then the common-password check only the server knows.
    const submit = page.getByRole('button', { name: 'Create admin account' });
    await submit.click();
    await expectFieldError(page, 'First name', 'First name is required');
    await expectFieldError(page, 'Password', 'Password must be at least 8 characters');
    const admin = { firstName: 'Robin', lastName: 'Organiser', email: uniqueEmail('first-admin') };
    await page.getByLabel('First name', { exact: true }).fill(admin.firstName);
    await page.getByLabel('Last name', { exact: true }).fill(admin.lastName);
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    const refused = page.waitForResponse((r) => r.url() === address.replace('/setup/', '/api/setup/') && r.request().method() === 'POST');
    await submit.click();
    expect((await refused).status()).toBe(400);
    await expectFieldError(page, 'Password', TOO_COMMON_MESSAGE);
    await shoot(page, 'setup-errors-390');

    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await submit.click();
    await expectToast(page, "Your admin account is ready. Now your organisation's details.", 'success');
    await expectPath(page, '/admin/settings');
    // Signed in as the new admin, in this browser.
    const me = await (await page.request.get('/api/account/me')).json();
    expect(me.me).toMatchObject({ user: { email: admin.email, role: 'admin', emailVerified: true } });

    // The address a second time, in another browser: the server answers 404 and the page says why; the API refuses too.
    const again = await journey.visitor({ viewport: 'mobile' });
    const reopened = await again.goto(address);
    expect(reopened?.status()).toBe(404);
    await expectHeading(again, SETUP_LINK_TITLE);
    await again.getByText(SETUP_LINK_WHY).waitFor();
    await shoot(again, 'setup-used-390');
    const reused = await again.request.post(address.replace('/setup/', '/api/setup/'), {
      data: { ...admin, email: uniqueEmail('second-admin'), password: E2E_PASSWORD },
      headers: { origin: journey.portal.url },
    });
    expect(reused.status()).toBe(404);
  });
});
