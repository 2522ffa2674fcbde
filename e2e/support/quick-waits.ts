// Playwright checks a locator's wait at 0, 20, 70, 170 and 270 ms, then every 500 ms until its timeout, unless that timeout is
// under 2.5 s: then every 100 ms (coreBundle's retryWithProgressAndBackoff drops the 500 ms step for short timeouts). Most of
// a journey's waits end between 270 and 770 ms (a page's data arriving, a toast, a heading after a navigation), so each was
// seen up to half a second after it was there: in one journey (tournament-day) 105 waits took 22 s. Here a wait with a
// longer timeout runs as consecutive waits of POLL_SLICE_MS each, so it is checked every 100 ms for as long as it had: the
// same condition, the same total time, seen sooner. docs/decisions/139.
import { errors, type Locator, type Page } from 'playwright-core';

/** The waits' and actions' timeout every journey's browser context sets (journey.ts). */
export const WAIT_TIMEOUT_MS = 10_000;
const POLL_SLICE_MS = 2_000;

let installed = false;

/** Makes every locator's waitFor poll every 100 ms (once for the process: the class is Playwright's, shared by every page). */
export function pollWaitsOften(page: Page): void {
  if (installed) return;
  installed = true;
  const proto = Object.getPrototypeOf(page.locator('html')) as Locator;
  const waitFor = proto.waitFor;
  proto.waitFor = async function (this: Locator, options?: Parameters<Locator['waitFor']>[0]) {
    const total = options?.timeout ?? WAIT_TIMEOUT_MS;
    if (total === 0 || total <= POLL_SLICE_MS) return waitFor.call(this, options);
    const deadline = performance.now() + total;
    for (;;) {
      const left = deadline - performance.now();
      try {
        return await waitFor.call(this, { ...options, timeout: Math.max(1, Math.round(Math.min(POLL_SLICE_MS, left))) });
      } catch (error) {
        if (!(error instanceof errors.TimeoutError) || left <= POLL_SLICE_MS) {
          // The whole wait's timeout, not its last slice's, in the message and in the stack (which Playwright wrote
          // with the message, and which the run's summary prints).
          if (error instanceof errors.TimeoutError) {
            const whole = (text: string) => text.replace(/Timeout [\d.]+ms/, `Timeout ${total}ms`);
            error.message = whole(error.message);
            if (error.stack) error.stack = whole(error.stack);
          }
          throw error;
        }
      }
    }
  };
}
