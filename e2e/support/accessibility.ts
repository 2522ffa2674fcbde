// Accessibility checks run on every page: an axe scan against WCAG 2.1 A/AA, one h1, and a visible label for every input.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What goes into a page: axe-core's own minified build (axe.min.js, 0.58 MB) of the same version and rules as `axe.source`,
 * which is its unminified axe.js (1.3 MB). Chromium parses and compiles the injected source afresh in every document, and
 * the test process sends it over the pipe each time: the minified one cost ~0.07 CPU-s less of Chromium's a document,
 * and less of the test process's (docs/decisions/123).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Every violation axe finds (printed, for diagnosis); the caller decides which impacts fail the test. `exclude`: selectors
 * of parts left out of the scan (the phone journey's repeats of one printed sheet, docs/decisions/105).
 */
export async function scanWithAxe(page: Page, label: string, { exclude }: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  // Scanned once the page is still: a dialog or toast fading in or out is scanned half transparent, its text then too faint
  // (seen on a loaded machine), and a list refetching in the background is dimmed while it says aria-busy. So: no finite
  // animation running (a spinner's or a live dot's never end), nothing aria-busy, and every toast settled: none raised but
  // not yet on screen (journey.ts counts them: the toast library loads with the first), none leaving, each mounted (sonner
  // starts it transparent and fades it in from the next frame), the front one wholly opaque. A list that starts refetching
  // during the scan (its data went stale meanwhile) dims it: then the scan is taken again.
  const busyStarts = () => page.evaluate(() => (window as unknown as { __busyStarts?: number }).__busyStarts ?? 0);
  let results;
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(() => {
      const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
      return (
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
        !document.querySelector('[aria-busy="true"]') &&
        !((window as unknown as { __pendingToasts?: number }).__pendingToasts ?? 0) &&
        toasts.every((t) => t.dataset.mounted === 'true' && t.dataset.removed !== 'true') &&
        toasts.filter((t) => t.dataset.front === 'true').every((t) => getComputedStyle(t).opacity === '1')
      );
    });
    const before = await busyStarts();
    results = await runAxe(page, exclude);
    if ((await busyStarts()) === before || attempt === 3) break;
  }
  const findings = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  if (findings.length > 0) {
    console.log(
      `axe on ${label}:\n` +
        results.violations
          .map((v) => {
            // Each node with what axe measured (for contrast: the two colours and the ratio).
            const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`);
            return `  [${v.impact}] ${v.id}: ${v.help}\n    ${nodes.join('\n    ')}`;
          })
          .join('\n'),
    );
  }
  return findings;
}

/**
 * axe-core's own `axe.run()` in the page, for WCAG_TAGS, violations only. Its source (AXE_SOURCE) goes into a document once: a
 * second scan of the same document (the other width, a dialog opened) reuses it. `@axe-core/playwright` sent and compiled
 * it twice for every scan, and listed every passing node with a selector of its own, which nothing here reads: the same
 * violations, about a fifth less time a scan (docs/decisions/089). The portal has no frames, so the page's own run is all.
 */
async function runAxe(page: Page, exclude: string[] = []): Promise<axe.AxeResults> {
  // Null when axe is not in this document yet: one round trip for a scan that reuses it.
  const run = () =>
    page.evaluate(
      ({ tags, exclude }) => {
        const inPage = (window as unknown as { axe?: typeof axe }).axe;
        const context = exclude.length ? { exclude } : document;
        return inPage ? inPage.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }) : null;
      },
      { tags: WCAG_TAGS, exclude },
    );
  const results = await run();
  if (results) return results;
  await page.evaluate(AXE_SOURCE);
  return (await run())!;
}

export const seriousOrWorse = (findings: AxeFinding[]) => findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');

/** The text of every h1 on the page (visible or not: a page has exactly one). */
export const h1Texts = (page: Page) => page.locator('h1').allInnerTexts();

/**
 * Inputs (and selects and text areas) a person can see that lack a visible label of their own: a <label> tied to them
 * with text, shown on screen. Placeholders and aria-label alone do not count.
 */
export function inputsWithoutVisibleLabel(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')];
    return fields
      .filter((field) => field.type !== 'hidden' && shown(field))
      .filter((field) => ![...(field.labels ?? [])].some((label) => shown(label) && label.innerText.trim() !== ''))
      .map((field) => field.outerHTML.slice(0, 160));
  });
}
