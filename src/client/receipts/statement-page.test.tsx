// @vitest-environment happy-dom
// The statement page when the server refuses it (issue 31): it says why and what to do, never a blank page; a link's key
// opens its own year only, so with a key the page offers no other year. The network is the only thing stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../router';
import { StatementPage } from './statement-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showAt(url: string, status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <StatementPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('an unconfirmed account is told to confirm its address or use the e-mail’s link', async () => {
  const message =
    'Confirm your e-mail address to see your statement: use the link in the confirmation e-mail, or open the statement from a receipt e-mail';
  showAt('/statement?email=dana%40example.org&year=2026', 403, { error: { code: 'FORBIDDEN', message } });
  expect(await screen.findByRole('heading', { name: 'Statement not shown' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(`${message}.`);
});

it('a link opened for another year says the link opens its own year only', async () => {
  const message = 'This link does not open this statement: a receipt e-mail’s link opens that year’s statement only';
  showAt('/statement?email=dana%40example.org&year=2025&key=abc', 404, { error: { code: 'NOT_FOUND', message } });
  expect(await screen.findByRole('heading', { name: 'Statement not found' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(`${message}.`);
});

it('with a link’s key, the statement offers no other year', async () => {
  showAt('/statement?email=dana%40example.org&year=2026&key=abc', 200, {
    email: 'dana@example.org',
    year: 2026,
    receipts: [],
    totals: { amountCents: 0, fmvCents: 0, deductibleCents: 0 },
    organisation: { name: 'Lakeside Rotary', legalName: 'Lakeside Rotary Foundation Inc.', taxId: '', logoUrl: null },
    currency: 'USD',
    timeZone: 'UTC',
  });
  expect(await screen.findByText('No payments were received from this address in 2026.')).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
  expect(screen.getByText('Another year: open the link in one of that year’s receipt e-mails.')).toBeTruthy();
});

it('an address without the e-mail it is for says so instead of loading for ever', async () => {
  showAt('/statement', 200, {});
  expect(await screen.findByRole('heading', { name: 'Statement not found' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(
    'This address does not say whose statement to show. Open it from a receipt e-mail, or sign in with the confirmed account of this address.',
  );
  expect(fetch).not.toHaveBeenCalled();
});
