// Journey: an organiser reports on the registrations and runs the check-in desk (spec §2 Reports, Golfers, §5; R19), on
// the data of e2e/support/operations-seed.ts, in order on one database: the report's filters and Generate give the counts
// and totals of the seeded teams and the same rows as CSV; golfers are found, checked in (saved: a reload keeps it, and the
// Dashboard counts a team once all four are in), deleted after a confirmation and added, a full team refused.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PLAYERS_PER_TEAM } from '../src/shared/team-schemas';
import { downloadCsv, openAdminPage } from './support/admin-pages';
import { setUpJourney } from './support/journey';
import { HARBOR, LAKESIDE, seedOperations } from './support/operations-seed';
import { expectFieldError, expectToast } from './support/page-expectations';

const journey = setUpJourney({ seed: seedOperations });
const admin = () => journey.visitor({ as: journey.portal.users.admin });

/** A figure of the report's totals. */
const total = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]').innerText();
const byStatus = async (page: Page) =>
  (await page.getByRole('list', { name: 'Teams by payment status' }).getByRole('listitem').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' '),
  );
const reportRows = (page: Page) =>
  page
    .getByRole('table', { name: /^Registrations of/ })
    .locator('tbody tr td:first-child span.font-medium')
    .allInnerTexts();

async function expectTotals(page: Page, expected: Record<string, string>) {
  for (const [label, value] of Object.entries(expected))
    await expect.poll(() => total(page, label), { message: `report ${label}` }).toBe(value);
}

async function generate(page: Page, filters: { from?: string; to?: string; team?: string; status?: string; tournament?: string }) {
  const form = page.getByRole('form', { name: 'Report filters' });
  if (filters.tournament) await form.getByLabel('Tournament').selectOption({ label: filters.tournament });
  if (filters.team !== undefined) await form.getByLabel('Team').selectOption({ label: filters.team });
  if (filters.status !== undefined) await form.getByLabel('Payment status').selectOption({ label: filters.status });
  if (filters.from !== undefined) await form.getByLabel('Registered from').fill(filters.from);
  if (filters.to !== undefined) await form.getByLabel('Registered to').fill(filters.to);
  await form.getByRole('button', { name: 'Generate' }).click();
}

const golferNames = (page: Page) =>
  page.getByRole('table', { name: 'Golfers' }).locator('tbody tr td:first-child span.font-medium').allInnerTexts();
const checkedIn = (page: Page, name: string) => page.getByRole('switch', { name: `Checked in: ${name}` });
const dashboardCheckedIn = async (page: Page) => {
  await openAdminPage(page, 'Dashboard');
  return page.getByRole('heading', { name: 'Checked-In', exact: true }).locator('xpath=following-sibling::p[1]');
};

