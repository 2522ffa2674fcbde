import { describe, expect, it } from 'vitest';
import { drawOutOfDateText, scoredTeamsText } from './draw-warning';

describe('drawOutOfDateText: a draw that leaves out teams registered after it', () => {
  it('names how many teams have no hole, and what to do', () => {
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 2 })).toBe('2 teams have no starting hole yet: Assign Teams again');
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 1 })).toBe('1 team has no starting hole yet: Assign Teams again');
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 1 }, false)).toBe('1 team has no starting hole yet: an admin draws again with Assign Teams');
  });

  it('says nothing when every team has a hole, or before the first draw (no team has one)', () => {
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 0 })).toBeNull();
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 6 })).toBeNull();
  });
});

describe('scoredTeamsText: drawing again moves teams that are scoring', () => {
  it('warns only when teams have scores', () => {
    expect(scoredTeamsText(0)).toBeNull();
    expect(scoredTeamsText(3)).toBe('3 teams have scores already. Their scores stay, but their starting holes will change: tell their scorers.');
  });
});
