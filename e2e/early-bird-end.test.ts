// Journey: an early-bird price that ends (R58). The server runs in America/Chicago with its clock moved (movableClock:
// spare-server.mjs moves the whole process's clock, as the machine's would). At 23:50 on the early price's last day a
// leader on a 390 px phone sees the early price and that day on the level picker, the form's price and Home, and
// registers a team at it; at 00:00:30 the next day, with nothing run in between (no job), the same pages show the regular
// price alone, a new team is charged it on the Checkout page, and the first team still owes the early price it was
// registered at. Pages at 390 and 1280 px.
import { describe, expect, test, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { findUserByEmail } from '../src/server/account/service';
import { startFakeStripe } from '../src/server/test/fake-stripe';
import { createLevel, createTournament, daysFromToday } from '../src/server/test/factories';
import { localDate } from '../src/shared/editing-lock';
import { formatMoney } from '../src/shared/money';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';

const ZONE = 'America/Chicago';
const LIST_CENTS = 80_000;
const EARLY_CENTS = 60_000;
/** The early price's last day: today in the server's time zone, so the clock moves less than a day. */
const LAST_DAY = localDate(new Date(), ZONE);
const usd = (cents: number) => formatMoney(cents, 'USD');

/** The instant a wall clock in `zone` reads `date` `time` (outside a daylight-saving change). */
function wallClock(date: string, time: string, zone: string): Date {
  const guess = new Date(`${date}T${time}Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return new Date(guess.getTime() - (shown - guess.getTime()));
}
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The last day as the pages word it (shared/event-page.ts earlyEndText), written out here: 'November 29, 2026'. */
const lastDayWords = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LAST_DAY}T00:00:00Z`));

const fake = await startFakeStripe();

const journey = setUpJourney({
  movableClock: true,
  env: { ...fake.env, TIME_ZONE: ZONE },
  seed: async (db) => {
    await findUserByEmail(db, E2E_ACCOUNTS.leader.email);
    const open = await createTournament(db, { name: 'Prairie Early Bird Open', startDate: daysFromToday(60) });
    await createLevel(db, open.id, {
      name: 'Birdie Foursome',
      priceCents: LIST_CENTS,
      maxTeams: 10,
      earlyPriceCents: EARLY_CENTS,
      earlyUntil: LAST_DAY,
    });
  },
});

beforeAll(() => {
  fake.webhookUrl = journey.at('/api/payments/webhook');
});
afterAll(() => fake.close());

/** The registration form from the leader's dashboard, the tournament chosen; answers the level's radio. */
async function openForm(page: Page) {
  await page.goto('/register');
  await page.getByRole('button', { name: /^Register (Your First|Another) Team$/ }).click();
  const select = page.getByLabel('Tournament', { exact: true });
  await select.locator('option', { hasText: 'Prairie Early Bird Open' }).first().waitFor({ state: 'attached' });
  const options = await select.locator('option').allInnerTexts();
  await select.selectOption({ index: options.findIndex((t) => t.startsWith('Prairie Early Bird Open')) });
  const level = page.getByRole('radio', { name: /Birdie Foursome/ });
  await level.waitFor();
  return level;
}

async function fillTeam(page: Page, name: string, tag: string) {
  await page.getByLabel('Team name', { exact: true }).fill(name);
  await page.getByLabel('Contact name', { exact: true }).fill('Lee Leader');
  await page.getByLabel('Contact phone', { exact: true }).fill('555-0100');
  await page.getByLabel('Contact email', { exact: true }).fill('lee.early@e2e.example.org');
  for (let i = 1; i <= 4; i++) {
    const player = page.getByRole('group', { name: `Player ${i}`, exact: true });
    await player.getByLabel('First name', { exact: true }).fill(`${tag}${i}`);
    await player.getByLabel('Last name', { exact: true }).fill('Golfer');
    await player.getByLabel('Email', { exact: true }).fill(`${tag.toLowerCase()}${i}@example.org`);
  }
}

/** What a team card says is left to pay. */
const toPayOn = (page: Page, team: string) =>
  page
    .getByRole('region', { name: team, exact: true })
    .locator('dt', { hasText: 'To pay' })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();

describe('an early-bird price that ends at midnight in TIME_ZONE', () => {
  test('at 23:50 on its last day the early price and that day show on the form and Home, and a team is registered at it', async () => {
    await journey.portal.setClock(wallClock(LAST_DAY, '23:50:00', ZONE));
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    const level = await openForm(page);
    const picker = await page.locator('label').filter({ has: level }).innerText();
    expect(picker).toContain(`${usd(EARLY_CENTS)} per team`);
    expect(picker).toContain(usd(LIST_CENTS));
    expect(picker).toContain(`Early-bird price until ${lastDayWords}`);
    await shoot(page, 'early-bird-picker-before-390');
    await level.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const price = page.getByRole('definition').filter({ hasText: usd(EARLY_CENTS) });
    await page.getByText(`Early-bird price until ${lastDayWords}`).last().waitFor();
    await price.first().waitFor();
    await expect.poll(() => page.getByText('Total:').innerText()).toBe(`Total: ${usd(EARLY_CENTS)}`);
    await fillTeam(page, 'Night Owls', 'Owl');
    await shoot(page, 'early-bird-form-before-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'early-bird-form-before-1280');
    await resizeTo(page, 'mobile');
    await page.getByRole('button', { name: 'Register 1 Team' }).click();
    await page.getByRole('heading', { name: 'Night Owls', exact: true }).waitFor();
    await expect.poll(() => toPayOn(page, 'Night Owls')).toBe(usd(EARLY_CENTS));

    for (const viewport of ['mobile', 'desktop'] as const) {
      const home = await journey.visitor({ viewport });
      await home.goto('/');
      await home
        .getByText(`Early-bird price until ${lastDayWords}, then ${usd(LIST_CENTS)}`)
        .first()
        .waitFor();
      await shoot(home, `early-bird-home-before-${viewport === 'desktop' ? 1280 : 390}`);
    }
  });

  test('at 00:00:30 the next day the same pages show and charge the regular price; the team registered before keeps its price', async () => {
    await journey.portal.setClock(wallClock(nextDay(LAST_DAY), '00:00:30', ZONE));
    for (const viewport of ['mobile', 'desktop'] as const) {
      const home = await journey.visitor({ viewport });
      await home.goto('/');
      await home.getByText('Birdie Foursome').first().waitFor();
      const text = await home.locator('main').innerText();
      expect(text).toContain(usd(LIST_CENTS));
      expect(text).not.toContain('Early-bird');
      expect(text).not.toContain(usd(EARLY_CENTS));
      await shoot(home, `early-bird-home-after-${viewport === 'desktop' ? 1280 : 390}`);
    }

    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS.leader });
    const level = await openForm(page);
    const picker = await page.locator('label').filter({ has: level }).innerText();
    expect(picker).toContain(`${usd(LIST_CENTS)} per team`);
    expect(picker).not.toContain('Early-bird');
    expect(picker).not.toContain(usd(EARLY_CENTS));
    await shoot(page, 'early-bird-picker-after-390');
    await level.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Total:').innerText()).toBe(`Total: ${usd(LIST_CENTS)}`);
    expect(await page.getByText('Early-bird price until').count()).toBe(0);
    await fillTeam(page, 'Late Larks', 'Lark');
    await page.getByRole('radio', { name: /Pay now/ }).check();
    await expectUsable(page, (await page.getByRole('heading', { level: 1 }).innerText()).trim(), 'registration form after the early price');
    await shoot(page, 'early-bird-form-after-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'early-bird-form-after-1280');
    await resizeTo(page, 'mobile');
    await page.getByRole('button', { name: 'Register 1 Team' }).click();

    // The Checkout charges the regular price.
    await page.waitForURL(`${fake.url}/pay/**`);
    await page.getByText('Birdie Foursome: Late Larks').waitFor();
    await page.getByRole('button', { name: `Pay ${usd(LIST_CENTS)}` }).waitFor();
    await shoot(page, 'early-bird-checkout-after-390');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Back to my teams' }).click();
    await page.getByRole('heading', { name: 'Late Larks', exact: true }).waitFor();
    await expect.poll(() => toPayOn(page, 'Late Larks')).toBe(usd(LIST_CENTS));
    // Registered before midnight: what it owes was fixed when it was saved.
    expect(await toPayOn(page, 'Night Owls')).toBe(usd(EARLY_CENTS));
    await shoot(page, 'early-bird-team-cards-after-390');
    await resizeTo(page, 'desktop');
    await shoot(page, 'early-bird-team-cards-after-1280');
  });
});
