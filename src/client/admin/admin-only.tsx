// Admin-only pages inside the staff area (R8): a moderator who opens one by its address goes back to the Dashboard.
// The server refuses their calls anyway; this only routes people.
import { useEffect } from 'react';
import { Navigate, Outlet } from '../router';
import { useMe } from '../auth/session';
import { notify } from '../lib/toast';

export function AdminOnly() {
  const { data: me } = useMe();
  const refused = me?.user.role !== 'admin';
  useEffect(() => {
    if (refused) notify.error("You don't have permission to access this page");
  }, [refused]);
  return refused ? <Navigate to="/admin" replace /> : <Outlet />;
}
