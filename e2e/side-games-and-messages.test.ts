// Side games and messages to the field (R44, R45): a closest-to-the-pin winner entered by staff on a 390 px phone appears on
// a leaderboard already open on another screen (no reload); an admin writes to all golfers, previews the e-mail as it will
// be sent, sends it and sees the counts reach sent, while the real server sends in the background to the mail catcher.
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { createCourse } from '../src/server/courses/service';
import { tournamentCourses, tournaments } from '../src/server/db/schema';
import { registerTeams } from '../src/server/registration/service';
import { saveSideGameSettings } from '../src/server/side-games/service';
import { createLevel, daysFromToday, playersInput, registrationInput } from '../src/server/test/factories';
import { E2E_ACCOUNTS } from './support/accounts';
import { setUpJourney, shoot } from './support/journey';

const TOURNAMENT = 'Lakeside Side Games Open';
const seeded = { tournamentId: '', golferEmails: [] as string[] };

const journey = setUpJourney({
  smtp: true,
  seed: async (db) => {
    const course = await createCourse(db, { name: 'Lakeside Links', totalHoles: 9 });
    const [tournament] = await db
      .insert(tournaments)
      .values({ name: TOURNAMENT, startDate: daysFromToday(0), active: true, courseId: course.id })
      .returning();
    await db.insert(tournamentCourses).values({ tournamentId: tournament!.id, courseId: course.id });
    seeded.tournamentId = tournament!.id;
    const level = await createLevel(db, tournament!.id, { name: 'Foursome', maxTeams: 10 });
    const leader = await findUserByEmail(db, E2E_ACCOUNTS.leader.email);
    const teams = [
      { teamName: 'Eagle Eyes', players: playersInput('Eagle') },
      { teamName: 'Birdie Bunch', players: playersInput('Birdie') },
    ];
    seeded.golferEmails = teams.flatMap((t) => t.players.map((p) => p.email));
    await registerTeams(db, leader!.id, registrationInput(tournament!.id, level.id, { teams }), new Date());
    await saveSideGameSettings(db, tournament!.id, { skins: 'gross', closestToPinHoles: [3], longestDriveHoles: [9] });
  },
});

describe('side games on the day (R44)', () => {
  test('a closest-to-the-pin winner entered on a phone appears on an open board', async () => {
    const board = await journey.visitor();
    await board.goto(journey.at('/leaderboard'));
    const contests = board.getByRole('region', { name: 'Side games' });
    await contests.getByText('Closest to the pin · Hole 3').waitFor();
    // (Polled: the board read right after hydration may render over the server's rows a moment later.)
    await expect.poll(() => contests.getByText('No winner yet').count()).toBe(2);

    const phone = await journey.visitor({ as: journey.portal.users.moderator, viewport: 'mobile' });
    await phone.goto(journey.at(`/admin/side-games?tournament=${seeded.tournamentId}`));
    const form = phone.getByRole('form', { name: 'Closest to the pin · Hole 3' });
    await form.getByLabel('Team').selectOption({ label: 'Birdie Bunch' });
    await form.getByLabel('Golfer (optional)').selectOption({ label: 'Birdie2 Golfer' });
    await form.getByLabel('Feet').fill('4');
    await form.getByLabel('Inches').fill('3');
    await shoot(phone, 'side-games-entry-390');
    await form.getByRole('button', { name: 'Save winner' }).click();
    await phone.getByText('Closest to the pin, hole 3: winner saved').waitFor();
    await phone.getByText('Now: Birdie Bunch · 4 ft 3 in').waitFor();

    // The open board hears it through the live feed: no reload.
    await contests.getByText('4 ft 3 in').waitFor({ timeout: 15_000 });
    await expect(contests.getByText('Birdie2 Golfer').isVisible()).resolves.toBe(true);
    await shoot(board, 'side-games-board-1280');
    await board.setViewportSize({ width: 390, height: 844 });
    await shoot(board, 'side-games-board-390');

    // TV mode: the rows' page, then the side games on a page of their own.
    const tv = await journey.visitor();
    await tv.clock.install();
    await tv.goto(journey.at('/leaderboard?tv=1'));
    await tv.getByText('No scores yet. The board fills in as teams save their scores.').waitFor();
    // Page by page (10 s each) until the side games' page comes round: the rotation restarts when the board read right
    // after hydration renders, so the first turn may show another page.
    await expect
      .poll(
        async () => {
          await tv.clock.fastForward(10_000);
          return tv.getByRole('region', { name: 'Side games' }).getByText('4 ft 3 in').isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await shoot(tv, 'side-games-tv-1280');

    // A distance out of range is refused with the rule's message, nothing saved.
    await form.getByLabel('Feet').fill('120');
    await form.getByRole('button', { name: 'Save winner' }).click();
    await form.getByText('Enter the distance, up to 100 ft').waitFor();
  });
});

describe('messages to the field (R45)', () => {
  test('an admin previews a message to all golfers, sends it and sees the counts', async () => {
    const admin = await journey.visitor({ as: journey.portal.users.admin });
    await admin.goto(journey.at(`/admin/messages?tournament=${seeded.tournamentId}`));
    const compose = admin.getByRole('form', { name: 'New message' });
    await compose.getByLabel('Send to').selectOption({ label: 'All golfers' });
    await compose.getByLabel('Subject').fill('Tee times moved');
    const message = compose.getByLabel('Message');
    // The greeting and the sign-off the server adds are said where the admin writes.
    const hint = compose.getByText(/^Each e-mail begins “Hi” and the person’s name, and ends with your name/);
    expect(await message.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    await message.fill('We start at 9 sharp.\n\nBring your receipt.');
    await compose.getByRole('button', { name: 'Preview' }).click();
    const preview = admin.getByRole('region', { name: 'Preview' });
    await preview.getByText('Reaches 8 people. The first gets:').waitFor();
    await preview.getByText(/You get this e-mail because you play in the team/).waitFor();
    await preview.getByText(/Ada Admin, for/).waitFor();
    await shoot(admin, 'messages-preview-1280');
    await preview.getByRole('button', { name: 'Send to 8 people' }).click();
    await admin.getByText('Message queued for 8 recipients').waitFor();

    const sent = admin.getByRole('table', { name: 'Messages sent' });
    const row = sent.getByRole('row', { name: /Tee times moved/ });
    // Sent 8, waiting 0, failed 0 once the background sender is done (it polls every 2 s).
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).slice(2, 5), { timeout: 20_000, interval: 250 })
      .toEqual(['8', '0', '0']);
    await row.getByRole('button', { name: 'Log' }).click();
    await admin.getByRole('table', { name: 'Recipients of “Tee times moved”' }).getByText('Sent', { exact: true }).first().waitFor();
    await shoot(admin, 'messages-sent-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shoot(admin, 'messages-sent-390');

    // Each golfer got exactly one copy.
    const mail = journey.portal.mail!;
    for (const email of seeded.golferEmails) {
      await mail.waitFor(email, (m) => m.subject === 'Tee times moved');
      expect(mail.messages.filter((m) => m.to.includes(email) && m.subject === 'Tee times moved')).toHaveLength(1);
    }
  });
});
