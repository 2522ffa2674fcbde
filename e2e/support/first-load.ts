// What a visitor's first load of a page costs (R41, docs/decisions/064): the page opened in a fresh profile (empty cache),
// every file it requests listed, and the HTML, JS and CSS among them each compressed with zlib gzip at level 9 (the server's
// own level) and summed. Counted: the document and every script and stylesheet requested until the network is quiet
// (modulepreloads and lazy chunks included). Not counted as code: the page's API reads, and the leaderboard's event stream.
// Used by the budget journey (e2e/first-load-budget.test.ts, in CI) and by bench/bundle-size.ts.
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/** R41: Home and the leaderboard, the pages a phone on one bar opens first, at most 90 KB gzip each (decision 064). */
export const FIRST_LOAD_BUDGET_KB = 90;
export const BUDGETED_PAGES = ['/', '/leaderboard'] as const;
/**
 * R61: the check-in page's first load, for staff (/admin/check-in) and for a check-in volunteer (/volunteer/:id/check-in),
 * at most 120 KB gzip; the QR decoder and the dialogs' forms load when opened (decision 116).
 */
export const CHECK_IN_BUDGET_KB = 120;

export interface FileRow {
  path: string;
  type: string;
  status: number;
  encoding: string;
  rawBytes: number;
  gzip9Bytes: number;
  transferredBytes: number;
}

export interface FirstLoad {
  page: string;
  finalUrl: string;
  files: FileRow[];
  htmlJsCssGzip9Bytes: number;
  htmlJsCssRawBytes: number;
  htmlJsCssTransferredBytes: number;
  otherBytes: number;
}

const isCode = (type: string) => type === 'document' || type === 'script' || type === 'stylesheet';

/** Opens `path` on `page` (a fresh profile's first page) and measures what it requested from `origin`. */
export async function measureFirstLoad(page: Page, origin: string, path: string): Promise<FirstLoad> {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  // The leaderboard keeps its event stream open, so the network is never idle there: wait for the load and a moment.
  const streams = path === '/leaderboard';
  await page.goto(origin + path, { waitUntil: streams ? 'load' : 'networkidle' });
  await page.waitForTimeout(streams ? 1500 : 500); // late lazy chunks
  const files: FileRow[] = [];
  for (const r of responses) {
    const request = r.request();
    const url = new URL(r.url());
    if (url.origin !== origin) continue;
    // The event stream never ends: it is no code, and neither its body nor its size can be read whole.
    if ((await r.headerValue('content-type'))?.startsWith('text/event-stream')) continue;
    let body: Buffer = Buffer.alloc(0);
    try {
      body = await r.body();
    } catch {
      // redirects and aborted requests have no body
    }
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
    files.push({
      path: url.pathname + url.search,
      type: request.resourceType(),
      status: r.status(),
      encoding: (await r.headerValue('content-encoding')) ?? 'identity',
      rawBytes: body.length,
      gzip9Bytes: body.length ? gzipSync(body, { level: 9 }).length : 0,
      transferredBytes: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  }
  const code = files.filter((f) => isCode(f.type));
  const sum = (rows: FileRow[], key: 'gzip9Bytes' | 'rawBytes' | 'transferredBytes') => rows.reduce((a, f) => a + f[key], 0);
  return {
    page: path,
    finalUrl: new URL(page.url()).pathname,
    files,
    htmlJsCssGzip9Bytes: sum(code, 'gzip9Bytes'),
    htmlJsCssRawBytes: sum(code, 'rawBytes'),
    htmlJsCssTransferredBytes: sum(code, 'transferredBytes'),
    otherBytes: sum(
      files.filter((f) => !isCode(f.type)),
      'transferredBytes',
    ),
  };
}

/** Whether a first load fits `limitKb` (KB of 1,024 bytes) of HTML+JS+CSS gzip. */
export const withinBudget = (load: FirstLoad, limitKb: number = FIRST_LOAD_BUDGET_KB) => load.htmlJsCssGzip9Bytes <= limitKb * 1024;
