// The waitlist (R25): joining a sold-out level, offers in order with 24-hour kept places, registering through the offer,
// passing it on (declined or lapsed), the staff view with remove; and on PostgreSQL, a freed place offered to the waitlist
// while newcomers try to register is never both offered and sold.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/connect';
import { teams, waitlistEntries } from '../db/schema';
import { sweepHolds } from '../holds/expiry';
import { startHoldSweeper } from '../holds/sweeper';
import { registerTeamsOnce } from '../registration/service';
import { listTournamentLevels } from '../tournaments/service';
import { testDatabaseKind } from '../test/database';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { insertLeaders, teamsInput } from '../test/fixtures';
import { findLink, type MailCatcher } from '../test/mail-catcher';
import { useAppWithMail } from '../test/file-app';
import type { TestApp, TestUser } from '../test/test-app';
import { ALREADY_WAITING_MESSAGE, atMostTeamsMessage, PLACES_AVAILABLE_MESSAGE } from '../../shared/waitlist-schemas';
import { lapseAndOffer } from './service';

const HOUR = 3600_000;
let t: TestApp;
let mail: MailCatcher;
let holder: TestUser;
let first: TestUser;
let second: TestUser;
let staff: TestUser;

useAppWithMail(async (app, catcher) => {
  t = app;
  mail = catcher;
  [holder, first, second] = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
  staff = await t.createUser('moderator');
});

/** A level of one place, taken by a hold that runs out at `now + hours`. */
async function soldOutLevel(holdHours = 72) {
  const tournament = await createTournament(t.db);
  const level = await createLevel(t.db, tournament.id, { maxTeams: 1, name: `Albatross ${Math.random().toString(36).slice(2, 7)}` });
  const held = await registerTeamsOnce(
    t.db,
    holder.id,
    registrationInput(tournament.id, level.id),
    new Date(Date.now() - (72 - holdHours) * HOUR),
    undefined,
    { holdHours: 72 },
  );
  if ('replay' in held) throw new Error('unexpected replay');
  return { tournament, level, heldTeam: held.teams[0]! };
}

const join = (user: TestUser, levelId: string, teamsWanted = 1) =>
  t.call('/api/waitlist', {
    cookie: user.cookie,
    json: { sponsorshipLevelId: levelId, teamsWanted, contactName: `${user.firstName} ${user.lastName}`, contactEmail: user.email },
  });
const expireHold = (teamId: string) =>
  t.db
    .update(teams)
    .set({ holdUntil: new Date(Date.now() - 1000) })
    .where(eq(teams.id, teamId));
const placesLeft = async (tournamentId: string) => (await listTournamentLevels(t.db, tournamentId))[0]!.placesLeft;

describe('joining', () => {
  it('is offered only when the level cannot take the teams, once per leader, with a place in line', async () => {
    const tournament = await createTournament(t.db);
    const roomy = await createLevel(t.db, tournament.id, { maxTeams: 3 });
    const refused = await join(first, roomy.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(PLACES_AVAILABLE_MESSAGE);
    // Two of its three places taken: one is left, and a leader wanting two may wait for them.
    const [other] = await insertLeaders(t.db, 1, 'roomy');
    await registerTeamsOnce(t.db, other!, registrationInput(tournament.id, roomy.id, { teams: teamsInput(2, 'Roomy') }), new Date());
    expect((await join(first, roomy.id, 2)).status).toBe(201);

    const { level } = await soldOutLevel();
    const a = await join(first, level.id);
    expect(a.status).toBe(201);
    expect(a.body.position).toBe(1);
    expect((await join(second, level.id)).body.position).toBe(2);
    const again = await join(first, level.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ALREADY_WAITING_MESSAGE);
    const bad = await t.call('/api/waitlist', {
      cookie: first.cookie,
      json: { sponsorshipLevelId: level.id, teamsWanted: 0, contactName: '', contactEmail: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      teamsWanted: 'At least 1 team',
      contactName: 'Contact name is required',
      contactEmail: 'Invalid email',
    });
  });

  it('refuses to wait for more teams than the level holds at all, which no freed place could ever give', async () => {
    const { level } = await soldOutLevel(); // one place
    const before = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.tournamentSponsorshipLevelId, level.id));
    const tooMany = await join(first, level.id, 2);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ teamsWanted: atMostTeamsMessage(1) });
    expect(atMostTeamsMessage(1)).toBe('At most 1 team at this level');
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.tournamentSponsorshipLevelId, level.id))).toEqual(before);
  });
});

