// A built client in a temporary folder (index.html, one hashed script and its style sheet), loaded as the server loads
// dist/client.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadStaticAssets, type StaticAssets } from '../http/static-assets';

export const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Golf</title>
<script type="module" src="/assets/x.js"></script><link rel="stylesheet" crossorigin href="/assets/x.css"></head><body><div id="root"></div>
${'<!-- padding so the page is worth compressing -->\n'.repeat(20)}</body></html>`;
export const STYLES = '.heading{font-weight:700}\n';
export const SCRIPT = `export const answer = 42;\n${'console.log("a line of the bundle that compresses well");\n'.repeat(40)}`;

export function withTempAssets(): { assets: StaticAssets; dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'golf-assets-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'x.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'x.css'), STYLES);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { assets: loadStaticAssets(dir), dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
