// R59 through the API: copying a tournament (what is copied, nothing sold, one transaction), the save the date to the
// source's field, the thank-you (each person once, with the results; sent twice, nobody mailed twice), the public results
// page's answer, and a year's statements (each payer once, with their own link).
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addons,
  checkins,
  contestResults,
  golferQuestions,
  messageRecipients,
  messages,
  payments,
  players,
  playerScores,
  purchases,
  sponsorshipItems,
  teams,
  tournamentCourses,
  tournamentSponsorshipLevels,
  tournaments,
} from '../db/schema';
import { recordOfflineGift } from '../donations/service';
import { keyMatches, statementSubject } from '../receipts/service';
import { daysFromToday } from '../test/factories';
import { fingerprint } from '../test/db-fingerprint';
import { fileAppWithMail } from '../test/file-app';
import { createTournamentDay, insertScores } from '../test/tournament-day-fixtures';
import { startMessageSender } from '../messages/sender';
import { recipientCounts } from '../messages/service';
import { RESULTS_MESSAGES } from '../../shared/results';
import { localDate } from '../../shared/editing-lock';
import { TOURNAMENT_MESSAGES } from '../../shared/tournament-schemas';
import { YEAR_STATEMENT_MESSAGES } from '../../shared/year-statement-schemas';
import { offlineGiftSchema } from '../../shared/fundraising-schemas';

const { app: t, mail } = await fileAppWithMail({ env: { ORG_NAME: 'Lakeside Charity Golf' } });
const admin = await t.createUser('admin', { firstName: 'Morgan', lastName: 'Organiser' });
const leader = await t.createUser();

const post = (path: string, json?: object) => t.call(path, { method: 'POST', cookie: admin.cookie, json });

/** Runs the queue's sender until nothing waits. */
async function deliverAll() {
  const sender = startMessageSender(
    { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
    { intervalMs: 3_600_000, retryBaseMs: 5 },
  );
  try {
    for (let pass = 0; pass < 50 && (await recipientCounts(t.db)).waiting > 0; pass++) {
      await sender.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await sender.stop();
  }
}
const caughtTo = (address: string) => mail.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

const gift = (tournamentId: string, email: string, amount = '100', name = 'Gina Giver') =>
  offlineGiftSchema.parse({ tournamentId, amount, name, email, method: 'cheque', note: '' });

/** A paid item purchase (a hole sponsor) with its paid payment record. */
async function paidItem(tournamentId: string, itemId: string, buyerEmail: string, holeNumber: number) {
  const [purchase] = await t.db
    .insert(purchases)
    .values({
      tournamentId,
      kind: 'item',
      buyerName: 'Sam Sponsor',
      buyerEmail,
      paymentStatus: 'paid',
      amountCents: 25_000,
      itemId,
      holeNumber,
      sponsorName: 'Sponsor Co',
    })
    .returning({ id: purchases.id });
  await t.db.insert(payments).values({ purchaseId: purchase!.id, amountCents: 25_000, state: 'paid' });
  return purchase!.id;
}

/** A tournament with the whole setup R59 copies, and things sold: two scored teams, a hole sponsor, a gift, a check-in. */
async function lastYear() {
  const day = await createTournamentDay(t.db, leader.id, { teams: 2, holes: 9, label: 'Eagles' });
  const id = day.tournament.id;
  await t.db
    .update(tournaments)
    .set({
      cause: 'For the food bank',
      schedule: ['12:00 Check-in', '13:00 Shotgun start'],
      address: '1 Fairway Drive',
      goalCents: 5_000_000,
      skins: 'gross',
      closestToPinHoles: [3],
      longestDriveHoles: [9],
      format: 'scramble',
    })
    .where(eq(tournaments.id, id));
  const [item] = await t.db
    .insert(sponsorshipItems)
    .values({ tournamentId: id, name: 'Hole sponsor', includes: 'A sign', priceCents: 25_000, quantity: 18, isHole: true, fmvCents: 100 })
    .returning();
  await t.db.insert(sponsorshipItems).values({ tournamentId: id, name: 'Beverage cart', priceCents: 100_000, quantity: 1, sortOrder: 1 });
  await t.db.insert(addons).values({ tournamentId: id, name: 'Mulligan', priceCents: 1_000, maxPerGolfer: 2 });
  await t.db.insert(golferQuestions).values([
    { tournamentId: id, label: 'Shirt fit', kind: 'choice', choices: ['Regular', 'Slim'], required: true, createdAt: new Date(1) },
    { tournamentId: id, label: 'Left-handed clubs?', kind: 'yes_no', createdAt: new Date(2) },
  ]);
  await paidItem(id, item!.id, 'Sponsor@Example.org', 5);
  await recordOfflineGift(t.db, gift(id, 'donor@example.org'), admin.id);
  const [first] = day.teams;
  await t.db.insert(checkins).values({ teamId: first!.id, playerId: first!.players[0]!, checkedIn: true });
  await insertScores(t.db, id, day.teams[0]!, [[4, 4, 3, 4, 4, 4, 4, 4, 4]]);
  await insertScores(t.db, id, day.teams[1]!, [[5, 5, 5, 5, 5, 5, 5, 5, 5]]);
  return { ...day, item: item! };
}

async function sold(tournamentId: string) {
  const n = async (table: typeof teams | typeof purchases | typeof playerScores | typeof messages) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.tournamentId, tournamentId)))[0]!.n;
  return { teams: await n(teams), purchases: await n(purchases), scores: await n(playerScores), messages: await n(messages) };
}

