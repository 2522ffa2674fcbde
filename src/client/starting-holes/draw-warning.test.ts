import { describe, expect, it } from 'vitest';
import { drawOutOfDateText, groupsText, scoredTeamsText } from './draw-warning';

describe('drawOutOfDateText: a draw that leaves out teams registered after it', () => {
  it('names how many teams have no hole, and what to do', () => {
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 2 })).toBe('2 teams have no starting hole yet: Assign Teams again');
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 1 })).toBe('1 team has no starting hole yet: Assign Teams again');
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 1 }, false)).toBe(
      '1 team has no starting hole yet: an admin draws again with Assign Teams',
    );
  });

  it('says nothing when every team has a hole, or before the first draw (no team has one)', () => {
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 0 })).toBeNull();
    expect(drawOutOfDateText({ teams: 6, teamsWithoutHole: 6 })).toBeNull();
  });
});

describe('scoredTeamsText: drawing again moves teams that are scoring', () => {
  it('warns only when teams have scores', () => {
    expect(scoredTeamsText(0)).toBeNull();
    expect(scoredTeamsText(3)).toBe(
      '3 teams have scores already. Their scores stay, but their starting holes will change: tell their scorers.',
    );
  });
});

describe('groupsText: how many holes the draw doubles (R31)', () => {
  it('one team per hole while the field fits the holes', () => {
    expect(groupsText({ teams: 12, holes: 18, singleGroupHoles: 0 })).toBe('One team per hole: 12 of the 18 holes get a team.');
    expect(groupsText({ teams: 1, holes: 18, singleGroupHoles: 0 })).toBe('One team per hole: 1 of the 18 holes gets a team.');
  });
  it('36 teams on 18 holes: all 18 doubled; 22 teams: 4', () => {
    expect(groupsText({ teams: 36, holes: 18, singleGroupHoles: 0 })).toBe(
      '18 of the 18 holes get two groups (A and B), par 5s first, then par 4s, then par 3s.',
    );
    expect(groupsText({ teams: 19, holes: 18, singleGroupHoles: 0 })).toMatch(/^1 of the 18 holes gets two groups /);
    expect(groupsText({ teams: 22, holes: 18, singleGroupHoles: 2 })).toBe(
      '4 of the 18 holes get two groups (A and B), par 5s first, then par 4s, then par 3s; 2 holes stay single.',
    );
  });
  it('beyond two a hole (less the single ones) the draw is refused', () => {
    expect(groupsText({ teams: 36, holes: 18, singleGroupHoles: 1 })).toBe(
      'Too many teams (36) for available holes (35): the draw will be refused.',
    );
  });
});
