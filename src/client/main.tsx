/// <reference types="vite/client" />
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { createReads, ReadsProvider, seedReads, type PageData } from './lib/first-load-reads';
import { AppRoutes } from './routes';
import { WAITING_FLAG } from './offline/waiting-flag';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion, PAGE_DATA_ID, RENDERED_URL_ATTRIBUTE } from './ssr/page-data';
import './index.css';

// Who is signed in and the boards: the first load's own reads (lib/first-load-reads.tsx); every other page's reads are
// react-query's, loaded with those pages (lib/query-client.tsx).
const reads = createReads();
// Asked at once, shown once the header is on screen (after hydrating: lib/remote-value.ts's preload).
reads.me.preload();

const app = (
  <StrictMode>
    <ReadsProvider reads={reads}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ReadsProvider>
  </StrictMode>
);
// Home and /leaderboard come rendered by the server (src/server/http/server-render.ts): take over that HTML with the data
// it was rendered with. Every other page, and the service worker's offline shell, start empty. Only markup rendered for this
// very address is hydrated (the server names it on the root); any other document is rendered afresh, so no page is ever
// hydrated over another page's HTML (docs/decisions/051).
const root = document.getElementById('root')!;
const renderAfresh = () => {
  root.replaceChildren();
  root.removeAttribute(RENDERED_URL_ATTRIBUTE);
  createRoot(root).render(app);
};
// Hydration as a transition: React then works in slices of a few milliseconds and lets the browser paint and answer taps
// between them, where a plain hydrateRoot is one long task (Lighthouse's total blocking time on a slow phone).
const hydrate = () => startTransition(() => void hydrateRoot(root, app));
const renderedBoards = root.getAttribute(BOARDS_VERSION_ATTRIBUTE);
if (root.firstElementChild && root.getAttribute(RENDERED_URL_ATTRIBUTE) === location.pathname + location.search) {
  const pageData = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (pageData) seedReads(reads, JSON.parse(pageData) as PageData);
  if (renderedBoards === null) hydrate();
  else {
    // The leaderboard: its boards come from the API, not the page (ssr/page-data.ts). Hydrated when they are the boards
    // the server rendered; otherwise (a score saved in between, or no answer within 5 s) rendered afresh.
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const boards = reads.leaderboard.get().data;
      if (boards && boardsVersion(boards.leaderboards) === renderedBoards) hydrate();
      else {
        // The server's rows stay on screen until React's first render replaces them (no blank frame, no layout shift).
        root.removeAttribute(RENDERED_URL_ATTRIBUTE);
        createRoot(root).render(app);
      }
    };
    void reads.leaderboard.refetch().then(start, start);
    setTimeout(start, 5_000);
  }
} else renderAfresh();

// Offline use (R32): the service worker, registered once the page has loaded so it never competes with the first paint;
// saves an earlier visit left on this phone are sent from whatever page is open.
window.addEventListener('load', () => {
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // The page's first reads went out before the worker took charge: send them again through it, so it keeps them for
    // offline use (the card a scorer just opened, the teams, who is signed in, the boards). Who is signed in and the boards
    // are asked only for the worker to keep: the page already shows them, and redrawing the board for the same answer is
    // a phone's work for nothing. The server-rendered document too, so this page opens offline as itself (vite.config.ts
    // keeps it under its address).
    const rendered = root.getAttribute(RENDERED_URL_ATTRIBUTE);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        reads.me.requestAgain();
        reads.leaderboard.requestAgain();
        void reads.pageQueries?.refetchQueries({ type: 'active' });
        if (rendered) void fetch(rendered, { credentials: 'same-origin' }).catch(() => undefined);
      },
      { once: true },
    );
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }
  if (localStorage.getItem(WAITING_FLAG)) void import('./scoring/outbox').then((outbox) => outbox.startOutbox()).catch(() => undefined);
});
