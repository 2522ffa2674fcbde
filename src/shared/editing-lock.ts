// The editing lock (R17): a team can be changed until 00:00, in the tournament's time zone, of the day before its start date.

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The last date formatted per time zone, for its minute: every zone's offset is whole minutes, so a date cannot change within one. */
const lastDate = new Map<string, { minute: number; date: string }>();

export function localDate(instant: Date, timeZone: string): string {
  // Formatting is the costly part of the dashboard's answer (every team of every request asks): once per zone and minute.
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDate.get(timeZone);
  if (last?.minute === minute) return last.date;
  // Building a DateTimeFormat costs ~0.1 ms: one per time zone, kept.
  let format = formats.get(timeZone);
  if (!format)
    formats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  lastDate.set(timeZone, { minute, date });
  return date;
}

/** The date before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** True while teams of a tournament starting on `startDate` may still be changed by their leaders. */
export function isEditable(startDate: string, now: Date, timeZone: string): boolean {
  return localDate(now, timeZone) < dayBefore(startDate);
}

/**
 * The first start date a team can still be registered for today (R17): isEditable(startDate) is exactly
 * startDate >= firstOpenStartDate, for the database to check under its lock (registration/service.ts).
 */
export function firstOpenStartDate(now: Date, timeZone: string): string {
  const d = new Date(`${localDate(now, timeZone)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 2);
  return d.toISOString().slice(0, 10);
}

export const LOCKED_MESSAGE = 'Editing is locked (tournament starts soon)';
/** Registration closes when editing locks: a team registered later could never be corrected by its leader. */
export const REGISTRATION_CLOSED_MESSAGE = 'Registration for this tournament has closed (it starts soon)';
export const HOLD_HOURS = 72;
