// Journey: a real outing (issue 11; R28–R31 with R20–R22). An organiser turns a 36-team tournament into a scramble with net
// scoring on its form, draws it (the confirmation says all 18 holes get two groups; the sheet reads 1A/1B) and prints the
// cart signs to PDF; staff enter a rival team's scramble card on the 1280 px grid (one Team row); the leader enters their
// own team's on a 390 px phone, one big control per hole; a visitor's live board re-orders by net and shows countback. At a
// second tournament, best ball (best 2), staff's 1280 px grid counts the best two per hole and the board agrees.
// Screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createCourse, setHolePar } from '../src/server/courses/service';
import { players, tournamentCourses, tournaments } from '../src/server/db/schema';
import { registerTeams } from '../src/server/registration/service';
import { createLevel, daysFromToday, registrationInput } from '../src/server/test/factories';
import { ordinal } from '../src/client/courses/ordinal';
import { COUNTBACK_RULE } from '../src/shared/countback';
import { E2E_ACCOUNTS } from './support/accounts';
import { h1Texts, scanWithAxe, seriousOrWorse } from './support/accessibility';
import { setUpJourney, shoot } from './support/journey';
import { expectHeading, expectToast } from './support/page-expectations';

const OUTING = 'Harbor Charity Scramble';
const BEST_BALL = 'Best Ball Open';
/** Par 72: par 5s on 2, 9, 13, 18; par 3s on 3, 7, 12, 16. */
const PARS = [4, 5, 3, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const person = (first: string, last: string) => ({
  firstName: first,
  lastName: last,
  email: `${first}.${last}@example.org`.toLowerCase(),
  phone: '555-0100',
});
const foursome = (last: string) => ['Ann', 'Ben', 'Cat', 'Dan'].map((first) => person(first, last));
const MINE = 'Eagle Eyes';
const RIVAL = 'Rival Rollers';
const seeded = { outingId: '', bestBallId: '', teamIds: {} as Record<string, string> };

const journey = setUpJourney({
  seed: async (db) => {
    const course = await createCourse(db, { name: 'Willow Creek Golf Club', totalHoles: 18 });
    for (const [i, par] of PARS.entries()) if (par !== 4) await setHolePar(db, course.id, i + 1, { par });
    const leader = await findUserByEmail(db, E2E_ACCOUNTS.leader.email);
    const admin = await findUserByEmail(db, E2E_ACCOUNTS.admin.email);

    // 36 foursomes: the leader's one, a rival and 34 more, registered through the service, in stroke play for now.
    const [outing] = await db
      .insert(tournaments)
      .values({ name: OUTING, startDate: daysFromToday(1), active: true, courseId: course.id })
      .returning();
    await db.insert(tournamentCourses).values({ tournamentId: outing!.id, courseId: course.id });
    seeded.outingId = outing!.id;
    const level = await createLevel(db, outing!.id, { name: 'Foursome', maxTeams: 36 });
    const mine = await registerTeams(
      db,
      leader!.id,
      registrationInput(outing!.id, level.id, { teams: [{ teamName: MINE, players: foursome('Eagle') }] }),
      new Date(),
    );
    const names = [RIVAL, ...Array.from({ length: 34 }, (_, i) => `Field Team ${i + 1}`)];
    for (let start = 0; start < names.length; start += 10) {
      const batch = names.slice(start, start + 10).map((teamName, i) => ({ teamName, players: foursome(`F${start + i}`) }));
      const done = await registerTeams(db, admin!.id, registrationInput(outing!.id, level.id, { teams: batch }), new Date());
      for (const team of done.teams) seeded.teamIds[team.name] = team.id;
    }
    seeded.teamIds[MINE] = mine.teams[0]!.id;
    // Both teams' golfers carry Handicap Index 10.0: course handicap 10 (slope 113, rating = par), team 70 % × 10 = 7.
    await db
      .update(players)
      .set({ handicapIndex: 10 })
      .where(inArray(players.teamId, [seeded.teamIds[MINE]!, seeded.teamIds[RIVAL]!]));

    // Best ball, best 2, gross: two teams.
    const [bestBall] = await db
      .insert(tournaments)
      .values({ name: BEST_BALL, startDate: daysFromToday(1), active: true, courseId: course.id, format: 'best_ball', bestBalls: 2 })
      .returning();
    await db.insert(tournamentCourses).values({ tournamentId: bestBall!.id, courseId: course.id });
    seeded.bestBallId = bestBall!.id;
    const bbLevel = await createLevel(db, bestBall!.id, { name: 'Pairs', maxTeams: 4 });
    const bb = await registerTeams(
      db,
      admin!.id,
      registrationInput(bestBall!.id, bbLevel.id, { teams: [{ teamName: 'Ball Busters', players: foursome('Ball') }] }),
      new Date(),
    );
    seeded.teamIds['Ball Busters'] = bb.teams[0]!.id;
    await db.update(tournaments).set({ active: true }).where(eq(tournaments.id, bestBall!.id));
  },
});

async function checkPage(page: Page, heading: string, label: string) {
  expect(await h1Texts(page)).toEqual([heading]);
  expect(seriousOrWorse(await scanWithAxe(page, label))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: sideways scroll`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** A board's rows as [team, position cell, first figure, …]: what a visitor reads. A drawn team's name has its start under
 * it ('Start 6A', R31); an undrawn one's has none. */
async function boardRows(page: Page, tournament: string, drawn = true) {
  const board = page.getByRole('region', { name: tournament });
  const rows = board.locator('tbody tr');
  return Promise.all(
    (await rows.all()).map(async (row) => {
      const [team, start] = (await row.locator('th').innerText()).split('\n');
      if (drawn) expect(start).toMatch(/^Start \d{1,2}[AB]$/);
      else expect(start).toBeUndefined();
      return [team!, ...(await row.locator('td').allInnerTexts())];
    }),
  );
}
/** The team named first on the board (the row header's own text, without its start). */
const firstTeamIs = (page: Page, name: string) =>
  page.waitForFunction(([team]) => document.querySelector('tbody tr th')?.firstChild?.textContent === team, [name]);

describe('an organiser', () => {
  test('makes the tournament a scramble with net scoring, draws 36 teams two to a hole and prints the cart signs', async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await admin.goto('/admin/tournaments');
    await expectHeading(admin, 'Tournaments');
    await admin.getByRole('button', { name: `Edit ${OUTING}` }).click();
    await admin.getByRole('heading', { name: `Edit ${OUTING}` }).waitFor();
    await admin.getByLabel('Format', { exact: true }).selectOption('scramble');
    await admin.getByLabel('Net scoring: rank by net (handicaps)').check();
    // The allowance the board will use, said on the form.
    await admin.getByText('Team handicap: 25 %, 20 %, 15 % and 10 %').waitFor();
    await shoot(admin, 'real-outing-tournament-form-desktop');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(admin, 'Tournament updated', 'success');

    await admin.getByRole('button', { name: `Assign Teams of ${OUTING}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Assign teams to starting holes?' });
    await dialog.getByText('18 of the 18 holes get two groups (A and B), par 5s first, then par 4s, then par 3s.').waitFor();
    await dialog.getByRole('button', { name: 'Assign Teams' }).click();
    await expectToast(admin, 'Starting holes drawn for 36 teams', 'success');

    await admin.getByRole('link', { name: `Starting Sheet of ${OUTING}` }).click();
    await expectHeading(admin, 'Starting Sheet');
    const holes = await admin.locator('table tbody tr th').allInnerTexts();
    expect(holes).toEqual(Array.from({ length: 18 }, (_, i) => [`${i + 1}A`, `${i + 1}B`]).flat());
    await checkPage(admin, 'Starting Sheet', 'starting sheet, two groups (1280)');
    await shoot(admin, 'real-outing-starting-sheet-desktop');

    await admin.getByRole('link', { name: 'Cart Signs' }).click();
    await expectHeading(admin, 'Cart Signs');
    const signs = admin.getByRole('article');
    await signs.first().waitFor();
    expect(await signs.count()).toBe(36);
    const mine = admin.getByRole('article', { name: new RegExp(`^Cart sign: ${MINE}, hole \\d+[AB]$`) });
    expect(await mine.innerText()).toContain('Ann Eagle');
    await checkPage(admin, 'Cart Signs', 'cart signs (1280)');
    await shoot(admin, 'real-outing-cart-signs-desktop');
    // Printed: one sign a page, landscape, nothing of the site around them.
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.getByRole('button', { name: 'Print cart signs' }).isVisible()).toBe(false);
    const pdf = await admin.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBe(36);
    await admin.emulateMedia({ media: 'screen' });

    const phone = await journey.visitor({ as: journey.portal.users.admin, viewport: 'mobile' });
    await phone.goto(`/admin/tournaments/${seeded.outingId}/cart-signs`);
    await expectHeading(phone, 'Cart Signs');
    await phone.getByRole('article').first().waitFor();
    await checkPage(phone, 'Cart Signs', 'cart signs (390)');
    await shoot(phone, 'real-outing-cart-signs-mobile');
  });
});

