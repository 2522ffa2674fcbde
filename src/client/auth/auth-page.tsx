// /auth: Login and Sign Up; a signed-in visitor goes on to /admin (staff) or /register (R10).
import { Navigate } from '../router';
import { isStaff } from '../../shared/roles';
import { PageSpinner } from '../ui/spinner';
import { AccountAccess } from './account-access';
import { useMe } from './session';

export function AuthPage() {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (me) return <Navigate to={isStaff(me.user.role) ? '/admin' : '/register'} replace />;
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-10 sm:py-16">
      <title>Login · Golf Tournament</title>
      <AccountAccess headingLevel={1} />
    </div>
  );
}
