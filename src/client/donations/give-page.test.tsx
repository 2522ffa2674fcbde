// @vitest-environment happy-dom
// /give with card payments off: what to do instead, and no form to fill that nothing could send (it had every field and no
// button). With them on: the form and its button. The network is the only thing stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createReads, ReadsProvider } from '../lib/first-load-reads';
import { MemoryRouter } from '../router';
import { GivePage } from './give-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OUTING = { id: '11111111-1111-4111-8111-111111111111', name: 'Spring Charity Classic', startDate: '2027-05-01', endDate: null };

function showGive(cardPayments: boolean) {
  const answers: Record<string, unknown> = {
    '/api/tournaments/active': {
      tournaments: [{ ...OUTING, maxTeams: 40, registrationOpen: true }],
      currency: 'USD',
      cardPayments,
      holdHours: 48,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const body = answers[String(input).split('?')[0]!];
      return body
        ? new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ReadsProvider reads={createReads()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/give']}>
          <GivePage />
        </MemoryRouter>
      </QueryClientProvider>
    </ReadsProvider>,
  );
}

it('without card payments says how to give today, and shows no form', async () => {
  showGive(false);
  expect((await screen.findByText(/^Giving by card opens once/)).textContent).toBe(
    'Giving by card opens once the organisers have connected card payments. To give today, contact the organisers: they record cheques, cash and transfers, and send you a receipt.',
  );
  expect(screen.queryByLabelText('Your name')).toBeNull();
  expect(screen.queryByRole('form', { name: 'Give' })).toBeNull();
});

it('with card payments shows the form and its button', async () => {
  showGive(true);
  expect(await screen.findByRole('button', { name: 'Give by card' })).toBeTruthy();
  expect(screen.getByLabelText('Your name')).toBeTruthy();
  expect(screen.queryByText(/^Giving by card opens once/)).toBeNull();
});
