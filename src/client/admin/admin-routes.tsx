// The routes under /admin, made from ADMIN_PAGES: the staff gate (AdminLayout) around every page, and AdminOnly around
// the admin-only ones (R8, R10). An address under /admin that is no page is the not-found page, outside the gate.
import { Route, Routes } from '../router';
import { NotFoundPage } from '../pages/not-found-page';
import { AdminLayout } from './admin-layout';
import { AdminOnly } from './admin-only';
import { ADMIN_PAGES, type AdminPage } from './admin-pages';

const route = ({ path, page: Page }: AdminPage) =>
  path ? <Route key={path} path={path} element={<Page />} /> : <Route key="index" index element={<Page />} />;

/** The routes under /admin/* (the server's list of pages is checked against them: server/http/page-status.test.ts). */
export const ADMIN_ROUTES = (
  <>
    <Route element={<AdminLayout />}>
      {ADMIN_PAGES.filter((page) => page.access === 'staff').map(route)}
      <Route element={<AdminOnly />}>{ADMIN_PAGES.filter((page) => page.access === 'admin').map(route)}</Route>
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </>
);

export function AdminRoutes() {
  return <Routes>{ADMIN_ROUTES}</Routes>;
}
