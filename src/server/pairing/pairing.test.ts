// R43 through the API: a golfer buys a single place (counted in golfer places), staff see the unpaired singles and teams
// with free spots, place singles into a new team and into a team with a free spot, each golfer placed gets an e-mail
// (real SMTP, the catcher); bad and stale requests are refused and change nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, players, teams } from '../db/schema';
import { createLevel, createSingle, createTournament, registrationInput, singleInput } from '../test/factories';
import { fingerprint } from '../test/db-fingerprint';
import { fileAppWithMail, usersOfEachRole } from '../test/file-app';
import { CHOOSE_TARGET_MESSAGE, SINGLE_NOT_PLACEABLE_MESSAGE } from '../../shared/pairing';
import { LEVEL_SOLD_OUT_MESSAGE } from '../../shared/capacity';
import { PLACES_AVAILABLE_MESSAGE } from '../../shared/waitlist-schemas';
import { lapseAndOffer } from '../waitlist/service';
import { SINGLES_NOT_SOLD_MESSAGE } from '../registration/service';
import { SAME_LEVEL_MESSAGE, SINGLE_GONE_MESSAGE } from './service';

const { app: t, mail } = await fileAppWithMail();
const { leader: golfer, admin } = await usersOfEachRole(t);

const board = async (tournamentId: string) => {
  const { status, body } = await t.call(`/api/admin/pairing?tournamentId=${tournamentId}`, { cookie: admin.cookie });
  expect(status).toBe(200);
  return body as {
    singles: { id: string; lastName: string; placeable: boolean }[];
    teams: { id: string; name: string; freeSpots: number }[];
  };
};
const place = (json: unknown) => t.call('/api/admin/pairing', { method: 'POST', json, cookie: admin.cookie });

describe('a single place (R43)', () => {
  it('is bought by one signed-in golfer at the level’s single price, as a hold, and counts one golfer place', async () => {
    const tournament = await createTournament(t.db, { name: 'Autumn Scramble' });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 1, priceCents: 80_000, singlePriceCents: 22_500 });
    const input = singleInput(tournament.id, level.id, { firstName: 'Robin', lastName: 'Solo' });

    const { status, body } = await t.call('/api/registrations/single', { json: input, cookie: golfer.cookie });

    expect(status).toBe(201);
    expect(body).toMatchObject({ teams: [{ name: 'Robin Solo' }], totalCents: 22_500 });
    expect(body.holdUntil).not.toBeNull();
    const [row] = await t.db.select().from(teams).where(eq(teams.id, body.teams[0].id));
    expect(row).toMatchObject({ kind: 'single', places: 1, paymentStatus: 'hold', contactEmail: input.email });
    const [payment] = await t.db.select().from(payments).where(eq(payments.teamId, row!.id));
    expect(payment!.amountCents).toBe(22_500);
    // The confirmation goes to the golfer, who is the contact.
    expect((await mail.waitFor(input.email)).text).toContain('Autumn Scramble');

    // 1 team = 4 golfer places: the single leaves 3, so a whole team no longer fits; the page offers 3 single places.
    const levels = await t.call(`/api/tournaments/${tournament.id}/levels`);
    expect(levels.body.levels.find((l: { id: string }) => l.id === level.id)).toMatchObject({
      placesLeft: 0,
      singlePlacesLeft: 3,
      singlePriceCents: 22_500,
    });
    const team = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: golfer.cookie });
    expect(team.status).toBe(409);
    expect(team.body.error.message).toBe(LEVEL_SOLD_OUT_MESSAGE);
  });

  it('is refused at a level that sells whole teams only, with nothing saved', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id);
    const before = await fingerprint(t.db);
    const { status, body } = await t.call('/api/registrations/single', {
      json: singleInput(tournament.id, level.id),
      cookie: golfer.cookie,
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ sponsorshipLevelId: SINGLES_NOT_SOLD_MESSAGE });
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('is refused when no golfer place is left', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { maxTeams: 1, singlePriceCents: 10_000 });
    for (let i = 0; i < 4; i++) await createSingle(t.db, golfer.id, tournament.id, level.id, { status: 'hold' });
    const { status, body } = await t.call('/api/registrations/single', {
      json: singleInput(tournament.id, level.id),
      cookie: golfer.cookie,
    });
    expect(status).toBe(409);
    expect(body.error.message).toBe(LEVEL_SOLD_OUT_MESSAGE);
  });

  it('needs a golfer’s name, e-mail and phone (400 naming the fields)', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { singlePriceCents: 10_000 });
    const { status, body } = await t.call('/api/registrations/single', {
      json: { tournamentId: tournament.id, sponsorshipLevelId: level.id, firstName: '', lastName: 'X', email: 'nope', phone: '1' },
      cookie: golfer.cookie,
    });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'firstName', 'phone']);
  });
});

