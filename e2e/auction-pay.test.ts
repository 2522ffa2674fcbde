// Journey: the auction's close and payment (R55). The auction closed a minute ago: on a 390 px phone the winner opens Your
// lots (the page closes the lots as it reads them), pays both in one Checkout through the local Stripe stand-in, comes back to
// 'Payment received', and prints a lot's receipt with its value and the deductible part (R39). Staff open Admin → Auction
// Results, read a lot's bids, and mark the other winner's lot paid by cheque. Screenshots at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { bidderFor } from '../src/server/auction/bidders';
import { startFakeStripe } from '../src/server/test/fake-stripe';
import { insertLot, openAuction, placeBids } from '../src/server/test/auction-lots';
import { createTournament, daysFromToday } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

const fake = await startFakeStripe();
const TOURNAMENT = 'Harbour Charity Open';

const journey = setUpJourney({
  env: fake.env,
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const open = await createTournament(db, { name: TOURNAMENT, startDate: daysFromToday(0) });
    await openAuction(db, open.id, new Date(Date.now() - 60_000));
    const winner = await bidderFor(db, open.id, { userId: leader.id, name: 'Lee Leader', email: leader.email });
    const guest = await bidderFor(db, open.id, { name: 'Gus Guest', email: 'gus@e2e.example.org' });
    const bag = await insertLot(db, open.id, { title: 'Signed golf bag', valueCents: 60_000, sortOrder: 1 });
    const lake = await insertLot(db, open.id, { title: 'Weekend at the lake house', valueCents: 150_000, sortOrder: 2 });
    const club = await insertLot(db, open.id, { title: 'Foursome at a private club', valueCents: 120_000, sortOrder: 3 });
    await insertLot(db, open.id, { title: 'Framed flag', valueCents: 40_000, sortOrder: 4 });
    await placeBids(db, bag.id, [
      { bidder: guest, amountCents: 40_000 },
      { bidder: winner, amountCents: 45_000 },
    ]);
    await placeBids(db, lake.id, [{ bidder: winner, amountCents: 180_000 }]);
    await placeBids(db, club.id, [
      { bidder: winner, amountCents: 90_000 },
      { bidder: guest, amountCents: 95_000 },
    ]);
  },
});

beforeAll(() => {
  fake.webhookUrl = journey.at('/api/payments/webhook');
});
afterAll(() => fake.close());

describe('a winner pays for their lots', () => {
  test('on a phone: Your lots, one payment for both through the hosted page, Paid, and the printed receipt', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader, viewport: 'mobile' });
    await page.goto('/auction/lots');
    await expectHeading(page, 'Your auction lots');
    await page.getByRole('heading', { name: 'Weekend at the lake house' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Foursome at a private club' }).count()).toBe(0);
    await expectUsable(page, 'Your auction lots', 'your lots page');
    await shoot(page, 'auction-your-lots-390');

    await page.getByRole('button', { name: 'Pay $2,250.00' }).click();
    await page.waitForURL(`${fake.url}/pay/**`);
    expect(await page.getByText('Auction lot: Signed golf bag').count()).toBe(1);
    expect(await page.getByText('Auction lot: Weekend at the lake house').count()).toBe(1);
    await page.getByRole('button', { name: 'Pay $2,250.00' }).click();

    await page.waitForURL(/\/auction\/lots\/payment\?session_id=cs_test_/);
    await expectHeading(page, 'Payment received');
    await shoot(page, 'auction-payment-received-390');
    await page.getByRole('link', { name: 'Back to your lots' }).click();
    await page.getByText('Every lot is paid. Your receipts are below.').waitFor();
    expect(await page.getByText('Paid', { exact: true }).count()).toBe(2);

    await page.getByRole('link', { name: 'Receipt for Weekend at the lake house' }).click();
    await expectHeading(page, 'Receipt');
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Auction lot: Weekend at the lake house');
    expect(text).toContain('$1,800.00');
    expect(text).toContain('$1,500.00');
    expect(text).toMatch(/May be deductible \$300\.00/);
    await shoot(page, 'auction-receipt-390');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('Your lots at 1280 px', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await page.goto('/auction/lots');
    await page.getByRole('heading', { name: 'Signed golf bag' }).waitFor();
    await expectUsable(page, 'Your auction lots', 'your lots page (1280)');
    await shoot(page, 'auction-your-lots-1280');
  });
});

describe('Admin → Auction Results', () => {
  test('every lot with its winner and payment; the bids open; a cheque recorded at the checkout table', async () => {
    const page = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await page.goto('/admin/auction-results');
    await page.getByLabel('Tournament', { exact: true }).selectOption({ label: TOURNAMENT });
    const table = page.getByRole('table', { name: 'Auction lots and their results' });
    await table.getByText('Gus Guest').waitFor();
    expect((await table.innerText()).replace(/\s+/g, ' ')).toContain('Unsold');
    await page.getByRole('button', { name: /^Bids on Foursome at a private club/ }).click();
    await table.getByText('$900.00').waitFor();
    await expectUsable(page, 'Auction Results', 'auction results');
    await shoot(page, 'auction-results-1280');

    await page.getByRole('button', { name: 'Mark paid for Foursome at a private club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark paid: Foursome at a private club' });
    await dialog.getByLabel('Paid by').selectOption({ label: 'Cheque' });
    await dialog.getByLabel('Note').fill('No. 1042');
    await shoot(page, 'auction-mark-paid-dialog-1280');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expectToast(page, 'Foursome at a private club: paid', 'success');
    await table.getByText('Paid at the checkout table: Cheque (No. 1042)').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectUsable(page, 'Auction Results', 'auction results (390)');
    await shoot(page, 'auction-results-390');
  });
});
