// Pairing capacity (R43 with R13): singles' places counted in golfers, a team's free spots, and places after pairing.
import { describe, expect, it } from 'vitest';
import { golferCapacityRefusal, golferPlacesLeft, LEVEL_SOLD_OUT_MESSAGE, teamPlacesLeft, TOURNAMENT_FULL_MESSAGE } from './capacity';
import { TOURNAMENT_MESSAGES } from './tournament-schemas';
import { parseTournamentForm } from './tournament-form.fixture';
import { CHOOSE_SINGLES_MESSAGE, CHOOSE_TARGET_MESSAGE, freeSpots, pairingRefusal, pairingSchema, placesAfterPairing } from './pairing';

const open = { maxTeams: null, golfers: 0 };
const TOURNAMENT = '6f1f8c1e-8a47-4b8a-9d6e-0c2f3a4b5c6d';
const SINGLE = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';

describe('golfer places (R13 counted in golfers where singles are sold)', () => {
  it('a level of 3 teams has 12 golfer places; a single takes one, a team four', () => {
    expect(golferPlacesLeft({ maxTeams: 3, golfers: 0 }, open)).toBe(12);
    expect(golferPlacesLeft({ maxTeams: 3, golfers: 4 + 1 }, open)).toBe(7);
  });

  it('a team needs four free places: three singles on a level of 2 leave room for one team, four singles for none', () => {
    expect(teamPlacesLeft({ maxTeams: 2, golfers: 3 }, open)).toBe(1);
    expect(teamPlacesLeft({ maxTeams: 2, golfers: 5 }, open)).toBe(0);
    expect(golferCapacityRefusal({ maxTeams: 2, golfers: 5 }, open, { teams: 1, singles: 0 })).toBe(LEVEL_SOLD_OUT_MESSAGE);
    expect(golferCapacityRefusal({ maxTeams: 2, golfers: 5 }, open, { teams: 0, singles: 1 })).toBeNull();
  });

  it('words a team refusal in whole places left, as before singles', () => {
    expect(golferCapacityRefusal({ maxTeams: 5, golfers: 13 }, open, { teams: 2, singles: 0 })).toBe('Only 1 place left at this level');
  });

  it('refuses a single only when no golfer place is left, naming the cap that binds', () => {
    expect(golferCapacityRefusal({ maxTeams: 2, golfers: 8 }, open, { teams: 0, singles: 1 })).toBe(LEVEL_SOLD_OUT_MESSAGE);
    expect(golferCapacityRefusal({ maxTeams: 5, golfers: 0 }, { maxTeams: 3, golfers: 12 }, { teams: 0, singles: 1 })).toBe(
      TOURNAMENT_FULL_MESSAGE,
    );
    expect(golferCapacityRefusal({ maxTeams: 5, golfers: 0 }, { maxTeams: 3, golfers: 11 }, { teams: 0, singles: 1 })).toBeNull();
  });
});

describe('placing singles into a team', () => {
  it('a team of four has no free spot; of two, two', () => {
    expect(freeSpots(4)).toBe(0);
    expect(freeSpots(2)).toBe(2);
    expect(pairingRefusal({ name: 'Birdies', golfers: 2 }, 2)).toBeNull();
    expect(pairingRefusal({ name: 'Birdies', golfers: 3 }, 2)).toBe('Birdies has only 1 free spot');
    expect(pairingRefusal({ name: 'Birdies', golfers: 4 }, 1)).toBe('Birdies has no free spots');
  });

  it('never takes more golfer places than the team and the singles held before', () => {
    for (let places = 1; places <= 4; places++)
      for (let golfers = 0; golfers <= places; golfers++)
        for (let singles = 0; singles <= 4 - golfers; singles++) {
          const after = placesAfterPairing(places, golfers, singles);
          expect(after).toBeLessThanOrEqual(places + singles);
          expect(after).toBeGreaterThanOrEqual(golfers + singles);
        }
  });

  it('a registered team of four places that lost a golfer takes the single without a fifth place', () => {
    expect(placesAfterPairing(4, 3, 1)).toBe(4);
    // A team formed from two singles grows with each single placed.
    expect(placesAfterPairing(2, 2, 1)).toBe(3);
  });

  it('the form: 1 to 4 different singles, and a team or a new name, not both', () => {
    const ok = pairingSchema.safeParse({ tournamentId: TOURNAMENT, singleIds: [SINGLE], newTeamName: 'The Singles' });
    expect(ok.success).toBe(true);
    const none = pairingSchema.safeParse({ tournamentId: TOURNAMENT, singleIds: [], newTeamName: 'The Singles' });
    expect(none.error?.issues[0]?.message).toBe(CHOOSE_SINGLES_MESSAGE);
    const twice = pairingSchema.safeParse({ tournamentId: TOURNAMENT, singleIds: [SINGLE, SINGLE], newTeamName: 'X Team' });
    expect(twice.error?.issues[0]?.message).toBe(CHOOSE_SINGLES_MESSAGE);
    const neither = pairingSchema.safeParse({ tournamentId: TOURNAMENT, singleIds: [SINGLE], teamId: '', newTeamName: '' });
    expect(neither.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['teamId', CHOOSE_TARGET_MESSAGE]]);
    const both = pairingSchema.safeParse({ tournamentId: TOURNAMENT, singleIds: [SINGLE], teamId: SINGLE, newTeamName: 'Birdies' });
    expect(both.success).toBe(false);
  });
});

describe('the tournament form’s single place price (R43)', () => {
  const form = (singlePrice: string) =>
    parseTournamentForm({
      name: 'Lakeside Open',
      startDate: '2027-05-01',
      levels: [
        {
          sponsorshipLevelId: TOURNAMENT,
          offered: true,
          price: '1200',
          maxTeams: '5',
          fmv: '0.00',
          singlePrice,
          earlyPrice: '',
          earlyUntil: '',
        },
      ],
    });

  it('empty sells whole teams only; a price is sent in cents', () => {
    expect(form('').data?.levels[0]?.singlePriceCents).toBeNull();
    expect(form('325.50').data?.levels[0]?.singlePriceCents).toBe(32_550);
  });

  it('refuses what is not a price, on its own field', () => {
    expect(form('abc').error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['levels.0.singlePrice', TOURNAMENT_MESSAGES.singlePrice],
    ]);
  });
});
