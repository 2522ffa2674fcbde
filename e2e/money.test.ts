// Journey: money (R23, R24, R26). A leader pays an unpaid card registration with 'Pay now' through the local Stripe
// stand-in's hosted page and comes back to 'Payment received' and 'Paid' on the card; a cancel says 'Payment not
// completed'; a hold whose deadline passed while the server was down is 'Expired' after the start and an admin reinstates
// it; the admin refunds the card payment from the ledger and its history shows every step; a sponsorship item paid by card
// comes back to the same return page (docs/decisions/101). Pages at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, test, beforeAll, afterAll } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createItem } from '../src/server/items/service';
import { teams } from '../src/server/db/schema';
import { registerTeamsOnce } from '../src/server/registration/service';
import { startFakeStripe } from '../src/server/test/fake-stripe';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { openAdminPage, expectUsable } from './support/admin-pages';
import { setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

const fake = await startFakeStripe();
const HOUR = 3600_000;

const journey = setUpJourney({
  env: fake.env,
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const open = await createTournament(db, { name: 'Harbour Charity Open', startDate: daysFromToday(45) });
    const eagle = await createLevel(db, open.id, { name: 'Eagle Sponsor', priceCents: 120_000, maxTeams: 3 });
    await createLevel(db, open.id, { name: 'Birdie Sponsor', priceCents: 40_000, maxTeams: 5 });
    await createItem(db, open.id, { name: 'Beverage cart sponsor', priceCents: 75_000, quantity: 1 });
    const card = registrationInput(open.id, eagle.id, {
      paymentOption: 'pay',
      contactName: 'Lee Leader',
      contactEmail: 'lee.money@e2e.example.org',
    });
    await registerTeamsOnce(db, leader.id, { ...card, teams: [{ ...card.teams[0]!, teamName: 'Card Sharks' }] }, new Date(), 'UTC', {
      cardPayments: true,
      holdHours: 72,
    });
    const cancel = registrationInput(open.id, eagle.id, { paymentOption: 'pay' });
    await registerTeamsOnce(
      db,
      leader.id,
      { ...cancel, teams: [{ ...cancel.teams[0]!, teamName: 'Second Thoughts' }] },
      new Date(),
      'UTC',
      { cardPayments: true, holdHours: 72 },
    );
    // Held four days ago: its 72 hours ran out while no server was running.
    const lapsed = registrationInput(open.id, eagle.id, { paymentOption: 'hold' });
    const held = await registerTeamsOnce(
      db,
      leader.id,
      { ...lapsed, teams: [{ ...lapsed.teams[0]!, teamName: 'Lapsed Larks' }] },
      new Date(Date.now() - 96 * HOUR),
      'UTC',
      { holdHours: 72 },
    );
    if ('replay' in held) throw new Error('unexpected replay');
    expect((await db.select({ s: teams.paymentStatus }).from(teams).where(eq(teams.id, held.teams[0]!.id)))[0]!.s).toBe('hold');
  },
});

beforeAll(() => {
  fake.webhookUrl = journey.at('/api/payments/webhook');
});
afterAll(() => fake.close());

const badgeOn = async (page: Page, team: string) => {
  const heading = page.getByRole('heading', { name: team, exact: true });
  return heading.locator('xpath=following-sibling::span[1]').innerText();
};

