// The event page's small rules (R40, R41) and the tournament form's texts: plain text in, never a link or markup run.
import { describe, expect, it } from 'vitest';
import { calendarPath, mapSearchUrl, shortDescription } from './event-page';
import { parseTournamentForm as form } from './tournament-form.fixture';

const messages = (result: ReturnType<typeof form>) => (result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]));

describe('the map link', () => {
  it('searches the course and its address, encoded, with no way to become a script', () => {
    expect(mapSearchUrl({ course: { name: 'Willow Creek' }, address: '1 Lake Rd, Harbor City' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Willow%20Creek%2C%201%20Lake%20Rd%2C%20Harbor%20City',
    );
    expect(mapSearchUrl({ course: null, address: 'javascript:alert(1)' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=javascript%3Aalert(1)',
    );
    expect(mapSearchUrl({ course: null, address: '' })).toBeNull();
  });

  it('names the calendar file and shortens a long cause for a shared link', () => {
    expect(calendarPath('abc')).toBe('/events/abc.ics');
    expect(shortDescription('a\n\nb   c')).toBe('a b c');
    expect(shortDescription('x'.repeat(300))).toHaveLength(200);
    expect(shortDescription('x'.repeat(300)).endsWith('…')).toBe(true);
  });
});

describe("the tournament form's event page texts", () => {
  it('turns the schedule box into lines, blank lines dropped, and keeps the cause as written', () => {
    const result = form({ schedule: ' 11:00 Check-in \n\n12:30 Shotgun start\r\n', cause: '<b>Books</b>\nand camps' });
    expect(result.success && result.data.schedule).toEqual(['11:00 Check-in', '12:30 Shotgun start']);
    expect(result.success && result.data.cause).toBe('<b>Books</b>\nand camps');
  });

  it('refuses a link as the address, a 10,000-character line and a 13th line, on their fields', () => {
    expect(messages(form({ address: 'javascript:alert(1)' }))).toEqual([['address', 'Enter a street address, not a link']]);
    expect(messages(form({ address: 'Suite 5: 1 Lake Rd' }))).toEqual([]);
    expect(messages(form({ schedule: 'x'.repeat(10_000) }))).toEqual([['schedule', 'Each schedule line can be at most 120 characters']]);
    expect(messages(form({ schedule: Array.from({ length: 13 }, (_, i) => `${i}:00`).join('\n') }))).toEqual([
      ['schedule', 'At most 12 schedule lines'],
    ]);
  });
});
