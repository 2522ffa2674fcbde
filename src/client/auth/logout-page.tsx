// /logout: confirms the visitor is signed out (signing out first if they came here signed in). Back onto it after signing
// in again is not a wish to sign out: a signed-in visitor who came by Back or Forward goes on to their own page instead.
import { useEffect } from 'react';
import { Link, Navigate, useLocation } from '../router';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageSpinner } from '../ui/spinner';
import { useOwnPage } from './own-page';
import { useMe, useSignOut } from './session';

export function LogoutPage() {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const byHistory = useLocation().via === 'pop';
  const ownPage = useOwnPage(byHistory ? me : null);
  useEffect(() => {
    if (me && !byHistory) void signOut().catch(() => undefined);
  }, [me, byHistory, signOut]);
  if (me && byHistory) return ownPage ? <Navigate to={ownPage} replace /> : <PageSpinner />;
  return (
    <div className="mx-auto flex max-w-6xl justify-center px-4 py-16">
      <title>Logged out · Golf Tournament</title>
      <Card className="w-full max-w-md text-center">
        <h1 className="text-2xl font-semibold">You have been logged out.</h1>
        <p className="mt-2 text-stone-600">Thanks for stopping by. Log in again any time to manage your teams.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/auth">Login</Link>
        </Button>
      </Card>
    </div>
  );
}
