// @vitest-environment happy-dom
// The header is in the HTML the server renders for Home and /leaderboard, signed out (the server knows no visitor). A
// signed-in visitor's answer to "who am I" can arrive before React hydrates that HTML: the header must still hydrate as the
// server rendered it, then show Logout. (It rendered Logout at once and React threw error #418, seen in a journey.)
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../router';
import { afterEach, expect, it, vi } from 'vitest';
import { enableActEnvironment } from '../test/act-environment';
import type { Me } from '../auth/session';
import { createReads, ReadsProvider, type Reads } from '../lib/first-load-reads';
import { SiteHeader } from './site-header';

const page = (reads: Reads) => (
  <ReadsProvider reads={reads}>
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>
  </ReadsProvider>
);

// hydrateRoot is called directly here.
enableActEnvironment();
afterEach(() => {
  document.body.innerHTML = '';
});

it('hydrates as the server rendered it (Login) when the signed-in answer came first, then shows Logout', async () => {
  const root = document.createElement('div');
  root.innerHTML = renderToString(page(createReads()));
  document.body.append(root);
  expect(root.textContent).toContain('Login');

  const browser = createReads();
  const me: Me = {
    user: { id: 'u1', email: 'lee@example.org', role: 'team_leader', emailVerified: true },
    profile: { firstName: 'Lee', lastName: 'Leader', company: '' },
  };
  browser.me.set(me);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ me: null }), { status: 200 })),
  );
  const recoverable = vi.fn();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    hydrateRoot(root, page(browser), { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  expect(root.textContent).toContain('Logout');
  expect(root.textContent).not.toContain('Login');
});
