import { DEMO_SINGLE_PRICE_CENTS } from '../demo/demo-singles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEVELS, seedDemo, type DemoSummary } from '../demo/demo-data';
import { registerTeams } from '../registration/service';
import { createLevel, createTournament, registrationInput } from '../test/factories';
import { insertLeaders, teamsInput } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let demo: DemoSummary;
let leaderId: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedDemo(t.db, { today: '2027-03-01' });
  [leaderId] = await insertLeaders(t.db, 1);
});
afterAll(() => t?.close());

const register = (tournamentId: string, levelId: string, teams: number) =>
  registerTeams(t.db, leaderId, registrationInput(tournamentId, levelId, { teams: teamsInput(teams) }), new Date());

describe('GET /api/tournaments/active', () => {
  it('lists only active tournaments, soonest first, to anyone', async () => {
    await createTournament(t.db, { name: 'Closed Invitational', startDate: '2027-02-01', active: false });
    const later = await createTournament(t.db, { name: 'Autumn Scramble', startDate: '2027-09-24', endDate: '2027-09-25', maxTeams: null });

    const { status, body } = await t.call('/api/tournaments/active');
    expect(status).toBe(200);
    expect(body.tournaments).toEqual([
      // The demo's outing is dated its "today" (full: 36 teams of 36 places).
      { id: demo.outing.id, name: demo.outing.name, startDate: '2027-03-01', endDate: '2027-03-01', maxTeams: 36, registrationOpen: true },
      {
        id: demo.tournament.id,
        name: demo.tournament.name,
        startDate: demo.tournament.startDate,
        endDate: demo.tournament.startDate,
        maxTeams: 18,
        registrationOpen: true,
      },
      { id: later.id, name: 'Autumn Scramble', startDate: '2027-09-24', endDate: '2027-09-25', maxTeams: null, registrationOpen: true },
    ]);
  });
});

describe('GET /api/tournaments/:id/levels', () => {
  it('lists the demo’s four levels, dearest first, with price, places and places left', async () => {
    const { status, body } = await t.call(`/api/tournaments/${demo.tournament.id}/levels`);
    expect(status).toBe(200);
    expect(body.levels).toEqual(
      DEMO_LEVELS.map((l) => ({
        id: demo.levels.find((d) => d.name === l.name)!.id,
        sponsorshipLevelId: expect.any(String),
        name: l.name,
        description: l.description,
        priceCents: l.priceCents,
        maxTeams: l.places,
        // The demo's two singles (R43) take 2 of the Foursome level's 40 golfer places: 9 whole teams still fit.
        placesLeft: l.name === 'Foursome' ? l.places - 1 : l.places,
        singlePriceCents: l.name === 'Foursome' ? DEMO_SINGLE_PRICE_CENTS : null,
        earlyPriceCents: null,
        earlyUntil: null,
        singlePlacesLeft: l.name === 'Foursome' ? l.places * 4 - 2 : 0,
      })),
    );
  });

  it('counts registered teams of every leader against their level', async () => {
    const eagle = demo.levels.find((l) => l.name === 'Eagle Sponsor')!;
    const title = demo.levels.find((l) => l.name === 'Title Sponsor')!;
    await register(demo.tournament.id, eagle.id, 2);
    const [other] = await insertLeaders(t.db, 1);
    await registerTeams(t.db, other!, registrationInput(demo.tournament.id, title.id), new Date());

    const { body } = await t.call(`/api/tournaments/${demo.tournament.id}/levels`);
    const left = Object.fromEntries(body.levels.map((l: { name: string; placesLeft: number }) => [l.name, l.placesLeft]));
    expect(left).toEqual({ 'Title Sponsor': 0, 'Eagle Sponsor': 1, 'Birdie Sponsor': 4, Foursome: 9 });
  });

  it('caps every level by the tournament’s places left', async () => {
    const tournament = await createTournament(t.db, { startDate: '2027-05-07', maxTeams: 4 });
    const wide = await createLevel(t.db, tournament.id, { name: 'Foursome', maxTeams: 10, priceCents: 100_000 });
    const narrow = await createLevel(t.db, tournament.id, { name: 'Eagle', maxTeams: 3, priceCents: 300_000 });
    const placesLeft = async () => {
      const { body } = await t.call(`/api/tournaments/${tournament.id}/levels`);
      return Object.fromEntries(body.levels.map((l: { name: string; placesLeft: number }) => [l.name, l.placesLeft]));
    };
    expect(await placesLeft()).toEqual({ Eagle: 3, Foursome: 4 });
    await register(tournament.id, wide.id, 3);
    expect(await placesLeft()).toEqual({ Eagle: 1, Foursome: 1 });
    await register(tournament.id, narrow.id, 1);
    expect(await placesLeft()).toEqual({ Eagle: 0, Foursome: 0 });
  });

  it('shows the level’s places when the tournament is unlimited, and only this tournament’s levels', async () => {
    const tournament = await createTournament(t.db, { startDate: '2027-05-14', maxTeams: null });
    const level = await createLevel(t.db, tournament.id, { name: 'Birdie', maxTeams: 5 });
    const elsewhere = await createTournament(t.db, { startDate: '2027-05-21' });
    await createLevel(t.db, elsewhere.id, { name: 'Elsewhere' });
    await register(tournament.id, level.id, 2);
    const { body } = await t.call(`/api/tournaments/${tournament.id}/levels`);
    expect(body.levels).toEqual([expect.objectContaining({ id: level.id, name: 'Birdie', maxTeams: 5, placesLeft: 3 })]);
  });

  it('answers an empty list for an active tournament without levels', async () => {
    const tournament = await createTournament(t.db, { startDate: '2027-06-04' });
    const { status, body } = await t.call(`/api/tournaments/${tournament.id}/levels`);
    expect(status).toBe(200);
    expect(body).toEqual({ levels: [] });
  });

  it('answers 404 for an unknown or inactive tournament', async () => {
    const closed = await createTournament(t.db, { startDate: '2027-06-11', active: false });
    await createLevel(t.db, closed.id);
    for (const id of [closed.id, '4a6f8e2c-1b3d-4e5f-8a9b-0c1d2e3f4a5b']) {
      const { status, body } = await t.call(`/api/tournaments/${id}/levels`);
      expect(status, id).toBe(404);
      expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Tournament not found' } });
    }
  });

  it('answers 400, not a database error, for an id that is not a uuid', async () => {
    const { status, body } = await t.call('/api/tournaments/spring-classic/levels');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION', message: 'Tournament not found' });
  });
});
