// R29's Handicap Index rule is written once (handicap.ts): the check-in page's zod-free check and the zod schema every
// form and route uses accept and refuse the same values, with the same message.
import { describe, expect, test } from 'vitest';
import { handicapFromText, HANDICAP_MESSAGE, isHandicapIndex } from './handicap';
import { handicapSchema } from './golfer-schemas';
import { handicapIndexSchema } from './team-schemas';

const VALUES = [-10, -9.9, 0, 0.1, 12.3, 36, 53.9, 54, -10.1, 54.1, 12.34, 0.05, 60, -11, Number.NaN, Infinity, -Infinity];
const TEXTS = ['', '12.3', ' 7 ', '-2.5', '54.0', '54.05', 'abc', '1e1', '12,3', '--1', '.5'];

describe('the Handicap Index rule (R29)', () => {
  test.each(VALUES)('%s: the same answer with and without zod', (value) => {
    const parsed = handicapIndexSchema.safeParse(value);
    expect(parsed.success).toBe(isHandicapIndex(value));
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toEqual([HANDICAP_MESSAGE]);
  });

  test('the bounds and one decimal', () => {
    expect([-10, 54, 12.3].every(isHandicapIndex)).toBe(true);
    expect([-10.1, 54.1, 12.34, Number.NaN].some(isHandicapIndex)).toBe(false);
  });

  test.each(TEXTS)('the check-in field’s text %j: the check it makes is the route’s', (text) => {
    const value = handicapFromText(text.trim());
    // handicap-field.tsx: none (null) clears the index; any number must pass the rule.
    const fieldAccepts = value === null || isHandicapIndex(value);
    expect(fieldAccepts).toBe(handicapSchema.safeParse({ handicapIndex: value }).success);
  });
});
