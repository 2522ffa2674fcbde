import { useEffect } from 'react';
import { Link, useLocation } from '../router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn('404: no page at', pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Page not found · Golf Tournament</title>
      <h1 className="text-6xl font-bold text-brand-900">404</h1>
      <p className="mt-4 text-xl text-stone-700">Oops! Page not found</p>
      <Link to="/" className="mt-6 font-semibold text-brand-800 underline underline-offset-4">
        Return to Home
      </Link>
    </div>
  );
}