describe('paying by card', () => {
  test("'Pay now' on the card goes through the hosted page to 'Payment received' and 'Paid' on the card", async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Card Sharks', exact: true }).waitFor();
    expect(await badgeOn(page, 'Card Sharks')).toBe('Pending');
    await shoot(page, 'money-team-card-pay-now-1280');
    await page.getByRole('button', { name: 'Pay now for Card Sharks' }).click();

    await page.waitForURL(`${fake.url}/pay/**`);
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await page.getByText('Eagle Sponsor: Card Sharks').count()).toBe(1);
    await shoot(page, 'money-hosted-page-1280');
    await page.getByRole('button', { name: 'Pay $1,200.00' }).click();

    await page.waitForURL(/\/register\/payment\?session_id=cs_test_/);
    await expectHeading(page, 'Payment received');
    expect(await page.getByRole('list', { name: 'Paid teams' }).innerText()).toContain('Card Sharks');
    await expectUsable(page, 'Payment received', 'payment return page');
    await shoot(page, 'money-payment-received-1280');
    await page.getByRole('link', { name: 'Back to my teams' }).click();
    await page.getByRole('heading', { name: 'Card Sharks', exact: true }).waitFor();
    await expect.poll(() => badgeOn(page, 'Card Sharks')).toBe('Paid');
    expect(await page.getByRole('button', { name: 'Pay now for Card Sharks' }).count()).toBe(0);
  });

  test("a cancel on the hosted page says 'Payment not completed' and keeps the team unpaid (390 px)", async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Pay now for Second Thoughts' }).click();
    await page.waitForURL(`${fake.url}/pay/**`);
    await shoot(page, 'money-hosted-page-390');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/register\/payment\?cancelled=1/);
    await expectHeading(page, 'Payment not completed');
    await expectUsable(page, 'Payment not completed', 'payment cancelled page');
    await shoot(page, 'money-payment-not-completed-390');
    await page.getByRole('link', { name: 'Back to my teams' }).click();
    await page.getByRole('heading', { name: 'Second Thoughts', exact: true }).waitFor();
    expect(await badgeOn(page, 'Second Thoughts')).toBe('Pending');
    await shoot(page, 'money-team-cards-390');
  });
});

describe('registering with Pay now', () => {
  test('sends one Idempotency-Key with the form and goes straight from the registration to the payment page', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/registrations') && request.method() === 'POST')
        keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register Another Team' }).click();
    const select = page.getByLabel('Tournament', { exact: true });
    await select.locator('option', { hasText: 'Harbour Charity Open' }).waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
    await page.getByRole('radio', { name: /Birdie Sponsor/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 2 of 2: your teams and players').waitFor();
    const team = page.getByRole('group', { name: 'Team 1', exact: true });
    const scope = (await team.count()) ? team : page;
    await scope.getByLabel('Team name', { exact: true }).fill('Straight Shooters');
    await page.getByLabel('Company', { exact: true }).fill('Fairway Ltd');
    await page.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
    await page.getByLabel('Contact phone', { exact: true }).fill('555-0100');
    await page.getByLabel('Contact email', { exact: true }).fill('lee.money@e2e.example.org');
    for (let i = 1; i <= 4; i++) {
      const player = scope.getByRole('group', { name: `Player ${i}`, exact: true });
      await player.getByLabel('First name', { exact: true }).fill(`Shooter${i}`);
      await player.getByLabel('Last name', { exact: true }).fill('Golfer');
      await player.getByLabel('Email', { exact: true }).fill(`shooter${i}@example.org`);
    }
    await page.getByText("Pay by card on Stripe's secure page right after registering.").waitFor();
    await page.getByRole('radio', { name: /Pay now/ }).check();
    await page.getByRole('button', { name: /^Register/ }).click();
    await page.waitForURL(`${fake.url}/pay/**`);
    expect(await page.getByText('Birdie Sponsor: Straight Shooters').count()).toBe(1);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Pay $400.00' }).click();
    await expectHeading(page, 'Payment received');
  });
});

describe('a sponsorship item by card', () => {
  test("'Pay now' goes through the hosted page to the one return page's 'Payment received' (390 px)", async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await page.goto('/register');
    await page.getByRole('button', { name: 'Sponsor: Beverage cart sponsor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor: Beverage cart sponsor' });
    await dialog.getByRole('radio', { name: /Pay now/ }).check();
    await dialog.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL(`${fake.url}/pay/**`);
    expect(await page.getByText('Sponsorship: Beverage cart sponsor').count()).toBe(1);
    await page.getByRole('button', { name: 'Pay $750.00' }).click();
    await page.waitForURL(/\/register\/purchase-payment\?session_id=cs_test_/);
    await expectHeading(page, 'Payment received');
    expect(await page.getByText('Thank you: $750.00 received.').count()).toBe(1);
    await expectUsable(page, 'Payment received', 'purchase return page on a phone');
    await shoot(page, 'money-item-return-390');
    await page.getByRole('link', { name: 'Back to my teams' }).click();
    await page.getByText('Beverage cart sponsor').first().waitFor();
  });
});

