// What a visitor downloads: loads each public page in Chromium from the real server (src/server/main.ts serving
// dist/client) with an empty cache and lists every file requested. The figure the budget is about is the size of each
// HTML, JS and CSS file compressed with zlib gzip at level 9 (the server's own gzip level), summed; what Chromium
// reports as transferred (headers + body, in whichever encoding the server chose) is shown beside it.
// Also checks that no admin chunk (a file whose name contains 'admin') is requested on a public page.
// Budget: Home (/) ≤ 110 KB gzip of HTML+JS+CSS.
//   node --import tsx bench/bundle-size.ts [--build]   (--build: run `vite build` first; default: build only if
//                                                       dist/client is missing)
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, CLIENT_DIR, clientBuilt, ensureClientBuilt, freePort, hasArg, kb, printTable, spawnServer, waitForOk, writeResult, noteLoad, type Check } from './lib';

const PAGES = ['/', '/register', '/auth'];
const HOME_BUDGET_KB = 110;

interface FileRow {
  path: string;
  type: string;
  status: number;
  encoding: string;
  rawBytes: number;
  gzip9Bytes: number;
  transferredBytes: number;
}

interface PageResult {
  page: string;
  finalUrl: string;
  files: FileRow[];
  htmlJsCssGzip9Bytes: number;
  htmlJsCssRawBytes: number;
  htmlJsCssTransferredBytes: number;
  otherBytes: number;
  adminFiles: string[];
}

const isCode = (type: string) => type === 'document' || type === 'script' || type === 'stylesheet';

noteLoad('bundle-size');
if (hasArg('--build') || !clientBuilt()) {
  const build = ensureClientBuilt(true);
  console.log(`vite build: ${build.ms} ms`);
}
if (!clientBuilt()) throw new Error('dist/client has no built index.html: run `npm run build`');
const builtAt = statSync(join(CLIENT_DIR, 'index.html')).mtime;
console.log(`using dist/client built ${builtAt.toISOString()}`);

const dataDir = mkdtempSync(join(tmpdir(), 'golf-bench-bundle-'));
const port = await freePort();
const server = spawnServer('src/server/main.ts', { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: `http://localhost:${port}`, LOG_LEVEL: 'warn' }, port);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const results: PageResult[] = [];
try {
  await waitForOk(`${server.baseUrl}/api/health`, server, 120_000);
  for (const pagePath of PAGES) {
    const context = await browser.newContext(); // a fresh profile: empty cache, no cookies
    const page = await context.newPage();
    const responses: import('playwright-core').Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(server.baseUrl + pagePath, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500); // late lazy chunks
    const files: FileRow[] = [];
    for (const r of responses) {
      const req = r.request();
      const url = new URL(r.url());
      if (url.origin !== server.baseUrl) continue;
      let body: Buffer = Buffer.alloc(0);
      try {
        body = await r.body();
      } catch {
        // redirects and aborted requests have no body
      }
      const sizes = await req.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
      files.push({
        path: url.pathname + url.search,
        type: req.resourceType(),
        status: r.status(),
        encoding: (await r.headerValue('content-encoding')) ?? 'identity',
        rawBytes: body.length,
        gzip9Bytes: body.length ? gzipSync(body, { level: 9 }).length : 0,
        transferredBytes: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    }
    const code = files.filter((f) => isCode(f.type));
    const sum = (rows: FileRow[], key: 'gzip9Bytes' | 'rawBytes' | 'transferredBytes') => rows.reduce((a, f) => a + f[key], 0);
    results.push({
      page: pagePath,
      finalUrl: new URL(page.url()).pathname,
      files,
      htmlJsCssGzip9Bytes: sum(code, 'gzip9Bytes'),
      htmlJsCssRawBytes: sum(code, 'rawBytes'),
      htmlJsCssTransferredBytes: sum(code, 'transferredBytes'),
      otherBytes: sum(files.filter((f) => !isCode(f.type)), 'transferredBytes'),
      adminFiles: files.filter((f) => /admin/i.test(f.path.split('/').pop() ?? '')).map((f) => f.path),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const r of results) {
  console.log(`\n${r.page}${r.finalUrl !== r.page ? ` (ended on ${r.finalUrl})` : ''}: files requested`);
  printTable(
    r.files.map((f) => ({
      file: f.path,
      type: f.type,
      status: f.status,
      encoding: f.encoding,
      'raw KB': kb(f.rawBytes),
      'gzip-9 KB': kb(f.gzip9Bytes),
      'transferred KB': kb(f.transferredBytes),
    })),
  );
  console.log(
    `HTML+JS+CSS: ${kb(r.htmlJsCssGzip9Bytes)} KB gzip-9 (${kb(r.htmlJsCssRawBytes)} KB raw, ${kb(r.htmlJsCssTransferredBytes)} KB transferred as served); other requests ${kb(r.otherBytes)} KB transferred`,
  );
  console.log(r.adminFiles.length ? `ADMIN CODE LOADED: ${r.adminFiles.join(', ')}` : 'no admin chunk requested');
}

const assetsDir = join(CLIENT_DIR, 'assets');
const chunks = readdirSync(assetsDir)
  .map((name) => ({ name, bytes: statSync(join(assetsDir, name)).size }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('\nlargest files in dist/client/assets (raw):', chunks.slice(0, 5).map((c) => `${c.name} ${kb(c.bytes)} KB`).join(', '));

console.log('\nbundle-size (gzip-9 = each file compressed with zlib level 9, summed)');
printTable(
  results.map((r) => ({
    page: r.page,
    'HTML+JS+CSS gzip-9 KB': kb(r.htmlJsCssGzip9Bytes),
    'raw KB': kb(r.htmlJsCssRawBytes),
    'transferred KB': kb(r.htmlJsCssTransferredBytes),
    requests: r.files.length,
    'admin chunks': r.adminFiles.length,
  })),
);

const home = results.find((r) => r.page === '/')!;
const checks: Check[] = [
  { name: 'Home HTML+JS+CSS (gzip-9)', value: kb(home.htmlJsCssGzip9Bytes), unit: 'KB', budget: `≤ ${HOME_BUDGET_KB} KB`, pass: kb(home.htmlJsCssGzip9Bytes) <= HOME_BUDGET_KB },
  ...results
    .filter((r) => r.page !== '/')
    .map((r) => ({ name: `${r.page} HTML+JS+CSS (gzip-9)`, value: kb(r.htmlJsCssGzip9Bytes), unit: 'KB', budget: 'info', pass: null })),
  {
    name: 'no admin chunk on public pages',
    value: results.reduce((a, r) => a + r.adminFiles.length, 0),
    unit: 'files',
    budget: '0',
    pass: results.every((r) => r.adminFiles.length === 0),
  },
];
for (const c of checks) console.log(`${c.pass === null ? 'INFO' : c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value} ${c.unit} (${c.budget})`);
const file = writeResult('bundle-size', { builtAt, method: 'zlib gzip level 9 per file (HTML+JS+CSS)', results, largestChunks: chunks.slice(0, 10), checks });
console.log(`written ${file}`);
if (checks.some((c) => c.pass === false)) process.exitCode = 1;
