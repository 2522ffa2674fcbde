import { describe, expect, it } from 'vitest';
import { deductibleCents, deductibleNote, disclosureText, needsDisclosure, NO_GOODS_TEXT } from './receipts';

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
    expect(needsDisclosure(7_501, true)).toBe(true);
    expect(needsDisclosure(7_500, true)).toBe(false);
    expect(needsDisclosure(100_000, false)).toBe(false);
  });

  it('closes the receipt with the disclosure, with what was received, or with nothing received', () => {
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(deductibleNote({ disclosure: true, goods: true, fmvCents: 0 }, money)).toBe(disclosureText('$0.00'));
    expect(deductibleNote({ disclosure: false, goods: true, fmvCents: 2_000 }, money)).toBe(
      'Only the amount above the value received may be deductible.',
    );
    expect(deductibleNote({ disclosure: false, goods: false, fmvCents: 0 }, money)).toBe(NO_GOODS_TEXT);
  });
});
