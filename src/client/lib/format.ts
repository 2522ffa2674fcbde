// Dates as people read them. Tournament dates are calendar dates (YYYY-MM-DD) and are shown without a time zone shift.
// The first load's dates (Home's, the leaderboard's) are written by hand, in exactly en-US's words: a page's first Intl
// formatter loads the browser's locale data, 0.1–0.25 s of a phone's main thread at once, the longest task of the
// leaderboard's first load (docs/decisions/118). format.test.ts holds them to Intl's output.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date as en-US's medium date style writes it: 'Nov 29, 2026'. */
export function formatDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[month! - 1]} ${day}, ${year}`;
}

export function formatDateRange(start: string, end: string | null): string {
  return end && end !== start ? `${formatDate(start)} – ${formatDate(end)}` : formatDate(start);
}

/** An instant in the reader's own time zone; `withZone` names the zone (a deadline must say whose clock it is). */
export function formatDateTime(iso: string, { withZone = false } = {}): string {
  const options: Intl.DateTimeFormatOptions = withZone
    ? { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
