/// <reference types="vite/client" />
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError, failureCause } from './lib/api';
import { meQuery } from './auth/session';
import { AppRoutes } from './routes';
import { WAITING_FLAG } from './offline/waiting-flag';
import { PAGE_DATA_ID } from './ssr/page-data';
import './index.css';

// A 401 means the session has ended (signed out in another tab, expired): ask again who is signed in, so every screen
// shows the signed-out state instead of failing call after call. The sign-in form's own 401 changes nothing there.
const onError = (error: unknown) => {
  if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
};
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      // Outdoors on a poor connection: retry network failures, never a refusal or a validation error.
      retry: (count, error) => count < 3 && failureCause(error) !== 'refused',
      refetchOnWindowFocus: false,
    },
  },
});
void queryClient.prefetchQuery(meQuery);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);
// Home and /leaderboard come rendered by the server (src/server/http/server-render.ts): take over that HTML with the data
// it was rendered with. Every other page, and the service worker's offline shell, start empty.
const root = document.getElementById('root')!;
const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
if (pageData) for (const [key, value] of JSON.parse(pageData) as [string[], unknown][]) queryClient.setQueryData(key, value);
// A document that does not match this page (the worker's cached shell opened offline on another address) is rendered
// afresh by React: a recovered mismatch is a warning, not a page error.
if (root.firstElementChild) hydrateRoot(root, app, { onRecoverableError: (error) => console.warn('Rendered afresh:', error) });
else createRoot(root).render(app);

// Offline use (R32): the service worker, registered once the page has loaded so it never competes with the first paint;
// saves an earlier visit left on this phone are sent from whatever page is open.
window.addEventListener('load', () => {
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // The page's first reads went out before the worker took charge: read them again through it, so it keeps them for
    // offline use (the card a scorer just opened, the teams, who is signed in, the boards).
    navigator.serviceWorker.addEventListener('controllerchange', () => void queryClient.refetchQueries({ type: 'active' }), { once: true });
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }
  if (localStorage.getItem(WAITING_FLAG)) void import('./scoring/outbox').then((outbox) => outbox.startOutbox()).catch(() => undefined);
});
