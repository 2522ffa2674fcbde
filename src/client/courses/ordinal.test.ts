import { describe, expect, it } from 'vitest';
import { ordinal } from './ordinal';

describe('ordinal: the stroke index fields are named by hole', () => {
  it('says 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  });
});
