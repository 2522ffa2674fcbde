// The journeys' own waits (support/quick-waits.ts, docs/decisions/139): checked every 100 ms in slices of 2 s, a wait
// still has its whole timeout, and its failure names that timeout.
import { errors } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setUpJourney } from './support/journey';

const journey = setUpJourney();

describe("a journey's wait", () => {
  test('sees what comes after more than one slice, within its own timeout', async () => {
    const page = await journey.visitor();
    await page.setContent('<p>Waiting</p>');
    await page.evaluate(() =>
      setTimeout(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'Here' })), 3_000),
    );
    await page.getByText('Here').waitFor({ timeout: 8_000 });
    expect(await page.getByText('Here').isVisible()).toBe(true);
  });

  test('fails after its whole timeout, and says so', async () => {
    const page = await journey.visitor();
    await page.setContent('<p>Waiting</p>');
    const started = performance.now();
    const error = await page
      .getByText('Never')
      .waitFor({ timeout: 4_500 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(errors.TimeoutError);
    expect((error as Error).message).toContain('Timeout 4500ms exceeded');
    // Not after its first slice (2 s): the whole 4.5 s were waited.
    expect(performance.now() - started).toBeGreaterThanOrEqual(4_400);
  });
});
