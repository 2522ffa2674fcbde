// Every page's address pattern, read from the router's own trees (routes.tsx, admin/admin-routes.tsx): the server's page
// list is checked against it (server/http/page-status.test.ts) and the phone journey visits each (e2e/phone-fit.test.ts,
// docs/decisions/105), so a page added to the router is in both without being listed again.
import { ADMIN_ROUTES } from './admin/admin-routes';
import { routePatterns } from './router';
import { PAGE_ROUTES } from './routes';

/** The nested routes under a splat route of the top level (a new one must be listed here to be read). */
const NESTED: Record<string, string[]> = { '/admin/*': routePatterns(ADMIN_ROUTES) };

/** Every page's pattern, nested ones joined to their parent; the catch-all routes (the not-found page) are no page. */
export function pagePatterns(): string[] {
  return routePatterns(PAGE_ROUTES).flatMap((pattern) => {
    if (pattern === '/*') return [];
    if (!pattern.endsWith('/*')) return [pattern];
    const nested = NESTED[pattern];
    if (!nested) throw new Error(`${pattern} has nested routes: list them in NESTED`);
    return nested.filter((inner) => inner !== '/*').map((inner) => pattern.slice(0, -2) + (inner === '/' ? '' : inner));
  });
}
