// /register: the login/sign-up panel when signed out, the team dashboard when signed in. The dashboard (with its forms
// and their validation) loads only for a signed-in leader, so a visitor's first load stays light.
import { lazy, Suspense } from 'react';
import { AccountAccess } from '../auth/account-access';
import { useMe } from '../auth/session';
import { PageSpinner } from '../ui/spinner';

const TeamDashboard = lazy(() => import('../teams/team-dashboard').then((m) => ({ default: m.TeamDashboard })));

export function RegisterPage() {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (me)
    return (
      <Suspense fallback={<PageSpinner />}>
        <TeamDashboard me={me} />
      </Suspense>
    );
  return (
    <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-10 sm:py-14">
      <title>Register · Golf Tournament</title>
      <div className="text-center">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome to the Golf Tournament</h1>
        <p className="mt-2 text-stone-700">Please login or create an account to register your team</p>
      </div>
      <AccountAccess />
    </div>
  );
}
