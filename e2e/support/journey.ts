// The fixture every journey starts with: one portal server for the file and the test process's one Chromium, a fresh browser context (its own
// cookies) per visitor, uncaught page errors failing the test, and a screenshot of each open page when a test fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { E2eAccount } from './accounts';
import { startPortal, type Portal, type PortalOptions } from './portal-server';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM_PATH } from './chromium';
import { pollWaitsOften, WAIT_TIMEOUT_MS } from './quick-waits';

const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots', import.meta.url));

/**
 * A screenshot for people to look at (screenshots/NAME.png). Not a check: CI turns them off (E2E_SCREENSHOTS=0) to save
 * the seconds they take; a failing test's screenshots are taken whatever the setting.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** How long a visitor's navigation may take (a page load on a busy machine); waits that follow one may take as long. */
export const NAVIGATION_TIMEOUT_MS = 20_000;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Resizes the page as a window is resized and waits two frames: the layout follows its media queries, the page's state
 * (its data, a tab, errors shown) stays. The page checks scan each page at both widths in one visit this way.
 */
export async function resizeTo(page: Page, viewport: ViewportName): Promise<void> {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Debian's Chromium, as docs/stack.md says: no test tool may download its own browser. One per test process, launched by the
 * first journey file and shared by the files after it (they run one after another in that process: isolate: false);
 * each file closes its own contexts, and Playwright closes the browser when the process exits. Launched here rather than
 * as a browser server in the global set-up: every protocol message then also went through the set-up's process, which
 * used 86 CPU-s in a whole run (docs/decisions/090).
 */
let shared: Promise<Browser> | undefined;
function launchBrowser(): Promise<Browser> {
  shared ??= chromium.launch({ executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_ARGS }).then(
    (browser) => {
      // A browser that crashed is launched again for the next file.
      browser.once('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

export interface VisitorOptions {
  viewport?: ViewportName;
  /** Signed in through the API before the first page opens (the cookie lands in this context). */
  as?: E2eAccount;
}

export interface Journey {
  readonly portal: Portal;
  readonly browser: Browser;
  /** A new visitor: its own context and cookies, one page, at the portal's origin. */
  visitor(options?: VisitorOptions): Promise<Page>;
  /** The portal's absolute URL for a path. */
  at(path: string): string;
}

export interface JourneyOptions extends PortalOptions {
  /**
   * Let the pages register the portal's service worker, as a phone does on its second visit: for the journeys of what it
   * does (offline score entry). Off otherwise, as on a first visit: on install it fetches and stores the whole built app
   * (126 files) in every new context, which was a quarter of the journeys' CPU in Chromium, the test process and the
   * portal (docs/decisions/091).
   */
  serviceWorker?: boolean;
}

export function setUpJourney({ serviceWorker = false, ...options }: JourneyOptions = {}): Journey {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Both at once; if one fails, the other is still kept so afterAll closes it.
    const [started, launched] = await Promise.allSettled([startPortal(options), launchBrowser()]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    if (failed) {
      const folder = join(SCREENSHOT_DIR, 'failures');
      mkdirSync(folder, { recursive: true });
      const name = [context.task.suite?.name, context.task.name]
        .filter(Boolean)
        .join(' ')
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 100);
      let n = 0;
      for (const browserContext of contexts) {
        for (const page of browserContext.pages()) {
          await page.screenshot({ path: join(folder, `${name}-${++n}.png`), fullPage: true }).catch(() => undefined);
        }
      }
      if (portal) console.log(`--- portal output for "${context.task.name}" ---\n${portal.output().slice(-4000)}`);
    }
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
    const errors = pageErrors.splice(0);
    if (!failed) expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await portal?.stop();
  });

  const journey: Journey = {
    get portal() {
      if (!portal) throw new Error('The portal is not running (beforeAll failed?)');
      return portal;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not running (beforeAll failed?)');
      return browser;
    },
    at: (path) => `${journey.portal.url}${path}`,
    async visitor({ viewport = 'desktop', as } = {}) {
      // A context of its own: its own cookies and storage, viewport and init script.
      const context = await journey.browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: journey.portal.url });
      contexts.push(context);
      await context.addInitScript(watchWhatScansWaitFor);
      if (!serviceWorker) await context.addInitScript(refuseServiceWorkers);
      context.setDefaultTimeout(WAIT_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      if (as) await signInThroughApi(context, journey.portal.url, as);
      const page = await context.newPage();
      pollWaitsOften(page);
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
      return page;
    },
  };
  return journey;
}

/**
 * Runs in every page before its own scripts: counts toasts raised (the app's `app:toast` event, lib/toast.ts) that are not
 * on screen yet, and lists that started refetching. The toast library loads with the first toast, which on a loaded machine lands a moment after the message
 * beside the field: a scan must wait for it (accessibility.ts), or it catches the toast half faded in.
 */
function watchWhatScansWaitFor() {
  const w = window as unknown as { __pendingToasts: number };
  w.__pendingToasts = 0;
  addEventListener('app:toast', () => (w.__pendingToasts += 1));
  const arrived = (node: Node) =>
    node instanceof Element ? (node.matches('[data-sonner-toast]') ? 1 : node.querySelectorAll('[data-sonner-toast]').length) : 0;
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) w.__pendingToasts = Math.max(0, w.__pendingToasts - arrived(node));
  }).observe(document, { childList: true, subtree: true });
  // Every time a list starts refetching (aria-busy="true", dimmed): a scan that saw one start must look again.
  const busy = window as unknown as { __busyStarts: number };
  busy.__busyStarts = 0;
  new MutationObserver((records) => {
    for (const record of records) if ((record.target as Element).getAttribute('aria-busy') === 'true') busy.__busyStarts += 1;
  }).observe(document, { attributes: true, attributeFilter: ['aria-busy'], subtree: true });
}

/**
 * Runs in every page before its own scripts, unless the journey lets the service worker in: registering it fails, as in a
 * browser that does not allow one, and the app goes on without it (main.tsx). Playwright's own `serviceWorkers: 'block'`
 * does the same but writes a warning to the console, which the pages' "no warning" checks would catch.
 */
function refuseServiceWorkers() {
  if (self.ServiceWorkerContainer) {
    ServiceWorkerContainer.prototype.register = () =>
      Promise.reject(new DOMException('No service worker in this journey', 'SecurityError'));
  }
}

/** Signs a browser context in as the portal's own pages do: same origin, session cookie stored in the context. */
export async function signInThroughApi(context: BrowserContext, origin: string, user: { email: string; password: string }) {
  const response = await context.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`Signing in ${user.email} answered ${response.status()}: ${await response.text()}`);
}
