// Every page's address pattern, read from the router's own trees (routes.tsx, more-routes.tsx, admin/admin-routes.tsx): the
// server's page list is checked against it (server/http/page-status.test.ts) and the phone journey visits each
// (e2e/phone-fit.test.ts, docs/decisions/105), so a page added to the router is in both without being listed again.
import type { ReactNode } from 'react';
import { ADMIN_ROUTES } from './admin/admin-routes';
import { MORE_ROUTES } from './more-routes';
import { routePatterns } from './router';
import { PAGE_ROUTES } from './routes';

/** The routes under each splat route (a new one must be listed here to be read). */
const NESTED: Record<string, ReactNode> = { '/*': MORE_ROUTES, '/admin/*': ADMIN_ROUTES };

/** Every page's pattern, nested ones joined to their parent; a tree's own catch-all (the not-found page) is no page. */
export function pagePatterns(): string[] {
  const expand = (tree: ReactNode, prefix: string, within: ReactNode[]): string[] =>
    routePatterns(tree).flatMap((pattern) => {
      const full = prefix + (pattern === '/' ? '' : pattern) || '/';
      if (!pattern.endsWith('/*')) return [full];
      const nested = NESTED[full];
      if (nested === undefined) throw new Error(`${full} has nested routes: list them in NESTED`);
      return within.includes(nested) ? [] : expand(nested, full.slice(0, -2), [...within, nested]);
    });
  return expand(PAGE_ROUTES, '', []);
}
