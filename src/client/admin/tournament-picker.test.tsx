// @vitest-environment happy-dom
// The one tournament picker of the admin pages (docs/decisions/102): the choice is read from and written to the address,
// an id the page does not offer falls back to the default without a crash, and the nav's links carry the last choice.
// The network is the only thing stubbed (the active tournaments, which give the default its dates).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, useLocation } from '../router';
import { defaultTournamentId, TournamentPicker, useChosenTournament, useRememberedTournamentSearch } from './tournament-picker';

const ID = {
  spring: '00000000-0000-4000-8000-000000000001',
  autumn: '00000000-0000-4000-8000-000000000002',
  closed: '00000000-0000-4000-8000-000000000003',
  deleted: '00000000-0000-4000-8000-000000000009',
};
// The page's own list, in its own order (newest created first, as the admin lists come).
const LIST = [
  { id: ID.closed, name: 'Last Year Open' },
  { id: ID.autumn, name: 'Autumn Classic' },
  { id: ID.spring, name: 'Spring Scramble' },
];
// The active ones, soonest first as /api/tournaments/active answers: the newest is the one that starts last.
const ACTIVE = [
  { id: ID.spring, name: 'Spring Scramble', startDate: '2026-05-01', endDate: '2026-05-01' },
  { id: ID.autumn, name: 'Autumn Classic', startDate: '2026-09-20', endDate: '2026-09-20' },
];

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ tournaments: ACTIVE, currency: 'USD' }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Page({ anyLabel }: { anyLabel?: string }) {
  const { tournament, picker } = useChosenTournament(LIST, { anyLabel });
  const { pathname, search } = useLocation();
  const nav = useRememberedTournamentSearch();
  return (
    <>
      <TournamentPicker {...picker} />
      <p data-testid="shown">{tournament?.name ?? 'none'}</p>
      <p data-testid="address">{pathname + search}</p>
      <a href={`/admin/teams${nav}`}>Teams</a>
    </>
  );
}

function openAt(url: string, props: { anyLabel?: string } = {}) {
  window.history.replaceState(null, '', url);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <Page {...props} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
}

const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Tournament' });
const shown = () => screen.getByTestId('shown').textContent;
const address = () => screen.getByTestId('address').textContent;
const teamsLink = () => screen.getByRole('link', { name: 'Teams' }).getAttribute('href');

it('shows the tournament the address names, even one that is not active', async () => {
  openAt(`/admin/check-in?tournament=${ID.closed}`);
  expect(shown()).toBe('Last Year Open');
  expect(select().value).toBe(ID.closed);
  // Named in the address and offered: the nav carries it to the next page.
  expect(teamsLink()).toBe(`/admin/teams?tournament=${ID.closed}`);
});

it('without a choice in the address, shows the newest active tournament (the latest start), not the list’s first', async () => {
  openAt('/admin/check-in');
  await vi.waitFor(() => expect(shown()).toBe('Autumn Classic'));
  expect(select().value).toBe(ID.autumn);
  // A default is no choice: the address and the nav say nothing.
  expect(address()).toBe('/admin/check-in');
  expect(teamsLink()).toBe('/admin/teams');
});

it.each([ID.deleted, 'not-an-id', ''])('an id the page does not offer (%j) falls back to the default, without a crash', async (id) => {
  openAt(`/admin/check-in?tournament=${encodeURIComponent(id)}`);
  await vi.waitFor(() => expect(shown()).toBe('Autumn Classic'));
  expect(teamsLink()).toBe('/admin/teams');
});

it('a choice goes into the address as a new entry: Back shows the one before, Forward the choice again', async () => {
  openAt(`/admin/check-in?tournament=${ID.spring}`);
  fireEvent.change(select(), { target: { value: ID.closed } });
  expect(address()).toBe(`/admin/check-in?tournament=${ID.closed}`);
  expect(shown()).toBe('Last Year Open');
  expect(teamsLink()).toBe(`/admin/teams?tournament=${ID.closed}`);

  await act(async () => {
    window.history.back();
    await vi.waitFor(() => expect(window.location.search).toBe(`?tournament=${ID.spring}`));
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  expect(shown()).toBe('Spring Scramble');
  expect(select().value).toBe(ID.spring);
  // Come back to, it is the last choice again.
  expect(teamsLink()).toBe(`/admin/teams?tournament=${ID.spring}`);
});

it('the last choice outlives the page: a page opened later (a reload) links it on', async () => {
  openAt(`/admin/check-in?tournament=${ID.autumn}`);
  cleanup();
  openAt('/admin/tournaments');
  expect(teamsLink()).toBe(`/admin/teams?tournament=${ID.autumn}`);
});

it('a filter page shows every tournament by default and for an unknown id; choosing All clears the choice', async () => {
  openAt(`/admin/teams?tournament=${ID.deleted}`, { anyLabel: 'All tournaments' });
  expect(shown()).toBe('none');
  expect(select().value).toBe('');
  expect(screen.getByRole('option', { name: 'All tournaments' })).toBeTruthy();

  fireEvent.change(select(), { target: { value: ID.spring } });
  expect(address()).toBe(`/admin/teams?tournament=${ID.spring}`);
  expect(teamsLink()).toBe(`/admin/teams?tournament=${ID.spring}`);
  fireEvent.change(select(), { target: { value: '' } });
  expect(address()).toBe('/admin/teams');
  expect(shown()).toBe('none');
  expect(teamsLink()).toBe('/admin/teams');
});

describe('the default: the tournament of the week, else the newest', () => {
  const NOW = new Date(2026, 5, 10, 9, 30); // 10 June 2026, local time
  const on = (id: string, startDate: string, endDate: string | null = null) => ({ id, startDate, endDate });

  it.each([
    ['one starting within a week, before a later one', [on('soon', '2026-06-13'), on('later', '2026-08-01')], 'soon'],
    [
      'the one in play (started yesterday, ends tomorrow)',
      [on('playing', '2026-06-09', '2026-06-11'), on('later', '2026-07-01')],
      'playing',
    ],
    ['today’s, before another of the week', [on('today', '2026-06-10'), on('friday', '2026-06-12')], 'today'],
    ['none this week: the newest, not the soonest', [on('july', '2026-07-10'), on('august', '2026-08-10')], 'august'],
    ['one that ended yesterday is no longer the week’s', [on('over', '2026-06-09'), on('autumn', '2026-09-01')], 'autumn'],
    ['eight days on is not this week', [on('next-week', '2026-06-18'), on('autumn', '2026-09-01')], 'autumn'],
  ])('%s', (_, active, expected) => expect(defaultTournamentId(active, NOW)).toBe(expected));

  it('none without active tournaments', () => {
    expect(defaultTournamentId([], NOW)).toBeUndefined();
    expect(defaultTournamentId(undefined, NOW)).toBeUndefined();
  });
});

describe('the picker while the list loads', () => {
  it("stands disabled in its place saying 'Loading…', then offers the list", () => {
    const noop = () => undefined;
    const { rerender } = render(<TournamentPicker items={undefined} value="" onChange={noop} loading />);
    const select = screen.getByLabelText<HTMLSelectElement>('Tournament');
    expect(select.disabled).toBe(true);
    expect([...select.options].map((o) => o.text)).toEqual(['Loading…']);
    rerender(<TournamentPicker items={[{ id: 't1', name: 'Harbor Classic' }]} value="t1" onChange={noop} loading={false} />);
    expect(select.disabled).toBe(false);
    expect([...select.options].map((o) => o.text)).toEqual(['Harbor Classic']);
  });
});
