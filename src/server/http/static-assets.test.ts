import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { INDEX_HTML, SCRIPT, STYLES, withTempAssets } from '../test/temp-assets';
import { useAppWithAssets } from '../test/file-app';
import { loadStaticAssets, pageDocuments, PAGE_MODULES, PAGE_SHEETS } from './static-assets';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('serving the built client', () => {
  let t: TestApp;
  useAppWithAssets((app) => {
    t = app;
  });

  it.each(['/register', '/auth', '/admin', '/admin/teams', '/register/'])(
    'answers the page %s with index.html (200, never cached stale)',
    async (path) => {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each(['/nope', '/registers', '/admin-panel', '/index.html/x'])(
    'answers an unknown page %s with index.html and 404 (the app shows its not-found page)',
    async (path) => {
      const response = await t.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('answers /index.html like the home page, with no-cache', async () => {
    const response = await t.request('/index.html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await t.request('/assets/x.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
  });

  it('prefers brotli, then gzip, as the browser accepts', async () => {
    const br = await t.request('/assets/x.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await t.request('/assets/x.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const page = await t.request('/register', { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(INDEX_HTML);
  });

  it('serves small files as they are, outside /assets without immutable caching', async () => {
    const response = await t.request('/favicon.svg', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not the page', async () => {
    const response = await t.request('/assets/missing-abc123.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it('keeps answering the API in JSON next to the pages', async () => {
    const health = await t.call('/api/health');
    expect(health.status).toBe(200);
    const missing = await t.call('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('loads nothing from a folder that does not exist', () => {
    expect(loadStaticAssets('/nonexistent/golf-client').size).toBe(0);
  });
});

describe("a page's own first-load sheet (PAGE_SHEETS, R41's 90 KB on a real day)", () => {
  const LEADERBOARD_STYLES = '.board{font-weight:700}\n';
  const manifest = {
    'index.html': { file: 'assets/x.js', isEntry: true },
    [PAGE_SHEETS['/leaderboard']!]: { file: 'assets/leaderboard-sheet-1.css', isEntry: true },
  };

  it("is inline in the leaderboard's server-rendered page in place of index.css, whose link stays disabled; Home keeps index.css", async () => {
    const temp = withTempAssets();
    mkdirSync(join(temp.dir, '.vite'));
    writeFileSync(join(temp.dir, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(temp.dir, 'assets/leaderboard-sheet-1.css'), LEADERBOARD_STYLES);
    const t = await createTestApp({ assets: loadStaticAssets(temp.dir) });
    try {
      const board = await (await t.request('/leaderboard')).text();
      expect(board).toContain(
        `<style data-page-sheet>${LEADERBOARD_STYLES}</style><link rel="stylesheet" crossorigin href="/assets/x.css" disabled>`,
      );
      expect(board).not.toContain(STYLES);
      const home = await (await t.request('/')).text();
      expect(home).toContain(`<style>${STYLES}</style><link rel="stylesheet" crossorigin href="/assets/x.css" disabled>`);
      expect(home).not.toContain('data-page-sheet');
      // A page the browser renders links index.css as before.
      expect(await (await t.request('/register')).text()).toBe(INDEX_HTML);
    } finally {
      await t.close();
      temp.remove();
    }
  });

  it('names a source that exists', () => {
    for (const source of Object.values(PAGE_SHEETS)) expect(existsSync(join(ROOT, source)), source).toBe(true);
  });
});

describe("a page's own chunks, preloaded in its document", () => {
  // A manifest shaped like Vite's: the entry with its vendor chunk, and the register page importing a shared field chunk
  // and the vendor chunk the entry already loads.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'] },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_field-1.js': { file: 'assets/field-1.js', imports: ['_vendor-1.js'] },
    'src/client/registration/register-page.tsx': { file: 'assets/register-page-1.js', imports: ['_vendor-1.js', '_field-1.js'] },
    'src/client/auth/auth-page.tsx': { file: 'assets/auth-page-1.js', imports: ['_field-1.js'] },
  };
  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('lists the page chunk and its imports, leaving out what the entry already loads', () => {
    const pages = pageDocuments(INDEX_HTML, manifest);
    expect(links(pages.get('/register')!)).toEqual(['/assets/register-page-1.js', '/assets/field-1.js']);
    expect(links(pages.get('/auth')!)).toEqual(['/assets/auth-page-1.js', '/assets/field-1.js']);
    expect(pages.has('/leaderboard')).toBe(false); // no module of its own to preload (nor a sheet in this manifest)
    expect(pages.get('/register')!.replace(/<link rel="modulepreload"[^>]+>/g, '')).toBe(INDEX_HTML);
  });

  it('names modules that exist, so a renamed page cannot silently lose its preload', () => {
    for (const module of Object.values(PAGE_MODULES)) expect(existsSync(join(ROOT, module)), module).toBe(true);
  });

  it('is what the server answers for that page; other pages get the plain document and the manifest is not served', async () => {
    const temp = withTempAssets();
    mkdirSync(join(temp.dir, '.vite'));
    writeFileSync(join(temp.dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const t = await createTestApp({ assets: loadStaticAssets(temp.dir) });
    try {
      expect(links(await (await t.request('/register')).text())).toEqual(['/assets/register-page-1.js', '/assets/field-1.js']);
      expect(await (await t.request('/admin')).text()).toBe(INDEX_HTML);
      const manifestResponse = await t.request('/.vite/manifest.json');
      expect(manifestResponse.status).toBe(404);
      expect(await manifestResponse.text()).toBe(INDEX_HTML);
    } finally {
      await t.close();
      temp.remove();
    }
  });
});
