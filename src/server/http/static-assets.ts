// The built client, read into memory once with gzip and brotli copies, served with long caching for hashed assets.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface Asset {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  type: string;
  immutable: boolean;
}

/**
 * Files by URL path ('/assets/index-abc.js'), plus the page documents: index.html for one client path with that page's
 * own chunks preloaded, under the key `page:<path>` (see PAGE_MODULES).
 */
export type StaticAssets = Map<string, Asset>;

/**
 * The pages a visitor often opens first, with the module that renders them. Their document lists the page's chunks as
 * modulepreload links, so the browser fetches them beside the main bundle instead of after it has run (Lighthouse counted
 * that chain on /register). Other paths get the plain index.html.
 */
export const PAGE_MODULES: Record<string, string> = {
  '/register': 'src/client/registration/register-page.tsx',
  '/auth': 'src/client/auth/auth-page.tsx',
};
// Not /leaderboard: a phone's first load of it is its own small script (docs/decisions/133), fetched as the entry picks it,
// and a wide screen's is the app. Preloading either would be the other's bytes for nothing (R41).

/**
 * Pages whose server-rendered document carries a first-load style sheet of their own in place of index.css: a subset of it
 * (Tailwind's classes for what that page renders), built from this source (vite.config.ts's inputs). /leaderboard's leaves
 * out Home's and the event page's classes (R41's 90 KB on a real day, docs/decisions/081); Home opened from there loads
 * all-pages.css with its code (routes.tsx).
 */
export const PAGE_SHEETS: Record<string, string> = {
  '/leaderboard': 'src/client/leaderboard.css',
};

/** Vite's build manifest (build.manifest): each source module's chunk and the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

function compressed(body: Buffer, type: string): Asset {
  const compressible = /text|javascript|json|svg/.test(type) && body.length > 512;
  return {
    body,
    type,
    immutable: false,
    ...(compressible
      ? { gzip: gzipSync(body, { level: 9 }), br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) }
      : {}),
  };
}

/** The chunk files a module needs (its own and every static import's), in load order, without those in `skip`. */
function chunksOf(manifest: Manifest, key: string, skip: Set<string>, out: string[] = []): string[] {
  const entry = manifest[key];
  if (!entry || skip.has(entry.file) || out.includes(entry.file)) return out;
  out.push(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, skip, out);
  return out;
}

/**
 * index.html with modulepreload links for each page in PAGE_MODULES that the manifest knows, and the name of its own
 * first-load sheet for each page in PAGE_SHEETS.
 */
export function pageDocuments(indexHtml: string, manifest: Manifest): Map<string, string> {
  // The app's entry (index.html); a page's own style sheet is an entry too (PAGE_SHEETS).
  const entryKey = 'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set(entryKey ? chunksOf(manifest, entryKey, new Set()) : []);
  const pages = new Map<string, string>();
  for (const path of new Set([...Object.keys(PAGE_MODULES), ...Object.keys(PAGE_SHEETS)])) {
    const key = PAGE_MODULES[path];
    const files = key ? chunksOf(manifest, key, loadedByEntry) : [];
    // Named on the first-load sheet's link; forServerRendering puts it inline in that sheet's place.
    const sheet = PAGE_SHEETS[path] && manifest[PAGE_SHEETS[path]]?.file;
    if (files.length === 0 && !sheet) continue;
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    let html = indexHtml.replace('</head>', `${links}</head>`);
    if (sheet) html = html.replace(/(<link rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css")/, `$1 data-page-sheet="/${sheet}"`);
    pages.set(path, html);
  }
  return pages;
}

const inlined = new WeakMap<Asset, string>();

/**
 * A document made for the pages the server renders, whose content is in the HTML itself (docs/decisions/064):
 * - its built style sheets inline (`<style>`): a phone on one bar paints the text without a second round trip for the
 *   sheet first (the CSP allows inline styles); a sheet the assets do not hold stays a link. The link stays too, disabled
 *   (never fetched): Vite's loader of a lazy page looks for it, and would otherwise append the sheet after all-pages.css,
 *   whose rules it would then override (the admin nav hidden at 1280 px: docs/decisions/051);
 * - its scripts fetched at low priority (`fetchpriority="low"`): still at once, but after the page's own text and images,
 *   which they would otherwise share a poor connection with; nothing on screen waits for them.
 * Worked out once per document.
 */
export function forServerRendering(document: Asset, assets: StaticAssets): string {
  let html = inlined.get(document);
  if (html === undefined) {
    html = document.body
      .toString('utf8')
      .replace(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
        // The page's own sheet (PAGE_SHEETS) when it has one: inline in place of index.css, whose link stays disabled (so
        // that Vite's loader never fetches index.css after all-pages.css); `data-page-sheet` tells routes.tsx that Home's
        // classes are not on the page.
        const own = /data-page-sheet="([^"]+)"/.exec(link)?.[1];
        const ownSheet = own ? assets.get(own) : undefined;
        const sheet = ownSheet ?? assets.get(href);
        if (!sheet) return link;
        const css = sheet.body.toString('utf8').replace(/<\/style/gi, '<\\/style');
        const disabled = link.replace(/ data-page-sheet="[^"]*"/, '').replace(/>$/, ' disabled>');
        return `<style${ownSheet ? ' data-page-sheet' : ''}>${css}</style>${disabled}`;
      })
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    inlined.set(document, html);
  }
  return html;
}

export function loadStaticAssets(dir: string): StaticAssets {
  const assets: StaticAssets = new Map();
  if (!existsSync(dir)) return assets;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (name.startsWith('.')) continue; // .vite/manifest.json: read below, not served
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const path = relative(dir, full).split('\\').join('/');
      assets.set('/' + path, {
        ...compressed(readFileSync(full), TYPES[extname(name)] ?? 'application/octet-stream'),
        immutable: path.startsWith('assets'),
      });
    }
  };
  walk(dir);
  const index = assets.get('/index.html');
  const manifestFile = join(dir, '.vite/manifest.json');
  if (index && existsSync(manifestFile)) {
    const pages = pageDocuments(index.body.toString('utf8'), JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
    for (const [path, html] of pages) assets.set(`page:${path}`, compressed(Buffer.from(html), index.type));
  }
  return assets;
}

/** Picks the best encoding the client accepts and answers the asset. */
export function assetResponse(asset: Asset, acceptEncoding: string | undefined, status = 200): Response {
  const headers = new Headers({
    'Content-Type': asset.type,
    'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  });
  let body = asset.body;
  if (asset.br && acceptEncoding?.includes('br')) {
    body = asset.br;
    headers.set('Content-Encoding', 'br');
  } else if (asset.gzip && acceptEncoding?.includes('gzip')) {
    body = asset.gzip;
    headers.set('Content-Encoding', 'gzip');
  }
  return new Response(new Uint8Array(body), { status, headers });
}

/** A document made for this request (a server-rendered page): never cached, gzip when the client takes it. */
export function htmlResponse(html: string, acceptEncoding: string | undefined): Response {
  const headers = new Headers({ 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
  let body: Buffer = Buffer.from(html);
  if (acceptEncoding?.includes('gzip')) {
    body = gzipSync(body, { level: 6 });
    headers.set('Content-Encoding', 'gzip');
  }
  return new Response(new Uint8Array(body), { status: 200, headers });
}
