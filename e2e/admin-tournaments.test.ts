// Journey: an organiser sets up a tournament with its pricing from nothing (spec §2 Tournaments, §5, R13, R16): a golf course
// and sponsorship levels through the admin API, then the tournament on /admin/tournaments with the form; a team leader then sees
// it on /register with those prices and places. The page at 1280 and 390 px: one h1, labelled inputs, axe, no sideways scroll.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { h1Texts, inputsWithoutVisibleLabel, scanWithAxe, seriousOrWorse } from './support/accessibility';
import { setUpJourney, shoot, type ViewportName } from './support/journey';
import { expectFieldError, expectHeading, expectToast } from './support/page-expectations';

const journey = setUpJourney();
const NAME = 'Hope Harbor Golf Classic';

/** What the organiser made on the other admin pages, through the same API they call. */
async function createThroughApi(page: Page, path: string, data: unknown) {
  const origin = journey.portal.url;
  const response = await page.context().request.post(`${origin}${path}`, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
}

async function checkPage(page: Page, label: string) {
  expect(await h1Texts(page)).toEqual(['Tournaments']);
  expect(await inputsWithoutVisibleLabel(page)).toEqual([]);
  expect(seriousOrWorse(await scanWithAxe(page, label))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('an organiser', () => {
  test('sets up a tournament with a course and priced levels; a team leader registers at those prices', async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await createThroughApi(admin, '/api/admin/courses', { name: 'Willow Creek Golf Club', totalHoles: 18 });
    await createThroughApi(admin, '/api/admin/sponsorship-levels', {
      name: 'Eagle Sponsor',
      description: 'A foursome and a tee-box sign.',
      maxTeams: 3,
    });
    await createThroughApi(admin, '/api/admin/sponsorship-levels', {
      name: 'Foursome',
      description: 'Four golfers with carts and lunch.',
      maxTeams: 10,
    });

    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tournaments' }).click();
    await expectHeading(admin, 'Tournaments');
    await admin.getByText('No tournaments yet').waitFor();

    await admin.getByRole('button', { name: 'New Tournament' }).click();
    const form = admin.locator('form');
    await form.getByRole('heading', { name: 'New tournament' }).waitFor();
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expectFieldError(form, 'Name', 'Name is required');
    await expectFieldError(form, 'Start date', 'Start date is required');

    await form.getByLabel('Name', { exact: true }).fill(NAME);
    await form.getByLabel('Start date').fill('2027-05-14');
    await form.getByLabel('End date').fill('2027-05-13');
    await form.getByLabel('Max teams').fill('0');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expectFieldError(form, 'End date', 'End date cannot be before the start date');
    await expectFieldError(form, 'Max teams', 'Max teams must be a whole number from 1 to 10,000, or empty for no limit');

    await form.getByLabel('End date').fill('2027-05-14');
    await form.getByLabel('Max teams').fill('36');
    await form.getByLabel('Golf course').selectOption({ label: 'Willow Creek Golf Club (18 holes, par 72)' });
    await form.getByRole('checkbox', { name: 'Eagle Sponsor' }).check();
    const eagle = form.getByRole('group', { name: 'Eagle Sponsor' });
    // A newly offered level starts with the level's own number of places (R13).
    expect(await eagle.getByLabel('Places').inputValue()).toBe('3');
    await eagle.getByLabel('Price per team (USD)').fill('-5');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expectFieldError(eagle, 'Price per team (USD)', 'Enter a price of 0 or more, with at most two decimals');
    await eagle.getByLabel('Price per team (USD)').fill('5,000');
    await form.getByRole('checkbox', { name: 'Foursome' }).check();
    const foursome = form.getByRole('group', { name: 'Foursome' });
    await foursome.getByLabel('Price per team (USD)').fill('1200.5');
    await foursome.getByLabel('Places').fill('24');
    // A place without a value received says what its receipts will then claim (R39); a value puts it away.
    const NO_VALUE_HINT = 'No value received: its receipts will say the whole price may be deductible, though a team place includes golf.';
    await foursome.getByText(NO_VALUE_HINT).waitFor();
    await foursome.getByLabel('Value received (USD)').fill('320');
    await foursome.getByText(NO_VALUE_HINT).waitFor({ state: 'detached' });
    await eagle.getByText(NO_VALUE_HINT).waitFor();
    await checkPage(admin, 'tournament form (1280)');
    await shoot(admin, `admin-tournaments-form-desktop`);

    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await expectToast(admin, 'Tournament created', 'success');
    const row = admin.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Hope Harbor Golf Classic\s+May 14, 2027\s+Active\s+0 \/ 36\s+Willow Creek Golf Club/);

    // Edit opens the same form filled in; a new price is saved.
    await admin.getByRole('button', { name: `Edit ${NAME}` }).click();
    await form.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    expect(await eagle.getByLabel('Price per team (USD)').inputValue()).toBe('5000.00');
    expect(await foursome.getByLabel('Price per team (USD)').inputValue()).toBe('1200.50');
    await foursome.getByLabel('Price per team (USD)').fill('1150');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(admin, 'Tournament updated', 'success');

    const leader = await journey.visitor({ as: journey.portal.users.leader });
    await leader.goto('/register');
    await leader.getByRole('button', { name: 'Register Your First Team' }).click();
    await leader.getByLabel('Tournament', { exact: true }).selectOption({ label: `${NAME} (May 14, 2027)` });
    await leader.getByText('$5,000.00 per team').waitFor();
    await leader.getByText('$1,150.00 per team').waitFor();
    await leader.getByText('3 of 3 places left').waitFor();
    await leader.getByText('24 of 24 places left').waitFor();

    // Closing registration takes it off the leader's list.
    await admin.getByRole('button', { name: `Deactivate ${NAME}` }).click();
    await expectToast(admin, `${NAME} deactivated: registration is closed`, 'success');
    await leader.reload();
    await expectHeading(leader, /Welcome/);
    expect(await leader.getByRole('button', { name: 'Register Your First Team' }).isDisabled()).toBe(true);
  });

  // Uses the tournament the test above made.
  test.each(['desktop', 'mobile'] as ViewportName[])('finds the list and the form usable at %s width', async (viewport) => {
    const admin = await journey.visitor({ as: journey.portal.users.admin, viewport });
    await admin.goto('/admin/tournaments');
    await expectHeading(admin, 'Tournaments');
    await admin.getByRole('button', { name: `Edit ${NAME}` }).click();
    await admin.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    await checkPage(admin, `tournaments page (${viewport})`);
    await shoot(admin, `admin-tournaments-${viewport}`);
  });
});

describe('a moderator', () => {
  test('is sent back to the Dashboard from /admin/tournaments and sees no Tournaments link', async () => {
    const moderator = await journey.visitor({ as: journey.portal.users.moderator });
    await moderator.goto('/admin/tournaments');
    await expectToast(moderator, "You don't have permission to access this page", 'error');
    await expectHeading(moderator, 'Dashboard');
    expect(await moderator.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Tournaments' }).count()).toBe(0);
  });
});
