import { describe, expect, it } from 'vitest';
import { levelHint } from './level-offers';

describe('the hint under a level in the tournament form', () => {
  it('counts places in the singular and the plural', () => {
    expect(levelHint({ description: '', maxTeams: 1 }, 0)).toBe('Usually 1 place.');
    expect(levelHint({ description: '', maxTeams: 4 }, 0)).toBe('Usually 4 places.');
    expect(levelHint({ description: '', maxTeams: 4 }, 1)).toBe('1 team registered: it stays offered, with at least 1 place.');
    expect(levelHint({ description: '', maxTeams: 4 }, 3)).toBe('3 teams registered: it stays offered, with at least 3 places.');
  });

  it('keeps the usual places after a description', () => {
    expect(levelHint({ description: 'A foursome and a tee-box sign.', maxTeams: 3 }, 0)).toBe(
      'A foursome and a tee-box sign. · Usually 3 places.',
    );
  });
});
