// Journey: sponsorship items and golfer add-ons (R36, R37). A leader buys a hole sponsorship with a logo (uploaded, re-encoded
// by the server, shown on their dashboard) and two mulligans for each golfer of their team; staff sell a raffle ticket at
// check-in and the golfer's row shows it. Pages at 1280 and 390 px.
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createAddon } from '../src/server/addons/service';
import { createItem } from '../src/server/items/service';
import { registerTeamsOnce } from '../src/server/registration/service';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { setUpJourney, shoot } from './support/journey';
import { expectToast, recordLayoutShifts, shiftsInMain } from './support/page-expectations';

const journey = setUpJourney({
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const open = await createTournament(db, { name: 'Harbour Charity Open', startDate: daysFromToday(45) });
    const level = await createLevel(db, open.id, { name: 'Foursome', priceCents: 60_000, maxTeams: 10 });
    const input = registrationInput(open.id, level.id, { paymentOption: 'hold' });
    await registerTeamsOnce(db, leader.id, { ...input, teams: [{ ...input.teams[0]!, teamName: 'Fairway Friends' }] }, new Date(), 'UTC');
    await createItem(db, open.id, {
      name: 'Hole sponsor',
      includes: 'Your logo on the tee sign',
      priceCents: 25_000,
      quantity: 18,
      isHole: true,
    });
    await createItem(db, open.id, { name: 'Beverage cart sponsor', priceCents: 100_000, quantity: 1 });
    await createAddon(db, open.id, { name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 });
    await createAddon(db, open.id, { name: 'Raffle ticket', priceCents: 500, maxPerGolfer: 10 });
  },
});

const logoPng = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('a leader sponsors a hole and buys add-ons', () => {
  test('a hole sponsorship with a logo, then two mulligans per golfer; both on the dashboard', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    const items = page.getByRole('region', { name: 'Sponsorships for Harbour Charity Open' });
    await items.getByText('18 of 18 left').waitFor();
    await shoot(page, 'items-dashboard-1280');

    await page.getByRole('button', { name: 'Sponsor: Hole sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor: Hole sponsor' });
    await dialog.getByLabel('Hole').selectOption('5');
    await dialog.getByLabel('Sponsor name to show').fill('Harbor Dental Group');
    await dialog.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await shoot(page, 'items-buy-hole-dialog-1280');
    await dialog.getByRole('button', { name: 'Buy' }).click();
    await expectToast(page, 'Hole sponsor (hole 5) is yours', 'success');
    await items.getByText('17 of 18 left').waitFor();

    const mine = page.getByText('Hole sponsor · Hole 5');
    await mine.waitFor();
    const logo = page.getByRole('img', { name: 'Harbor Dental Group logo' });
    await logo.waitFor();
    // The logo is the server's re-encoding, loaded from the image route.
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/w160$/);

    await page.getByRole('button', { name: 'Add-ons for Fairway Friends' }).click();
    const addons = page.getByRole('dialog', { name: 'Add-ons for Fairway Friends' });
    const selects = addons.getByRole('combobox', { name: /^Mulligan for / });
    await selects.first().waitFor();
    expect(await selects.count()).toBe(4);
    for (let i = 0; i < 4; i++) await selects.nth(i).selectOption('2');
    await addons.getByText('Total $80.00').waitFor();
    await shoot(page, 'items-addons-dialog-1280');
    await addons.getByRole('button', { name: 'Buy Add-ons' }).click();
    await expectToast(page, 'Add-ons bought: $80.00', 'success');

    const answer = await page.request.get('/api/items/purchases/mine');
    const { purchases } = (await answer.json()) as {
      purchases: { kind: string; description: string; status: string; logoUrl: string | null }[];
    };
    expect(purchases.filter((p) => p.kind === 'item')).toMatchObject([{ description: 'Hole sponsor · Hole 5', status: 'hold' }]);
    expect(purchases.filter((p) => p.kind === 'addon').map((p) => p.description.split(' for ')[0])).toEqual(Array(4).fill('Mulligan × 2'));
    await page.getByText('Mulligan × 2 for', { exact: false }).first().waitFor();
    await shoot(page, 'items-dashboard-after-1280');

    // The cap per golfer: the dialog offers no more mulligans.
    await page.getByRole('button', { name: 'Add-ons for Fairway Friends' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('combobox', { name: /^Mulligan for / })
          .first()
          .isDisabled(),
      )
      .toBe(true);
  });

  test('the same page on a phone (390 px): drawn once, then items with places left and Sold out', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await recordLayoutShifts(page);
    await page.goto('/register');
    // The team, the purchases, the items and the side cards arrive in separate answers; on a phone's one column the page
    // waits for them all, so nothing a leader has begun to read moves down (it moved four times).
    await page.getByRole('region', { name: 'Sponsorships for Harbour Charity Open' }).getByText('17 of 18 left').waitFor();
    await page.getByText('Hole sponsor · Hole 5').waitFor();
    await page.waitForTimeout(500);
    expect(await shiftsInMain(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sponsor: Beverage cart sponsor' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Buy' }).click();
    await expectToast(page, 'Beverage cart sponsor is yours', 'success');
    const cart = page.getByRole('button', { name: 'Sponsor: Beverage cart sponsor' });
    await expect.poll(() => cart.isDisabled()).toBe(true);
    await page.getByRole('region', { name: 'Sponsorships for Harbour Charity Open' }).getByText('Sold out').waitFor();
    await shoot(page, 'items-dashboard-390');
  });
});

