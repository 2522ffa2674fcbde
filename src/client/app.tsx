// The app: every page's React, started by main.tsx (or by the phone's live board when it hands over: board-island.ts).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './router';
import { createReads, ReadsProvider, seedReads, type PageData } from './lib/first-load-reads';
import { AppRoutes } from './routes';
import { keepDocument, registerWorkerOnLoad } from './offline/register-worker';
import { BOARDS_VERSION_ATTRIBUTE, boardsVersion, PAGE_DATA_ID, RENDERED_URL_ATTRIBUTE } from './ssr/page-data';
import type { Leaderboard } from './leaderboard/queries';

/** What the phone's live board hands over (board-island.ts): the boards it last had, if any. */
export interface Handover {
  leaderboards?: Leaderboard[] | undefined;
}

/**
 * Starts the app on `root`. Home and /leaderboard come rendered by the server (src/server/http/server-render.ts): take over
 * that HTML with the data it was rendered with. Every other page, and the service worker's offline shell, start empty. Only
 * markup rendered for this very address is hydrated (the server names it on the root); any other document is rendered
 * afresh, so no page is ever hydrated over another page's HTML (docs/decisions/051). `handover`: the live board's island
 * started the page, registered the worker, and has the boards (or none yet): the app draws the page afresh over its HTML.
 */
export function startApp(root: HTMLElement, handover?: Handover) {
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
  // The server's rows stay on screen until React's first render replaces them (no blank frame, no layout shift).
  const renderOver = () => {
    root.removeAttribute(RENDERED_URL_ATTRIBUTE);
    createRoot(root).render(app);
  };
  const renderAfresh = () => {
    root.replaceChildren();
    renderOver();
  };
  // Hydration as a transition: React then works in slices of a few milliseconds and lets the browser paint and answer taps
  // between them, where a plain hydrateRoot is one long task (Lighthouse's total blocking time on a slow phone).
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  const renderedBoards = root.getAttribute(BOARDS_VERSION_ATTRIBUTE);
  if (handover) {
    if (handover.leaderboards) {
      reads.leaderboard.set({ leaderboards: handover.leaderboards });
      renderOver();
    } else void reads.leaderboard.refetch().then(renderOver, renderOver);
  } else if (root.firstElementChild && root.getAttribute(RENDERED_URL_ATTRIBUTE) === location.pathname + location.search) {
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
        // TV mode may have been tapped meanwhile (leaderboard/island-gate.ts): the address is no longer the one rendered.
        const sameAddress = root.getAttribute(RENDERED_URL_ATTRIBUTE) === location.pathname + location.search;
        if (boards && sameAddress && boardsVersion(boards.leaderboards) === renderedBoards) hydrate();
        else renderOver();
      };
      void reads.leaderboard.refetch().then(start, start);
      setTimeout(start, 5_000);
    }
  } else renderAfresh();

  // The island registered the worker already, and asks its reads again when the worker takes charge.
  if (handover) return;
  const rendered = root.getAttribute(RENDERED_URL_ATTRIBUTE);
  // Who is signed in and the boards are asked only for the worker to keep (the card a scorer just opened and the teams
  // are the page's queries): the page already shows them, and redrawing the board for the same answer is a phone's work
  // for nothing.
  registerWorkerOnLoad(() => {
    reads.me.requestAgain();
    reads.leaderboard.requestAgain();
    void reads.pageQueries?.refetchQueries({ type: 'active' });
    keepDocument(rendered);
  });
}
