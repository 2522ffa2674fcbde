// Draws the app's home-screen icons (public/icons/*.png) from public/favicon.svg in Chromium: 192 and 512 px, plus a
// maskable 512 px with the mark inside the safe zone. Run again after changing the favicon:  node scripts/make-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, size, inset] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 0.2],
]) {
  await page.setViewportSize({ width: size, height: size });
  const mark = Math.round(size * (1 - inset));
  // The maskable icon fills its square with the brand colour; the mark sits in the middle 80 %.
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${inset ? '#14532d' : 'transparent'}">` +
      `<div style="width:${mark}px;height:${mark}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
  );
  await page.screenshot({ path: new URL(name, out).pathname, omitBackground: !inset });
}
await browser.close();
