// react-query for every page beyond Home and the leaderboard, loaded with the first of them (routes.tsx wraps each lazy
// page in its provider): its 10 KB gzip stay out of the first load (docs/decisions/064). One client for the tab, so the
// pages share their cache as before.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError, failureCause } from './api';
import { useReads, type Reads } from './first-load-reads';

let client: QueryClient | undefined;

/**
 * The tab's client, made on first use with `reads` (who is signed in) to ask again after a 401. The server renders only
 * Home and the leaderboard, which need none; were it ever to render another page, that render gets a client of its own
 * (one shared by the server's renders would mix visitors' data).
 */
function queryClientFor(reads: Reads): QueryClient {
  if (client && typeof window !== 'undefined') return client;
  // A 401 means the session has ended (signed out in another tab, expired): ask again who is signed in, so every screen
  // shows the signed-out state instead of failing call after call. The sign-in form's own 401 changes nothing there.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void reads.me.refetch();
  };
  const made = new QueryClient({
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
  // Signing out clears it (auth/session.ts); main.tsx has it read again through the service worker.
  reads.pageQueries = made;
  if (typeof window !== 'undefined') client = made;
  return made;
}

/** `Page` inside the tab's react-query provider. */
export function withQueryClient(Page: ComponentType): ComponentType {
  return function WithQueryClient() {
    return (
      <QueryClientProvider client={queryClientFor(useReads())}>
        <Page />
      </QueryClientProvider>
    );
  };
}
