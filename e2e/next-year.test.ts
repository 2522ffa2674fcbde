// Journey: the next year (R59), on a 390 px phone. An admin copies last year's tournament ('Copy' on its card: the form's
// messages for an empty name and an end before the start, then a copy with new dates), opens it, a leader registers a team
// in the copy at last year's level and price, and the copy's starting sheet prints with that team. The copy carried none
// of last year's teams. Then the thank-you e-mail of a finished tournament, rendered as sent, at 1280 and 390 px.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createCourse } from '../src/server/courses/service';
import { tournaments } from '../src/server/db/schema';
import { thankYouMessage } from '../src/server/mail/next-year-templates';
import { samples } from '../src/server/mail/mail-samples.fixture';
import { registerTeams } from '../src/server/registration/service';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import { createTournamentDay, insertScores, linkCourse } from '../src/server/test/tournament-day-fixtures';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectFieldError, expectToast } from './support/page-expectations';

const LAST_YEAR = 'Lakeside Classic 2026';
const NEXT_YEAR = 'Lakeside Classic 2027';

let finishedId = '';
const journey = setUpJourney({
  seed: async (db) => {
    const admin = (await findUserByEmail(db, E2E_ACCOUNTS.admin.email))!;
    // Last month's outing, scored, with a goal: its results page.
    const day = await createTournamentDay(db, admin.id, { teams: 5, holes: 18, label: 'Harbor Foursome' });
    for (const [i, team] of day.teams.entries())
      await insertScores(db, day.tournament.id, team, [Array.from({ length: 18 }, (_, h) => 3 + ((h + i) % 3))]);
    await db
      .update(tournaments)
      .set({ name: 'Harbor Spring Scramble', startDate: daysFromToday(-30), goalCents: 2_500_000, active: false })
      .where(eq(tournaments.id, day.tournament.id));
    finishedId = day.tournament.id;
    const source = await createTournament(db, { name: LAST_YEAR, startDate: daysFromToday(30), cause: 'Camp places for kids' });
    const course = await createCourse(db, { name: 'Lakeside Links', totalHoles: 18 });
    await linkCourse(db, source.id, course.id);
    const level = await createLevel(db, source.id, { name: 'Birdie Sponsor', priceCents: 120_000, maxTeams: 4 });
    // Last year's field: a team the copy must not carry.
    await registerTeams(
      db,
      admin.id,
      {
        ...registrationInput(source.id, level.id),
        teams: [{ ...registrationInput(source.id, level.id).teams[0]!, teamName: 'Old Timers' }],
      },
      new Date(),
    );
    await db.update(tournaments).set({ active: true }).where(eq(tournaments.id, source.id));
  },
});

async function fillPlayers(page: Page, label: string) {
  for (let i = 1; i <= 4; i++) {
    const player = page.getByRole('group', { name: `Player ${i}`, exact: true });
    await player.getByLabel('First name', { exact: true }).fill(`${label}${i}`);
    await player.getByLabel('Last name', { exact: true }).fill('Golfer');
    await player.getByLabel('Email', { exact: true }).fill(`${label.toLowerCase()}${i}@example.org`);
  }
}

