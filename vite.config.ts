import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { VitePWAOptions } from 'vite-plugin-pwa';

// The service worker and the web app manifest (R32), generated at build by vite-plugin-pwa (Workbox). The worker
// precaches the built app (so every page opens offline once the app has been opened), answers every page with the app
// shell from its cache, and keeps the last answer of the reads score entry and the leaderboard need, so a phone that
// lost its connection still shows the card, the team list and the last board. Saves are not the worker's job: the page
// keeps them in IndexedDB and sends them itself (src/client/scoring/outbox.ts, docs/decisions/050).
/** The reads kept for offline use, newest answer first: who is signed in, the teams to score, a card, the boards. */
/** The pages the server renders (src/server/http/server-render.ts SERVER_RENDERED), by path and query. */
const SERVER_RENDERED_PAGES = /^\/(leaderboard)?(\?.*)?$/;
const OFFLINE_READS = /\/api\/(account\/me|score-entry\/tournaments|teams\/[^/]+\/scores|leaderboard)$/;

const pwaOptions: Partial<VitePWAOptions> = {
  // main.tsx registers /sw.js itself after the page has loaded: no registration code in the first bundle.
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: {
    name: 'Golf Tournament',
    short_name: 'Golf',
    description: 'Register your team, enter scores on the course and follow the live leaderboard.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#14532d',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Every page is the one app: offline, any address opens the cached shell and the app shows the page. Home and the
    // leaderboard are not answered with the shell: they come rendered by the server, and each is kept under its own address
    // (below), so a page opened offline is that page's own document, never another page's (docs/decisions/051).
    navigateFallback: '/index.html',
    // /events/{id}.ics is a file from the server (R41), never the app shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/events\//, SERVER_RENDERED_PAGES],
    // '/' is not the precached shell (index.html) either.
    directoryIndex: null,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // Home and the leaderboard as the server rendered them, newest first; offline, the last copy of that very page,
        // else the app shell (a page never opened online). Navigations, and the page's own copy main.tsx asks for when the
        // worker first takes charge (the first visit's document arrived before it).
        // (Written into the worker as source: the pattern is SERVER_RENDERED_PAGES, repeated because no variable goes with it.)
        urlPattern: ({ url }) => /^\/(leaderboard)?(\?.*)?$/.test(url.pathname + url.search),
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 10 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: '/index.html' },
        },
      },
      {
        urlPattern: OFFLINE_READS,
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'offline-reads',
          networkTimeoutSeconds: 6,
          expiration: { maxEntries: 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};

/**
 * What the app's board and the phone's live board (leaderboard/board-island.ts, docs/decisions/133) share: the rows, the
 * stream, the live state. A chunk of its own, beside each one's own code; no other page's first load fetches it.
 */
export const BOARD_MODULES = new RegExp(
  [
    String.raw`src[\/]shared[\/](tournament-day|stream-patch)\.ts$`,
    String.raw`src[\/]client[\/]leaderboard[\/](board-rows|board-stream|board-patch-loader|live-state|queries)\.ts$`,
  ].join('|'),
);

/**
 * The modules of the one first-load chunk (vite.config's codeSplitting group 'first-load'): React, app.tsx's static import
 * graph, and the small modules Home and the leaderboard share with other pages.
 */
export const FIRST_LOAD_MODULES = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|clsx)[\/]`,
    'preload-helper',
    String.raw`src[\/]shared[\/](formats|countback|match-path|opener-policy)\.ts$`,
    String.raw`src[\/]client[\/](app|routes|router[\/]index|layout[\/](root-layout|site-header|site-footer|toaster)|pages[\/]route-error|auth[\/]session|ssr[\/]page-data|lib[\/](api|format|use-media-query|remote-value|first-load-reads|toast|use-hydrated)|ui[\/](load-failed|cn|button|shell-icons|spinner|off-screen)|offline[\/](use-online|waiting-flag|register-worker)|leaderboard[\/]island-gate)\.tsx?$`,
  ].join('|'),
);

// The API runs beside Vite in development (npm run dev); in production one Node process serves both.
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? // The server (`vite build --ssr src/server/main.ts`, scripts/build.mjs): one ES module for Node, packages left external.
      // Tailwind too: routes.tsx (which the server renders with) imports all-pages.css with each page.
      {
        plugins: [tailwindcss()],
        build: { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, sourcemap: true, target: 'node20' },
      }
    : {
        plugins: [react(), tailwindcss(), VitePWA(pwaOptions)],
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          // .vite/manifest.json: the server preloads a page's own chunks in that page's document (http/static-assets.ts).
          manifest: true,
          sourcemap: false,
          target: 'es2022',
          // The browsers Tailwind 4 itself needs (oklch colours, @property, cascade layers): no hex and lab() copy of every
          // colour in the first load's inline sheet (R41's 90 KB, docs/decisions/081).
          cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
          // A lazy page's scripts are not listed in the entry for preloading, only its style sheets (which must load with it):
          // the list of every page's chunk names is 0.8 KB gzip of hashes in the entry that every first load carries (R41's
          // 90 KB on a real day, docs/decisions/081). A page opened in the app fetches its chunk, then that chunk's imports.
          // No modulepreload polyfill (0.4 KB gzip in the entry): every browser of cssTarget but Safari 16.4–16.x supports
          // modulepreload, and there the scripts load all the same, through their imports (docs/decisions/081).
          modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
          rolldownOptions: {
            // The leaderboard's own first-load sheet (index.css without Home's classes), which the server puts inline in its
            // document in place of index.css (http/static-assets.ts, R41's 90 KB on a real day, docs/decisions/081).
            input: { index: 'index.html', 'leaderboard-sheet': 'src/client/leaderboard.css' },
            output: {
              // Form and validation libraries in chunks of their own, loaded only with the pages that have forms (without
              // this, the shared-chunk rules put react-hook-form beside React in the entry that every page loads).
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  // What Home and the leaderboard run first, in one file (R41's 90 KB on a real day, docs/decisions/081):
                  // React, the app shell (main.tsx's static graph: routes, router, layout, the first-load reads) and the
                  // small modules those pages share with other pages. One gzip window instead of three files (React, the
                  // entry's own code, the shared modules) saves ~1.1 KB. main.tsx stays in the entry chunk (index-*.js):
                  // with it in the group, the entry was left empty and rolldown dropped the file the HTML still named.
                  { name: 'first-load', test: FIRST_LOAD_MODULES },
                  // What the app's board and the phone's live board share (docs/decisions/133); the island is a chunk of its own.
                  { name: 'board', test: BOARD_MODULES },
                  // react-query: with the pages beyond Home and the leaderboard (docs/decisions/064).
                  { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ },
                  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
                  // The side games hydrate on demand (side-games-slot.tsx), and a changed board's patch comes with the first change
                  // (board-patch.ts, docs/decisions/109): their code stays out of the board's first load.
                  {
                    name: 'leaderboard',
                    test: /src[\\/]client[\\/]leaderboard[\\/](?!tv-boards|side-games-board|board-patch|board-island|board-rows|board-stream|live-state|queries|island-gate)/,
                  },
                ],
              },
            },
          },
        },
        server: { proxy: { '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false } } },
      },
);
