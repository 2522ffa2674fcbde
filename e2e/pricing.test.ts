// Journey: discount codes and early-bird prices (R57, R58). An admin sees Admin → Codes and adds a code; a leader on a 390 px
// phone sees a level's early price with its last day, applies a code (an unknown one first: the reason beside the field),
// sees the discount and the total drop, and registers at that price; Home shows the early price with its last day; a
// sponsorship item is taken free with a 'free' code; Admin → Settings has the card fee's fields. Pages at 1280 and 390 px.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { findUserByEmail } from '../src/server/account/service';
import { createCode } from '../src/server/pricing/codes-service';
import { createItem } from '../src/server/items/service';
import { createLevel, createTournament, daysFromToday } from '../src/server/test/factories';
import { discountCodeSchema } from '../src/shared/pricing-schemas';
import { E2E_ACCOUNTS } from './support/accounts';
import { setUpJourney, shoot } from './support/journey';

const journey = setUpJourney({
  seed: async (db) => {
    await findUserByEmail(db, E2E_ACCOUNTS.leader.email);
    const open = await createTournament(db, { name: 'Lakeside Pricing Classic', startDate: daysFromToday(60) });
    const level = await createLevel(db, open.id, {
      name: 'Birdie Foursome',
      priceCents: 80_000,
      maxTeams: 10,
      earlyPriceCents: 60_000,
      earlyUntil: daysFromToday(20),
    });
    await createCode(
      db,
      open.id,
      discountCodeSchema.parse({ code: 'FRIENDS25', kind: 'percent', percent: 25, levelIds: [level.id], maxUses: 10 }),
    );
    const item = await createItem(db, open.id, {
      name: 'Beverage cart',
      includes: 'A sign on the cart',
      priceCents: 30_000,
      quantity: 5,
      fmvCents: 0,
      isHole: false,
    });
    await createCode(db, open.id, discountCodeSchema.parse({ code: 'CARTFREE', kind: 'free', itemIds: [item.id], maxUses: 1 }));
  },
});

async function fillTeam(page: Page) {
  await page.getByLabel('Team name', { exact: true }).fill('Early Birds');
  await page.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
  await page.getByLabel('Contact phone', { exact: true }).fill('555-0100');
  await page.getByLabel('Contact email', { exact: true }).fill('lee@example.org');
  for (let i = 1; i <= 4; i++) {
    const player = page.getByRole('group', { name: `Player ${i}`, exact: true });
    await player.getByLabel('First name', { exact: true }).fill(`Golfer${i}`);
    await player.getByLabel('Last name', { exact: true }).fill('Early');
    await player.getByLabel('Email', { exact: true }).fill(`early${i}@example.org`);
  }
}

describe('codes and early-bird prices', () => {
  test('Admin → Codes lists the code with its uses, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await journey.visitor({ viewport, as: E2E_ACCOUNTS.admin });
      await page.goto('/admin/codes');
      const picker = page.getByLabel('Tournament', { exact: true });
      await picker.locator('option', { hasText: 'Lakeside Pricing Classic' }).first().waitFor({ state: 'attached' });
      const options = await picker.locator('option').allInnerTexts();
      await picker.selectOption({ index: options.findIndex((t) => t.startsWith('Lakeside Pricing Classic')) });
      await page.getByText('FRIENDS25', { exact: true }).first().waitFor();
      await page.getByText('25 % off · 0 of 10 used · any day').waitFor();
      await shoot(page, `codes-admin-${viewport === 'desktop' ? 1280 : 390}`);
      await page.getByRole('button', { name: 'Add Code' }).click();
      await page.getByRole('dialog', { name: 'Add Code' }).getByLabel('Code', { exact: true }).waitFor();
      await shoot(page, `codes-add-dialog-${viewport === 'desktop' ? 1280 : 390}`);
      await page.close();
    }
  });

  test('a leader on a phone sees the early price, applies a code and registers at the discounted price', async () => {
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    await page
      .getByRole('button', { name: /Register/ })
      .first()
      .click();
    const select = page.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: 'Lakeside Pricing Classic' }).first().waitFor({ state: 'attached' });
    const options = await select.locator('option').allInnerTexts();
    await select.selectOption({ index: options.findIndex((t) => t.startsWith('Lakeside Pricing Classic')) });
    const level = page.getByRole('radio', { name: /Birdie Foursome/ });
    await level.waitFor();
    await page
      .getByText(/Early-bird price until/)
      .first()
      .waitFor();
    await level.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Total:').waitFor();
    await page.getByText('$600.00').first().waitFor();

    await page.getByLabel('Discount code', { exact: true }).fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Unknown code').waitFor();
    await page.getByLabel('Discount code', { exact: true }).fill('friends25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code FRIENDS25').waitFor();
    await page.getByText('−$150.00').waitFor();
    await fillTeam(page);
    await shoot(page, 'pricing-registration-code-390');
    await page.getByRole('button', { name: 'Register 1 Team' }).click();
    await page.getByText('Early Birds').first().waitFor();

    const answer = await page.request.get('/api/teams/mine');
    const { teams } = (await answer.json()) as { teams: { name: string; amountCents?: number; priceCents?: number }[] };
    expect(teams.map((t) => t.name)).toContain('Early Birds');
    await page.close();
  });

  test('Home shows the early price with its last day and the regular price, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await journey.visitor({ viewport });
      await page.goto('/');
      await page
        .getByText(/Early-bird price until .*, then \$800\.00/)
        .first()
        .waitFor();
      await page.getByText('$600.00').first().waitFor();
      await shoot(page, `pricing-home-early-${viewport === 'desktop' ? 1280 : 390}`);
      await page.close();
    }
  });

  test("a leader on a phone takes a sponsorship item free with a 'free' code", async () => {
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sponsor: Beverage cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor: Beverage cart' });
    await dialog.getByText('Total:').waitFor();
    await dialog.getByLabel('Discount code', { exact: true }).fill('cartfree');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Code CARTFREE').waitFor();
    await dialog.getByText('$0.00').first().waitFor();
    await shoot(page, 'pricing-item-code-390');
    await dialog.getByRole('button', { name: 'Buy' }).click();
    await page.getByText(/Beverage cart is yours: \$0\.00 with code CARTFREE/).waitFor();
    const mine = (await (await page.request.get('/api/items/purchases/mine')).json()) as {
      purchases: { description: string; amountCents: number; status: string }[];
    };
    expect(mine.purchases.find((p) => p.description === 'Beverage cart')).toMatchObject({ amountCents: 0, status: 'paid' });
    await page.close();
  });

  test('Admin → Settings saves the card fee, at 1280 and 390 px', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await journey.visitor({ viewport, as: E2E_ACCOUNTS.admin });
      await page.goto('/admin/settings');
      await page.getByLabel('Percentage', { exact: true }).fill('2.9');
      await page.getByLabel('Fixed amount', { exact: true }).fill('0.30');
      await page.getByRole('button', { name: 'Save card fee' }).click();
      await page.getByText('Card fee saved').first().waitFor();
      await shoot(page, `pricing-settings-fee-${viewport === 'desktop' ? 1280 : 390}`);
      await page.close();
    }
  });
});
