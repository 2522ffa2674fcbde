// @vitest-environment happy-dom
// Home's event page (R40) shows a level's early-bird price with its last day while it runs, and the regular price after
// it (R58); a level without one shows its price alone. Rendered as the server renders Home.
// Its details are laid out only when a phone scrolls near them (decision 126).
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { MemoryRouter } from '../router';
import { EventPages } from './event-page';
import type { OpenEvents } from '../lib/first-load-reads';

const event: OpenEvents['events'][number] = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Spring Classic',
  startDate: '2027-06-01',
  endDate: null,
  organisation: 'Fairway Friends',
  cause: '',
  schedule: [],
  address: '',
  course: null,
  heroImage: null,
  registrationOpen: true,
  finished: false,
  levels: [
    { name: 'Eagle', description: '', priceCents: 80_000, earlyPriceCents: 65_000, earlyUntil: '2027-03-31', placesLeft: 3 },
    { name: 'Par', description: '', priceCents: 50_000, earlyPriceCents: null, earlyUntil: null, placesLeft: 2 },
  ],
  sponsors: [],
  items: [],
  holeSponsors: [],
  raisedCents: 0,
  goalCents: null,
  auction: false,
};

it('shows the early price with its last day and the regular price after it; a level without one shows its price alone', () => {
  const html = renderToString(
    <MemoryRouter>
      <EventPages events={[event]} currency="USD" />
    </MemoryRouter>,
  );
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  expect(text).toContain('Eagle $650.00 Early-bird price until March 31, 2027, then $800.00');
  expect(text).toContain('Par $500.00');
  expect(text.match(/Early-bird/g)).toHaveLength(1);
});

it("lays out an event's details only when a phone scrolls near them (its heading stays drawn at once)", () => {
  const html = renderToString(
    <MemoryRouter>
      <EventPages events={[event]} currency="USD" />
    </MemoryRouter>,
  );
  const host = document.createElement('div');
  host.innerHTML = html;
  const article = host.querySelector('article')!;
  expect(article.querySelector(':scope > header')!.className).not.toContain('content-visibility');
  const details = article.querySelector(':scope > header + div')!;
  expect(details.className).toContain('[content-visibility:auto]');
  expect(details.textContent).toContain('Eagle');
});
