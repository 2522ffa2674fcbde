// @vitest-environment happy-dom
// Sign Up sends once however quickly the button is pressed again: the schema is loaded and checked before the request
// starts, and a second press in that time signed the visitor up twice (the second answer e-mailed 'You already have an
// account'). The network is the only thing stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createReads, ReadsProvider } from '../lib/first-load-reads';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('sends one sign-up when the form is submitted twice in a row', async () => {
  const fetch = vi.fn(async (input: string) => {
    const body = String(input).startsWith('/api/account/sign-up') ? { requiresConfirmation: true } : null;
    return new Response(body === null ? null : JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const onConfirmationNeeded = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <ReadsProvider reads={createReads()}>
      <QueryClientProvider client={client}>
        <SignUpForm onConfirmationNeeded={onConfirmationNeeded} />
      </QueryClientProvider>
    </ReadsProvider>,
  );
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Dana' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Driver' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.org' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-password' } });
  const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form')!;
  fireEvent.submit(form);
  fireEvent.submit(form);
  await waitFor(() => expect(onConfirmationNeeded).toHaveBeenCalled());
  const signUps = fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/account/sign-up'));
  expect(signUps).toHaveLength(1);
});
