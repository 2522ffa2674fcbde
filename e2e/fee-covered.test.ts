// Journey: the card fee covered (R58, R35, R38, R39). An admin sets the fee (2.9 % plus 0.30) in Admin → Settings; on a
// 390 px phone a leader registers with Pay now and ticks 'Cover the card fee': the Checkout through the local Stripe
// stand-in carries the fee as a gift line beside the team, one payment pays both, and the receipt e-mail's link opens the
// gift's receipt, all of it deductible; the leader's held team, paid later with 'Pay now' on its card and the same tick,
// does the same; the Dashboard's raised by source counts both fees under gifts. Every amount is worked out here from the
// fee rule (the percentage rounded half up to the cent, then the fixed part), not read from the pages. 390 and 1280 px.
import { describe, expect, test, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { findUserByEmail } from '../src/server/account/service';
import { registerTeamsOnce } from '../src/server/registration/service';
import { startFakeStripe } from '../src/server/test/fake-stripe';
import { findLink } from '../src/server/test/mail-catcher';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import { formatMoney } from '../src/shared/money';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable, openAdminPage } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectHeading } from './support/page-expectations';

const TOURNAMENT = 'Bayside Fee Classic';
const LEVEL = 'Eagle Foursome';
const PRICE_CENTS = 42_500;
/** The rule as typed in Admin → Settings: 2.9 % and 0.30. */
const BASIS_POINTS = 290;
const FIXED_CENTS = 30;
/** 2.9 % of 425.00 is 12.325: rounded half up to 12.33, plus 0.30. */
const FEE_CENTS = Math.floor((PRICE_CENTS * BASIS_POINTS) / 10_000 + 0.5) + FIXED_CENTS;
const usd = (cents: number) => formatMoney(cents, 'USD');
const CONTACT = 'lee.fee@e2e.example.org';

const fake = await startFakeStripe();

const journey = setUpJourney({
  smtp: true,
  env: fake.env,
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const open = await createTournament(db, { name: TOURNAMENT, startDate: daysFromToday(45) });
    const level = await createLevel(db, open.id, { name: LEVEL, priceCents: PRICE_CENTS, maxTeams: 5 });
    const held = registrationInput(open.id, level.id, { paymentOption: 'hold', contactName: 'Lee Leader', contactEmail: CONTACT });
    await registerTeamsOnce(db, leader.id, { ...held, teams: [{ ...held.teams[0]!, teamName: 'Held Herons' }] }, new Date(), 'UTC', {
      holdHours: 72,
    });
  },
});

beforeAll(() => {
  fake.webhookUrl = journey.at('/api/payments/webhook');
});
afterAll(() => fake.close());

/** The hosted page's lines, as "name amount". */
const checkoutLines = async (page: Page) => (await page.locator('li').allInnerTexts()).map((line) => line.replace(/\s+/g, ' ').trim());

