// What a person sees, asserted with waiting: the path, toasts, a field's error beside it, the header's sign-in state.
// playwright-core has no auto-waiting `expect`, so these wait on locators and use vitest's expect.poll.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page shows `path` (pathname only, query ignored). */
export async function expectPath(page: Page, path: string, timeout = 10_000) {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** The visible toast (sonner) whose title is exactly `text`, optionally of a kind. */
export async function expectToast(page: Page, text: string, type?: 'success' | 'error' | 'info') {
  const toast = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]').getByText(text, { exact: true }) });
  await toast.first().waitFor({ state: 'visible' });
  if (type) expect(await toast.first().getAttribute('data-type')).toBe(type);
  return toast.first();
}

/** The page's one h1 has this text. */
export async function expectHeading(page: Page, text: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name: text });
  await heading.waitFor({ state: 'visible' });
  return heading;
}

/**
 * The input labelled `label` is marked invalid, and the element its aria-describedby points at says `message`, is visible and
 * sits beside it (directly below, within the field's width).
 */
export async function expectFieldError(scope: Page | Locator, label: string, message: string) {
  const input = scope.getByLabel(label, { exact: true });
  await expect
    .poll(() => input.getAttribute('aria-invalid'), { message: `${label} should be marked invalid`, timeout: 10_000 })
    .toBe('true');
  const describedBy = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const page = 'page' in scope ? scope.page() : scope;
  const described = await Promise.all(
    describedBy.map(async (id) => ({ id, text: ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim() })),
  );
  const holder = described.find((d) => d.text === message);
  expect(
    holder,
    `${label}: aria-describedby (${describedBy.join(' ') || 'none'}) should point at "${message}"; found ${JSON.stringify(described)}`,
  ).toBeDefined();
  const error = page.locator(`[id="${holder!.id}"]`);
  expect(await error.isVisible(), `"${message}" should be visible`).toBe(true);
  const [inputBox, errorBox] = await Promise.all([input.boundingBox(), error.boundingBox()]);
  expect(inputBox && errorBox, 'input and message should both be laid out').toBeTruthy();
  // Beside its field: starts below the input, within a line or two (a hint may sit between), horizontally inside the field.
  expect(errorBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
  expect(errorBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(48);
  expect(errorBox!.x).toBeGreaterThanOrEqual(inputBox!.x - 1);
  expect(errorBox!.x).toBeLessThan(inputBox!.x + inputBox!.width);
}

/** The input labelled `label` is not marked invalid and describes no error. */
export async function expectNoFieldError(scope: Page | Locator, label: string) {
  const input = scope.getByLabel(label, { exact: true });
  await expect
    .poll(() => input.getAttribute('aria-invalid'), { message: `${label} should not be marked invalid`, timeout: 10_000 })
    .toBeNull();
}

/** The header shows a Login link (signed out) or a Logout button (signed in). */
export async function expectHeaderSignedIn(page: Page, signedIn: boolean) {
  const header = page.getByRole('banner');
  const shown = signedIn
    ? header.getByRole('button', { name: 'Logout', exact: true })
    : header.getByRole('link', { name: 'Login', exact: true });
  const hidden = signedIn
    ? header.getByRole('link', { name: 'Login', exact: true })
    : header.getByRole('button', { name: 'Logout', exact: true });
  await shown.waitFor({ state: 'visible' });
  expect(await hidden.count()).toBe(0);
}

/**
 * Starts recording the page's layout shifts (the browser's own `layout-shift` entries, as Web Vitals' CLS counts them) for
 * every document it opens from now on. Call before `goto`; read them with `shiftsWithin`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        // Each moved element by its tag and first classes, marked when it is inside <main> (the header and footer are not).
        const nodes = (entry.sources ?? []).map((s) => s.node).filter((n): n is Element => n instanceof Element);
        shifts.push({
          value: entry.value,
          sources: nodes.map(
            (n) => `${n.closest('#main') ? 'main ' : ''}${n.nodeName.toLowerCase()}.${String(n.getAttribute('class') ?? '').slice(0, 50)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (see `recordLayoutShifts`) that moved something inside the page's <main>. */
export async function shiftsInMain(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts,
  );
  return shifts.filter((s) => s.sources.some((source) => source.startsWith('main ')));
}
