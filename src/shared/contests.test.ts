import { describe, expect, it } from 'vitest';
import { contestHolesText, formatDistance } from './contests';

describe('contest distances and holes (R44)', () => {
  it('reads closest-to-the-pin inches as feet and inches, longest drive as yards, a hole in one as such', () => {
    expect(formatDistance('closest_to_pin', 51)).toBe('4 ft 3 in');
    expect(formatDistance('closest_to_pin', 48)).toBe('4 ft');
    expect(formatDistance('closest_to_pin', 7)).toBe('7 in');
    expect(formatDistance('longest_drive', 287)).toBe('287 yd');
    expect(formatDistance('closest_to_pin', 0, true)).toBe('Hole in one!');
  });

  it('lists the contest holes by contest, for cart signs and the starting sheet', () => {
    expect(
      contestHolesText([
        { contest: 'closest_to_pin', hole: 3 },
        { contest: 'longest_drive', hole: 9 },
        { contest: 'closest_to_pin', hole: 12 },
      ]),
    ).toBe('Closest to the pin: holes 3, 12 · Longest drive: hole 9');
    expect(contestHolesText([])).toBe('');
  });
});
