import { describe, expect, it } from 'vitest';
import { maxTeamsHint } from './tournament-form';

const pine = { name: 'Pine Valley', totalHoles: 18 };

describe('the hint under Max teams: the shotgun draw puts at most two groups on a hole (R31)', () => {
  it('says only how to lift the limit while the cap fits the course, or there is no course yet', () => {
    expect(maxTeamsHint('36', pine)).toBe('Leave empty for no limit');
    expect(maxTeamsHint('12', pine)).toBe('Leave empty for no limit');
    expect(maxTeamsHint('40', undefined)).toBe('Leave empty for no limit');
    expect(maxTeamsHint('', undefined)).toBe('Leave empty for no limit');
  });

  it('warns when the cap, or no cap, allows more teams than twice the holes', () => {
    expect(maxTeamsHint('37', pine)).toBe(
      'Pine Valley has 18 holes: the shotgun draw puts at most two groups on each, so at most 36 teams can start.',
    );
    expect(maxTeamsHint('', pine)).toBe(
      'No limit. Pine Valley has 18 holes: the shotgun draw puts at most two groups on each, so at most 36 teams can start.',
    );
  });

  it('leaves a value that is not a number to the form’s own message', () => {
    expect(maxTeamsHint('abc', pine)).toBe('Leave empty for no limit');
  });
});
