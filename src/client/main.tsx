/// <reference types="vite/client" />
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ApiError, failureCause } from './lib/api';
import { meQuery } from './auth/session';
import { AppRoutes } from './routes';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
