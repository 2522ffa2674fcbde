// Dates as people read them. Tournament dates are calendar dates (YYYY-MM-DD) and are shown without a time zone shift.

export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

export function formatDateRange(start: string, end: string | null): string {
  return end && end !== start ? `${formatDate(start)} – ${formatDate(end)}` : formatDate(start);
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;
