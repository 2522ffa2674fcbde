import { describe, expect, it } from 'vitest';
import { deductibleCents, needsDisclosure } from './receipts';

describe('deductible (R39)', () => {
  it('is the amount less the value received', () => {
    expect(deductibleCents(60_000, 15_000)).toBe(45_000);
    expect(deductibleCents(5_000, 0)).toBe(5_000);
  });
  it('is never below 0 when the value received is above the amount', () => {
    expect(deductibleCents(2_000, 3_500)).toBe(0);
    expect(deductibleCents(2_000, 2_000)).toBe(0);
  });
  it('counts only the money kept after refunds', () => {
    expect(deductibleCents(60_000, 15_000, 60_000)).toBe(0);
    expect(deductibleCents(60_000, 15_000, 10_000)).toBe(35_000);
    expect(deductibleCents(10_000, 0, 10_000)).toBe(0);
  });
});

describe('the quid pro quo disclosure', () => {
  it('is due over 75.00 with goods or services, not at 75.00, not for a gift', () => {
    expect(needsDisclosure(7_501, 1)).toBe(true);
    expect(needsDisclosure(7_500, 5_000)).toBe(false);
    expect(needsDisclosure(100_000, 0)).toBe(false);
  });
});
