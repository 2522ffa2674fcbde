import { describe, expect, it } from 'vitest';
import { dayBefore, firstOpenStartDate, HOLD_HOURS, isEditable, localDate, LOCKED_MESSAGE } from './editing-lock';

/** The instant one millisecond before `iso`. */
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);

describe('localDate', () => {
  it('is the calendar date where the tournament is, not in UTC', () => {
    const instant = new Date('2026-06-10T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-06-10');
    expect(localDate(instant, 'America/New_York')).toBe('2026-06-10');
    expect(localDate(instant, 'Pacific/Auckland')).toBe('2026-06-11');
    expect(localDate(new Date('2026-06-11T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-06-10');
  });
});

describe('dayBefore', () => {
  it.each([
    ['2026-06-12', '2026-06-11'],
    ['2026-03-01', '2026-02-28'],
    ['2028-03-01', '2028-02-29'],
    ['2027-01-01', '2026-12-31'],
  ])('%s → %s', (date, before) => expect(dayBefore(date)).toBe(before));
});

describe('firstOpenStartDate (what the database checks under the registration lock)', () => {
  it.each([
    ['UTC', '2026-06-10T23:59:59.999Z', '2026-06-12'],
    ['UTC', '2026-06-11T00:00:00.000Z', '2026-06-13'],
    ['Pacific/Auckland', '2026-06-10T12:00:00.000Z', '2026-06-13'],
    ['America/Los_Angeles', '2026-02-28T09:00:00.000Z', '2026-03-02'],
  ])('%s at %s: %s', (zone, instant, first) => expect(firstOpenStartDate(new Date(instant), zone)).toBe(first));

  it('agrees with isEditable on every start date around it', () => {
    const now = new Date('2026-12-30T15:00:00Z');
    for (const zone of ['UTC', 'Pacific/Auckland', 'America/New_York']) {
      const first = firstOpenStartDate(now, zone);
      for (let day = 25; day <= 31 + 8; day++) {
        const start = new Date(Date.UTC(2026, 11, day)).toISOString().slice(0, 10);
        expect(isEditable(start, now, zone), `${zone} ${start}`).toBe(start >= first);
      }
    }
  });
});

describe('isEditable (R17: locked from 00:00 local on the day before the start date)', () => {
  // A tournament starting Friday 12 June 2026: editable through Wednesday 10 June, locked from Thursday 11 June 00:00.
  const START = '2026-06-12';

  it.each([
    // zone, the lock instant in UTC (00:00 local on 11 June)
    ['UTC', '2026-06-11T00:00:00.000Z'],
    ['America/New_York', '2026-06-11T04:00:00.000Z'], // EDT, UTC-4
    ['America/Los_Angeles', '2026-06-11T07:00:00.000Z'], // PDT, UTC-7
    ['Europe/London', '2026-06-10T23:00:00.000Z'], // BST, UTC+1
    ['Pacific/Auckland', '2026-06-10T12:00:00.000Z'], // NZST, UTC+12
    ['Asia/Kolkata', '2026-06-10T18:30:00.000Z'], // IST, UTC+5:30
  ])('%s: editable at 23:59:59.999 two days before, locked at 00:00 the day before (%s)', (zone, lock) => {
    expect(localDate(justBefore(lock), zone)).toBe('2026-06-10');
    expect(isEditable(START, justBefore(lock), zone)).toBe(true);
    expect(localDate(new Date(lock), zone)).toBe('2026-06-11');
    expect(isEditable(START, new Date(lock), zone)).toBe(false);
  });

  it('the same instant is editable in one zone and locked in another', () => {
    const instant = new Date('2026-06-10T13:00:00Z'); // 1 a.m. on 11 June in Auckland, 9 a.m. on 10 June in New York
    expect(isEditable(START, instant, 'Pacific/Auckland')).toBe(false);
    expect(isEditable(START, instant, 'America/New_York')).toBe(true);
    expect(isEditable(START, instant, 'UTC')).toBe(true);
  });

  it('is locked all through the day before, on the start day and afterwards', () => {
    for (const iso of [
      '2026-06-11T00:00:00Z',
      '2026-06-11T12:00:00Z',
      '2026-06-11T23:59:59.999Z',
      '2026-06-12T08:00:00Z',
      '2026-06-20T08:00:00Z',
    ]) {
      expect(isEditable(START, new Date(iso), 'UTC'), iso).toBe(false);
    }
  });

  it('is editable weeks ahead', () => {
    expect(isEditable(START, new Date('2026-05-01T12:00:00Z'), 'America/New_York')).toBe(true);
  });

  it('spring forward: the lock follows the local clock the day after the change (New York, 8 March 2026)', () => {
    // Start 10 March: lock at 00:00 on 9 March, which is EDT (UTC-4) after the change on 8 March at 02:00.
    expect(isEditable('2026-03-10', new Date('2026-03-09T03:59:59.999Z'), 'America/New_York')).toBe(true);
    expect(isEditable('2026-03-10', new Date('2026-03-09T04:00:00.000Z'), 'America/New_York')).toBe(false);
    // A fixed EST offset would still call 04:30Z on 9 March "8 March": it is not.
    expect(isEditable('2026-03-10', new Date('2026-03-09T04:30:00.000Z'), 'America/New_York')).toBe(false);
    // Start 9 March: the lock is 00:00 on 8 March, still EST (UTC-5).
    expect(isEditable('2026-03-09', new Date('2026-03-08T04:59:59.999Z'), 'America/New_York')).toBe(true);
    expect(isEditable('2026-03-09', new Date('2026-03-08T05:00:00.000Z'), 'America/New_York')).toBe(false);
  });

  it('fall back: the 25-hour day does not move the lock (New York, 1 November 2026)', () => {
    // Start 3 November: the lock is 00:00 on 2 November, EST (UTC-5), after the 25-hour day.
    expect(isEditable('2026-11-03', new Date('2026-11-02T04:59:59.999Z'), 'America/New_York')).toBe(true);
    expect(isEditable('2026-11-03', new Date('2026-11-02T05:00:00.000Z'), 'America/New_York')).toBe(false);
  });

  it('a day whose midnight does not exist locks at its first instant (Santiago skips 00:00 on 6 September 2026)', () => {
    // 5 September 23:59:59.999 at UTC-4 is followed by 6 September 01:00 at UTC-3: the same instant, 04:00Z.
    expect(isEditable('2026-09-07', new Date('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe(true);
    expect(isEditable('2026-09-07', new Date('2026-09-06T04:00:00.000Z'), 'America/Santiago')).toBe(false);
  });

  it('a start on the first of the month locks on the last day of the month before', () => {
    expect(isEditable('2026-07-01', new Date('2026-06-29T23:59:59.999Z'), 'UTC')).toBe(true);
    expect(isEditable('2026-07-01', new Date('2026-06-30T00:00:00.000Z'), 'UTC')).toBe(false);
    expect(isEditable('2027-01-01', new Date('2026-12-30T23:59:59.999Z'), 'UTC')).toBe(true);
    expect(isEditable('2027-01-01', new Date('2026-12-31T00:00:00.000Z'), 'UTC')).toBe(false);
  });

  it('says why in the words of the team card, and holds for 72 hours', () => {
    expect(LOCKED_MESSAGE).toBe('Editing is locked (tournament starts soon)');
    expect(HOLD_HOURS).toBe(72);
  });
});
