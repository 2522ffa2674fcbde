// The first load's dates are written by hand, not by Intl (docs/decisions/118): they must read exactly as
// en-US's Intl writes them, on the server's HTML and in the browser alike.
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateRange } from './format';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('formatDate', () => {
  it("writes every day of two years (a leap year among them) as Intl's en-US medium date", () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2029, 0, 1); at += DAY_MS) {
      const date = new Date(at).toISOString().slice(0, 10);
      expect(formatDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026');
  });

  it('writes a range with an en dash, and one day once', () => {
    expect(formatDateRange('2026-06-01', '2026-06-02')).toBe('Jun 1, 2026 – Jun 2, 2026');
    expect(formatDateRange('2026-06-01', '2026-06-01')).toBe('Jun 1, 2026');
    expect(formatDateRange('2026-06-01', null)).toBe('Jun 1, 2026');
  });
});

it("makes no Intl formatter (a page's first costs a phone 0.1–0.25 s)", () => {
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  try {
    formatDateRange('2026-06-01', '2026-06-02');
    expect(made).not.toHaveBeenCalled();
  } finally {
    made.mockRestore();
  }
});
