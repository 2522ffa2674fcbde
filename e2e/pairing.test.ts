// Journey: singles and pairing (R43). A golfer buys a single place from the registration form; staff open Admin →
// Pairing on a 390 px phone, tick two paid singles with the keyboard, choose 'A new team', name it and place them; each
// golfer gets an e-mail naming the team (SMTP catcher), and the team is listed with its free spots. Then at 1280 px.
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createLevel, createSingle, createTournament, daysFromToday } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

const ANN = { firstName: 'Ann', lastName: 'Archer', email: 'ann.archer@example.org' };
const BEN = { firstName: 'Ben', lastName: 'Bishop', email: 'ben.bishop@example.org' };

const journey = setUpJourney({
  smtp: true,
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const lakeside = await createTournament(db, { name: 'Lakeside Charity Open', startDate: daysFromToday(30) });
    const level = await createLevel(db, lakeside.id, { name: 'Foursome', priceCents: 120_000, maxTeams: 5, singlePriceCents: 30_000 });
    await createSingle(db, leader.id, lakeside.id, level.id, ANN);
    await createSingle(db, leader.id, lakeside.id, level.id, BEN);
  },
});

describe('singles and pairing', () => {
  test('a golfer buys a single place; staff pair two singles into a new team on a phone, by keyboard', async () => {
    const golfer = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await golfer.goto('/register');
    await golfer.getByRole('button', { name: /Register (Your First|Another) Team/ }).click();
    const select = golfer.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: 'Lakeside Charity Open' }).waitFor({ state: 'attached' });
    const options = await select.locator('option').allInnerTexts();
    await select.selectOption({ index: options.findIndex((text) => text.startsWith('Lakeside Charity Open')) });
    await golfer.getByRole('button', { name: /Buy a single place at Foursome/ }).click();
    await golfer.getByRole('heading', { name: /Buy a single place/ }).waitFor();
    // The place starts as the signed-in golfer's own (decision 145); this one is for a friend.
    const { firstName, email } = E2E_ACCOUNTS.leader;
    expect([await golfer.getByLabel('First name').inputValue(), await golfer.getByLabel('Email').inputValue()]).toEqual([firstName, email]);
    await golfer.getByLabel('First name').fill('Cy');
    await golfer.getByLabel('Last name').fill('Carter');
    await golfer.getByLabel('Email').fill('cy.carter@example.org');
    await golfer.getByLabel('Phone').fill('555-0133');
    await shoot(golfer, 'pairing-single-form-390');
    await golfer.getByRole('button', { name: 'Buy a Single Place' }).click();
    await expectToast(golfer, 'Single place registered', 'success');

    const staff = await journey.visitor({ as: E2E_ACCOUNTS.admin, viewport: 'mobile' });
    await staff.goto('/admin/pairing');
    await expectHeading(staff, 'Pairing');
    await staff.getByLabel('Tournament').selectOption({ label: 'Lakeside Charity Open' });
    await staff.getByRole('heading', { name: 'Unpaired singles (3)' }).waitFor();
    // Cy has not paid yet (a hold): shown, but not placeable.
    expect(await staff.getByRole('checkbox', { name: /Cy Carter/ }).isDisabled()).toBe(true);
    await expectUsable(staff, 'Pairing', 'Pairing, 390 px');
    await shoot(staff, 'pairing-before-390');

    // By keyboard: Space ticks each single, the select and the name field take typed choices, Enter places them.
    await staff.getByRole('checkbox', { name: /Ann Archer/ }).focus();
    await staff.keyboard.press('Space');
    await staff.getByRole('checkbox', { name: /Ben Bishop/ }).focus();
    await staff.keyboard.press('Space');
    await staff.getByLabel('Place them into').selectOption({ label: 'A new team' });
    await staff.getByLabel('New team name').focus();
    await staff.keyboard.type('Lake Lurkers');
    await shoot(staff, 'pairing-chosen-390');
    await staff.keyboard.press('Enter');
    await expectToast(staff, 'Placed in Lake Lurkers: Ann Archer, Ben Bishop', 'success');
    await staff.getByRole('heading', { name: 'Unpaired singles (1)' }).waitFor();
    await staff.getByRole('heading', { name: 'Teams with free spots (1)' }).waitFor();
    const team = staff.getByRole('listitem').filter({ hasText: 'Lake Lurkers' }).filter({ hasText: 'free spots' });
    expect(await team.innerText()).toContain('2 free spots');
    expect(await team.innerText()).toContain('Ann Archer, Ben Bishop');
    await shoot(staff, 'pairing-after-390');

    for (const golferPlaced of [ANN, BEN]) {
      const mail = await journey.portal.mail!.waitFor(
        golferPlaced.email,
        (m) => m.subject === 'Your team for Lakeside Charity Open: Lake Lurkers',
      );
      expect(mail.text).toContain(`Hi ${golferPlaced.firstName},`);
      expect(mail.text).toContain('You will play with team Lake Lurkers.');
    }

    const wide = await journey.visitor({ as: E2E_ACCOUNTS.admin, viewport: 'desktop' });
    await wide.goto('/admin/pairing');
    await wide.getByLabel('Tournament').selectOption({ label: 'Lakeside Charity Open' });
    await wide.getByRole('heading', { name: 'Teams with free spots (1)' }).waitFor();
    await expectUsable(wide, 'Pairing', 'Pairing, 1280 px');
    await shoot(wide, 'pairing-1280');
  });
});
