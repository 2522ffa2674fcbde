// Journey: an admin keeps the organisation's settings (R51) on /admin/settings: the environment's values shown as not yet
// saved, the shared schema's messages beside their fields, a logo through the image rules, a save with its toast, a test e-mail and the mail server's answer, card payments' state without any key on the
// page. The page at 1280 and 390 px (h1, labels, axe, no sideways scroll, screenshots).
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { expectUsable, openAdminPage } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectFieldError, expectToast } from './support/page-expectations';

const STRIPE_KEY = 'sk_test_e2eSettingsKey4821';
const WEBHOOK_SECRET = 'whsec_e2eSettingsSecret9135';
const journey = setUpJourney({
  smtp: true,
  env: {
    ORG_NAME: 'Fairway Friends',
    ORG_LEGAL_NAME: 'Fairway Friends Foundation, Inc.',
    ORG_TAX_ID: '12-3456789',
    MAIL_FROM: 'Fairway Friends Golf <golf@fairway.example>',
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
});

describe('an admin', () => {
  test("sets the organisation's details, a logo and checks e-mail and card payments", async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await openAdminPage(admin, 'Settings');
    const form = admin.locator('form').first();
    await expect.poll(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('Fairway Friends');
    await admin.getByText(/^Not saved yet/).waitFor();

    await form.getByLabel('Name', { exact: true }).fill('');
    await form.getByLabel('Tax id (EIN)').fill('12-34');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expectFieldError(form, 'Name', "Enter the organisation's name");
    await expectFieldError(form, 'Tax id (EIN)', 'A tax id (EIN) is 9 digits, written 12-3456789');

    await form.getByLabel('Name', { exact: true }).fill('Hope Harbor Charities');
    await form.getByLabel('Legal name').fill('Hope Harbor Charities Foundation');
    await form.getByLabel('Tax id (EIN)').fill('987654321');
    await form.getByLabel('Contact e-mail').fill('office@hopeharbor.example');
    await form.getByLabel('E-mails are sent from').fill('Hope Harbor Golf Classic');
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" rx="24" fill="#166534"/>' +
          '<text x="240" y="100" font-family="sans-serif" font-size="48" font-weight="bold" fill="#fff" text-anchor="middle">HOPE HARBOR</text></svg>',
      ),
    )
      .png()
      .toBuffer();
    await form.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await form.getByRole('img', { name: /logo$/ }).waitFor();
    await form.getByRole('button', { name: 'Save settings' }).click();
    const saved = await expectToast(admin, 'Settings saved', 'success');
    await expect.poll(() => admin.getByText(/^Not saved yet/).count()).toBe(0);
    expect(await form.getByLabel('Tax id (EIN)').inputValue()).toBe('98-7654321');

    await admin.getByRole('button', { name: 'Send a test e-mail' }).click();
    const email = journey.portal.users.admin.email;
    await admin.getByText(`The mail server accepted the test e-mail to ${email}`).waitFor();
    const sent = await journey.portal.mail!.waitFor(email, (m) => m.subject === 'Test e-mail from Hope Harbor Charities');
    expect(sent.headers.get('from')).toBe('Hope Harbor Golf Classic <golf@fairway.example>');
    expect(sent.html).toContain('See you on the course.<br>Hope Harbor Charities</p>');

    await admin.getByText('Test: no real money moves').waitFor();
    const html = await admin.content();
    expect(html).not.toContain(STRIPE_KEY);
    expect(html).not.toContain(WEBHOOK_SECRET);

    // The toast gone, so the screenshots show the page.
    await saved.waitFor({ state: 'hidden', timeout: 15_000 });
    await expectUsable(admin, 'Settings', 'Settings at 1280 px');
    await shoot(admin, 'admin-settings-1280');
    await resizeTo(admin, 'mobile');
    await expectUsable(admin, 'Settings', 'Settings at 390 px');
    await shoot(admin, 'admin-settings-390');
  });
});