describe('the next year', () => {
  test('an admin copies last year on a phone, a leader registers in the copy, and its starting sheet prints', async () => {
    const admin = await journey.visitor({ as: E2E_ACCOUNTS.admin, viewport: 'mobile' });
    await admin.goto('/admin/tournaments');
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: LAST_YEAR }) });
    await card.getByRole('button', { name: `Copy ${LAST_YEAR} to a new tournament` }).click();
    const dialog = admin.getByRole('dialog', { name: `Copy ${LAST_YEAR}` });
    // The name is proposed a year on; the dates too.
    expect(await dialog.getByLabel('New name').inputValue()).toBe(NEXT_YEAR);
    await dialog.getByLabel('New name').fill(' ');
    await dialog.getByLabel('Start date').fill(daysFromToday(400));
    await dialog.getByLabel('End date').fill(daysFromToday(399));
    await dialog.getByRole('button', { name: 'Copy Tournament' }).click();
    await expectFieldError(dialog, 'New name', 'Name is required');
    await expectFieldError(dialog, 'End date', 'End date cannot be before the start date');
    await shoot(admin, 'next-year-copy-form-errors-390');
    await dialog.getByLabel('New name').fill(NEXT_YEAR);
    await dialog.getByLabel('Start date').fill(daysFromToday(60));
    await dialog.getByLabel('End date').fill('');
    await expectUsable(admin, 'Tournaments', 'copy form');
    await shoot(admin, 'next-year-copy-form-390');
    await resizeTo(admin, 'desktop');
    await shoot(admin, 'next-year-copy-form-1280');
    await resizeTo(admin, 'mobile');
    await dialog.getByRole('button', { name: 'Copy Tournament' }).click();
    await expectToast(admin, `${NEXT_YEAR} created from ${LAST_YEAR}: closed until you activate it`, 'success');
    const copy = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: NEXT_YEAR }) });
    await copy.getByText('Inactive').waitFor();
    // Nothing sold came along.
    await copy.getByText('0 / no limit').waitFor();
    await copy.getByRole('button', { name: `Activate ${NEXT_YEAR}` }).click();
    await expectToast(admin, `${NEXT_YEAR} activated: registration is open`, 'success');

    // A leader registers a team in the copy, at last year's level and price.
    const leader = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await leader.goto('/register');
    await leader.getByRole('button', { name: 'Register Your First Team' }).click();
    const select = leader.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: NEXT_YEAR }).waitFor({ state: 'attached' });
    const options = await select.locator('option').allInnerTexts();
    await select.selectOption({ index: options.findIndex((text) => text.startsWith(NEXT_YEAR)) });
    await leader.getByText('$1,200.00 per team').waitFor();
    await leader.getByRole('radio', { name: /Birdie Sponsor/ }).check();
    await leader.getByRole('button', { name: 'Continue' }).click();
    await leader.getByText('Step 2 of 2: your teams and players').waitFor();
    await leader.getByLabel('Team name', { exact: true }).fill('New Season Four');
    await leader.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
    await leader.getByLabel('Contact phone', { exact: true }).fill('555-0100');
    await leader.getByLabel('Contact email', { exact: true }).fill(E2E_ACCOUNTS.leader.email);
    await fillPlayers(leader, 'Season');
    await leader.getByRole('button', { name: /^Register (1 )?Team$/ }).click();
    await expectToast(leader, 'Team registered', 'success');
    await leader.getByRole('heading', { name: 'New Season Four', exact: true }).waitFor();

    // The copy's starting sheet, drawn on last year's course, prints with the new team and none of last year's.
    const list = await admin.request.get(journey.at('/api/admin/tournaments'));
    const { tournaments: all } = (await list.json()) as { tournaments: { id: string; name: string }[] };
    const copied = all.find((t) => t.name === NEXT_YEAR)!;
    const drawn = await admin.request.post(journey.at(`/api/admin/tournaments/${copied.id}/assign-teams`), {
      headers: { origin: journey.portal.url },
    });
    expect(drawn.status()).toBe(200);
    await admin.goto(`/admin/tournaments/${copied.id}/starting-sheet`);
    await admin.getByText('New Season Four').first().waitFor();
    expect(await admin.getByText('Old Timers').count()).toBe(0);
    await admin.emulateMedia({ media: 'print' });
    const pdf = await admin.pdf({ format: 'Letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await shoot(admin, 'next-year-starting-sheet-print-390');
  });

  test('the thank-you e-mail as sent, at 1280 and 390 px', async () => {
    const page = await journey.visitor({ viewport: 'desktop' });
    await page.setContent(thankYouMessage(samples.thankYouMessage[0]!).html);
    await page.getByRole('heading', { name: /Thank you for/ }).waitFor();
    await shoot(page, 'next-year-thank-you-mail-1280');
    await resizeTo(page, 'mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'next-year-thank-you-mail-390');
  });

  test('the results page of a finished tournament, at 390 and 1280 px', async () => {
    const page = await journey.visitor({ viewport: 'mobile' });
    await page.goto(`/results/${finishedId}`);
    await page.getByRole('heading', { name: 'Harbor Spring Scramble', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Final board' }).waitFor();
    await page.getByText('of our $25,000.00 goal (0%)').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'next-year-results-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'next-year-results-1280');
    expect((await page.request.get(journey.at('/results/00000000-0000-4000-8000-000000000000'))).status()).toBe(404);
  });
});
