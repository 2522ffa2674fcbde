// Journey: the paddle raise at the dinner (R56). A moderator on a 390 px phone opens a raise with its giving levels, records
// a raised paddle on the keypad (an unknown number is refused plainly and records nothing; Enter records), a guest pledges
// from their phone with their name allowed, and TV mode on the projector shows the total rising with each pledge, without
// a reload. Every page at 1280 and 390 px: one h1, labelled inputs, axe, screenshots.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { bidderFor } from '../src/server/auction/bidders';
import { createTournament, daysFromToday } from '../src/server/test/factories';
import { unknownBidder } from '../src/shared/paddle-raise-schemas';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectHeading } from './support/page-expectations';

let tournamentId = '';
const journey = setUpJourney({
  seed: async (db) => {
    const gala = await createTournament(db, { name: 'Lakeside Gala', startDate: daysFromToday(0), active: true });
    tournamentId = gala.id;
    // A dinner guest staff added earlier: paddle #1.
    await bidderFor(db, gala.id, { name: 'Dana Diner', email: 'dana@example.org' }, true);
  },
});

const total = (page: Page) => page.getByTestId('paddle-total');
async function bothWidths(page: Page, heading: string, name: string) {
  for (const viewport of ['desktop', 'mobile'] as const) {
    await resizeTo(page, viewport);
    await expectUsable(page, heading, `${name} ${viewport}`);
    await shoot(page, `${name}-${viewport === 'desktop' ? 1280 : 390}`);
  }
}

describe('the paddle raise', () => {
  test('staff open a raise and record a paddle, a guest pledges from the phone, and TV mode follows live', async () => {
    const staff = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.moderator });
    await staff.goto(`/admin/paddle-raise?tournament=${tournamentId}`);
    await expectHeading(staff, 'Paddle raise');
    await staff.getByLabel('Title').fill('Fund a year of swimming lessons');
    await staff.getByLabel('Giving levels').fill('5,000 / 1,000 / 500 / 100');
    await staff.getByRole('button', { name: 'Open the raise' }).click();
    await staff.getByText('Open', { exact: true }).waitFor();
    await bothWidths(staff, 'Paddle raise', 'paddle-raise-admin');

    // The projector: TV mode at 1280 px, before any pledge.
    const tv = await journey.visitor({ viewport: 'desktop' });
    await tv.goto(`/paddle/${tournamentId}/tv`);
    await expectHeading(tv, 'Fund a year of swimming lessons');
    await expect.poll(() => total(tv).textContent()).toBe('$0.00');
    await tv.getByText('Live', { exact: true }).waitFor();

    // The keypad on the phone.
    await resizeTo(staff, 'mobile');
    await staff.getByRole('link', { name: 'Keypad' }).click();
    await expectHeading(staff, 'Keypad');
    const number = staff.getByLabel('Paddle number');
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    await staff.getByRole('button', { name: '$1,000', exact: true }).click();
    // The level tap leaves the focus in the number field: typing goes on at once.
    await staff.keyboard.type('99');
    await staff.keyboard.press('Enter');
    await staff
      .getByRole('alert')
      .filter({ hasText: unknownBidder(99) })
      .waitFor();
    await expect.poll(() => total(tv).textContent()).toBe('$0.00');
    await number.fill('1');
    await number.press('Enter');
    await staff.getByRole('status').filter({ hasText: 'Recorded #1 at $1,000' }).waitFor();
    expect(await number.inputValue()).toBe('');
    await staff.getByRole('listitem').filter({ hasText: 'Dana Diner' }).waitFor();
    await bothWidths(staff, 'Keypad', 'paddle-raise-keypad');

    // The screen follows without a reload.
    await expect.poll(() => total(tv).textContent(), { timeout: 10_000 }).toBe('$1,000.00');
    await tv.getByText('#1 Dana Diner').waitFor();

    // A guest pledges from their phone, name allowed.
    const guest = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    await guest.goto(`/paddle/${tournamentId}`);
    await expectHeading(guest, 'Fund a year of swimming lessons');
    await guest.getByLabel('Show my name on the screen').check();
    await guest.getByRole('button', { name: 'Pledge $500' }).click();
    await guest.getByRole('status').filter({ hasText: 'You pledged $500 as paddle #2' }).waitFor();
    await guest.getByText('Your paddle number is #2').waitFor();
    await guest.getByText('Pay at the checkout table tonight').waitFor();
    await bothWidths(guest, 'Fund a year of swimming lessons', 'paddle-raise-guest');

    await expect.poll(() => total(tv).textContent(), { timeout: 10_000 }).toBe('$1,500.00');
    await tv.getByText('2 pledges', { exact: false }).waitFor();
    await bothWidths(tv, 'Fund a year of swimming lessons', 'paddle-raise-tv');
  });
});
