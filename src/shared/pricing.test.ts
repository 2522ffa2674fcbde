import { describe, expect, it } from 'vitest';
import { codeRefusal, discountOf, feeOn, priceOf, type CodeRules } from './pricing';
import { CODE_MESSAGES } from './pricing-schemas';

const ZONE = 'America/New_York';
// 2027-03-31 23:59 in New York is 2027-04-01 03:59 UTC; midnight there is 04:00 UTC.
const LAST_MINUTE = new Date('2027-04-01T03:59:00Z');
const MIDNIGHT_AFTER = new Date('2027-04-01T04:00:00Z');
const at = (now: Date, extra: Partial<Parameters<typeof priceOf>[0]> = {}) =>
  priceOf({ listCents: 50_000, early: { priceCents: 40_000, until: '2027-03-31' }, now, timeZone: ZONE, ...extra });

describe('priceOf (R57, R58)', () => {
  it('charges the list price without an early price, a code or the fee', () => {
    expect(priceOf({ listCents: 50_000, now: LAST_MINUTE, timeZone: ZONE })).toEqual({
      baseCents: 50_000,
      early: false,
      discountCents: 0,
      unitCents: 50_000,
      quantity: 1,
      subtotalCents: 50_000,
      feeCents: 0,
      totalCents: 50_000,
    });
  });

  it('charges the early price until midnight at the end of its date in the time zone, then the list price', () => {
    expect(at(LAST_MINUTE)).toMatchObject({ baseCents: 40_000, early: true, unitCents: 40_000 });
    expect(at(MIDNIGHT_AFTER)).toMatchObject({ baseCents: 50_000, early: false, unitCents: 50_000 });
    // 03:59 UTC is already 1 April in UTC: the organisation's zone decides, not the server's.
    expect(at(LAST_MINUTE, { timeZone: 'UTC' })).toMatchObject({ early: false });
  });

  it('takes a code off the base (the early price while it runs), per team, and totals the teams', () => {
    const percent = at(LAST_MINUTE, { code: { kind: 'percent', percent: 25 }, quantity: 3 });
    expect(percent).toMatchObject({
      baseCents: 40_000,
      discountCents: 10_000,
      unitCents: 30_000,
      subtotalCents: 90_000,
      totalCents: 90_000,
    });
    expect(at(MIDNIGHT_AFTER, { code: { kind: 'amount', amountCents: 7_550 } })).toMatchObject({ discountCents: 7_550, unitCents: 42_450 });
    expect(at(MIDNIGHT_AFTER, { code: { kind: 'free' } })).toMatchObject({ discountCents: 50_000, unitCents: 0, totalCents: 0 });
  });

  it('never takes off more than the price', () => {
    expect(discountOf({ kind: 'amount', amountCents: 90_000 }, 50_000)).toBe(50_000);
    expect(discountOf({ kind: 'percent', percent: 100 }, 12_345)).toBe(12_345);
  });

  it('rounds a percentage half up to the cent', () => {
    // 15 % of 333.33 is 49.9995: 50.00; 15 % of 333.30 is 49.995: 50.00 (half up); 10 % of 0.04 is 0.004: 0.00.
    expect(discountOf({ kind: 'percent', percent: 15 }, 33_333)).toBe(5_000);
    expect(discountOf({ kind: 'percent', percent: 15 }, 33_330)).toBe(5_000);
    expect(discountOf({ kind: 'percent', percent: 15 }, 33_329)).toBe(4_999);
    expect(discountOf({ kind: 'percent', percent: 10 }, 4)).toBe(0);
  });

  it('adds the covered card fee on what is charged, only when ticked', () => {
    const fee = { basisPoints: 290, fixedCents: 30 };
    // 2.9 % of 900.00 = 26.10, plus 0.30.
    expect(at(LAST_MINUTE, { code: { kind: 'percent', percent: 25 }, quantity: 3, fee, coverFee: true })).toMatchObject({
      subtotalCents: 90_000,
      feeCents: 2_640,
      totalCents: 92_640,
    });
    expect(at(LAST_MINUTE, { fee, coverFee: false })).toMatchObject({ feeCents: 0, totalCents: 40_000 });
    // Nothing charged: no card, no fee.
    expect(at(LAST_MINUTE, { code: { kind: 'free' }, fee, coverFee: true })).toMatchObject({ feeCents: 0, totalCents: 0 });
    // 2.9 % of 10.05 = 0.29145: 0.29, plus 0.30; 2.9 % of 10.35 = 0.30015: 0.30.
    expect(feeOn(1_005, fee)).toBe(59);
    expect(feeOn(1_035, fee)).toBe(60);
    expect(feeOn(1_000, null)).toBe(0);
  });
});

describe('codeRefusal (R57)', () => {
  const code: CodeRules = {
    terms: { kind: 'free' },
    levelIds: ['level-a'],
    itemIds: ['item-a'],
    maxUses: 3,
    uses: 1,
    validFrom: '2027-03-01',
    validUntil: '2027-03-31',
  };
  const level = { levelId: 'level-a', uses: 1 };

  it('accepts a code for its level or item, within its dates (both ends, in the time zone) and its uses', () => {
    expect(codeRefusal(code, level, LAST_MINUTE, ZONE)).toBeNull();
    expect(codeRefusal(code, { itemId: 'item-a', uses: 1 }, new Date('2027-03-01T05:00:00Z'), ZONE)).toBeNull();
    expect(codeRefusal(code, { levelId: 'level-a', uses: 2 }, LAST_MINUTE, ZONE)).toBeNull();
  });

  it('says why a code does not apply', () => {
    expect(codeRefusal(null, level, LAST_MINUTE, ZONE)).toBe(CODE_MESSAGES.unknown);
    expect(codeRefusal(code, level, MIDNIGHT_AFTER, ZONE)).toBe(CODE_MESSAGES.expired);
    expect(codeRefusal(code, level, new Date('2027-03-01T04:59:00Z'), ZONE)).toBe(CODE_MESSAGES.notYet);
    expect(codeRefusal(code, { levelId: 'level-b', uses: 1 }, LAST_MINUTE, ZONE)).toBe(CODE_MESSAGES.notForLevel);
    expect(codeRefusal(code, { itemId: 'item-b', uses: 1 }, LAST_MINUTE, ZONE)).toBe(CODE_MESSAGES.notForItem);
    expect(codeRefusal({ ...code, uses: 3 }, level, LAST_MINUTE, ZONE)).toBe(CODE_MESSAGES.usedUp);
    // Three teams on a code with two uses left: not enough for all of them.
    expect(codeRefusal(code, { levelId: 'level-a', uses: 3 }, LAST_MINUTE, ZONE)).toBe(CODE_MESSAGES.usedUp);
  });
});