describe('singles against every check of the caps (R13 counts golfers, R43)', () => {
  /** A level of 2 teams (8 golfer places) with 4 singles in it: one whole team still fits. */
  async function fourSingles(options: { maxTeams?: number } = {}) {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { maxTeams: options.maxTeams ?? 2, singlePriceCents: 10_000 });
    for (let i = 0; i < 4; i++) await createSingle(t.db, golfer.id, tournament.id, level.id, { status: 'hold' });
    return { tournament, level };
  }
  const levelOption = async (tournamentId: string, levelId: string) => {
    const options = await t.call('/api/admin/teams/form-options', { cookie: admin.cookie });
    const tournament = options.body.tournaments.find((x: { id: string }) => x.id === tournamentId);
    return tournament.levels.find((l: { id: string }) => l.id === levelId) as { placesLeft: number };
  };
  const addTeam = (tournamentId: string, levelId: string, teamName: string) =>
    t.call('/api/admin/teams', { json: { tournamentId, sponsorshipLevelId: levelId, teamName }, cookie: admin.cookie });
  const joinWaitlist = (levelId: string) =>
    t.call('/api/waitlist', {
      json: { sponsorshipLevelId: levelId, teamsWanted: 1, contactName: 'Wes Waiting', contactEmail: 'wes@example.org' },
      cookie: golfer.cookie,
    });

  it('Add Team and its dialog: four singles take one team place, not four', async () => {
    const { tournament, level } = await fourSingles();
    expect((await levelOption(tournament.id, level.id)).placesLeft).toBe(1);
    // The waitlist is for a level that cannot take the team now: this one can.
    const joined = await joinWaitlist(level.id);
    expect(joined.status).toBe(409);
    expect(joined.body.error.message).toBe(PLACES_AVAILABLE_MESSAGE);
    expect((await addTeam(tournament.id, level.id, 'Fits')).status).toBe(201);
    const full = await addTeam(tournament.id, level.id, 'Does not fit');
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(LEVEL_SOLD_OUT_MESSAGE);
    expect((await levelOption(tournament.id, level.id)).placesLeft).toBe(0);
  });

  it('reinstates an expired team beside four singles, where its four places are free', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { maxTeams: 2, singlePriceCents: 10_000 });
    const registered = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: golfer.cookie });
    expect(registered.status).toBe(201);
    const teamId: string = registered.body.teams[0].id;
    await t.db.update(teams).set({ paymentStatus: 'expired' }).where(eq(teams.id, teamId));
    for (let i = 0; i < 4; i++) await createSingle(t.db, golfer.id, tournament.id, level.id, { status: 'hold' });
    const reinstated = await t.call(`/api/admin/teams/${teamId}/reinstate`, { method: 'POST', cookie: admin.cookie });
    expect(reinstated.status).toBe(200);
    expect((await t.db.select().from(teams).where(eq(teams.id, teamId)))[0]!.paymentStatus).not.toBe('expired');
  });

  it('offers the waitlist a place freed beside singles: a team expires, four golfer places are free', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { maxTeams: 2, singlePriceCents: 10_000 });
    const registered = await t.call('/api/registrations', { json: registrationInput(tournament.id, level.id), cookie: golfer.cookie });
    expect(registered.status).toBe(201);
    for (let i = 0; i < 4; i++) await createSingle(t.db, golfer.id, tournament.id, level.id, { status: 'hold' });
    const joined = await joinWaitlist(level.id);
    expect(joined.status).toBe(201);
    await t.db.update(teams).set({ paymentStatus: 'expired' }).where(eq(teams.id, registered.body.teams[0].id));
    const offers = await lapseAndOffer(t.db, new Date());
    expect(offers.map((o) => o.entryId)).toContain(joined.body.id);
  });
});

