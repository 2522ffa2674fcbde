// Dates as people read them. Tournament dates are calendar dates (YYYY-MM-DD) and are shown without a time zone shift.

export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
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