describe('offers', () => {
  it('go to the first in line by e-mail when a hold expires; the kept place is not for newcomers; the offer link registers', async () => {
    const { tournament, level, heldTeam } = await soldOutLevel();
    await join(first, level.id);
    await join(second, level.id);
    await expireHold(heldTeam.id);
    const sweeper = startHoldSweeper(
      { db: t.db, config: t.config, mailer: t.deps.mailer, logger: t.deps.logger, now: () => new Date() },
      { intervalMs: 3_600_000 },
    );
    const result = await sweeper.runOnce();
    await sweeper.stop();
    expect(result.offers.map((o) => o.contactEmail)).toEqual([first.email]);

    const offerMail = await mail.waitFor(first.email, (m) => m.subject.startsWith('A place opened up'));
    const link = findLink(offerMail, `${t.config.appUrl}/register?offer=`);
    const token = new URL(link).searchParams.get('offer')!;
    // The place is kept: the level shows none left, and a newcomer is refused.
    expect(await placesLeft(tournament.id)).toBe(0);
    const newcomer = await t.call('/api/registrations', { cookie: second.cookie, json: registrationInput(tournament.id, level.id) });
    expect(newcomer.status).toBe(409);
    // Someone else's token does nothing for them.
    expect(
      (await t.call(`/api/registrations?offer=${token}`, { cookie: second.cookie, json: registrationInput(tournament.id, level.id) }))
        .status,
    ).toBe(409);

    const offer = await t.call(`/api/waitlist/offers/${token}`, { cookie: first.cookie });
    expect(offer.body.offer).toMatchObject({ levelId: level.id, tournamentId: tournament.id, teamsWanted: 1, status: 'offered' });
    const registered = await t.call(`/api/registrations?offer=${token}`, {
      cookie: first.cookie,
      json: registrationInput(tournament.id, level.id),
    });
    expect(registered.status).toBe(201);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.offerToken, token));
    expect(entry!.status).toBe('used');
    expect(
      (await t.call(`/api/registrations?offer=${token}`, { cookie: first.cookie, json: registrationInput(tournament.id, level.id) })).body
        .error.message,
    ).toBe('This waitlist offer has expired or was already used');
  });

  it('pass on when declined, and when unused for 24 hours, to the next in line', async () => {
    const { level, heldTeam } = await soldOutLevel();
    await join(first, level.id);
    await join(second, level.id);
    await expireHold(heldTeam.id);
    const now = new Date();
    await sweepHolds(t.db, now);
    const [offerA] = await lapseAndOffer(t.db, now);
    expect(offerA!.contactEmail).toBe(first.email);
    expect(await lapseAndOffer(t.db, now)).toEqual([]); // the place is kept: nothing more to offer
    expect((await t.call(`/api/waitlist/offers/${offerA!.token}/decline`, { cookie: first.cookie, method: 'POST' })).status).toBe(204);
    const [offerB] = await lapseAndOffer(t.db, now);
    expect(offerB!.contactEmail).toBe(second.email);
    // Unused for 24 hours: it lapses, and nobody is left in line.
    expect(await lapseAndOffer(t.db, new Date(now.getTime() + 24 * HOUR))).toEqual([]);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, offerB!.entryId));
    expect(entry!.status).toBe('passed');
  });

  it('are made at once when staff delete a team, with the e-mail', async () => {
    const { level, heldTeam } = await soldOutLevel();
    await join(second, level.id);
    const admin = await t.createUser('admin');
    expect((await t.call(`/api/admin/teams/${heldTeam.id}`, { cookie: admin.cookie, method: 'DELETE' })).status).toBe(204);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.tournamentSponsorshipLevelId, level.id));
    expect(entry!.status).toBe('offered');
    const offerMail = await mail.waitFor(second.email, (m) => m.subject.startsWith('A place opened up') && m.text.includes(level.name));
    expect(offerMail.text).toContain(`${t.config.appUrl}/register?offer=${entry!.offerToken}`);
  });

  it('wait while the first in line wants more places than are free (order is kept)', async () => {
    const { tournament, level, heldTeam } = await soldOutLevel();
    // A level of two places, both held; one hold runs out: one place for a first in line who wants two.
    await t.db.execute(sql`update tournament_sponsorship_levels set max_teams = 2 where id = ${level.id}`);
    const [other] = await insertLeaders(t.db, 1, 'pair');
    await registerTeamsOnce(t.db, other!, registrationInput(tournament.id, level.id), new Date());
    await join(first, level.id, 2);
    await join(second, level.id, 1);
    await expireHold(heldTeam.id);
    await sweepHolds(t.db, new Date());
    const offers = (await lapseAndOffer(t.db, new Date())).filter((o) => o.levelName === level.name);
    expect(offers).toEqual([]);
  });
});

