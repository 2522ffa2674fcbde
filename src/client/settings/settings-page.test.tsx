// @vitest-environment happy-dom
// Admin → Settings (R51) as the API answers it: the form with the stored values, the shared schema's messages beside the
// fields before anything is sent, a save with its toast, the server's field message on its field, the test e-mail's answer
// in words, and card payments' state. The network is the only thing stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { SETTINGS_MESSAGES } from '../../shared/settings-schemas';
import { FEE_MESSAGES } from '../../shared/pricing-schemas';
import { SettingsPage } from './settings-page';
import type { Settings } from './queries';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../lib/toast', () => ({ notify: toasts }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const SETTINGS: Settings = {
  organisation: {
    name: 'Fairway Friends',
    legalName: 'Fairway Friends Foundation, Inc.',
    taxId: '12-3456789',
    contactEmail: '',
    logoImageId: null,
    logoUrl: null,
    mailFromName: 'Fairway Friends Golf',
    feeBasisPoints: 0,
    feeFixedCents: 0,
    saved: false,
  },
  mail: { configured: true, fromAddress: 'golf@fairway.example' },
  cardPayments: {
    keysSet: true,
    mode: 'test',
    lastWebhook: { at: '2026-11-26T12:00:05.000Z', result: 'applied', type: 'checkout.session.completed' },
  },
};

type Reply = { status: number; body: unknown };
function showWith(replies: Record<string, (init: RequestInit) => Reply>) {
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    const reply = replies[key]?.(init) ?? { status: 200, body: SETTINGS };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsPage />
    </QueryClientProvider>,
  );
  return fetch;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

it('shows the stored values, says they are not saved yet, and shows card payments without a key', async () => {
  showWith({});
  expect((await screen.findByDisplayValue('Fairway Friends')) as HTMLInputElement).toBe(input('Name'));
  expect(input('Legal name').value).toBe('Fairway Friends Foundation, Inc.');
  expect(input('E-mails are sent from').value).toBe('Fairway Friends Golf');
  expect(screen.getByText(/^Not saved yet/)).toBeTruthy();
  expect(screen.getByText('Set')).toBeTruthy();
  expect(screen.getByText('Test: no real money moves')).toBeTruthy();
  expect(screen.getByText(/: checkout.session.completed, received and applied$/)).toBeTruthy();
});

it("puts the schema's messages beside the fields and sends nothing; a valid form saves and says so", async () => {
  let saved: unknown = null;
  const fetch = showWith({
    'PUT /api/admin/settings': (init) => {
      saved = JSON.parse(String(init.body));
      return { status: 200, body: { ...SETTINGS, organisation: { ...SETTINGS.organisation, ...(saved as object), saved: true } } };
    },
  });
  await screen.findByDisplayValue('Fairway Friends');
  fireEvent.change(input('Name'), { target: { value: '' } });
  fireEvent.change(input('Tax id (EIN)'), { target: { value: '12-34' } });
  fireEvent.change(input('E-mails are sent from'), { target: { value: 'Golf <x@y>' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByText(SETTINGS_MESSAGES.name)).toBeTruthy();
  expect(screen.getByText(SETTINGS_MESSAGES.taxId)).toBeTruthy();
  expect(screen.getByText(SETTINGS_MESSAGES.mailFromNameChars)).toBeTruthy();
  expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

  fireEvent.change(input('Name'), { target: { value: 'Eagle Trust' } });
  fireEvent.change(input('Tax id (EIN)'), { target: { value: '987654321' } });
  fireEvent.change(input('E-mails are sent from'), { target: { value: 'Eagle Trust Golf' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(SETTINGS_MESSAGES.saved));
  expect(saved).toEqual({
    name: 'Eagle Trust',
    legalName: 'Fairway Friends Foundation, Inc.',
    taxId: '98-7654321',
    contactEmail: '',
    logoImageId: null,
    mailFromName: 'Eagle Trust Golf',
  });
});

it("puts the server's field message on its field", async () => {
  showWith({
    'PUT /api/admin/settings': () => ({
      status: 400,
      body: { error: { code: 'VALIDATION', message: 'Invalid', fields: { logoImageId: SETTINGS_MESSAGES.logoGone } } },
    }),
  });
  await screen.findByDisplayValue('Fairway Friends');
  fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByText(SETTINGS_MESSAGES.logoGone)).toBeTruthy();
  expect(toasts.error).not.toHaveBeenCalled();
});

it("reports the mail server's answer to the test e-mail in words, with its reply", async () => {
  const answers = [
    { result: 'accepted', to: 'me@fairway.example', reply: '250 OK: queued as 1234' },
    { result: 'refused', to: 'x@nowhere.example', reply: '550 5.1.1 Recipient address rejected' },
    { result: 'unreachable', to: 'me@fairway.example', reply: 'connect ECONNREFUSED 127.0.0.1:25' },
    { result: 'not-configured', to: 'me@fairway.example', reply: '' },
  ];
  const fetch = showWith({ 'POST /api/admin/settings/test-email': () => ({ status: 200, body: answers.shift() }) });
  await screen.findByDisplayValue('Fairway Friends');
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
  send();
  expect(await screen.findByText('The mail server accepted the test e-mail to me@fairway.example')).toBeTruthy();
  expect(screen.getByText('250 OK: queued as 1234')).toBeTruthy();
  expect(JSON.parse(String(fetch.mock.calls.at(-1)![1]!.body))).toEqual({ to: '' });
  fireEvent.change(input('Send a test e-mail to'), { target: { value: 'x@nowhere.example' } });
  send();
  expect(await screen.findByText('The mail server refused the test e-mail to x@nowhere.example')).toBeTruthy();
  expect(screen.getByText('550 5.1.1 Recipient address rejected')).toBeTruthy();
  send();
  expect(await screen.findByText(/could not be reached/)).toBeTruthy();
  send();
  expect(await screen.findByText('SMTP_URL is not set')).toBeTruthy();
  fireEvent.change(input('Send a test e-mail to'), { target: { value: 'not-an-address' } });
  send();
  expect(await screen.findByText('Invalid email')).toBeTruthy();
});

it("saves the card fee rule (R58) through its own route, with the schema's messages beside its fields first", async () => {
  let saved: unknown = null;
  const fetch = showWith({
    'PUT /api/admin/settings/fee': (init) => {
      saved = JSON.parse(String(init.body));
      return { status: 200, body: { ...SETTINGS, organisation: { ...SETTINGS.organisation, feeBasisPoints: 290, feeFixedCents: 30 } } };
    },
  });
  await screen.findByDisplayValue('Fairway Friends');
  expect(input('Percentage').value).toBe('0');
  fireEvent.change(input('Percentage'), { target: { value: '25' } });
  fireEvent.change(input('Fixed amount'), { target: { value: 'thirty' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save card fee' }));
  expect(await screen.findByText(FEE_MESSAGES.basisPoints)).toBeTruthy();
  expect(screen.getByText(FEE_MESSAGES.fixedCents)).toBeTruthy();
  expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

  fireEvent.change(input('Percentage'), { target: { value: '2.9' } });
  fireEvent.change(input('Fixed amount'), { target: { value: '0.30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save card fee' }));
  await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Card fee saved'));
  expect(saved).toEqual({ basisPoints: 290, fixedCents: 30 });
  expect(input('Percentage').value).toBe('2.9');
  expect(input('Fixed amount').value).toBe('0.30');
});
