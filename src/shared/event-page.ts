// The event page's small rules (R40, R41), for the page, its server render and its sharing tags alike.

/** A plain link to a map search for the course (no map script on the page): the address, or the course's name. */
export function mapSearchUrl(event: { address: string; course: { name: string } | null }): string | null {
  const query = [event.course?.name, event.address].filter(Boolean).join(', ');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/** 'Add to calendar': the event's iCalendar file (R41), served by the portal. */
export const calendarPath = (eventId: string) => `/events/${eventId}.ics`;

/** The first lines of the cause, for a shared link's preview (Open Graph description). */
export function shortDescription(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** R58: the last day of an early price, as the event page and the registration form word it: 'March 31, 2027'. */
export const earlyEndText = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
