// @vitest-environment happy-dom
// The admin's Data page (R46) as the API answers it: the last scheduled copy's file, size and time; that copies are off
// without BACKUP_DIR; a failed copy since the last good one. The network is the only thing stubbed.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { DataPage } from './data-page';
import type { BackupStatus } from './queries';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showWith(answer: BackupStatus) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataPage />
    </QueryClientProvider>,
  );
  return fetch;
}

it('shows the schedule and the last copy: file name, size and time', async () => {
  const fetch = showWith({
    schedule: { dir: '/var/backups/golf', everyHours: 6, keep: 7 },
    lastCopy: { fileName: 'golf-portal-2026-11-26T12-00-03Z.backup', bytes: 3_250_000, finishedAt: '2026-11-26T12:00:05.000Z' },
    lastFailure: null,
    database: 'postgres',
  });
  expect(await screen.findByText('golf-portal-2026-11-26T12-00-03Z.backup')).toBeTruthy();
  expect(fetch).toHaveBeenCalledWith('/api/admin/backups', expect.anything());
  expect(screen.getByText(/On: a copy every 6 hours in/).textContent).toBe(
    'On: a copy every 6 hours in /var/backups/golf, the newest 7 kept.',
  );
  expect(screen.getByText('3.1 MB')).toBeTruthy();
  const written = screen.getByText('Written').nextElementSibling!.textContent!;
  expect(written).toMatch(/^Nov 26, 2026, \d{1,2}:\d\d [AP]M /);
  expect(screen.queryByRole('alert')).toBeNull();
  // On a phone the name and the folder wrap after a / or a -, never inside a number (a line break only where <wbr> is).
  const name = screen.getByText('golf-portal-2026-11-26T12-00-03Z.backup');
  expect(name.innerHTML).toBe('golf-<wbr>portal-<wbr>2026-<wbr>11-<wbr>26T12-<wbr>00-<wbr>03Z.backup');
  expect(screen.getByText('/var/backups/golf').innerHTML).toBe('/<wbr>var/<wbr>backups/<wbr>golf');
});

it('says how to restore by hand into either kind of database: the server stopped, the setting before the command', async () => {
  showWith({ schedule: null, lastCopy: null, lastFailure: null, database: 'postgres' });
  await screen.findByText(/^Off: set/);
  expect(screen.getByText(/^To restore,/).textContent).toBe(
    'To restore, stop the server, then restore into a new database of either kind, or one the portal has only been started on; start the server after. A backup holds no sign-ins: everyone signs in again. Into PostgreSQL:',
  );
  expect([...document.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual([
    'npm run backup -- --out backups/golf.backup',
    'DATABASE_URL=postgres://…/golf \\\n  npm run restore -- backups/golf.backup',
    'DATA_DIR=./data-restored \\\n  npm run restore -- backups/golf.backup',
  ]);
});

it('says scheduled copies are off when BACKUP_DIR is unset, and that none has been written', async () => {
  showWith({ schedule: null, lastCopy: null, lastFailure: null, database: 'pglite' });
  expect((await screen.findByText(/^Off: set/)).textContent).toBe(
    'Off: set BACKUP_DIR (and BACKUP_EVERY_HOURS) for the server to write copies on schedule.',
  );
  expect(screen.getByText('No scheduled copy has been written yet.')).toBeTruthy();
});

it('says when the copy after the last good one failed, and why', async () => {
  showWith({
    schedule: { dir: '/backups', everyHours: 24, keep: 7 },
    lastCopy: { fileName: 'golf-portal-2026-11-25T00-00-01Z.backup', bytes: 900, finishedAt: '2026-11-25T00:00:02.000Z' },
    lastFailure: { at: '2026-11-26T00:00:01.000Z', error: 'ENOSPC: no space left on device, write' },
    database: 'pglite',
  });
  expect((await screen.findByRole('alert')).textContent).toMatch(
    /^The copy started Nov 26, 2026, .* failed: ENOSPC: no space left on device, write$/,
  );
  expect(screen.getByText(/On: a copy every day/)).toBeTruthy();
  expect(screen.getByText('900 B')).toBeTruthy();
});
