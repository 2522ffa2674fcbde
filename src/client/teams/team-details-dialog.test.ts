import { describe, expect, it } from 'vitest';
import { deletionSummary } from './team-details-dialog';

describe('what the team delete confirmation says goes with the team', () => {
  const removes = { players: 4, payments: 1, scores: 0, checkins: 1 };

  it('names no starting hole before the draw', () => {
    expect(deletionSummary(removes, null)).toBe('4 players, 1 payment record, 0 scores, 1 check-in');
  });

  it('names the starting hole the draw gave the team', () => {
    expect(deletionSummary(removes, 7)).toBe('4 players, 1 payment record, 0 scores, 1 check-in, and its starting hole (7)');
  });
});
