// Every page of the client's router answers 200, and any other address 404 (docs/decisions/006): the routes are read from
// the router's own trees (client/page-patterns.ts), so a page added there and forgotten in the server's list
// (shared/client-paths.ts) fails here.
import { describe, expect, it } from 'vitest';
import { pagePatterns } from '../../client/page-patterns';
import { FIRST_RUN_PAGE } from '../../shared/client-paths';
import { useAppWithAssets } from '../test/file-app';
import { INDEX_HTML } from '../test/temp-assets';
import type { TestApp } from '../test/test-app';

const pages = pagePatterns();

/**
 * Pages that answer 200 only while their token works, checked with a valid one in their own tests: the first-run page
 * (R50, setup/setup.test.ts). With a sample token they answer 404, as checked below.
 */
const TOKEN_PAGES = new Set([FIRST_RUN_PAGE]);
/** R59: a results page exists for a finished tournament only (200 there: http/server-render.test.ts); else 404. */
const RESULTS_PAGE = '/results/:tournamentId';

/** An address of the pattern: each `:param` a sample value. */
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'a1b2c3');

describe("the server's status for the client's pages", () => {
  let t: TestApp;
  useAppWithAssets((app) => {
    t = app;
  });

  it('reads the pages from the router (a sanity check of the list below)', () => {
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/give', '/receipts/:paymentId', '/statement', '/admin', '/admin/data', FIRST_RUN_PAGE]),
    );
    expect(pages.length).toBeGreaterThan(30);
  });

  it.each(pages.filter((page) => !TOKEN_PAGES.has(page) && page !== RESULTS_PAGE).map(addressOf))(
    '%s answers the app with 200',
    async (path) => {
      const response = await t.request(path);
      expect(response.status).toBe(200);
      // The app's document (Home and the leaderboard with their content rendered in by the server).
      expect(await response.text()).toContain('<script type="module"');
    },
  );

  it.each([
    '/nope',
    '/give/nope',
    '/receipts',
    '/statement/2026',
    '/admin/nope',
    '/admin/users/x',
    addressOf(FIRST_RUN_PAGE),
    addressOf(RESULTS_PAGE),
  ])('%s answers the app with 404 (its not-found page)', async (path) => {
    const response = await t.request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(INDEX_HTML);
  });
});
