import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { INDEX_HTML, SCRIPT, withTempAssets } from '../test/temp-assets';
import { loadStaticAssets } from './static-assets';

describe('serving the built client', () => {
  let t: TestApp;
  let temp: ReturnType<typeof withTempAssets>;
  beforeAll(async () => {
    temp = withTempAssets();
    t = await createTestApp({ assets: temp.assets });
  });
  afterAll(async () => {
    await t?.close();
    temp?.remove();
  });

  it.each(['/', '/register', '/auth', '/admin', '/admin/teams', '/leaderboard', '/register/'])(
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
