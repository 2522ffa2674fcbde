// /admin: the staff gate (R10) and the admin layout. The server guards every admin call on its own; this only routes people.
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from '../router';
import { isStaff, ROLE_LABELS, roleMeets } from '../../shared/roles';
import { displayName, useMe } from '../auth/session';
import { notify } from '../lib/toast';
import { AdminNav } from './admin-nav';
import { adminHref, ADMIN_PAGES } from './admin-pages';
import { PageSpinner } from '../ui/spinner';

/** The nav: the pages of ADMIN_PAGES that carry a label, in its order. */
export const ADMIN_NAV = ADMIN_PAGES.flatMap((page) =>
  page.nav ? [{ to: adminHref(page), access: page.access, picksTournament: page.picksTournament, ...page.nav }] : [],
);

export function AdminLayout() {
  const { data: me, isPending } = useMe();
  const navigate = useNavigate();
  const refused = me != null && !isStaff(me.user.role);
  useEffect(() => {
    if (!refused) return;
    notify.error("You don't have permission to access this page");
    navigate('/', { replace: true });
  }, [refused, navigate]);

  if (isPending || refused) return <PageSpinner />;
  if (!me) return <Navigate to="/auth" replace />;

  const items = ADMIN_NAV.filter((item) => roleMeets(me.user.role, item.access));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row print:max-w-none print:p-0">
      <aside className="lg:w-56 lg:shrink-0 print:hidden">
        <p className="text-sm text-stone-600">
          {displayName(me)} · <span className="font-medium text-stone-800">{ROLE_LABELS[me.user.role]}</span>
        </p>
        <AdminNav items={items} />
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
