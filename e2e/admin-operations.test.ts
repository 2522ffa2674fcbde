// Journey: an organiser works a tournament after setting it up (spec §2 Dashboard, Teams, Payments; R15, R16), on the data
// of e2e/support/operations-seed.ts. The tests run in order on one database, each starting from where the last left it:
// the Dashboard's figures; the payment ledger's filters, totals, a recorded cheque and its CSV; the Teams list's search,
// sort, Add Team, the details with the players in order, Update Status, a confirmed Delete and the CSV. Every change is
// followed to the Dashboard and the ledger.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cellsOf, downloadCsv, openAdminPage } from './support/admin-pages';
import { setUpJourney } from './support/journey';
import { HARBOR, LAKESIDE, SEEDED_TEAMS, contactEmailOf, seedOperations, seededTeam } from './support/operations-seed';
import { expectFieldError, expectHeading, expectToast } from './support/page-expectations';

const journey = setUpJourney({ seed: seedOperations });
const admin = () => journey.visitor({ as: journey.portal.users.admin });

/** The figure under a Dashboard or totals card's heading. */
const figure = (page: Page, label: string) =>
  page.getByRole('heading', { name: label, exact: true }).locator('xpath=following-sibling::p[1]').innerText();

async function expectDashboard(page: Page, expected: Record<string, string>) {
  await openAdminPage(page, 'Dashboard');
  for (const [label, value] of Object.entries(expected)) {
    await expect.poll(() => figure(page, label), { message: `Dashboard ${label}` }).toBe(value);
  }
}

/** Team names as listed, top to bottom. */
const listedTeams = (page: Page) => page.getByRole('table', { name: 'Teams' }).locator('tbody tr td:first-child button').allInnerTexts();
const teamRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Teams' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
const ledgerRow = (page: Page, team: string) =>
  page.getByRole('table', { name: 'Payment records' }).getByRole('row').filter({ hasText: team });
const badgeOf = (row: Locator) => row.getByRole('cell').nth(3).innerText();

