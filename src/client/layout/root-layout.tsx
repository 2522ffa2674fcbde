import { Suspense } from 'react';
import { Outlet } from '../router';
import { PageSpinner } from '../ui/spinner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Toaster } from './toaster';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
