// react-query for every page beyond Home and the leaderboard, loaded with the first of them (routes.tsx wraps each lazy
// page in its provider): its 10 KB gzip stay out of the first load (docs/decisions/064). One client for the tab, kept on
// its reads, so the pages share their cache as before.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError, retryUnlessRefused } from './api';
import { useReads, type Reads } from './first-load-reads';

/**
 * The query client of `reads` (one per tab; one per server render, were the server ever to render a page that needs one),
 * made on first use. It asks again who is signed in after a 401.
 */
function queryClientOf(reads: Reads): QueryClient {
  // A 401 means the session has ended (signed out in another tab, expired): ask again who is signed in, so every screen
  // shows the signed-out state instead of failing call after call. The sign-in form's own 401 changes nothing there.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void reads.me.refetch();
  };
  // Signing out clears it (auth/session.ts); app.tsx has it read again through the service worker.
  return (reads.pageQueries ??= new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false } },
  }));
}

/** `Page` inside the tab's react-query provider. */
export function withQueryClient(Page: ComponentType): ComponentType {
  return function WithQueryClient() {
    return (
      <QueryClientProvider client={queryClientOf(useReads())}>
        <Page />
      </QueryClientProvider>
    );
  };
}
