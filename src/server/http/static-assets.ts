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

export type StaticAssets = Map<string, Asset>;

export function loadStaticAssets(dir: string): StaticAssets {
  const assets: StaticAssets = new Map();
  if (!existsSync(dir)) return assets;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      const body = readFileSync(full);
      const type = TYPES[extname(name)] ?? 'application/octet-stream';
      const compressible = /text|javascript|json|svg/.test(type) && body.length > 512;
      assets.set('/' + relative(dir, full).split('\\').join('/'), {
        body,
        type,
        immutable: relative(dir, full).startsWith('assets'),
        ...(compressible ? { gzip: gzipSync(body, { level: 9 }), br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) } : {}),
      });
    }
  };
  walk(dir);
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
