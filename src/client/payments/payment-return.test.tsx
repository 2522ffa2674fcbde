// @vitest-environment happy-dom
// The one return page of a payment (R23, docs/decisions/101) in its four states: waiting for the webhook until the answer
// says paid, paid with the amount in the tournament's currency, cancelled without asking, failed when the question is
// refused (the error handed to the words) or there is no session to ask about. The network is the only thing stubbed.
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { api, ApiError } from '../lib/api';
import { MemoryRouter } from '../router';
import { PaymentReturn, type PaymentReturnProps } from './payment-return';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { paid: boolean; amountCents: number; lines: string[] };

// Asks every 10 ms so the test does not wait for the pages' two seconds.
const question = (sessionId: string) =>
  queryOptions({
    queryKey: ['test-checkout', sessionId],
    queryFn: ({ signal }) => api<Answer>(`/api/test-checkout/${sessionId}`, { signal }),
    refetchInterval: (query) => (query.state.data?.paid ? false : 10),
  });

const words: PaymentReturnProps<Answer, string[]>['words'] = {
  waiting: (waitedLong) => ({ title: 'Confirming…', text: waitedLong ? 'Still waiting' : 'Stripe is confirming' }),
  paid: (answer, amount) => ({ title: 'Received', text: `${amount} received`, more: <p>{answer.lines.join(', ')}</p> }),
  cancelled: { title: 'Not completed', text: 'No money was taken' },
  failed: (error) => ({ title: 'Could not check', text: error instanceof ApiError ? `Refused ${error.status}` : 'No session' }),
};

/** Shows the page at `url`; the question answers `answers` in turn (the last one for ever). */
function showAt(url: string, answers: { status: number; body: unknown }[], withoutSession: 'cancelled' | 'failed' = 'cancelled') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const reply = path === '/api/tournaments/active' ? { status: 200, body: { currency: 'EUR', tournaments: [] } } : answers.shift()!;
      if (path !== '/api/tournaments/active') {
        asked.push(path);
        if (answers.length === 0) answers.push(reply);
      }
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <PaymentReturn
          question={question}
          withoutSession={withoutSession}
          words={words}
          actions={(answer) => <a href="/back">{answer ? 'Back (answered)' : 'Back'}</a>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

it('waits for the webhook, asking again, and says paid with the amount once the answer does', async () => {
  const asked = showAt('/return?session_id=cs_test_1', [
    { status: 200, body: { paid: false, amountCents: 5_000, lines: [] } },
    { status: 200, body: { paid: false, amountCents: 5_000, lines: [] } },
    { status: 200, body: { paid: true, amountCents: 5_000, lines: ['The Eagles'] } },
  ]);
  expect(screen.getByRole('heading', { name: 'Confirming…' })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Stripe is confirming');
  expect(await screen.findByRole('heading', { name: 'Received' })).toBeTruthy();
  expect(screen.getByText('€50.00 received')).toBeTruthy();
  expect(screen.getByText('The Eagles')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back (answered)' })).toBeTruthy();
  expect(asked).toEqual(Array(3).fill('/api/test-checkout/cs_test_1'));
  expect(document.title).toBe('Received · Golf Tournament');
});

it('says cancelled after Stripe’s cancel, without asking', async () => {
  const asked = showAt('/return?cancelled=1', []);
  expect(screen.getByRole('heading', { name: 'Not completed' })).toBeTruthy();
  expect(screen.getByText('No money was taken')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).toEqual([]);
});

it('says failed, with the refusal, when the question is refused', async () => {
  showAt('/return?session_id=cs_test_2', [{ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } }]);
  expect(await screen.findByRole('heading', { name: 'Could not check' })).toBeTruthy();
  expect(screen.getByText('Refused 401')).toBeTruthy();
});

it('without a session: cancelled or failed, as the money line says, never asking', async () => {
  const cancelled = showAt('/return', [], 'cancelled');
  expect(screen.getByRole('heading', { name: 'Not completed' })).toBeTruthy();
  cleanup();
  const failed = showAt('/return', [], 'failed');
  expect(screen.getByRole('heading', { name: 'Could not check' })).toBeTruthy();
  expect(screen.getByText('No session')).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...cancelled, ...failed]).toEqual([]);
});