describe('add-ons with the registration', () => {
  test('right after registering a team, its golfers are offered the add-ons', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register Your First Team' }).click();
    await page.getByLabel('Tournament', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('radio', { name: /Foursome/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Team name', { exact: true }).fill('Late Birdies');
    for (let i = 1; i <= 4; i++) {
      const player = page.getByRole('group', { name: `Player ${i}`, exact: true });
      await player.getByLabel('First name', { exact: true }).fill(`Ada${i}`);
      await player.getByLabel('Last name', { exact: true }).fill('Golfer');
      await player.getByLabel('Email', { exact: true }).fill(`ada${i}@example.org`);
    }
    await page.getByLabel('Company', { exact: true }).fill('Birdie Co');
    await page.getByLabel('Contact name', { exact: true }).fill('Ada Admin');
    await page.getByLabel('Contact phone', { exact: true }).fill('555-0100');
    await page.getByLabel('Contact email', { exact: true }).fill('ada@example.org');
    await page.getByRole('button', { name: 'Register 1 Team' }).click();
    const addons = page.getByRole('dialog', { name: 'Add-ons for Late Birdies' });
    await addons.getByRole('combobox', { name: 'Raffle ticket for Ada1 Golfer' }).selectOption('4');
    await addons.getByText('Total $20.00').waitFor();
    await addons.getByRole('button', { name: 'Buy Add-ons' }).click();
    await expectToast(page, 'Add-ons bought: $20.00', 'success');
  });
});

describe('staff sell an add-on at check-in', () => {
  test('a raffle ticket for a golfer, paid in cash, shown on their row (1280 and 390 px)', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.moderator });
    await page.goto('/admin/check-in');
    const sell = page.getByRole('button', { name: /^Sell an add-on to / });
    await sell.first().waitFor();
    const name = (await sell.last().getAttribute('aria-label'))!.replace('Sell an add-on to ', '');
    await sell.last().click();
    const dialog = page.getByRole('dialog', { name: `Sell an add-on to ${name}` });
    await dialog.getByLabel('Add-on').selectOption({ label: 'Raffle ticket · $5.00 (at most 10 per golfer)' });
    await dialog.getByLabel('How many').selectOption('3');
    await dialog.getByLabel('Cash').check();
    await dialog.getByText('Total $15.00').waitFor();
    await shoot(page, 'items-sell-addon-dialog-1280');
    await dialog.getByRole('button', { name: 'Record Sale' }).click();
    await expectToast(page, `Sold to ${name}`, 'success');
    const row = page.getByRole('list', { name: `Add-ons of ${name}` }).last();
    await row.getByText('Raffle ticket × 3').waitFor();
    await shoot(page, 'items-check-in-1280');

    const phone = await journey.visitor({ as: E2E_ACCOUNTS.moderator, viewport: 'mobile' });
    await phone.goto('/admin/check-in');
    await phone
      .getByRole('list', { name: `Add-ons of ${name}` })
      .first()
      .getByText('Raffle ticket × 3')
      .waitFor();
    await shoot(phone, 'items-check-in-390');
  });
});
