// The HTML of a page as the app renders it, for the server to send in the first response (issue 13: a phone on one bar
// shows Home's text and the leaderboard's rows before any script has run). The same routes and components as the
// browser; `prerender` waits for the lazy pages, so the HTML is the page itself, not a spinner. The browser then hydrates
// it (app.tsx) with the same data, handed over in the page (`PAGE_DATA_ID`).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from '../router';
import { createReads, ReadsProvider, seedReads, type PageData } from '../lib/first-load-reads';
import { AppRoutes } from '../routes';

export type { PageData };

/** `onError`: a component that failed here is left to the browser to render (React's own fallback), and told. */
export async function renderPage(url: string, data: PageData, onError: (error: unknown) => void = () => undefined): Promise<string> {
  const reads = createReads();
  seedReads(reads, data);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ReadsProvider reads={reads}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ReadsProvider>
    </StrictMode>,
    // One piece, however large the boards: React would otherwise send a large page's parts out of order with inline
    // scripts to put them in place, which our Content-Security-Policy (script-src 'self') rightly refuses to run.
    { onError, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