/** Strokes for holes 1..18: par, except `changes`. */
const card = (changes: Record<number, number>) => PARS.map((par, i) => changes[i + 1] ?? par);
// Rival: a birdie on 12 → 71 (−1); net 71 − 7 = 64 (−8). Holes 10–18: 35.
const RIVAL_CARD = card({ 12: 2 });
// Mine, first nine: birdies on 3 and 5 (−2, net −9 after 7 strokes on stroke indexes 1–7, which are holes 1–7 here).
// Then the back nine with a bogey on 14: 71 (−1), net −8, level with the rival; holes 10–18 = 37 against 35: lost on countback.
const MY_CARD = card({ 3: 2, 5: 3, 14: 5 });

describe('tournament day', () => {
  test('staff enter a scramble card at 1280, the leader theirs on a phone; the live board ranks by net and shows countback', async () => {
    const visitor = await journey.visitor();
    await visitor.goto('/leaderboard');
    await expectHeading(visitor, 'Leaderboard');
    const board = visitor.getByRole('region', { name: OUTING });
    await board.getByText('Scramble · Net').waitFor();

    // Staff: the rival's card has one row, Team.
    const staff = await journey.visitor({ as: journey.portal.users.admin });
    await staff.goto(`/admin/score-entry?tournament=${seeded.outingId}&team=${seeded.teamIds[RIVAL]}`);
    await expectHeading(staff, 'Score Entry');
    const grid = staff.getByRole('table', { name: `Scores of ${RIVAL} by player and hole` });
    await grid.waitFor();
    expect(await grid.locator('tbody').getByRole('rowheader').allInnerTexts()).toEqual(['Team']);
    await staff.getByText(/Starting hole \d+[AB] · Scramble · Net/).waitFor();
    for (const [i, strokes] of RIVAL_CARD.entries())
      await grid.getByRole('textbox', { name: `Team, hole ${i + 1}`, exact: true }).fill(String(strokes));
    await shoot(staff, 'real-outing-scramble-grid-desktop');
    await staff.getByRole('button', { name: 'Save Scores' }).click();
    await expectToast(staff, 'Scores saved', 'success');
    await board.getByRole('rowheader', { name: RIVAL }).waitFor();
    expect((await boardRows(visitor, OUTING))[0]).toEqual([RIVAL, '1', '-8', '-1', '18', '71', '7', expect.any(String)]);

    // The leader, on a phone: one big control per hole, the hole picker to move about.
    const leader = await journey.visitor({ as: journey.portal.users.leader, viewport: 'mobile' });
    await leader.goto('/register');
    const teamCard = leader.getByRole('region', { name: MINE });
    expect(await teamCard.getByText('Starting hole', { exact: true }).locator('xpath=following-sibling::dd').innerText()).toMatch(
      /^\d+[AB]$/,
    );
    await teamCard.getByRole('link', { name: `Enter Scores for ${MINE}` }).click();
    await expectHeading(leader, 'Score Entry');
    await leader.getByText('One team score per hole.').waitFor();
    const enter = async (holes: number[]) => {
      for (const hole of holes) {
        await leader.getByLabel('Go to hole').selectOption({ index: hole - 1 });
        const box = leader.getByRole('textbox', { name: `Team, hole ${hole}`, exact: true });
        await box.fill(String(MY_CARD[hole - 1]));
      }
      await leader.getByRole('button', { name: 'Save Scores' }).click();
      await expectToast(leader, 'Scores saved', 'success');
    };
    // The − and + buttons are large enough for a thumb (44 px and more).
    const plus = await leader.getByRole('button', { name: 'One stroke more for Team' }).boundingBox();
    expect(plus!.width).toBeGreaterThanOrEqual(44);
    expect(await leader.getByRole('textbox').count()).toBe(1);
    await enter([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await shoot(leader, 'real-outing-scramble-phone');

    // Nine holes in at −2 gross, −9 net: the leader's team goes top; the rival drops to 2.
    await firstTeamIs(visitor, MINE);
    const mid = await boardRows(visitor, OUTING);
    expect(mid.map((r) => r.slice(0, 3))).toEqual([
      [MINE, '1', '-9'],
      [RIVAL, '2', '-8'],
    ]);

    // The back nine: both finish on 64 net (−8); countback on holes 10–18, 35 against 37, puts the rival first.
    await enter([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    await firstTeamIs(visitor, RIVAL);
    const final = await boardRows(visitor, OUTING);
    expect(final.map((r) => r.slice(0, 4))).toEqual([
      [RIVAL, '1\nwon on countback', '-8', '-1'],
      [MINE, '2\nlost on countback', '-8', '-1'],
    ]);
    await board.getByText(COUNTBACK_RULE).waitFor();
    await board.getByText('Net = gross − handicap. Team handicap: 25 %').waitFor();
    await checkPage(visitor, 'Leaderboard', 'leaderboard with countback (1280)');
    await shoot(visitor, 'real-outing-leaderboard-desktop');

    const phoneBoard = await journey.visitor({ viewport: 'mobile' });
    await phoneBoard.goto('/leaderboard');
    const cards = phoneBoard.getByRole('list', { name: `${OUTING} leaderboard` });
    await cards.getByText('won on countback').waitFor();
    await cards.getByText('lost on countback').waitFor();
    await checkPage(phoneBoard, 'Leaderboard', 'leaderboard with countback (390)');
    await shoot(phoneBoard, 'real-outing-leaderboard-mobile');
  });

  test('best ball (best 2): the 1280 px grid counts the best two scores per hole, and the board agrees', async () => {
    const staff = await journey.visitor({ as: journey.portal.users.admin });
    await staff.goto(`/admin/score-entry?tournament=${seeded.bestBallId}&team=${seeded.teamIds['Ball Busters']}`);
    await expectHeading(staff, 'Score Entry');
    const grid = staff.getByRole('table', { name: 'Scores of Ball Busters by player and hole' });
    await grid.waitFor();
    // Hole 1 (par 4): 5, 4, 6, 3 → best two 3 + 4 = 7. Hole 2 (par 5): 5, 5, 6, 7 → 10. Hole 3 (par 3): only one score → not yet counted.
    const strokes: Record<string, number[]> = { 'Ann Ball': [5, 5, 3], 'Ben Ball': [4, 5], 'Cat Ball': [6, 6], 'Dan Ball': [3, 7] };
    for (const [name, list] of Object.entries(strokes)) {
      for (const [i, value] of list.entries())
        await grid.getByRole('textbox', { name: `${name}, hole ${i + 1}`, exact: true }).fill(String(value));
    }
    const teamRow = grid.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: 'Team (best 2)', exact: true }) });
    const cells = await teamRow.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(['7', '10', '']);
    expect(cells.at(-1)).toBe('17');
    await checkPage(staff, 'Score Entry', 'best ball grid (1280)');
    await shoot(staff, 'real-outing-best-ball-grid-desktop');
    await staff.getByRole('button', { name: 'Save Scores' }).click();
    await expectToast(staff, 'Scores saved', 'success');

    const visitor = await journey.visitor();
    await visitor.goto('/leaderboard');
    const board = visitor.getByRole('region', { name: BEST_BALL });
    await board.getByText('Best ball (best 2)').waitFor();
    await board.getByRole('rowheader', { name: 'Ball Busters' }).waitFor();
    // Two holes counted: 7 against par 8, 10 against par 10 → −1, thru 2, total 17.
    expect((await boardRows(visitor, BEST_BALL, false))[0]!.slice(0, 5)).toEqual(['Ball Busters', '1', '-1', '2', '17']);
  });
});

