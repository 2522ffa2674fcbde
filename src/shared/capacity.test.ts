import { describe, expect, it } from 'vitest';
import { capacityRefusal, onlyPlacesLeftMessage, placesLeft, SOLD_OUT_LABEL, TOURNAMENT_FULL_MESSAGE } from './capacity';

describe('placesLeft (R13: the tighter of the level and the tournament)', () => {
  it('is the level’s places left when the level is tighter', () => {
    expect(placesLeft({ maxTeams: 3, taken: 1 }, { maxTeams: 36, taken: 20 })).toBe(2);
  });

  it('is the tournament’s places left when the tournament is tighter', () => {
    expect(placesLeft({ maxTeams: 10, taken: 2 }, { maxTeams: 36, taken: 33 })).toBe(3);
  });

  it('is the level’s places left when the tournament is unlimited', () => {
    expect(placesLeft({ maxTeams: 10, taken: 4 }, { maxTeams: null, taken: 500 })).toBe(6);
  });

  it('is 0 when either is full', () => {
    expect(placesLeft({ maxTeams: 3, taken: 3 }, { maxTeams: null, taken: 3 })).toBe(0);
    expect(placesLeft({ maxTeams: 10, taken: 0 }, { maxTeams: 20, taken: 20 })).toBe(0);
  });

  it('is never negative, even when an admin lowered a cap below what is taken', () => {
    expect(placesLeft({ maxTeams: 2, taken: 5 }, { maxTeams: null, taken: 5 })).toBe(0);
    expect(placesLeft({ maxTeams: 10, taken: 1 }, { maxTeams: 4, taken: 9 })).toBe(0);
  });
});

describe('capacity messages', () => {
  it('names the places left', () => {
    expect(onlyPlacesLeftMessage(3)).toBe('Only 3 places left at this level');
    expect(onlyPlacesLeftMessage(1)).toBe('Only 1 place left at this level');
    expect(TOURNAMENT_FULL_MESSAGE).toBe('The tournament is full');
    expect(SOLD_OUT_LABEL).toBe('Sold out');
  });
});

describe('capacityRefusal (R13: the refusal names the cap that binds)', () => {
  it('is null when the teams fit', () => {
    expect(capacityRefusal({ maxTeams: 4, taken: 1 }, { maxTeams: 10, taken: 5 }, 3)).toBeNull();
    expect(capacityRefusal({ maxTeams: 4, taken: 1 }, { maxTeams: null, taken: 50 }, 3)).toBeNull();
  });
  it('names the tournament when its cap is the tighter', () => {
    expect(capacityRefusal({ maxTeams: 10, taken: 0 }, { maxTeams: 3, taken: 1 }, 3)).toBe('Only 2 places left in this tournament');
    expect(capacityRefusal({ maxTeams: 10, taken: 0 }, { maxTeams: 3, taken: 2 }, 2)).toBe('Only 1 place left in this tournament');
  });
  it('says the tournament is full when it is, whatever the level has left', () => {
    expect(capacityRefusal({ maxTeams: 10, taken: 0 }, { maxTeams: 3, taken: 3 }, 1)).toBe('The tournament is full');
    expect(capacityRefusal({ maxTeams: 2, taken: 2 }, { maxTeams: 3, taken: 3 }, 1)).toBe('The tournament is full');
  });
  it("names the level when the level's cap is the tighter or the same", () => {
    expect(capacityRefusal({ maxTeams: 4, taken: 2 }, { maxTeams: 20, taken: 2 }, 3)).toBe('Only 2 places left at this level');
    expect(capacityRefusal({ maxTeams: 4, taken: 2 }, { maxTeams: 4, taken: 2 }, 3)).toBe('Only 2 places left at this level');
    expect(capacityRefusal({ maxTeams: 4, taken: 4 }, { maxTeams: null, taken: 9 }, 1)).toBe('This level is sold out');
  });
});