describe('covering the card fee', () => {
  test('an admin sets the fee rule in Admin → Settings', async () => {
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.admin });
    await page.goto('/admin/settings');
    await page.getByLabel('Percentage', { exact: true }).fill(String(BASIS_POINTS / 100));
    await page.getByLabel('Fixed amount', { exact: true }).fill((FIXED_CENTS / 100).toFixed(2));
    await page.getByRole('button', { name: 'Save card fee' }).click();
    await page.getByText('Card fee saved').first().waitFor();
  });

  test('registering with Pay now and the tick: the fee is a gift line in the same Checkout, its receipt all deductible (390 px)', async () => {
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register Another Team' }).click();
    const select = page.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: TOURNAMENT }).first().waitFor({ state: 'attached' });
    const options = await select.locator('option').allInnerTexts();
    await select.selectOption({ index: options.findIndex((t) => t.startsWith(TOURNAMENT)) });
    await page.getByRole('radio', { name: new RegExp(LEVEL) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Team name', { exact: true }).fill('Fee Payers');
    await page.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
    await page.getByLabel('Contact phone', { exact: true }).fill('555-0100');
    await page.getByLabel('Contact email', { exact: true }).fill(CONTACT);
    for (let i = 1; i <= 4; i++) {
      const player = page.getByRole('group', { name: `Player ${i}`, exact: true });
      await player.getByLabel('First name', { exact: true }).fill(`Payer${i}`);
      await player.getByLabel('Last name', { exact: true }).fill('Golfer');
      await player.getByLabel('Email', { exact: true }).fill(`payer${i}@example.org`);
    }
    await page.getByRole('radio', { name: /Pay now/ }).check();
    const tick = page.getByRole('checkbox', { name: `Cover the card fee (+${usd(FEE_CENTS)}), a gift to the cause` });
    await tick.check();
    await expect.poll(() => page.getByText('Total:').innerText()).toBe(`Total: ${usd(PRICE_CENTS + FEE_CENTS)}`);
    await page.getByText('Card fee covered (a gift)').waitFor();
    await shoot(page, 'fee-registration-tick-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'fee-registration-tick-1280');
    await resizeTo(page, 'mobile');
    await page.getByRole('button', { name: 'Register 1 Team' }).click();

    await page.waitForURL(`${fake.url}/pay/**`);
    expect(await checkoutLines(page)).toEqual([`${LEVEL}: Fee Payers ${usd(PRICE_CENTS)}`, `Gift: ${TOURNAMENT} ${usd(FEE_CENTS)}`]);
    await shoot(page, 'fee-checkout-390');
    await page.getByRole('button', { name: `Pay ${usd(PRICE_CENTS + FEE_CENTS)}` }).click();
    await page.waitForURL(/\/register\/payment\?session_id=cs_test_/);
    await expectHeading(page, 'Payment received');

    // The gift's receipt e-mail, and its printable receipt through the e-mail's link.
    const mail = await journey.portal.mail!.waitFor(CONTACT, (m) => m.subject.includes(`${usd(FEE_CENTS)} for`), 15_000);
    await page.goto(findLink(mail, `${journey.portal.url}/receipts/`));
    await expectHeading(page, 'Receipt');
    const receipt = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(receipt).toContain('Gift (Card fee)');
    expect(receipt).toContain(`Amount ${usd(FEE_CENTS)}`);
    expect(receipt).toContain(`Their fair market value ${usd(0)}`);
    expect(receipt).toContain(`May be deductible ${usd(FEE_CENTS)}`);
    await expectUsable(page, 'Receipt', 'the covered fee receipt');
    await shoot(page, 'fee-receipt-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'fee-receipt-1280');
  });

  test("'Pay now' on a held team's card offers the same tick and pays the fee with the team (390 px)", async () => {
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    const card = page.getByRole('region', { name: 'Held Herons', exact: true });
    await card.getByText(usd(PRICE_CENTS)).waitFor();
    await card.getByRole('checkbox', { name: `Cover the card fee (+${usd(FEE_CENTS)}), a gift to the cause` }).check();
    await shoot(page, 'fee-team-card-tick-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'fee-team-card-tick-1280');
    await resizeTo(page, 'mobile');
    await card.getByRole('button', { name: 'Pay now for Held Herons' }).click();

    await page.waitForURL(`${fake.url}/pay/**`);
    expect(await checkoutLines(page)).toEqual([`${LEVEL}: Held Herons ${usd(PRICE_CENTS)}`, `Gift: ${TOURNAMENT} ${usd(FEE_CENTS)}`]);
    await page.getByRole('button', { name: `Pay ${usd(PRICE_CENTS + FEE_CENTS)}` }).click();
    await expectHeading(page, 'Payment received');
    await page.getByRole('link', { name: 'Back to my teams' }).click();
    await expect.poll(() => card.locator('h3 + span').innerText()).toBe('Paid');
    expect(await card.getByRole('checkbox').count()).toBe(0);
    await shoot(page, 'fee-team-card-paid-390');
  });

  test('the Dashboard counts both fees under gifts in raised by source (1280 and 390 px)', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await page.goto('/admin');
    await openAdminPage(page, 'Dashboard');
    await page.getByLabel('Tournament').selectOption({ label: TOURNAMENT });
    const table = page.getByRole('table', { name: 'Raised by source' });
    await expect.poll(async () => (await table.innerText()).replace(/\s+/g, ' ')).toContain(`Gifts ${usd(2 * FEE_CENTS)}`);
    expect((await table.innerText()).replace(/\s+/g, ' ')).toContain(`Teams ${usd(2 * PRICE_CENTS)}`);
    await shoot(page, 'fee-dashboard-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('img', { name: /^Raised by source/ }).scrollIntoViewIfNeeded();
    await shoot(page, 'fee-dashboard-390');
  });
});