describe('the course', () => {
  test("takes the tees' slope and rating and its stroke indexes, each number once", async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await admin.goto('/admin/golf-courses');
    await expectHeading(admin, 'Golf Courses');
    await admin.getByRole('button', { name: 'View Holes of Willow Creek Golf Club' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Willow Creek Golf Club: Holes' });
    await dialog.getByRole('button', { name: 'Save stroke indexes' }).waitFor();
    // Each number once: a second 1 is refused before anything is sent.
    const box = (hole: number) => dialog.getByRole('textbox', { name: `Stroke index (${ordinal(hole)} hole)`, exact: true });
    const indexes = [7, 15, 1, 11, 3, 17, 9, 13, 5, 8, 16, 2, 12, 4, 18, 10, 14, 6];
    for (const [i, si] of indexes.entries()) await box(i + 1).fill(String(si));
    await box(2).fill('1');
    await dialog.getByRole('button', { name: 'Save stroke indexes' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Stroke index 1 is on more than one hole' }).waitFor();
    await box(2).fill('15');
    await dialog.getByRole('button', { name: 'Save stroke indexes' }).click();
    await expectToast(admin, 'Stroke indexes saved', 'success');
    await shoot(admin, 'real-outing-stroke-indexes-desktop');
    // Saved: the dialog opened again shows them.
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'View Holes of Willow Creek Golf Club' }).click();
    expect(await box(3).inputValue()).toBe('1');
    expect(await box(18).inputValue()).toBe('6');
  });
});
