// Journey: golfers answer for themselves (R42). The leader edits their team and chooses 'Ask the golfer' for player 2; the
// e-mail arrives (SMTP catcher) and its link opens the golfer's page on a 390 px phone without an account; a Handicap Index
// of 60 is refused with R29's message, a required question must be answered, and the answers save. The leader's card then
// shows who has answered, staff see the answers (Admin → Golfer Answers), and a guessed link shows a clear page.
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { registerTeams } from '../src/server/registration/service';
import { addQuestion } from '../src/server/golfer-answers/service';
import { createLot, setAuctionTimes } from '../src/server/auction/lots';
import { findLink } from '../src/server/test/mail-catcher';
import { createLevel, createTournament, daysFromToday, playersInput, registrationInput } from '../src/server/test/factories';
import { HANDICAP_MESSAGE } from '../src/shared/handicap';
import { ANSWER_REQUIRED_MESSAGE } from '../src/shared/golfer-answer-schemas';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectFieldError, expectHeading, expectToast } from './support/page-expectations';

const GOLFER_EMAIL = 'gale.golfer@example.org';

const journey = setUpJourney({
  smtp: true,
  seed: async (db) => {
    const leader = (await findUserByEmail(db, E2E_ACCOUNTS.leader.email))!;
    const maple = await createTournament(db, { name: 'Maple Ridge Open', startDate: daysFromToday(40) });
    const level = await createLevel(db, maple.id, { name: 'Birdie Sponsor', priceCents: 80_000, maxTeams: 5 });
    await addQuestion(db, maple.id, { label: 'Need a shuttle from the hotel?', kind: 'yes_no', required: true });
    await addQuestion(db, maple.id, { label: 'Tee box', kind: 'choice', choices: ['Blue', 'White', 'Red'] });
    const players = playersInput('Maple');
    players[1] = { ...players[1]!, firstName: 'Gale', lastName: 'Golfer', email: GOLFER_EMAIL };
    await registerTeams(
      db,
      leader.id,
      { ...registrationInput(maple.id, level.id), teams: [{ teamName: 'Maple Leafs', players }] },
      new Date(),
    );
    // Its silent auction, open now with one lot: the golfer's page links to it (R54).
    await setAuctionTimes(db, maple.id, {
      opensAt: new Date(Date.now() - 3600_000).toISOString(),
      closesAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    await createLot(db, maple.id, { title: 'Caddie for a Day', openingBidCents: 10_000, minRaiseCents: 1_000 });
  },
});

describe('golfers answer for themselves', () => {
  test('the leader asks a golfer, who answers from the e-mail link on a phone; leader and staff see it', async () => {
    const leader = await journey.visitor({ as: E2E_ACCOUNTS.leader });
    await leader.goto('/register');
    await leader.getByRole('button', { name: 'Edit Maple Leafs' }).click();
    const player2 = leader.getByRole('group', { name: 'Player 2', exact: true });
    await player2.getByRole('radio', { name: 'Ask the golfer' }).check();
    // The golfer answers their Handicap Index: the leader's field for it goes.
    await player2.getByText('The golfer gets a personal link here to fill in their details').waitFor();
    expect(await player2.getByLabel('Handicap Index (optional)').count()).toBe(0);
    await shoot(leader, 'golfer-answers-leader-asks-1280');
    await leader.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(leader, 'Team updated successfully', 'success');
    await leader.getByText('Gale Golfer: waiting').waitFor();

    const mail = await journey.portal.mail!.waitFor(GOLFER_EMAIL, (m) => m.subject === 'Your details for Maple Ridge Open');
    const link = findLink(mail, `${journey.portal.url}/golfer/`);

    const golfer = await journey.visitor({ viewport: 'mobile' });
    await golfer.goto(link);
    await expectHeading(golfer, 'Your details, Gale');
    await golfer.getByText('team Maple Leafs').waitFor();
    await golfer.getByLabel('Handicap Index (optional)').fill('60');
    await golfer.getByLabel('Shirt size (optional)').selectOption('M');
    await golfer.getByLabel('Dietary needs (optional)').fill('Vegetarian, no nuts');
    await golfer.getByRole('button', { name: 'Save my details' }).click();
    await expectFieldError(golfer, 'Handicap Index (optional)', HANDICAP_MESSAGE);
    await golfer.getByText(ANSWER_REQUIRED_MESSAGE).waitFor();
    await expectUsable(golfer, 'Your details, Gale', 'golfer page with errors, 390 px');
    await shoot(golfer, 'golfer-answers-errors-390');
    await golfer.getByLabel('Handicap Index (optional)').fill('18.4');
    await golfer.getByRole('radio', { name: 'Yes' }).check();
    await golfer.getByLabel('Tee box (optional)').selectOption('White');
    await golfer.getByRole('button', { name: 'Save my details' }).click();
    await expectHeading(golfer, 'Thank you, Gale');
    await shoot(golfer, 'golfer-answers-saved-390');
    await resizeTo(golfer, 'desktop');
    await shoot(golfer, 'golfer-answers-saved-1280');
    await resizeTo(golfer, 'mobile');

    // The same link bids in the tournament's silent auction, without an account (R54).
    await golfer.goto(link);
    await golfer.getByRole('link', { name: 'Bid in the silent auction' }).click();
    await expectHeading(golfer, 'Silent Auction');
    await golfer.getByRole('link', { name: 'Caddie for a Day' }).click();
    await expectHeading(golfer, 'Caddie for a Day');
    await golfer.getByLabel('Your bid').fill('100');
    await golfer.getByRole('button', { name: 'Place Bid' }).click();
    await expect.poll(() => golfer.getByTestId('bid-status').textContent()).toBe('You are the highest bidder');

    // A mistyped or guessed link: a clear page.
    await golfer.goto('/golfer/not-a-real-link-at-all');
    await expectHeading(golfer, 'This link does not work');
    await shoot(golfer, 'golfer-answers-invalid-390');

    await leader.reload();
    await leader.getByText('Gale Golfer: answered').waitFor();
    await shoot(leader, 'golfer-answers-card-1280');

    for (const viewport of ['desktop', 'mobile'] as const) {
      const staff = await journey.visitor({ as: E2E_ACCOUNTS.moderator, viewport });
      await staff.goto('/admin/golfer-answers');
      await expectHeading(staff, 'Golfer answers');
      await staff.getByLabel('Tournament').selectOption({ label: 'Maple Ridge Open' });
      // A table on a wide screen, a card per golfer on a phone.
      const row = (
        viewport === 'desktop' ? staff.getByRole('row') : staff.getByRole('list', { name: 'Golfer answers' }).getByRole('listitem')
      ).filter({ hasText: 'Gale Golfer' });
      await row.waitFor();
      const text = await row.innerText();
      for (const expected of ['18.4', 'M', 'Vegetarian, no nuts', 'Yes', 'White']) expect(text).toContain(expected);
      await expectUsable(staff, 'Golfer answers', `Golfer Answers, ${viewport}`);
      await shoot(staff, `golfer-answers-staff-${viewport === 'desktop' ? 1280 : 390}`);
    }
  });
});
