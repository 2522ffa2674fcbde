// The event as an iCalendar file (RFC 5545) for 'Add to calendar' (R41): one all-day VEVENT. Written by hand
// (a dozen lines; ical-generator would be a dependency for them) and checked in the tests with ical.js, a maintained parser.
import type { EventPage } from './service';

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks escaped in TEXT values. */
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDate = (day: string) => day.replace(/-/g, '');
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function eventCalendar(event: EventPage, options: { appUrl: string; now: Date }): string {
  const host = new URL(options.appUrl).hostname;
  const location = [event.course?.name, event.address].filter(Boolean).join(', ');
  const description = [event.cause, ...event.schedule].filter(Boolean).join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${text(event.organisation)}//Golf tournament portal//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${stamp(options.now)}`,
    // All day: DTEND is the day after the last day (exclusive).
    `DTSTART;VALUE=DATE:${basicDate(event.startDate)}`,
    `DTEND;VALUE=DATE:${basicDate(dayAfter(event.endDate ?? event.startDate))}`,
    `SUMMARY:${text(event.name)}`,
    ...(location ? [`LOCATION:${text(location)}`] : []),
    ...(description ? [`DESCRIPTION:${text(description)}`] : []),
    `URL:${new URL('/', options.appUrl).href}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
