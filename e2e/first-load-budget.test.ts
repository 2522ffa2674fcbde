// The first-load budget in CI (R41, docs/decisions/064 and 100): on the demo's real day (npm run seed:demo: the 36-team net
// scramble in play, with scores, so /leaderboard carries the whole board in its HTML), Home and /leaderboard each load at
// most 90 KB of HTML+JS+CSS gzip in a fresh profile. The same measure as bench/bundle-size.ts --demo (e2e/support/first-load.ts).
// R61 (decision 116): the check-in page, for staff and for a check-in volunteer, at most 120 KB, the QR decoder not in it.
import { describe, expect, test } from 'vitest';
import { seedDemo, type DemoSummary } from '../src/server/demo/demo-data';
import { E2E_ACCOUNTS, grantVolunteer } from './support/accounts';
import {
  BUDGETED_PAGES,
  CHECK_IN_BUDGET_KB,
  FIRST_LOAD_BUDGET_KB,
  measureFirstLoad,
  withinBudget,
  type FirstLoad,
} from './support/first-load';
import { setUpJourney } from './support/journey';

let demo: DemoSummary | undefined;
const journey = setUpJourney({
  seed: async (db) => {
    demo = await seedDemo(db, { today: new Date().toISOString().slice(0, 10) });
    await grantVolunteer(db, E2E_ACCOUNTS.leader, demo.outing.id, 'check-in');
  },
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first load on the demo’s real day (R41: at most 90 KB gzip)', () => {
  const loads = new Map<string, FirstLoad>();

  test.each(BUDGETED_PAGES)('%s fits the budget', async (path) => {
    const page = await journey.visitor({ viewport: 'mobile' });
    const load = await measureFirstLoad(page, journey.portal.url, path);
    loads.set(path, load);
    console.log(
      `${path}: ${kb(load.htmlJsCssGzip9Bytes)} of HTML+JS+CSS gzip-9 (budget ${FIRST_LOAD_BUDGET_KB} KB), ${load.files.length} requests`,
    );
    expect(load.finalUrl).toBe(path);
    // Measured on the real board, not an empty one: the demo's outing and its teams are in the page.
    if (path === '/leaderboard') await expect(page.getByText(demo!.outing.name).first().isVisible()).resolves.toBe(true);
    expect(load.files.some((f) => f.type === 'script')).toBe(true);
    expect(withinBudget(load), `${path}: ${kb(load.htmlJsCssGzip9Bytes)} > ${FIRST_LOAD_BUDGET_KB} KB`).toBe(true);
  });

  test('the check fails a load over its limit', () => {
    // The same loads against a limit they exceed: the budget check is no check that always passes.
    expect(loads.size).toBe(BUDGETED_PAGES.length);
    for (const load of loads.values()) {
      expect(withinBudget(load, load.htmlJsCssGzip9Bytes / 1024)).toBe(true);
      expect(withinBudget(load, (load.htmlJsCssGzip9Bytes - 1) / 1024)).toBe(false);
      expect(withinBudget(load, 10)).toBe(false);
    }
  });
});

describe('the check-in page’s first load on the demo’s real day (R61: at most 120 KB gzip)', () => {
  test.each([
    ['staff', 'moderator', (): string => '/admin/check-in'],
    ['a check-in volunteer', 'leader', (): string => `/volunteer/${demo!.outing.id}/check-in`],
  ] as const)('for %s', async (_who, account, pathOf) => {
    const path = pathOf();
    const page = await journey.visitor({ viewport: 'mobile', as: E2E_ACCOUNTS[account] });
    const load = await measureFirstLoad(page, journey.portal.url, path);
    console.log(
      `${path} (${account}): ${kb(load.htmlJsCssGzip9Bytes)} of HTML+JS+CSS gzip-9 (budget ${CHECK_IN_BUDGET_KB} KB), ${load.files.length} requests`,
    );
    expect(load.finalUrl).toBe(path);
    // Measured on the outing's golfers, each with the Handicap Index field and Sell: the page, not a refusal.
    await page
      .getByRole('switch', { name: /^Checked in: / })
      .first()
      .waitFor();
    // The QR decoder, zod, react-hook-form and the dialog load when Scan or a dialog opens (vite.config's chunk names).
    const scripts = load.files.filter((f) => f.type === 'script').map((f) => f.path.split('/').pop()!);
    expect(scripts.filter((s) => /^(qr-decoder|jsqr|zod|forms|dialog)-/i.test(s))).toEqual([]);
    expect(withinBudget(load, CHECK_IN_BUDGET_KB), `${path}: ${kb(load.htmlJsCssGzip9Bytes)} > ${CHECK_IN_BUDGET_KB} KB`).toBe(true);
  });
});
