import { Flag, Trophy } from '../ui/shell-icons';
import { Link, NavLink } from '../router';
import { useLogout, useMe } from '../auth/session';
import { useHydrated } from '../lib/use-hydrated';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium sm:px-3',
    isActive ? 'text-brand-800 underline underline-offset-4' : 'text-stone-700 hover:text-stone-950',
  );

export function SiteHeader() {
  const { data } = useMe();
  // The server rendered this header signed out: hydrate it so, then show who is signed in (lib/use-hydrated.ts).
  const me = useHydrated() ? data : undefined;
  const { logout, isPending } = useLogout();
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-900">
          <Flag aria-hidden className="size-6 shrink-0" />
          <span className="text-base sm:text-lg">
            Golf<span className="hidden sm:inline"> Tournament</span>
          </span>
        </Link>
        <nav aria-label="Main" className="flex items-center gap-0.5 sm:gap-2">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          <NavLink to="/register" className={navClass}>
            Register
          </NavLink>
          {/* A phone's header has no room for the word beside Home, Register and Login: the trophy stands for it there. */}
          <NavLink to="/leaderboard" className={navClass}>
            <Trophy aria-hidden className="size-5 sm:hidden" />
            <span className="sr-only sm:not-sr-only">Leaderboard</span>
          </NavLink>
          {me ? (
            <Button variant="secondary" size="sm" onClick={logout} disabled={isPending}>
              Logout
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">Login</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
