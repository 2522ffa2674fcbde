import { describe, expect, it, vi } from 'vitest';
import { formatMoney, parseMoneyToCents, totalCents } from './money';

// Intl may separate a symbol from the number with a no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney (R16: integer cents shown with two decimals)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [120_000, '$1,200.00'],
    [1_000_000, '$10,000.00'],
    [123_456_789, '$1,234,567.89'],
  ])('%i cents → %s', (cents, shown) => expect(formatMoney(cents)).toBe(shown));

  it('writes dollars by hand exactly as Intl does (no Intl object on the first load)', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [-1, -99, -100, -123_456, 999_999_999_99, -12_345_678_901_23];
    for (let cents = -2_000; cents <= 2_000; cents++) amounts.push(cents);
    for (let cents = 99_000; cents <= 101_000_000; cents += 9_973) amounts.push(cents, -cents);
    for (const cents of amounts) expect(formatMoney(cents)).toBe(intl.format(cents / 100));
  });

  it('makes no Intl formatter for dollars', async () => {
    vi.resetModules();
    const fresh = await import('./money');
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      fresh.formatMoney(123_456);
      fresh.formatMoney(-5, 'USD');
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('shows the configured currency, always with two decimals', () => {
    expect(plain(formatMoney(1250, 'EUR'))).toBe('€12.50');
    expect(plain(formatMoney(1250, 'GBP'))).toBe('£12.50');
    expect(plain(formatMoney(120_000, 'CAD'))).toBe('CA$1,200.00');
    expect(plain(formatMoney(500, 'JPY'))).toMatch(/5\.00$/);
  });
});

describe('totalCents', () => {
  it('is the price times the number of teams', () => {
    expect(totalCents(250_000, 3)).toBe(750_000);
    expect(totalCents(1999, 0)).toBe(0);
  });
});

describe('parseMoneyToCents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['19.99', 1999],
    ['0.29', 29],
    ['1,200.50', 120_050],
    [' 2 500 ', 250_000],
    ['10000.01', 1_000_001],
  ])('%j → %i cents, with no floating-point drift', (text, cents) => expect(parseMoneyToCents(text)).toBe(cents));

  it.each(['', ' ', 'abc', '-5', '12.345', '.5', '12.', '1e3', '$12', '12,50.0.1', 'NaN'])('%j → null', (text) => {
    expect(parseMoneyToCents(text)).toBeNull();
  });
});
