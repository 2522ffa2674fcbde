// Offline use (R32), for the app and for the phone's live board alike (leaderboard/board-island.ts): the service worker,
// registered once the page has loaded so it never competes with the first paint, and the saves an earlier visit left on
// this phone sent from whatever page is open.
import { WAITING_FLAG } from './waiting-flag';

/**
 * Registers the worker when the page has loaded. `onTakeCharge` runs once when it first takes charge of the page: the
 * page's first reads went out before it did, so the page sends them again through it for the worker to keep.
 */
export function registerWorkerOnLoad(onTakeCharge: () => void) {
  const register = () => {
    if ('serviceWorker' in navigator && import.meta.env.PROD) {
      navigator.serviceWorker.addEventListener('controllerchange', onTakeCharge, { once: true });
      void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    }
    if (localStorage.getItem(WAITING_FLAG)) void import('../scoring/outbox').then((outbox) => outbox.startOutbox()).catch(() => undefined);
  };
  // The live board's code comes on demand (main.tsx), and may start after the page has loaded.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The server-rendered document of this page, asked again so that the worker keeps it under its address (vite.config.ts). */
export function keepDocument(rendered: string | null) {
  if (rendered) void fetch(rendered, { credentials: 'same-origin' }).catch(() => undefined);
}
