// Mounts sonner's toaster the first time a toast is raised.
import { lazy, Suspense, useEffect, useState } from 'react';
import { markToasterMounted } from '../lib/toast';

const Sonner = lazy(() =>
  import('sonner').then(({ Toaster }) => ({
    default: function MountedToaster() {
      useEffect(() => {
        markToasterMounted();
      }, []);
      return <Toaster position="top-center" richColors closeButton toastOptions={{ duration: 5000 }} />;
    },
  })),
);

export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const on = () => setActive(true);
    window.addEventListener('app:toast', on);
    return () => window.removeEventListener('app:toast', on);
  }, []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <Sonner />
    </Suspense>
  );
}
