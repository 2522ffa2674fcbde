// /auth: Login and Sign Up; a signed-in visitor goes on to their own page (R10: /admin for staff, /register for leaders;
// /volunteer for someone who only volunteers, R60), or back to the page that sent them here (?next=, 'Log in to bid').
import { returnPath } from '../../shared/client-paths';
import { Navigate, useSearchParams } from '../router';
import { PageSpinner } from '../ui/spinner';
import { AccountAccess, BID_INTRO } from './account-access';
import { useOwnPage } from './own-page';
import { useMe } from './session';

export function AuthPage() {
  const { data: me, isPending } = useMe();
  const ownPage = useOwnPage(me);
  const [params] = useSearchParams();
  const next = returnPath(params.get('next'));
  if (isPending) return <PageSpinner />;
  if (me && next) return <Navigate to={next} replace />;
  if (me && !ownPage) return <PageSpinner />;
  if (ownPage) return <Navigate to={ownPage} replace />;
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-10 sm:py-16">
      <title>Login · Golf Tournament</title>
      <AccountAccess headingLevel={1} intro={next?.startsWith('/auction/') ? BID_INTRO : undefined} />
    </div>
  );
}