describe('the staff view', () => {
  it('lists each level’s line in order and removes an entry; leaders cannot', async () => {
    const { tournament, level } = await soldOutLevel();
    await join(first, level.id);
    await join(second, level.id);
    const list = await t.call(`/api/admin/waitlist?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    expect(
      list.body.entries.map((e: { contactEmail: string; position: number; offerToken: string | null }) => [
        e.contactEmail,
        e.position,
        e.offerToken,
      ]),
    ).toEqual([
      [first.email, 1, null],
      [second.email, 2, null],
    ]);
    expect((await t.call(`/api/admin/waitlist/${list.body.entries[0].id}`, { cookie: first.cookie, method: 'DELETE' })).status).toBe(403);
    expect((await t.call(`/api/admin/waitlist/${list.body.entries[0].id}`, { cookie: staff.cookie, method: 'DELETE' })).status).toBe(204);
    const after = await t.call(`/api/admin/waitlist?tournamentId=${tournament.id}`, { cookie: staff.cookie });
    expect(after.body.entries.map((e: { contactEmail: string; position: number }) => [e.contactEmail, e.position])).toEqual([
      [second.email, 1],
    ]);
    const mine = await t.call('/api/waitlist/mine', { cookie: second.cookie });
    expect(mine.body.entries.find((e: { levelId: string }) => e.levelId === level.id)).toMatchObject({ position: 1, status: 'waiting' });
  });
});

// On PGlite (one connection, one transaction at a time) this is only a functional check (docs/stack.md).
describe('a freed place offered while newcomers register', () => {
  let pooled: Database | undefined;
  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') pooled = await openDatabase({ databaseUrl: t.database.url!, dataDir: null, poolSize: 12 });
  });
  afterAll(() => pooled?.close());

  it('is never both offered and sold', async () => {
    const db = pooled?.db ?? t.db;
    const newcomers = await insertLeaders(t.db, 10, 'newcomer');
    for (let round = 0; round < 5; round++) {
      const { tournament, level, heldTeam } = await soldOutLevel();
      await join(first, level.id);
      await expireHold(heldTeam.id);
      await sweepHolds(t.db, new Date());
      // The place is free now: the offer pass and ten newcomers race for it.
      await Promise.allSettled([
        lapseAndOffer(db, new Date()),
        ...newcomers.map((id) => registerTeamsOnce(db, id, registrationInput(tournament.id, level.id), new Date())),
      ]);
      const [state] = await queryRows<{ teams: number; offered: number }>(
        t.db,
        sql`select (select count(*)::int from teams where tournament_sponsorship_level_id = ${level.id} and payment_status <> 'expired') as teams,
                   (select count(*)::int from waitlist_entries where tournament_sponsorship_level_id = ${level.id} and status = 'offered') as offered`,
      );
      expect(state!.teams + state!.offered, `round ${round}`).toBe(1);
    }
  });
});
