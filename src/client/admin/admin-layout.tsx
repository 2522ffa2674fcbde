// /admin: the staff gate (R10) and the admin layout. The server guards every admin call on its own; this only routes people.
import { Award, ClipboardPen, CreditCard, LandPlot, LayoutDashboard, Hourglass, ListOrdered, Trophy, UserCheck, Users, UsersRound } from 'lucide-react';
import { FileChartColumn } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { isStaff, ROLE_LABELS, roleMeets, type Access } from '../../shared/roles';
import { displayName, useMe } from '../auth/session';
import { notify } from '../lib/toast';
import { AdminNav } from './admin-nav';
import { PageSpinner } from '../ui/spinner';

/** The admin pages that exist, with who may open each (R8). Later pages add a line here. */
export const ADMIN_NAV: { to: string; label: string; icon: typeof LayoutDashboard; access: Access; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, access: 'staff', end: true },
  { to: '/admin/teams', label: 'Teams', icon: Users, access: 'staff' },
  { to: '/admin/payments', label: 'Payments', icon: CreditCard, access: 'admin' },
  { to: '/admin/reports', label: 'Reports', icon: FileChartColumn, access: 'admin' },
  { to: '/admin/check-in', label: 'Golfers', icon: UserCheck, access: 'staff' },
  { to: '/admin/waitlist', label: 'Waitlist', icon: Hourglass, access: 'staff' },
  { to: '/admin/score-entry', label: 'Score Entry', icon: ClipboardPen, access: 'staff' },
  { to: '/admin/score-report', label: 'Score Report', icon: ListOrdered, access: 'staff' },
  { to: '/admin/settings', label: 'Tournaments', icon: Trophy, access: 'admin' },
  { to: '/admin/golf-courses', label: 'Golf Courses', icon: LandPlot, access: 'admin' },
  { to: '/admin/sponsorship-levels', label: 'Sponsorship Levels', icon: Award, access: 'admin' },
  { to: '/admin/users', label: 'Users', icon: UsersRound, access: 'admin' },
];

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