describe('the pairing page (R43)', () => {
  it('lists unpaired singles and teams with free spots; places two singles into a new team and e-mails each', async () => {
    const tournament = await createTournament(t.db, { name: 'Charity Open' });
    const level = await createLevel(t.db, tournament.id, { maxTeams: 4, singlePriceCents: 15_000 });
    const ann = await createSingle(t.db, golfer.id, tournament.id, level.id, { firstName: 'Ann', lastName: 'Alpha' });
    const ben = await createSingle(t.db, golfer.id, tournament.id, level.id, { firstName: 'Ben', lastName: 'Bravo' });
    await createSingle(t.db, golfer.id, tournament.id, level.id, { firstName: 'Cy', lastName: 'Held', status: 'hold' });

    const before = await board(tournament.id);
    expect(before.singles.map((s) => [s.lastName, s.placeable])).toEqual([
      ['Alpha', true],
      ['Bravo', true],
      ['Held', false],
    ]);
    expect(before.teams).toEqual([]);

    const { status, body } = await place({ tournamentId: tournament.id, singleIds: [ann.id, ben.id], newTeamName: 'Lone Rangers' });

    expect(status).toBe(200);
    expect(body.team).toEqual({ id: ann.id, name: 'Lone Rangers', golfers: ['Ann Alpha', 'Ben Bravo'] });
    const annMail = await mail.waitFor(ann.email);
    expect(annMail.subject).toBe('Your team for Charity Open: Lone Rangers');
    expect(annMail.text).toContain('Your teammates so far: Ben Bravo.');
    expect((await mail.waitFor(ben.email)).text).toContain('Your teammates so far: Ann Alpha.');
    // One team row of 2 golfer places holding both golfers and both payments; Ben's single row is gone.
    const rows = await t.db.select().from(teams).where(eq(teams.tournamentId, tournament.id));
    expect(rows.map((r) => [r.name, r.kind, r.places]).sort()).toEqual([
      ['Cy Held', 'single', 1],
      ['Lone Rangers', 'team', 2],
    ]);
    expect(await t.db.select({ id: payments.id }).from(payments).where(eq(payments.teamId, ann.id))).toHaveLength(2);

    const after = await board(tournament.id);
    expect(after.singles.map((s) => s.lastName)).toEqual(['Held']);
    expect(after.teams).toMatchObject([{ name: 'Lone Rangers', freeSpots: 2 }]);

    // A third single joins the team with free spots.
    const dee = await createSingle(t.db, golfer.id, tournament.id, level.id, { firstName: 'Dee', lastName: 'Delta' });
    const join = await place({ tournamentId: tournament.id, singleIds: [dee.id], teamId: ann.id });
    expect(join.status).toBe(200);
    expect(join.body.team.golfers).toEqual(['Ann Alpha', 'Ben Bravo', 'Dee Delta']);
    expect((await mail.waitFor(dee.email)).text).toContain('You will play with team Lone Rangers.');
    const [team] = await t.db.select().from(teams).where(eq(teams.id, ann.id));
    expect(team!.places).toBe(3);
    expect(await t.db.select().from(players).where(eq(players.teamId, ann.id))).toHaveLength(3);
  });

  it('refuses, changing nothing: an unpaid single, a single already paired, too few spots, another level, no target', async () => {
    const tournament = await createTournament(t.db);
    const level = await createLevel(t.db, tournament.id, { maxTeams: 10, singlePriceCents: 15_000 });
    const other = await createLevel(t.db, tournament.id, { maxTeams: 10, singlePriceCents: 15_000 });
    const singles = await Promise.all(
      ['A', 'B', 'C'].map((n) => createSingle(t.db, golfer.id, tournament.id, level.id, { firstName: n, lastName: 'Single' })),
    );
    const held = await createSingle(t.db, golfer.id, tournament.id, level.id, { status: 'hold' });
    const elsewhere = await createSingle(t.db, golfer.id, tournament.id, other.id);
    const full = await t.call('/api/registrations', {
      json: {
        tournamentId: tournament.id,
        sponsorshipLevelId: level.id,
        contactName: 'Casey',
        contactPhone: '555-0199',
        contactEmail: 'casey@example.org',
        teams: [
          {
            teamName: 'Full House',
            players: [1, 2, 3, 4].map((n) => ({ firstName: `F${n}`, lastName: 'H', email: `f${n}@example.org`, phone: '' })),
          },
        ],
      },
      cookie: golfer.cookie,
    });
    expect(full.status).toBe(201);
    const fullId = full.body.teams[0].id as string;
    const before = await fingerprint(t.db);

    const cases: [unknown, number, string][] = [
      [{ tournamentId: tournament.id, singleIds: [held.id], newTeamName: 'Held Team' }, 409, SINGLE_NOT_PLACEABLE_MESSAGE],
      [{ tournamentId: tournament.id, singleIds: [singles[0]!.id], teamId: fullId }, 409, 'Full House has no free spots'],
      [{ tournamentId: tournament.id, singleIds: [singles[0]!.id, elsewhere.id], newTeamName: 'Mixed' }, 409, SAME_LEVEL_MESSAGE],
      [{ tournamentId: tournament.id, singleIds: [fullId], newTeamName: 'Not A Single' }, 409, SINGLE_GONE_MESSAGE],
      [{ tournamentId: tournament.id, singleIds: [singles[0]!.id] }, 400, CHOOSE_TARGET_MESSAGE],
    ];
    for (const [json, status, message] of cases) {
      const answer = await place(json);
      expect(answer.status, message).toBe(status);
      expect(JSON.stringify(answer.body.error), message).toContain(message);
    }
    expect(await fingerprint(t.db)).toEqual(before);

    // Paired once, a single cannot be placed again.
    expect((await place({ tournamentId: tournament.id, singleIds: [singles[0]!.id, singles[1]!.id], newTeamName: 'Pair' })).status).toBe(
      200,
    );
    const again = await place({ tournamentId: tournament.id, singleIds: [singles[1]!.id], newTeamName: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(SINGLE_GONE_MESSAGE);
    // A team with 2 spots refuses 3 singles.
    const c = singles[2]!;
    const more = await Promise.all([1, 2].map(() => createSingle(t.db, golfer.id, tournament.id, level.id)));
    const three = await place({ tournamentId: tournament.id, singleIds: [c.id, more[0]!.id, more[1]!.id], teamId: singles[0]!.id });
    expect(three.status).toBe(409);
    expect(three.body.error.message).toBe('Pair has only 2 free spots');
  });
});
