// Journey: the waitlist (R25). A leader finds a level sold out, joins its waitlist from the registration flow and sees
// their place in line; staff see the line (Admin → Waitlist, 390 px); the place frees up (staff delete the team that held
// it), the offer e-mail arrives, and its link opens the registration for the kept place, which registers the team.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { registerTeams } from '../src/server/registration/service';
import { findLink } from '../src/server/test/mail-catcher';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { setUpJourney, shoot } from './support/journey';
import { expectToast } from './support/page-expectations';

let heldTeamId = '';
const journey = setUpJourney({
  smtp: true,
  seed: async (db) => {
    const admin = (await findUserByEmail(db, E2E_ACCOUNTS.admin.email))!;
    const lakeview = await createTournament(db, { name: 'Lakeview Classic', startDate: daysFromToday(50) });
    const albatross = await createLevel(db, lakeview.id, {
      name: 'Albatross Sponsor',
      priceCents: 300_000,
      maxTeams: 1,
      description: 'Flag on the 18th',
    });
    await createLevel(db, lakeview.id, { name: 'Par Sponsor', priceCents: 50_000, maxTeams: 5 });
    const held = await registerTeams(
      db,
      admin.id,
      {
        ...registrationInput(lakeview.id, albatross.id),
        teams: [{ ...registrationInput(lakeview.id, albatross.id).teams[0]!, teamName: 'Early Birds' }],
      },
      new Date(),
    );
    heldTeamId = held.teams[0]!.id;
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

describe('the waitlist', () => {
  test('a leader joins a sold-out level’s waitlist, staff see it, and the offer link registers the kept place', async () => {
    const leader = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await leader.goto('/register');
    await leader.getByRole('button', { name: 'Register Your First Team' }).click();
    const select = leader.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: 'Lakeview Classic' }).waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
    await leader.getByText('Sold out').waitFor();
    // The sold-out level cannot be chosen; it offers its waitlist.
    expect(await leader.getByRole('radio', { name: /Albatross Sponsor/ }).isDisabled()).toBe(true);
    await leader.getByRole('button', { name: 'Join the waitlist for Albatross Sponsor' }).click();
    const form = leader.getByRole('form', { name: 'Join the waitlist: Albatross Sponsor' });
    expect(await form.getByLabel('Contact email').inputValue()).toBe(E2E_ACCOUNTS.leader.email);
    await form.getByLabel('Teams').fill('0');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await form.getByText('At least 1 team').waitFor();
    await form.getByLabel('Teams').fill('1');
    await expectUsable(leader, 'Welcome, Lee', 'waitlist form');
    await shoot(leader, 'waitlist-join-1280');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expectToast(leader, 'You are on the waitlist for Albatross Sponsor: 1st in line', 'success');
    await leader.getByRole('button', { name: 'Cancel' }).first().click();
    const mine = leader.getByRole('list', { name: 'Your waitlist' });
    await mine.getByText('number 1 in line', { exact: false }).waitFor();

    // Staff see the line on a phone.
    const staff = await journey.visitor({ as: E2E_ACCOUNTS.moderator, viewport: 'mobile' });
    await staff.goto('/admin/waitlist');
    await staff.getByRole('heading', { name: 'Waitlist', level: 1 }).waitFor();
    const line = staff.getByRole('list', { name: 'Waitlist for Albatross Sponsor' });
    await line.getByText(E2E_ACCOUNTS.leader.email).waitFor();
    await expectUsable(staff, 'Waitlist', 'admin waitlist');
    await shoot(staff, 'waitlist-admin-390');

    // The place frees up: the admin deletes the team that held it; the offer goes out at once.
    const admin = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    const deleted = await admin.request.delete(journey.at(`/api/admin/teams/${heldTeamId}`), { headers: { origin: journey.portal.url } });
    expect(deleted.status()).toBe(204);
    const offer = await journey.portal.mail!.waitFor(E2E_ACCOUNTS.leader.email, (m) =>
      m.subject.startsWith('A place opened up at Lakeview Classic'),
    );
    const link = findLink(offer, `${journey.portal.url}/register?offer=`);

    await leader.goto(link);
    await leader.getByText('Step 2 of 2: your teams and players').waitFor();
    await leader.getByLabel('Team name', { exact: true }).fill('Waitlist Winners');
    await leader.getByLabel('Company', { exact: true }).fill('Patience Inc');
    await leader.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
    await leader.getByLabel('Contact phone', { exact: true }).fill('555-0100');
    await leader.getByLabel('Contact email', { exact: true }).fill(E2E_ACCOUNTS.leader.email);
    await fillPlayers(leader, 'Patient');
    await shoot(leader, 'waitlist-offer-form-1280');
    await leader.getByRole('button', { name: 'Register Team' }).click();
    await expectToast(leader, 'Team registered', 'success');
    await leader.getByRole('heading', { name: 'Waitlist Winners', exact: true }).waitFor();
    await expect.poll(() => leader.getByRole('list', { name: 'Your waitlist' }).count()).toBe(0);
    await shoot(leader, 'waitlist-registered-1280');

    // The line is empty for staff now.
    await staff.reload();
    await staff.getByText('Nobody is waiting for a place in this tournament.').waitFor();
  });
});
