// Journey: a check-in volunteer (R60). An admin invites someone by e-mail to one tournament for check-in; on a 390 px
// phone the volunteer follows the e-mail's link, makes their account there and lands on check-in for that tournament
// only (a small nav of their own work, nothing of the admin area), and checks a golfer in; signing in again at /auth
// leads back to their volunteer work. The admin ends the access; the
// volunteer's next check-in is refused with the reason. Admin → Volunteers and the volunteer's view at 1280 and 390 px.
import { describe, expect, test } from 'vitest';
import { findUserByEmail } from '../src/server/account/service';
import { registerTeams } from '../src/server/registration/service';
import { findLink } from '../src/server/test/mail-catcher';
import { createLevel, createTournament, daysFromToday, playersInput, registrationInput } from '../src/server/test/factories';
import { VOLUNTEER_MESSAGES } from '../src/shared/volunteer-schemas';
import { E2E_ACCOUNTS } from './support/accounts';
import { expectUsable } from './support/admin-pages';
import { resizeTo, setUpJourney, shoot } from './support/journey';
import { expectPath, expectToast } from './support/page-expectations';

const VOLUNTEER = 'desk.helper@example.org';
let harborId = '';
const journey = setUpJourney({
  smtp: true,
  seed: async (db) => {
    const admin = (await findUserByEmail(db, E2E_ACCOUNTS.admin.email))!;
    const harbor = await createTournament(db, { name: 'Harbor Charity Open', startDate: daysFromToday(0) });
    harborId = harbor.id;
    const level = await createLevel(db, harbor.id, { name: 'Birdie', maxTeams: 10 });
    const input = registrationInput(harbor.id, level.id);
    await registerTeams(db, admin.id, { ...input, teams: [{ teamName: 'Seagulls', players: playersInput('Gull') }] }, new Date());
    // Another tournament the volunteer must not see.
    const other = await createTournament(db, { name: 'Lakeside Scramble', startDate: daysFromToday(10) });
    await createLevel(db, other.id, { name: 'Par', maxTeams: 10 });
  },
});

describe('a check-in volunteer', () => {
  test('invited by an admin, signs up from the link, checks a golfer in, and is refused once the access ends', async () => {
    const admin = await journey.visitor({ as: E2E_ACCOUNTS.admin });
    await admin.goto(`/admin/volunteers?tournament=${harborId}`);
    await admin.getByRole('heading', { name: 'Volunteers', level: 1 }).waitFor();
    const form = admin.getByRole('form', { name: 'Invite a volunteer' });
    // Bad input says so beside the field and sends nothing.
    await form.getByLabel('E-mail').fill('not an address');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await form.getByText('Invalid email').waitFor();
    await form.getByLabel('E-mail').fill(VOLUNTEER);
    await form.getByLabel('Role').selectOption('check-in');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(admin, `Invitation sent to ${VOLUNTEER}`, 'success');
    const row = admin.getByRole('row').filter({ hasText: VOLUNTEER });
    await row.getByText('Invited', { exact: true }).waitFor();

    const mail = await journey.portal.mail!.waitFor(VOLUNTEER, (m) => m.subject === 'You are invited to volunteer at Harbor Charity Open');
    const link = findLink(mail, `${journey.portal.url}/volunteer/invitation/`);

    // On a phone: the link, the account, and straight to check-in for that tournament.
    const volunteer = await journey.visitor({ viewport: 'mobile' });
    await volunteer.goto(link);
    await volunteer.getByText('Check-in at Harbor Charity Open', { exact: false }).waitFor();
    await shoot(volunteer, 'volunteer-invitation-390');
    await volunteer.getByLabel('First name').fill('Dana');
    await volunteer.getByLabel('Last name').fill('Desk');
    await volunteer.getByLabel('Password').fill('a sunny tee time 7');
    await volunteer.getByRole('button', { name: 'Create account and accept' }).click();
    await expectPath(volunteer, `/volunteer/${harborId}/check-in`);
    await volunteer.getByRole('heading', { name: 'Golfers', level: 1 }).waitFor();
    const nav = volunteer.getByRole('navigation', { name: 'Volunteer' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Check-in · Harbor Charity Open']);
    // The only tournament offered is theirs.
    const picker = volunteer.getByLabel('Tournament', { exact: true });
    expect(await picker.locator('option').allTextContents()).toEqual(['Harbor Charity Open']);
    const golfers = volunteer.getByRole('list', { name: 'Golfers' });
    await golfers.getByRole('switch', { name: 'Checked in: Gull1 Golfer' }).click();
    await golfers.getByText('by Dana Desk').waitFor();
    await expectUsable(volunteer, 'Golfers', 'volunteer check-in');
    await shoot(volunteer, 'volunteer-checkin-390');

    // Nothing else: the admin area turns them away, the API refuses payments and another tournament's golfers.
    const payments = await volunteer.request.get(journey.at('/api/admin/payments'));
    expect(payments.status()).toBe(403);
    expect((await volunteer.request.get(journey.at('/api/admin/dashboard'))).status()).toBe(403);
    await volunteer.goto('/admin');
    await expectPath(volunteer, '/');
    // Signing in again at /auth leads to their volunteer work (R10, R60): they have no team to register.
    await volunteer.goto('/logout');
    await volunteer.getByRole('heading', { name: 'You have been logged out.' }).waitFor();
    await volunteer.goto('/auth');
    await volunteer.getByLabel('Email', { exact: true }).fill(VOLUNTEER);
    await volunteer.getByLabel('Password', { exact: true }).fill('a sunny tee time 7');
    await volunteer.getByRole('button', { name: 'Login', exact: true }).click();
    await expectPath(volunteer, '/volunteer');
    await volunteer.getByRole('link', { name: 'Open check-in' }).click();
    await expectPath(volunteer, `/volunteer/${harborId}/check-in`);
    await golfers.getByText('by Dana Desk').waitFor();
    await resizeTo(volunteer, 'desktop');
    await shoot(volunteer, 'volunteer-checkin-1280');
    await resizeTo(volunteer, 'mobile');

    // The admin sees who accepted, then ends the access.
    await admin.reload();
    await row.getByText('Accepted', { exact: true }).waitFor();
    await row.getByText('Dana Desk', { exact: false }).waitFor();
    await shoot(admin, 'admin-volunteers-1280');
    await row.getByRole('button', { name: `End access for ${VOLUNTEER}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'End access' }).click();
    await expectToast(admin, `Access ended for ${VOLUNTEER}`, 'success');
    await row.getByText('Ended', { exact: true }).waitFor();
    await resizeTo(admin, 'mobile');
    await admin.getByRole('list', { name: 'Volunteers' }).getByText('Ended', { exact: true }).waitFor();
    await expectUsable(admin, 'Volunteers', 'admin volunteers');
    await shoot(admin, 'admin-volunteers-390');

    // The volunteer's very next action is refused, with the reason.
    await golfers.getByRole('switch', { name: 'Checked in: Gull2 Golfer' }).click();
    await expectToast(volunteer, VOLUNTEER_MESSAGES.ended, 'error');
    await volunteer.reload();
    await volunteer.getByText('You have no volunteer access now', { exact: false }).waitFor();
    await shoot(volunteer, 'volunteer-ended-390');
  });
});