describe('copy to a new tournament (R59)', () => {
  it('copies the setup (levels with prices and caps, items, add-ons, questions, side games, texts, hero, course) and sells nothing', async () => {
    const source = await lastYear();
    const answer = await post(`/api/admin/tournaments/${source.tournament.id}/copy`, {
      name: 'Autumn Classic 2027',
      startDate: daysFromToday(400),
      endDate: daysFromToday(401),
    });
    expect(answer.status).toBe(201);
    const id = answer.body.tournament.id as string;
    const [copy] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
    const [original] = await t.db.select().from(tournaments).where(eq(tournaments.id, source.tournament.id));
    expect(copy).toMatchObject({
      name: 'Autumn Classic 2027',
      startDate: daysFromToday(400),
      endDate: daysFromToday(401),
      active: false,
      copiedFromId: original!.id,
      cause: 'For the food bank',
      schedule: ['12:00 Check-in', '13:00 Shotgun start'],
      address: '1 Fairway Drive',
      goalCents: 5_000_000,
      heroImageId: original!.heroImageId,
      skins: 'gross',
      closestToPinHoles: [3],
      longestDriveHoles: [9],
      format: 'scramble',
      courseId: original!.courseId,
    });
    const levelsOf = async (tid: string) =>
      (await t.db.select().from(tournamentSponsorshipLevels).where(eq(tournamentSponsorshipLevels.tournamentId, tid))).map(
        ({ sponsorshipLevelId, priceCents, maxTeams, fmvCents, singlePriceCents }) => ({
          sponsorshipLevelId,
          priceCents,
          maxTeams,
          fmvCents,
          singlePriceCents,
        }),
      );
    expect(await levelsOf(id)).toEqual(await levelsOf(source.tournament.id));
    const itemsOf = async (tid: string) =>
      (await t.db.select().from(sponsorshipItems).where(eq(sponsorshipItems.tournamentId, tid)))
        .map(({ name, includes, priceCents, quantity, fmvCents, isHole, sortOrder }) => ({
          name,
          includes,
          priceCents,
          quantity,
          fmvCents,
          isHole,
          sortOrder,
        }))
        .sort((a, b) => a.sortOrder - b.sortOrder);
    expect(await itemsOf(id)).toHaveLength(2);
    expect(await itemsOf(id)).toEqual(await itemsOf(source.tournament.id));
    expect(
      await t.db.select({ name: addons.name, maxPerGolfer: addons.maxPerGolfer }).from(addons).where(eq(addons.tournamentId, id)),
    ).toEqual([{ name: 'Mulligan', maxPerGolfer: 2 }]);
    const questions = await t.db
      .select({ label: golferQuestions.label, choices: golferQuestions.choices, required: golferQuestions.required })
      .from(golferQuestions)
      .where(eq(golferQuestions.tournamentId, id))
      .orderBy(golferQuestions.createdAt);
    expect(questions).toEqual([
      { label: 'Shirt fit', choices: ['Regular', 'Slim'], required: true },
      { label: 'Left-handed clubs?', choices: [], required: false },
    ]);
    expect(
      await t.db.select({ c: tournamentCourses.courseId }).from(tournamentCourses).where(eq(tournamentCourses.tournamentId, id)),
    ).toEqual([{ c: source.course!.id }]);
    expect(await sold(id)).toEqual({ teams: 0, purchases: 0, scores: 0, messages: 0 });
    expect((await t.db.select({ n: count() }).from(contestResults).where(eq(contestResults.tournamentId, id)))[0]!.n).toBe(0);
    // The source keeps everything it sold.
    expect(await sold(source.tournament.id)).toMatchObject({ teams: 2, purchases: 2 });
  });

  it("refuses an end before the start or an empty name with the form's messages, changing nothing", async () => {
    const source = await lastYear();
    const before = await fingerprint(t.db);
    const backwards = await post(`/api/admin/tournaments/${source.tournament.id}/copy`, {
      name: 'Backwards',
      startDate: daysFromToday(400),
      endDate: daysFromToday(399),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toMatchObject({ endDate: TOURNAMENT_MESSAGES.endDate });
    const unnamed = await post(`/api/admin/tournaments/${source.tournament.id}/copy`, { name: '  ', startDate: daysFromToday(400) });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.fields).toMatchObject({ name: TOURNAMENT_MESSAGES.name });
    const unknown = await post('/api/admin/tournaments/00000000-0000-4000-8000-000000000000/copy', {
      name: 'Nothing',
      startDate: daysFromToday(400),
    });
    expect(unknown.status).toBe(404);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('is one transaction: a failure at the last table leaves no tournament, level, item or add-on behind', async () => {
    const source = await lastYear();
    const before = await fingerprint(t.db);
    // The database refuses the copy's last step (the golfer questions) for this one name only.
    await t.db.execute(sql`create or replace function refuse_copy() returns trigger language plpgsql as $$
      begin
        if (select name from tournaments where id = new.tournament_id) = 'Doomed Copy' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger refuse_copy before insert on golfer_questions for each row execute function refuse_copy()`);
    try {
      const answer = await post(`/api/admin/tournaments/${source.tournament.id}/copy`, {
        name: 'Doomed Copy',
        startDate: daysFromToday(400),
      });
      expect(answer.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_copy on golfer_questions`);
      await t.db.execute(sql`drop function refuse_copy()`);
    }
    expect(await t.db.select().from(tournaments).where(eq(tournaments.name, 'Doomed Copy'))).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
  });
});

describe('save the date (R59, R45)', () => {
  it("reaches the source's leaders, sponsors and golfers, each address once whatever its case, with the reason", async () => {
    const source = await lastYear();
    // The leader also plays, under another case; a golfer also sponsored.
    const [firstGolfer, secondGolfer] = source.teams[0]!.players;
    await t.db.update(players).set({ email: 'LEADER@example.org' }).where(eq(players.id, firstGolfer!));
    await t.db.update(players).set({ email: 'sponsor@example.org' }).where(eq(players.id, secondGolfer!));
    await t.db
      .update(teams)
      .set({ contactEmail: 'Leader@Example.org', contactName: 'Lee Leader' })
      .where(eq(teams.tournamentId, source.tournament.id));
    const copied = await post(`/api/admin/tournaments/${source.tournament.id}/copy`, {
      name: 'Next Classic',
      startDate: daysFromToday(400),
    });
    const newId = copied.body.tournament.id as string;
    const queued = await post('/api/admin/messages', {
      tournamentId: newId,
      audience: 'last_year',
      subject: 'Save the date',
      body: 'Next year we play on 12 June.',
    });
    expect(queued.status).toBe(201);
    const rows = await t.db
      .select({ email: messageRecipients.email, reason: messageRecipients.reason })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, queued.body.id));
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toContain('leader@example.org');
    expect(emails).toContain('sponsor@example.org');
    // Two teams of four golfers, of which two addresses are the leader's and the sponsor's; a golfer without an address is left out.
    const golferEmails = (
      await t.db
        .select({ email: players.email })
        .from(players)
        .innerJoin(teams, eq(teams.id, players.teamId))
        .where(eq(teams.tournamentId, source.tournament.id))
    )
      .map((p) => p.email.toLowerCase())
      .filter(Boolean);
    expect(new Set(emails)).toEqual(new Set([...golferEmails, 'leader@example.org', 'sponsor@example.org']));
    expect(rows.find((r) => r.email === 'leader@example.org')!.reason).toBe(`you led the team Eagles 1 at ${source.tournament.name}`);
    expect(rows.find((r) => r.email === 'sponsor@example.org')!.reason).toBe(`you sponsored Hole sponsor at ${source.tournament.name}`);
    await deliverAll();
    const toLeader = caughtTo('leader@example.org');
    expect(toLeader).toHaveLength(1);
    expect(toLeader[0]!.text).toContain(
      `You get this e-mail because you led the team Eagles 1 at ${source.tournament.name} (Next Classic).`,
    );
  });

  it('is refused for a tournament that was not copied: nobody to write to', async () => {
    const source = await lastYear();
    const answer = await post('/api/admin/messages', {
      tournamentId: source.tournament.id,
      audience: 'last_year',
      subject: 'Hi',
      body: 'Hello',
    });
    expect(answer.status).toBe(400);
  });
});

describe('the thank-you (R59)', () => {
  /** Last year, played three days ago, with a closest-to-the-pin winner; addresses shared across roles. */
  async function finished() {
    const source = await lastYear();
    const id = source.tournament.id;
    await t.db
      .update(tournaments)
      .set({ startDate: daysFromToday(-3), active: false })
      .where(eq(tournaments.id, id));
    const [a, b] = source.teams[0]!.players;
    // The donor also plays; the sponsor (another case) also leads team 2.
    await t.db.update(players).set({ email: 'Donor@example.org' }).where(eq(players.id, a!));
    await t.db.update(players).set({ email: '' }).where(eq(players.id, b!));
    await t.db.update(teams).set({ contactEmail: 'SPONSOR@example.org' }).where(eq(teams.id, source.teams[1]!.id));
    await t.db
      .insert(contestResults)
      .values({ tournamentId: id, holeNumber: 3, contest: 'closest_to_pin', teamId: source.teams[0]!.id, playerId: a!, distance: 50 });
    return source;
  }

  it('mails each golfer, sponsor and donor once with the board, the side-game winners and raised; twice mails nobody twice', async () => {
    const source = await finished();
    const id = source.tournament.id;
    const first = await post(`/api/admin/tournaments/${id}/thank-you`);
    expect(first.status).toBe(201);
    const rows = await t.db
      .select({ email: messageRecipients.email })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, first.body.id));
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    const golfers = await t.db
      .select({ email: sql<string>`lower(${players.email})` })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(and(eq(teams.tournamentId, id), sql`${players.email} <> ''`));
    const leaders = await t.db
      .select({ email: sql<string>`lower(${teams.contactEmail})` })
      .from(teams)
      .where(eq(teams.tournamentId, id));
    const expected = new Set([...golfers, ...leaders].map((r) => r.email).concat(['sponsor@example.org', 'donor@example.org']));
    expect(new Set(emails)).toEqual(expected);
    expect(first.body.recipientCount).toBe(expected.size);

    // The catcher holds the file's other mail too (the save the date went to some of these addresses).
    const thanks = (email: string) => caughtTo(email).filter((m) => m.subject.includes(source.tournament.name));
    const again = await post(`/api/admin/tournaments/${id}/thank-you`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(RESULTS_MESSAGES.allThanked);
    await deliverAll();
    for (const email of expected) expect(thanks(email)).toHaveLength(1);
    const [toDonor] = thanks('donor@example.org');
    expect(toDonor!.subject).toContain('raised $350.00');
    expect(toDonor!.text).toContain('Together we raised $350.00 against our goal of $50,000.00');
    expect(toDonor!.text).toContain('1: Eagles 1, ');
    expect(toDonor!.text).toContain('2: Eagles 2, ');
    expect(toDonor!.text).toContain('Closest to the pin, hole 3: G1x');
    expect(toDonor!.text).toContain('4 ft 2 in');
    expect(toDonor!.text).toContain(`${t.config.appUrl}/results/${id}`);
    expect(toDonor!.text).toContain('You get this e-mail because you played in the team Eagles 1');

    // A gift after the first send: the next send thanks that donor alone.
    await recordOfflineGift(t.db, gift(id, 'late@example.org', '25', 'Lou Late'), admin.id);
    const late = await post(`/api/admin/tournaments/${id}/thank-you`);
    expect(late.status).toBe(201);
    expect(late.body.recipientCount).toBe(1);
    await deliverAll();
    expect(thanks('late@example.org')).toHaveLength(1);
    for (const email of expected) expect(thanks(email)).toHaveLength(1);
  });

  it('is refused before the day is over, queueing nothing', async () => {
    const source = await lastYear();
    const before = await t.db.select({ n: count() }).from(messages);
    const answer = await post(`/api/admin/tournaments/${source.tournament.id}/thank-you`);
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(RESULTS_MESSAGES.notOver);
    expect(await t.db.select({ n: count() }).from(messages)).toEqual(before);
  });
});

describe('the results page (R59)', () => {
  it("answers a finished tournament's board, side-game winners, raised against the goal and sponsors; 404 otherwise", async () => {
    const source = await lastYear();
    const id = source.tournament.id;
    await t.db.update(teams).set({ company: 'Acme Co', showCompanyAsSponsor: true }).where(eq(teams.id, source.teams[0]!.id));
    await t.db
      .insert(contestResults)
      .values({ tournamentId: id, holeNumber: 9, contest: 'longest_drive', teamId: source.teams[1]!.id, distance: 301 });
    const early = await t.call(`/api/results/${id}`);
    expect(early.status).toBe(404);
    expect(early.body.error.message).toBe(RESULTS_MESSAGES.notYet);
    await t.db
      .update(tournaments)
      .set({ startDate: daysFromToday(-30), active: false })
      .where(eq(tournaments.id, id));
    const answer = await t.call(`/api/results/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.board.map((r: { place: string; team: string }) => [r.place, r.team])).toEqual([
      ['1', 'Eagles 1'],
      ['2', 'Eagles 2'],
    ]);
    expect(answer.body.sideGames).toContain('Longest drive, hole 9: Eagles 2, 301 yd');
    expect(answer.body.sideGames.some((line: string) => line.startsWith('Skins: '))).toBe(true);
    // $250 hole sponsor + $100 gift, paid; the teams were never paid.
    expect(answer.body).toMatchObject({ raisedCents: 35_000, goalCents: 5_000_000, sponsors: ['Acme Co', 'Sponsor Co'] });
    expect((await t.call('/api/results/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('year statements (R39, R59)', () => {
  it('sends each payer of the year once with their own statement link; again, nobody twice', async () => {
    const { tournament } = await createTournamentDay(t.db, leader.id, { teams: 0 });
    // Payments of this year: two by one payer (two cases), one by another; one of last year's is left out.
    const year = Number(localDate(new Date(), t.config.timeZone).slice(0, 4));
    const one = await recordOfflineGift(t.db, gift(tournament.id, 'Payer.One@example.org', '10', 'Pat One'), admin.id);
    await recordOfflineGift(t.db, gift(tournament.id, 'payer.one@example.org', '20', 'Pat One'), admin.id);
    await recordOfflineGift(t.db, gift(tournament.id, 'payer.two@example.org', '30', 'Pat Two'), admin.id);
    const old = await recordOfflineGift(t.db, gift(tournament.id, 'payer.old@example.org', '40', 'Old Payer'), admin.id);
    // Moved to the middle of last year (its history's time is what the statement counts).
    await t.db.execute(
      sql`update payment_events set created_at = ${`${year - 1}-06-15T12:00:00Z`}::timestamptz where payment_id = ${old.paymentId}`,
    );
    await t.db.execute(sql`update payments set updated_at = ${`${year - 1}-06-15T12:00:00Z`}::timestamptz where id = ${old.paymentId}`);
    expect(one.paymentId).toBeTruthy();
    const answer = await post('/api/admin/year-statements', { year });
    expect(answer.status).toBe(201);
    const rows = await t.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, answer.body.id));
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(expect.arrayContaining(['payer.one@example.org', 'payer.two@example.org']));
    expect(emails).not.toContain('payer.old@example.org');
    const secret = (await t.deps.auth.$context).secret;
    for (const row of rows) {
      const key = new URL(row.link!).searchParams.get('key') ?? undefined;
      expect(keyMatches(secret, statementSubject(row.email, year), key)).toBe(true);
    }
    expect(rows.find((r) => r.email === 'payer.one@example.org')!.reason).toBe(`you made 2 payments to us in ${year}`);

    const again = await post('/api/admin/year-statements', { year });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(YEAR_STATEMENT_MESSAGES.allSent(year));
    await deliverAll();
    const [toOne] = caughtTo('payer.one@example.org');
    expect(caughtTo('payer.one@example.org')).toHaveLength(1);
    expect(toOne!.subject).toBe(`Your ${year} statement from Lakeside Charity Golf`);
    expect(toOne!.text).toContain(rows.find((r) => r.email === 'payer.one@example.org')!.link!);
    expect(caughtTo('payer.old@example.org')).toHaveLength(0);

    const nobody = await post('/api/admin/year-statements', { year: 2001 });
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.message).toBe(YEAR_STATEMENT_MESSAGES.nobodyPaid(2001));
    expect((await post('/api/admin/year-statements', { year: 'soon' })).status).toBe(400);
    expect(
      await t.db
        .select({ n: count() })
        .from(messages)
        .where(inArray(messages.year, [2001])),
    ).toEqual([{ n: 0 }]);
  });
});
