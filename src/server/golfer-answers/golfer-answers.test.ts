// R42 end to end through the API: the leader asks golfers, each gets a personal link by e-mail (real SMTP, the catcher),
// answers without an account, the team card and staff see it, staff export CSV; refusals change nothing; one reminder.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { golferAnswers, golferLinks, players } from '../db/schema';
import { createLevel, createTournament, playersInput, registrationInput } from '../test/factories';
import { useClock } from '../test/fixtures';
import { findLink } from '../test/mail-catcher';
import { TEST_APP_URL } from '../test/test-app';
import { fileAppWithMail, usersOfEachRole } from '../test/file-app';
import { insertLot } from '../test/auction-lots';
import { HANDICAP_MESSAGE } from '../../shared/handicap';
import { ANSWER_REQUIRED_MESSAGE, ANSWERS_CLOSED_MESSAGE, CHOICE_MESSAGE, LINK_INVALID_MESSAGE } from '../../shared/golfer-answer-schemas';
import { hashToken } from './links';
import { remindGolfers } from './service';
import { startGolferReminders } from './reminders';

// Starts Friday 16 April 2027; TIME_ZONE is UTC here, so editing locks at 00:00 on 15 April and the reminder is due from 8 April.
const START_DATE = '2027-04-16';
const NOW = '2027-03-01T12:00:00.000Z';
const REMINDER_DAY = '2027-04-08T00:00:00.000Z';
const AT_LOCK = '2027-04-15T00:00:00.000Z';

const { app: t, mail } = await fileAppWithMail();
const clock = useClock(t, NOW);
const { leader, moderator, admin } = await usersOfEachRole(t);
const tournament = await createTournament(t.db, { name: 'Spring Charity Classic', startDate: START_DATE, endDate: START_DATE });
const level = await createLevel(t.db, tournament.id, { name: 'Eagle Sponsor', priceCents: 120_000, maxTeams: 100 });
beforeEach(() => clock.set(NOW));

const linkPrefix = `${TEST_APP_URL}/golfer/`;
const tokenOf = (link: string) => link.slice(linkPrefix.length);

/** Registers one team through the API with players 1 and 2 asked to answer for themselves; answers their links. */
async function registerAsking(label: string) {
  const list = playersInput(label).map((p, i) => ({ ...p, answeredBy: i < 2 ? ('golfer' as const) : ('leader' as const) }));
  const body = registrationInput(tournament.id, level.id, { teams: [{ teamName: `${label} Team`, players: list }] });
  const { status, body: answer } = await t.call('/api/registrations', { json: body, cookie: leader.cookie });
  expect(status).toBe(201);
  const links = await Promise.all(list.slice(0, 2).map(async (p) => findLink(await mail.waitFor(p.email), linkPrefix)));
  return { teamId: answer.teams[0].id as string, players: list, links, tokens: links.map(tokenOf) };
}

async function addQuestions() {
  const post = (json: unknown) =>
    t.call(`/api/admin/golfer-questions?tournamentId=${tournament.id}`, { method: 'POST', json, cookie: admin.cookie });
  const shuttle = await post({ label: 'Need a shuttle from the hotel?', kind: 'yes_no', required: true });
  const tee = await post({ label: 'Tee box', kind: 'choice', choices: ['Blue', 'White', 'Red'], required: false });
  const song = await post({ label: 'Walk-up song', kind: 'text' });
  expect([shuttle.status, tee.status, song.status]).toEqual([201, 201, 201]);
  return { shuttle: shuttle.body.question.id as string, tee: tee.body.question.id as string, song: song.body.question.id as string };
}

let questions: Awaited<ReturnType<typeof addQuestions>>;
let main: Awaited<ReturnType<typeof registerAsking>>;