describe('a hold expiring', () => {
  test("a hold whose deadline passed while the server was down is 'Expired' after the start; an admin reinstates it", async () => {
    const leader = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await leader.goto('/register');
    await leader.getByRole('heading', { name: 'Lapsed Larks', exact: true }).waitFor();
    expect(await badgeOn(leader, 'Lapsed Larks')).toBe('Expired');
    expect(await leader.getByText('This place was not paid in time and has been released.').count()).toBe(1);
    expect(await leader.getByRole('button', { name: 'Pay now for Lapsed Larks' }).count()).toBe(0);
    await shoot(leader, 'money-expired-card-1280');

    const admin = await journey.visitor({ as: E2E_ACCOUNTS.admin, viewport: 'mobile' });
    // The Dashboard counts it apart, never as expected money.
    await admin.goto('/admin');
    await expectHeading(admin, 'Dashboard');
    const money = admin.getByRole('region', { name: 'Money' });
    await money.getByText('Expired (1 team, released)').waitFor();
    await shoot(admin, 'money-dashboard-expired-390');
    await openAdminPage(admin, 'Teams');
    await admin.getByRole('button', { name: 'Lapsed Larks' }).first().click();
    const details = admin.getByRole('dialog', { name: 'Team details' });
    await details.getByText('The hold ran out and the place was released.').waitFor();
    // No status to choose while expired: only Reinstate, which checks that a place remains, gives the place back.
    expect(await details.getByLabel('Payment status').count()).toBe(0);
    await shoot(admin, 'money-team-details-expired-390');
    await details.getByRole('button', { name: 'Reinstate' }).click();
    await details.getByRole('button', { name: 'Extend' }).waitFor();
    await details.getByLabel('Payment status').waitFor();
    await expect.poll(() => details.locator('span:text-is("Hold")').count()).toBeGreaterThan(0);
    await shoot(admin, 'money-team-details-reinstated-390');

    await leader.reload();
    await leader.getByRole('heading', { name: 'Lapsed Larks', exact: true }).waitFor();
    await expect.poll(() => badgeOn(leader, 'Lapsed Larks')).toBe('Hold');
  });
});

describe('refunds in the ledger', () => {
  test('the admin refunds the card payment and its history shows registration, card payment and refund', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await openAdminPage(page, 'Payments');
    await page.getByRole('button', { name: 'Edit payment of Card Sharks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment of Card Sharks' });
    const history = dialog.getByRole('list', { name: 'Payment history' });
    await history.waitFor();
    await dialog.getByRole('button', { name: 'Refund…' }).click();
    await dialog.getByRole('button', { name: 'Refund $1,200.00' }).click();
    await expectToast(page, 'Refunded $1,200.00 to the card', 'success');
    await expect.poll(() => history.getByRole('listitem').count()).toBe(3);
    const steps = await history.getByRole('listitem').allInnerTexts();
    expect(steps.map((text) => ['Registered', 'Card payment received', 'Refunded'].find((label) => text.startsWith(label)))).toEqual([
      'Registered',
      'Card payment received',
      'Refunded',
    ]);
    expect(await dialog.getByText('Refunded $1,200.00').count()).toBeGreaterThan(0);
    expect(fake.refunds).toHaveLength(1);
    await shoot(page, 'money-ledger-refund-1280');
  });
});