describe('an organiser', () => {
  test('generates reports whose counts and totals match the registrations, and downloads one as CSV', async () => {
    const page = await admin();
    await openAdminPage(page, 'Reports');
    // The newest active tournament, every registration: 2 × $2,500 + 3 × $800; paid Birdie Brigade and Putt Pirates.
    await page.getByRole('heading', { name: LAKESIDE, level: 2 }).waitFor();
    await page.getByText('All registration dates (UTC)').waitFor();
    await expectTotals(page, {
      Teams: '5',
      Golfers: '20',
      Expected: '$7,400.00',
      'Received (paid)': '$3,300.00',
      Outstanding: '$4,100.00',
    });
    // Its money is the team places' and says so: the Dashboard and Payments count every record (decision 143).
    await page.getByText("The money here is the team places'.", { exact: false }).waitFor();
    expect(await byStatus(page)).toEqual(['Pending 1', 'Hold 1', 'In Progress 1', 'Paid 2', 'Expired 0']);
    expect(await reportRows(page)).toEqual(['Birdie Brigade', 'Eagle Eyes', 'Fairway Friends', 'Sand Trappers', 'Putt Pirates']);

    // Registered 5 to 25 March: Eagle Eyes (9th), Fairway Friends (16th), Sand Trappers (23rd), none paid.
    await generate(page, { from: '2026-03-05', to: '2026-03-25' });
    await expectTotals(page, { Teams: '3', Golfers: '12', Expected: '$4,100.00', 'Received (paid)': '$0.00', Outstanding: '$4,100.00' });
    expect(await reportRows(page)).toEqual(['Eagle Eyes', 'Fairway Friends', 'Sand Trappers']);
    await page.getByText('Registered from Mar 5, 2026 to Mar 25, 2026 (UTC)').waitFor();
    const csv = await downloadCsv(page, page.getByRole('link', { name: 'Download CSV' }));
    expect(csv.filename).toBe('report-lakeside-charity-open.csv');
    expect(csv.rows).toEqual([
      ['Team', 'Company', 'Level', 'Registered', 'Status', 'Golfers', 'Amount (USD)'],
      ['Eagle Eyes', 'Zenith Partners', 'Eagle Sponsor', '2026-03-09', 'Hold', '4', '2500.00'],
      ['Fairway Friends', 'Bright Dental', 'Foursome', '2026-03-16', 'Pending', '4', '800.00'],
      ['Sand Trappers', 'Coastal Bank', 'Foursome', '2026-03-23', 'In Progress', '4', '800.00'],
    ]);

    await generate(page, { status: 'Paid' });
    await page.getByText('No registrations match these filters.').waitFor();
    await expectTotals(page, { Teams: '0', Expected: '$0.00' });

    // Dates the wrong way round: said beside the start date, and the report stays as it was.
    await generate(page, { from: '2026-03-30', to: '2026-03-01' });
    await expectFieldError(page, 'Registered from', 'The start date must be before the end date');
    expect(await total(page, 'Teams')).toBe('0');

    await generate(page, { from: '', to: '' });
    await expectTotals(page, { Teams: '2', Golfers: '8', Expected: '$3,300.00', 'Received (paid)': '$3,300.00', Outstanding: '$0.00' });
    expect(await reportRows(page)).toEqual(['Birdie Brigade', 'Putt Pirates']);

    await generate(page, { status: 'Any status', team: 'Eagle Eyes' });
    await expectTotals(page, { Teams: '1', Golfers: '4', Expected: '$2,500.00', 'Received (paid)': '$0.00' });
    expect(await byStatus(page)).toEqual(['Pending 0', 'Hold 1', 'In Progress 0', 'Paid 0', 'Expired 0']);

    // Another tournament: its own teams (the team choice starts over).
    await generate(page, { tournament: `${HARBOR} (active)` });
    await page.getByRole('heading', { name: HARBOR, level: 2 }).waitFor();
    await expectTotals(page, { Teams: '1', Expected: '$500.00', 'Received (paid)': '$500.00', Outstanding: '$0.00' });
    expect(await reportRows(page)).toEqual(['Mulligan Masters']);
  });

  test('checks golfers in: saved across a reload, and the Dashboard counts a team once all its golfers are in', async () => {
    const page = await admin();
    expect(await (await dashboardCheckedIn(page)).innerText()).toBe('0');
    await openAdminPage(page, 'Golfers');
    expect(await page.getByLabel('Tournament').locator('option:checked').innerText()).toBe(LAKESIDE);
    await page.getByText('20 golfer(s) · 3 checked in').waitFor();

    // Search by team: Putt Pirates' four, by last name; three of them already in.
    await page.getByLabel('Search').fill('putt');
    await page.getByText('4 golfer(s) match · 3 checked in').waitFor();
    expect(await golferNames(page)).toEqual(['Joel Fox', 'Dora Lane', 'Beth Soto', 'Kurt Vance']);
    expect(await checkedIn(page, 'Beth Soto').getAttribute('aria-checked')).toBe('false');
    await checkedIn(page, 'Beth Soto').click();
    // Saved with who did it.
    await page.getByRole('row').filter({ hasText: 'Beth Soto' }).getByText('by Ada Admin').waitFor();
    await page.getByText('4 golfer(s) match · 4 checked in').waitFor();

    await page.reload();
    await page.getByLabel('Search').fill('soto');
    await page.getByText('1 golfer(s) match · 1 checked in').waitFor();
    expect(await checkedIn(page, 'Beth Soto').getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => (await dashboardCheckedIn(page)).innerText()).toBe('1');

    // One golfer out again: the team no longer counts.
    await openAdminPage(page, 'Golfers');
    await page.getByLabel('Search').fill('Joel');
    await checkedIn(page, 'Joel Fox').click();
    await page.getByText('1 golfer(s) match · 0 checked in').waitFor();
    await expect.poll(async () => (await dashboardCheckedIn(page)).innerText()).toBe('0');
  });

  test('adds a golfer once the form is complete, deletes one after the confirmation, and is refused a fifth golfer', async () => {
    const page = await admin();
    await openAdminPage(page, 'Golfers');
    await page.getByText('20 golfer(s)', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add Golfer' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Golfer' });
    await dialog.getByRole('button', { name: 'Add Golfer' }).click();
    await expectToast(page, 'Please fill in all required fields.', 'error');
    await expectFieldError(dialog, 'First name', 'Please fill in all required fields.');
    await expectFieldError(dialog, 'Team', 'Please fill in all required fields.');
    // Every Lakeside team has four golfers: none can be chosen.
    const teamOptions = dialog.getByLabel('Team').locator('option:not([value=""])');
    expect(await teamOptions.allInnerTexts()).toEqual(
      ['Birdie Brigade', 'Eagle Eyes', 'Fairway Friends', 'Putt Pirates', 'Sand Trappers'].map(
        (name) => `${name} (${PLAYERS_PER_TEAM}/${PLAYERS_PER_TEAM}, full)`,
      ),
    );
    expect(await teamOptions.evaluateAll((options) => options.every((o) => (o as HTMLOptionElement).disabled))).toBe(true);
    await dialog.getByText('Every team already has 4 golfers: remove a golfer first to make a place.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete asks first, saying what goes; Cancel keeps the golfer.
    await page.getByRole('button', { name: 'Delete Nina Park' }).click();
    let confirm = page.getByRole('dialog', { name: 'Delete golfer?' });
    await confirm
      .getByText('Nina Park will be removed from Fairway Friends, with their check-in and scores. This cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Nina Park' }).click();
    await page.getByRole('button', { name: 'Delete Golfer' }).click();
    await expectToast(page, 'Nina Park deleted', 'success');
    await page.getByText('19 golfer(s) · 3 checked in').waitFor();
    expect(await golferNames(page)).not.toContain('Nina Park');

    // Fairway Friends has a place now.
    await page.getByRole('button', { name: 'Add Golfer' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Golfer' });
    await dialog.getByLabel('First name').fill('Rosa');
    await dialog.getByLabel('Last name').fill('Marin');
    await dialog.getByLabel('E-mail').fill('rosa.marin@e2e.example.org');
    await dialog.getByLabel('Team').selectOption({ label: 'Fairway Friends (3/4)' });
    await dialog.getByRole('button', { name: 'Add Golfer' }).click();
    await expectToast(page, 'Rosa Marin added to Fairway Friends', 'success');
    await page.getByText('20 golfer(s) · 3 checked in').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Rosa Marin' }).getByRole('cell').nth(1).innerText()).toBe('Fairway Friends');

    // Another place opens; while this form is open, another desk fills it: the server refuses the fifth golfer.
    await page.getByRole('button', { name: 'Delete Carl Diaz' }).click();
    confirm = page.getByRole('dialog', { name: 'Delete golfer?' });
    await confirm.getByRole('button', { name: 'Delete Golfer' }).click();
    await expectToast(page, 'Carl Diaz deleted', 'success');
    await page.getByRole('button', { name: 'Add Golfer' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Golfer' });
    await dialog.getByLabel('First name').fill('Leo');
    await dialog.getByLabel('Last name').fill('Grant');
    await dialog.getByLabel('E-mail').fill('leo.grant@e2e.example.org');
    await dialog.getByLabel('Team').selectOption({ label: 'Fairway Friends (3/4)' });
    const origin = journey.portal.url;
    const teamId = await dialog.getByLabel('Team').inputValue();
    const otherDesk = await page.context().request.post(`${origin}/api/admin/golfers`, {
      data: { teamId, firstName: 'Ana', lastName: 'Quist', email: 'ana.quist@e2e.example.org' },
      headers: { origin },
    });
    expect(otherDesk.status(), await otherDesk.text()).toBe(201);
    await dialog.getByRole('button', { name: 'Add Golfer' }).click();
    await expectToast(page, 'Could not add golfer. That team already has 4 golfers', 'error');
    await expectFieldError(dialog, 'Team', 'That team already has 4 golfers');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('20 golfer(s) · 3 checked in').waitFor();
    expect(await golferNames(page)).toContain('Ana Quist');
    expect(await golferNames(page)).not.toContain('Leo Grant');
  });
});
