// Journey: Home is the event's own page while a tournament is open (R40, R41), at a phone and a desktop width: its text in
// the first HTML and hydrated without a warning, one h1, no serious axe finding, no sideways scroll, a calendar file and a
// map link that are plain links, the sharing tags in the head, and Register leading to the form. Screenshots for a person.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { golfCourses, teams, tournamentCourses } from '../src/server/db/schema';
import { registerTeams } from '../src/server/registration/service';
import { findUserByEmail } from '../src/server/account/service';
import { createLevel, createTournament, daysFromToday, registrationInput } from '../src/server/test/factories';
import sharp from 'sharp';
import { IMAGE_MESSAGES } from '../src/shared/image-rules';
import { E2E_ACCOUNTS } from './support/accounts';
import { h1Texts, scanWithAxe, seriousOrWorse } from './support/accessibility';
import { setUpJourney, shoot, VIEWPORTS } from './support/journey';
import { expectHeading, expectPath } from './support/page-expectations';

const NAME = 'Harbor Lights Charity Classic';
const journey = setUpJourney({
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const [course] = await db.insert(golfCourses).values({ name: 'Gull Point Links', totalHoles: 18 }).returning();
    const event = await createTournament(db, {
      name: NAME,
      startDate: daysFromToday(40),
      maxTeams: 20,
      courseId: course!.id,
      cause: 'Every dollar sends a child to summer camp.\n<script>alert("no")</script> stays text.',
      schedule: ['11:00 Check-in and range', '12:30 Shotgun start', '17:30 Dinner and awards'],
      address: '1 Gull Point Road, Harbor City',
    });
    await db.insert(tournamentCourses).values({ tournamentId: event.id, courseId: course!.id });
    const levels = [];
    for (const [name, priceCents, places] of [
      ['Title Sponsor', 1_000_000, 1],
      ['Eagle Sponsor', 500_000, 3],
      ['Birdie Sponsor', 250_000, 4],
      ['Foursome', 120_000, 12],
    ] as const)
      levels.push(
        await createLevel(db, event.id, { name, description: `${name}: four golfers with carts and lunch`, priceCents, maxTeams: places }),
      );
    // The title sponsor's one place taken by a company that agreed to be named: 'Sold out' and a sponsor on the page.
    await registerTeams(
      db,
      leader.id,
      { ...registrationInput(event.id, levels[0]!.id), company: 'Lighthouse Dental', showCompanyAsSponsor: true },
      new Date(),
    );
    await db.update(teams).set({ paymentStatus: 'paid' }).where(eq(teams.company, 'Lighthouse Dental'));
  },
});

describe('the event page (R40, R41)', () => {
  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    test(`shows the open tournament, hydrated without a warning, accessible, at ${viewport} width`, async () => {
      const page = await journey.visitor({ viewport });
      const complaints: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') complaints.push(message.text());
      });
      const response = await page.goto('/');
      // The first HTML already carries the page (before any script ran).
      const html = (await response!.text()).replace(/<[^>]+>/g, ' ');
      for (const text of [
        NAME,
        'Gull Point Links',
        '12:30 Shotgun start',
        '1 Gull Point Road, Harbor City',
        'Sold out',
        'Lighthouse Dental',
      ])
        expect(html).toContain(text);

      await expectHeading(page, NAME);
      expect(await h1Texts(page)).toEqual([NAME]);
      expect(await page.title()).toBe(NAME);
      const main = page.getByRole('main');
      await main.getByText('<script>alert("no")</script> stays text.', { exact: false }).waitFor();
      expect(await main.getByText('$10,000.00').count()).toBe(1);
      expect(await main.getByText('12 places left').count()).toBe(1);
      expect(await main.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toMatch(/^\/events\/[0-9a-f-]{36}\.ics$/);
      expect(await main.getByRole('link', { name: /Open in maps/ }).getAttribute('href')).toBe(
        'https://www.google.com/maps/search/?api=1&query=Gull%20Point%20Links%2C%201%20Gull%20Point%20Road%2C%20Harbor%20City',
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(NAME);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      expect(seriousOrWorse(await scanWithAxe(page, `event page ${viewport}`))).toEqual([]);
      expect(await main.textContent()).not.toMatch(/undefined|NaN/);
      await shoot(page, `event-page-${viewport}`);
      expect(complaints).toEqual([]);

      // The calendar file is a real iCalendar download; Register leads to the form.
      const ics = await page.request.get(journey.at((await main.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!));
      expect(ics.status()).toBe(200);
      expect(await ics.text()).toContain(`SUMMARY:${NAME}`);
      await main.getByRole('link', { name: 'Register Your Team', exact: true }).click();
      await expectPath(page, '/register');
    });
  }

  test("looks the same opened from the leaderboard, whose page carries a style sheet without Home's classes", async () => {
    // Every element of the page with the styles its classes give it.
    const styles = (page: Page) =>
      page.getByRole('main').evaluate((main) =>
        [...main.querySelectorAll('*')].map((element) => {
          const s = getComputedStyle(element);
          return [element.tagName, element.getAttribute('class'), s.display, s.padding, s.margin, s.fontSize, s.fontWeight]
            .concat([s.color, s.backgroundColor, s.borderRadius, s.gridTemplateColumns, s.width])
            .join(' | ');
        }),
      );
    const direct = await journey.visitor({ viewport: 'desktop' });
    await direct.goto('/');
    await expectHeading(direct, NAME);
    const fromBoard = await journey.visitor({ viewport: 'desktop' });
    await fromBoard.goto('/leaderboard');
    await expectHeading(fromBoard, 'Leaderboard');
    // The leaderboard's own sheet (decision 081), not index.css, which is never fetched there.
    expect(await fromBoard.locator('style[data-page-sheet]').count()).toBe(1);
    await fromBoard.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expectHeading(fromBoard, NAME);
    await fromBoard.waitForLoadState('networkidle');
    expect(await styles(fromBoard)).toEqual(await styles(direct));
  });

  test('staff add a hero image in the tournament form: a non-image is refused, the preview and the page show it, shared links offer it', async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await admin.goto('/admin/tournaments');
    await admin.getByRole('button', { name: `Edit ${NAME}` }).click();
    await admin.getByRole('heading', { name: `Edit ${NAME}` }).waitFor();
    const picker = admin.getByLabel('Event image (optional)');
    await picker.setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await admin.getByText(IMAGE_MESSAGES.notImage).waitFor();
    const photo = await sharp({ create: { width: 1500, height: 500, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer();
    await picker.setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: photo });
    await admin.getByRole('img', { name: NAME }).first().waitFor();
    await admin.getByRole('button', { name: 'Preview the event page' }).click();
    await admin.getByRole('region', { name: 'Preview of the event page' }).getByRole('img', { name: NAME }).waitFor();
    await shoot(admin, 'event-page-hero-form');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Tournament updated').waitFor();

    const visitor = await journey.visitor({ viewport: 'mobile' });
    const response = await visitor.goto('/');
    const hero = visitor.getByRole('main').getByRole('img', { name: NAME });
    const src = (await hero.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/w1280$/);
    expect(await response!.text()).toContain(`<meta property="og:image" content="${journey.at(src)}">`);
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await shoot(visitor, 'event-page-hero-mobile');
  });
});
