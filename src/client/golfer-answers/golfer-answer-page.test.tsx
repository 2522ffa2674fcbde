// @vitest-environment happy-dom
// R42 + R54: the golfer's own page links to the tournament's silent auction once it has lots, carrying the personal link's
// token in the fragment (the auction pages read it there), and shows no such link otherwise. The network is stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from '../router';
import { GolferAnswerPage } from './golfer-answer-page';
import type { AnswerPage } from './queries';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'tok_abc-123';

function page(hasAuction: boolean): AnswerPage {
  return {
    golfer: { firstName: 'Ada', lastName: 'Lovelace', answeredAt: null, checkInCode: 'GOLF-7K3P' },
    team: { name: 'Eagles' },
    tournament: { id: 't-1', name: 'Spring Classic', startDate: '2027-04-16', hasAuction },
    questions: [],
    answers: { handicapIndex: null, shirtSize: '', dietaryNeeds: '', custom: {} },
  };
}

function show(answer: AnswerPage) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/golfer/${TOKEN}`]}>
        <Routes>
          <Route path="/golfer/:token" element={<GolferAnswerPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it("links to the tournament's auction with the golfer's token in the fragment when it has lots", async () => {
  show(page(true));
  const link = await screen.findByRole('link', { name: 'Bid in the silent auction' });
  expect(link.getAttribute('href')).toBe(`/auction/t-1#golfer=${TOKEN}`);
});

it('shows no auction link when the tournament has no lots', async () => {
  show(page(false));
  expect(await screen.findByRole('heading', { name: 'Your details, Ada' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Bid in the silent auction' })).toBeNull();
});