describe('asking golfers (R42)', () => {
  it('e-mails each asked golfer a personal 256-bit link stored only as its hash; the others get none', async () => {
    questions = await addQuestions();
    main = await registerAsking('Ask');
    const mails = await Promise.all(main.players.slice(0, 2).map((p) => mail.waitFor(p.email)));
    expect(mails[0]!.subject).toBe('Your details for Spring Charity Classic');
    expect(mails[0]!.text).toContain('until the end of Wednesday, April 14');
    for (const token of main.tokens) expect(token).toMatch(/^[\w-]{43}$/);
    expect(main.tokens[0]).not.toBe(main.tokens[1]);
    const stored = await t.db.select().from(golferLinks);
    expect(stored.map((l) => l.tokenHash)).toContain(hashToken(main.tokens[0]!));
    expect(stored.some((l) => l.tokenHash === main.tokens[0])).toBe(false);
    expect(mail.messages.filter((m) => m.to.includes(main.players[2]!.email))).toHaveLength(0);
  });

  it('shows the golfer their page without an account: who they are, the questions, nothing answered yet', async () => {
    const { status, body } = await t.call(`/api/golfer-answers/${main.tokens[0]}`);
    expect(status).toBe(200);
    // R61: with their check-in code, shown as a QR on the page.
    expect(body.golfer).toEqual({
      firstName: 'Ask1',
      lastName: 'Golfer',
      answeredAt: null,
      checkInCode: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(body.team.name).toBe('Ask Team');
    expect(body.questions.map((q: { label: string }) => q.label)).toEqual(['Need a shuttle from the hotel?', 'Tee box', 'Walk-up song']);
    expect(body.answers).toEqual({ handicapIndex: null, shirtSize: '', dietaryNeeds: '', custom: {} });
  });

  it.each([
    ['a Handicap Index of 60', { handicapIndex: 60 }, 'handicapIndex', HANDICAP_MESSAGE],
    ["a Handicap Index of 'abc'", { handicapIndex: 'abc' }, 'handicapIndex', HANDICAP_MESSAGE],
    ['a required question left empty', { custom: {} }, 'custom.SHUTTLE', ANSWER_REQUIRED_MESSAGE],
    ['a choice not offered', { custom: { SHUTTLE: 'yes', TEE: 'Gold' } }, 'custom.TEE', CHOICE_MESSAGE],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_, change, field, message) => {
    const ids: Record<string, string> = { SHUTTLE: questions.shuttle, TEE: questions.tee };
    const custom = (change as { custom?: Record<string, string> }).custom;
    const json = {
      shirtSize: 'L',
      custom: { [questions.shuttle]: 'no' },
      ...change,
      ...(custom ? { custom: Object.fromEntries(Object.entries(custom).map(([k, v]) => [ids[k]!, v])) } : {}),
    };
    const { status, body } = await t.call(`/api/golfer-answers/${main.tokens[0]}`, { method: 'PUT', json });
    expect(status).toBe(400);
    expect(body.error.fields[field.replace('SHUTTLE', questions.shuttle).replace('TEE', questions.tee)]).toBe(message);
    const [row] = await t.db.select().from(players).where(eq(players.email, main.players[0]!.email));
    expect(row).toMatchObject({ shirtSize: '', answeredAt: null });
  });

  it('saves the answers; the team card shows who has answered, staff see them and export them as CSV', async () => {
    const json = {
      handicapIndex: 12.4,
      shirtSize: 'XL',
      dietaryNeeds: 'No nuts',
      custom: { [questions.shuttle]: 'yes', [questions.tee]: 'White', [questions.song]: '=HYPERLINK("x")' },
    };
    const saved = await t.call(`/api/golfer-answers/${main.tokens[0]}`, { method: 'PUT', json });
    expect(saved.status).toBe(200);
    expect(saved.body.answers).toEqual({ ...json, custom: json.custom });
    expect(saved.body.golfer.answeredAt).toBe(NOW);

    const mine = await t.call('/api/teams/mine', { cookie: leader.cookie });
    const card = mine.body.teams.find((team: { id: string }) => team.id === main.teamId);
    expect(card.golfersAsked).toEqual([
      { name: 'Ask1 Golfer', answered: true },
      { name: 'Ask2 Golfer', answered: false },
    ]);

    const list = await t.call(`/api/admin/golfer-answers?tournamentId=${tournament.id}`, { cookie: moderator.cookie });
    expect(list.status).toBe(200);
    const ask1 = list.body.golfers.find((g: { firstName: string }) => g.firstName === 'Ask1');
    expect(ask1).toMatchObject({ answeredBy: 'golfer', handicapIndex: 12.4, shirtSize: 'XL', dietaryNeeds: 'No nuts' });
    expect(ask1.custom[questions.tee]).toBe('White');

    const csv = await t.request(`/api/admin/golfer-answers/export.csv?tournamentId=${tournament.id}`, { cookie: moderator.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="golfer-answers.csv"');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Team,First name,Last name,Email,Details by,Answered,Handicap Index,Shirt size,Dietary needs,Need a shuttle from the hotel?,Tee box,Walk-up song',
    );
    const row = lines.find((l) => l.includes('Ask1'))!;
    // The formula is defused (the CSV helper's protection).
    expect(row).toBe(`Ask Team,Ask1,Golfer,${main.players[0]!.email},Golfer,${NOW},12.4,XL,No nuts,Yes,White,"'=HYPERLINK(""x"")"`);
    expect(lines.find((l) => l.includes('Ask2'))).toContain(',Golfer,Not yet,');
    expect(lines.find((l) => l.includes('Ask3'))).toContain(',Leader,,');
  });

  it('a guessed link, and a removed golfer’s link, show the clear refusal and change nothing', async () => {
    for (const guess of ['x'.repeat(43), 'nonsense', main.tokens[0]!.slice(0, 42) + (main.tokens[0]!.endsWith('A') ? 'B' : 'A')]) {
      const { status, body } = await t.call(`/api/golfer-answers/${guess}`, { method: 'PUT', json: { shirtSize: 'S' } });
      expect([status, body.error.message]).toEqual([404, LINK_INVALID_MESSAGE]);
    }
    // The leader replaces golfer 2 with someone else: golfer 2's link stops working.
    const team = (await t.call(`/api/teams/${main.teamId}`, { cookie: leader.cookie })).body.team;
    const form = {
      teamName: team.name,
      company: team.company,
      contactName: team.contactName,
      contactPhone: team.contactPhone,
      contactEmail: team.contactEmail,
      players: team.players.map((p: Record<string, unknown>, i: number) =>
        i === 1
          ? { firstName: 'New', lastName: 'Golfer', email: 'new-golfer@example.org', phone: '', answeredBy: 'golfer' }
          : { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, answeredBy: p.answeredBy },
      ),
    };
    const saved = await t.call(`/api/teams/${main.teamId}`, { method: 'PUT', json: form, cookie: leader.cookie });
    expect(saved.status).toBe(200);
    const removed = await t.call(`/api/golfer-answers/${main.tokens[1]}`);
    expect([removed.status, removed.body.error.message]).toEqual([404, LINK_INVALID_MESSAGE]);
    // The newcomer was asked, and gets a link of their own; golfer 1 keeps the Handicap Index they gave.
    const newcomer = await mail.waitFor('new-golfer@example.org');
    expect((await t.call(`/api/golfer-answers/${tokenOf(findLink(newcomer, linkPrefix))}`)).status).toBe(200);
    expect(saved.body.team.players[0]).toMatchObject({ handicapIndex: 12.4, answeredBy: 'golfer' });
  });

  it('from the editing lock the link shows that answers are closed and saves nothing', async () => {
    clock.set(AT_LOCK);
    const read = await t.call(`/api/golfer-answers/${main.tokens[0]}`);
    expect([read.status, read.body.error.message]).toEqual([403, ANSWERS_CLOSED_MESSAGE]);
    const write = await t.call(`/api/golfer-answers/${main.tokens[0]}`, { method: 'PUT', json: { shirtSize: 'S' } });
    expect(write.status).toBe(403);
    const [row] = await t.db.select().from(players).where(eq(players.email, main.players[0]!.email));
    expect(row!.shirtSize).toBe('XL');
  });
});

describe('the reminder 7 days before the lock (R42)', () => {
  it('is not sent earlier, then goes once to each golfer who has not answered, with a link that works', async () => {
    clock.set('2027-04-07T23:59:00.000Z');
    expect(await remindGolfers(t.db, clock.now(), 'UTC')).toEqual([]);
    // The day is the tournament's: at 03:59 UTC on 8 April it is still 7 April in New York.
    expect(await remindGolfers(t.db, new Date('2027-04-08T03:59:00.000Z'), 'America/New_York')).toEqual([]);
    clock.set(REMINDER_DAY);
    const before = mail.messages.length;
    // Two servers' reminder tasks at once: whichever claims the golfer sends the one reminder.
    const deps = { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: clock.now };
    const [task, other] = [startGolferReminders(deps), startGolferReminders(deps)];
    const [first, second] = await Promise.all([task.runOnce(), other.runOnce()]);
    await task.runOnce();
    await Promise.all([task.stop(), other.stop()]);
    const reminded = [...first, ...second].flatMap((r) => r.invitations.map((i) => i.email));
    // Ask1 answered; Ask2 was removed; the newcomer has not answered.
    expect(reminded).toEqual(['new-golfer@example.org']);
    const reminder = await mail.waitFor('new-golfer@example.org', (m) => m.subject.startsWith('Reminder'));
    expect(mail.messages.slice(before).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    expect((await t.call(`/api/golfer-answers/${tokenOf(findLink(reminder, linkPrefix))}`)).status).toBe(200);
  });
});

describe('questions (staff)', () => {
  it('moderators read but may not add or remove; a choice question needs two options; removing drops its answers', async () => {
    const url = `/api/admin/golfer-questions?tournamentId=${tournament.id}`;
    expect((await t.call(url, { cookie: moderator.cookie })).body.questions).toHaveLength(3);
    const json = { label: 'Cap size', kind: 'choice', choices: ['One size'] };
    expect((await t.call(url, { method: 'POST', json, cookie: moderator.cookie })).status).toBe(403);
    const refused = await t.call(url, { method: 'POST', json, cookie: admin.cookie });
    expect([refused.status, refused.body.error.fields.choices]).toEqual([400, 'A choice question needs at least two options (one a line)']);
    const gone = await t.call(`/api/admin/golfer-questions/${questions.tee}`, { method: 'DELETE', cookie: admin.cookie });
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(golferAnswers).where(eq(golferAnswers.questionId, questions.tee))).toHaveLength(0);
  });
});

describe("the golfer's way into the silent auction (R54)", () => {
  it('says the tournament has an auction once it has a lot, with the id the link to it needs', async () => {
    const before = await t.call(`/api/golfer-answers/${main.tokens[0]}`);
    expect(before.status).toBe(200);
    expect(before.body.tournament).toMatchObject({ id: tournament.id, hasAuction: false });
    await insertLot(t.db, tournament.id, { title: 'Signed pin flag' });
    const after = await t.call(`/api/golfer-answers/${main.tokens[0]}`);
    expect(after.body.tournament).toMatchObject({ id: tournament.id, hasAuction: true });
  });
});