describe('an organiser', () => {
  test('reads the Dashboard of the newest tournament, and of the other one when chosen', async () => {
    const page = await admin();
    await page.goto('/admin');
    await expectHeading(page, 'Dashboard');
    // The picker says 'Loading…' in its place until the tournaments have come.
    await expect.poll(() => page.getByLabel('Tournament').locator('option:checked').innerText()).toBe(LAKESIDE);
    // Lakeside: Birdie Brigade and Eagle Eyes at $2,500; Fairway Friends, Sand Trappers, Putt Pirates at $800.
    // Paid: Birdie Brigade and Putt Pirates. Pending/Hold: Fairway Friends (pending) and Eagle Eyes (hold); Sand Trappers in progress.
    await expectDashboard(page, {
      'Total Teams': '5',
      Paid: '2',
      'Pending/Hold': '2',
      'Checked-In': '0',
      Expected: '$7,400.00',
      Received: '$3,300.00',
      Outstanding: '$4,100.00',
    });
    await page.getByText('1 more in progress').waitFor();

    await page.getByLabel('Tournament').selectOption({ label: HARBOR });
    await expect.poll(() => figure(page, 'Total Teams')).toBe('1');
    expect(await figure(page, 'Paid')).toBe('1');
    expect(await figure(page, 'Pending/Hold')).toBe('0');
    expect(await figure(page, 'Expected')).toBe('$500.00');
    expect(await figure(page, 'Received')).toBe('$500.00');
    expect(await figure(page, 'Outstanding')).toBe('$0.00');
  });

  test('filters the payment ledger, records a cheque that pays a held team, and exports the ledger', async () => {
    const page = await admin();
    // Held at registration: the team is on Hold, its record In Progress (spec §4); the details say both.
    await openAdminPage(page, 'Teams');
    await page.getByRole('button', { name: 'Eagle Eyes' }).click();
    const heldDetails = page.getByRole('dialog', { name: 'Team details' });
    await heldDetails.getByText('Held for 72 hours at registration').waitFor();
    expect(
      (await heldDetails.getByRole('heading', { name: 'Payment records' }).locator('xpath=following-sibling::ul').innerText()).replace(
        /\s+/g,
        ' ',
      ),
    ).toBe('$2,500.00 In Progress Team: Hold Held for 72 hours at registration');
    await page.keyboard.press('Escape');
    await openAdminPage(page, 'Payments');
    // Every record: 500 + 2 × 2,500 + 3 × 800; received: Mulligan Masters, Birdie Brigade, Putt Pirates.
    await expect.poll(() => figure(page, 'Expected (6 records)')).toBe('$7,900.00');
    expect(await figure(page, 'Received')).toBe('$3,800.00');
    expect(await figure(page, 'Outstanding')).toBe('$4,100.00');
    // (The date column is in the browser's time zone.)
    expect((await cellsOf(ledgerRow(page, 'Eagle Eyes'))).slice(0, 5)).toEqual([
      `Eagle Eyes ${LAKESIDE}`,
      'Eagle Sponsor',
      '$2,500.00',
      'In Progress Team: Hold',
      'Held for 72 hours at registration',
    ]);
    // A record whose team has the same status says nothing more.
    expect((await cellsOf(ledgerRow(page, 'Sand Trappers')))[3]).toBe('In Progress');

    await page.getByLabel('Tournament').selectOption({ label: HARBOR });
    await expect.poll(() => figure(page, 'Expected (1 records)')).toBe('$500.00');
    expect(await page.getByRole('table', { name: 'Payment records' }).locator('tbody tr').count()).toBe(1);
    expect(await figure(page, 'Outstanding')).toBe('$0.00');
    await page.getByLabel('Tournament').selectOption({ label: 'All tournaments' });
    await page.getByLabel('State').selectOption({ label: 'In Progress' });
    // The held Eagle Eyes (its record In Progress) and Sand Trappers.
    await expect.poll(() => figure(page, 'Expected (2 records)')).toBe('$3,300.00');
    expect(await figure(page, 'Received')).toBe('$0.00');
    await page.getByLabel('State').selectOption({ label: 'Any state' });

    // The cheque arrives: the record is paid, with a note.
    await page.getByRole('button', { name: 'Edit payment of Eagle Eyes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment of Eagle Eyes' });
    await dialog.getByText(`$2,500.00 · Eagle Sponsor · ${LAKESIDE}`).waitFor();
    await dialog.getByLabel('State').selectOption({ label: 'Paid' });
    await dialog.getByLabel('Note').fill('Cheque #1042 received');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Payment updated', 'success');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cellsOf(ledgerRow(page, 'Eagle Eyes')).then((c) => c.slice(3, 5))).toEqual(['Paid', 'Cheque #1042 received']);
    await expect.poll(() => figure(page, 'Received')).toBe('$6,300.00');
    expect(await figure(page, 'Outstanding')).toBe('$1,600.00');

    const paidOnly = page.getByLabel('State');
    await paidOnly.selectOption({ label: 'Paid' });
    await expect.poll(() => figure(page, 'Expected (4 records)')).toBe('$6,300.00');
    const csv = await downloadCsv(page, page.getByRole('link', { name: 'Export CSV' }));
    expect(csv.filename).toBe('payments.csv');
    expect(csv.rows[0]).toEqual(['Team', 'Tournament', 'Level', 'Amount (USD)', 'State', 'Note', 'Date', 'Kind', 'Refunded (USD)']);
    expect(
      csv.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['Birdie Brigade', 'Eagle Eyes', 'Mulligan Masters', 'Putt Pirates']);
    expect(csv.rows.find((row) => row[0] === 'Eagle Eyes')).toEqual([
      'Eagle Eyes',
      LAKESIDE,
      'Eagle Sponsor',
      '2500.00',
      'Paid',
      'Cheque #1042 received',
      seededTeam('Eagle Eyes').registeredAt,
      'Team',
      '0.00',
    ]);

    // The team's status followed its record (R15): on the Teams list and the Dashboard.
    await openAdminPage(page, 'Teams');
    // (Polled: the list seen before the payment shows from the cache until its refetch lands.)
    await expect.poll(() => badgeOf(teamRow(page, 'Eagle Eyes'))).toBe('Paid');
    await expectDashboard(page, { Paid: '3', 'Pending/Hold': '1', Expected: '$7,400.00', Received: '$5,800.00', Outstanding: '$1,600.00' });
  });

  test('searches and sorts the teams, and adds a team after the form has said what it needs', async () => {
    const page = await admin();
    await openAdminPage(page, 'Teams');
    const byDate = [...SEEDED_TEAMS].sort((a, b) => b.registeredAt.localeCompare(a.registeredAt)).map((t) => t.name);
    await expect.poll(() => listedTeams(page)).toEqual(byDate);
    await page.getByRole('button', { name: 'Team', exact: true }).click();
    const byName = SEEDED_TEAMS.map((t) => t.name).sort((a, b) => a.localeCompare(b));
    await expect.poll(() => listedTeams(page)).toEqual(byName);
    expect(await page.getByRole('columnheader', { name: 'Team' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Team', exact: true }).click();
    await expect.poll(() => listedTeams(page)).toEqual([...byName].reverse());
    // Back to newest first.
    await page.getByRole('button', { name: 'Registered', exact: true }).click();
    await expect.poll(() => listedTeams(page)).toEqual(byDate);

    // Search: a team's name or its company, any case.
    await page.getByLabel('Search').fill('ZENITH');
    await expect.poll(() => listedTeams(page)).toEqual(['Eagle Eyes']);
    await page.getByLabel('Search').fill('bri');
    // Birdie Brigade by its name, Fairway Friends by its company (Bright Dental).
    await expect.poll(() => listedTeams(page)).toEqual(['Fairway Friends', 'Birdie Brigade']);
    await page.getByLabel('Search').fill('no such team');
    await page.getByText('No teams match these filters.').waitFor();
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Tournament').selectOption({ label: HARBOR });
    await expect.poll(() => listedTeams(page)).toEqual(['Mulligan Masters']);
    await page.getByLabel('Tournament').selectOption({ label: 'All tournaments' });

    await page.getByRole('button', { name: 'Add Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team' });
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expectFieldError(dialog, 'Team name', 'Team name is required');
    await expectFieldError(dialog, 'Tournament', 'Please select a tournament');
    await dialog.getByLabel('Team name').fill('Chip Shots');
    await dialog.getByLabel('Tournament').selectOption({ label: LAKESIDE });
    // Foursome offers 10 places at Lakeside; three are taken.
    await dialog.getByLabel('Sponsorship level (optional)').selectOption({ label: 'Foursome · $800.00 · 7 left' });
    await dialog.getByLabel('Company (optional)').fill('Greens Ltd');
    await dialog.getByRole('button', { name: 'Add player' }).click();
    await dialog.getByRole('button', { name: 'Add player' }).click();
    const player = (n: number) => dialog.getByRole('group', { name: `Player ${n}` });
    await player(1).getByLabel('First name').fill('Quinn');
    await player(1).getByLabel('Last name').fill('Adler');
    await player(1).getByLabel('Email').fill('not an address');
    await player(2).getByLabel('First name').fill('Ivy');
    await player(2).getByLabel('Last name').fill('Nolan');
    await player(2).getByLabel('Email').fill('ivy.nolan@e2e.example.org');
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expectFieldError(player(1), 'Email', 'Invalid email');
    await player(1).getByLabel('Email').fill('quinn.adler@e2e.example.org');
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await expectToast(page, 'Team Chip Shots created', 'success');
    await dialog.waitFor({ state: 'detached' });
    // Newest first: the new team leads the list.
    await expect.poll(() => listedTeams(page).then((names) => names[0])).toBe('Chip Shots');
    expect((await cellsOf(teamRow(page, 'Chip Shots'))).slice(0, 4)).toEqual([`Chip Shots ${LAKESIDE}`, 'Greens Ltd', '2', 'Pending']);

    await page.getByRole('button', { name: 'Chip Shots' }).click();
    const details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByText(`${LAKESIDE} · Foursome ($800.00)`).waitFor();
    expect(await details.getByRole('list', { name: 'Players' }).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Player 1\s+Quinn Adler\s+quinn\.adler@e2e\.example\.org$/),
      expect.stringMatching(/^Player 2\s+Ivy Nolan\s+ivy\.nolan@e2e\.example\.org$/),
    ]);
    await page.keyboard.press('Escape');
    await expectDashboard(page, { 'Total Teams': '6', 'Pending/Hold': '2', Expected: '$8,200.00', Outstanding: '$2,400.00' });
  });

  test('opens a team, sets its payment status, deletes another after the confirmation, and exports the list', async () => {
    const page = await admin();
    await openAdminPage(page, 'Teams');
    await page.getByRole('button', { name: 'Birdie Brigade' }).click();
    let details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByText('Acme Corp').waitFor();
    // Player 1 to 4 as the leader entered them.
    const players = await details.getByRole('list', { name: 'Players' }).getByRole('listitem').allInnerTexts();
    expect(players.map((text) => text.replace(/\s+/g, ' '))).toEqual(
      seededTeam('Birdie Brigade').players.map(
        (name, i) => `Player ${i + 1} ${name} ${name.toLowerCase().replace(' ', '.')}@e2e.example.org`,
      ),
    );
    expect(await details.getByText(`Lee Leader · ${contactEmailOf(seededTeam('Birdie Brigade'))} · 555-0142`).count()).toBe(1);
    await page.keyboard.press('Escape');

    // Fairway Friends pays: the badge, the list, the ledger and the Dashboard follow.
    await page.getByRole('button', { name: 'Fairway Friends' }).click();
    details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByText('Bright Dental').waitFor();
    expect(await details.getByRole('button', { name: 'Update Status' }).isDisabled()).toBe(true);
    await details.getByLabel('Payment status').selectOption({ label: 'Paid' });
    await details.getByRole('button', { name: 'Update Status' }).click();
    await expectToast(page, 'Payment status set to Paid', 'success');
    // The header's badge and the payment record's.
    await expect.poll(() => details.locator('span:text-is("Paid")').count()).toBe(2);
    expect(await details.locator('span:text-is("Pending")').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => badgeOf(teamRow(page, 'Fairway Friends'))).toBe('Paid');
    await openAdminPage(page, 'Payments');
    await expect.poll(() => cellsOf(ledgerRow(page, 'Fairway Friends')).then((c) => c[3])).toBe('Paid');
    await expectDashboard(page, { Paid: '4', 'Pending/Hold': '1', Received: '$6,600.00', Outstanding: '$1,600.00' });

    // Delete: the confirmation says what goes with the team; Cancel keeps it.
    await openAdminPage(page, 'Teams');
    await page.getByRole('button', { name: 'Sand Trappers' }).click();
    details = page.getByRole('dialog', { name: 'Team details' });
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Sand Trappers?' });
    await confirm
      // No draw yet: no starting hole to speak of.
      .getByText(
        'This deletes the team Sand Trappers and everything that goes with it: 4 players, 1 payment record, 0 scores, 0 check-ins. This cannot be undone.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await details.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Sand Trappers?' }).getByRole('button', { name: 'Delete team' }).click();
    await expectToast(page, 'Team Sand Trappers deleted', 'success');
    await details.waitFor({ state: 'detached' });
    await teamRow(page, 'Sand Trappers').waitFor({ state: 'detached' });
    await page.reload();
    await teamRow(page, 'Birdie Brigade').waitFor();
    expect(await listedTeams(page)).not.toContain('Sand Trappers');

    // The CSV is the list as filtered: the paid teams, newest first.
    await page.getByLabel('Payment', { exact: true }).selectOption({ label: 'Paid' });
    await expect
      .poll(() => listedTeams(page))
      .toEqual(['Putt Pirates', 'Fairway Friends', 'Eagle Eyes', 'Birdie Brigade', 'Mulligan Masters']);
    const csv = await downloadCsv(page, page.getByRole('link', { name: 'Export CSV' }));
    expect(csv.filename).toBe('teams.csv');
    expect(csv.rows[0]).toEqual([
      'Team',
      'Company',
      'Tournament',
      'Level',
      'Players',
      'Payment',
      'Contact name',
      'Contact email',
      'Contact phone',
      'Registered',
    ]);
    expect(csv.rows.slice(1).map((row) => row[0])).toEqual([
      'Putt Pirates',
      'Fairway Friends',
      'Eagle Eyes',
      'Birdie Brigade',
      'Mulligan Masters',
    ]);
    expect(csv.rows.find((row) => row[0] === 'Birdie Brigade')).toEqual([
      'Birdie Brigade',
      'Acme Corp',
      LAKESIDE,
      'Eagle Sponsor',
      '4',
      'Paid',
      'Lee Leader',
      'birdie.brigade@e2e.example.org',
      '555-0142',
      seededTeam('Birdie Brigade').registeredAt,
    ]);

    // Sand Trappers' $800 (in progress) left the expected money; nothing is in progress any more.
    await expectDashboard(page, { 'Total Teams': '5', Paid: '4', Expected: '$7,400.00', Received: '$6,600.00', Outstanding: '$800.00' });
    expect(await page.getByText('more in progress').count()).toBe(0);
  });
});
