// The admin nav: a sidebar on a wide screen; on a phone or tablet one button naming the page shown, which opens the list
// of pages (a row of a dozen links scrolled sideways hid most of them, with nothing to say they were there).
import { ChevronDown, Menu, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, matchPath, useLocation } from '../router';
import { cn } from '../ui/cn';
import { useRememberedTournamentSearch } from './tournament-picker';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** The page picks a tournament: its link carries the last one chosen (docs/decisions/102). */
  picksTournament?: boolean;
}

export function AdminNav({ items }: { items: AdminNavItem[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const tournamentSearch = useRememberedTournamentSearch();
  const listId = useId();
  // Choosing a page closes the menu (adjusted while rendering rather than in an effect: react.dev/learn/you-might-not-need-an-effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }
  // One match decides both the menu button's label and the marked link: NavLink's own test does not take /admin/ (a
  // trailing slash) for /admin, so the Dashboard went unmarked there.
  const current = items.find((item) => matchPath({ path: item.to, end: item.end ?? false }, pathname));
  const CurrentIcon = current?.icon ?? Menu;

  return (
    <nav aria-label="Admin" className="mt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 w-full items-center gap-2 rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 shadow-sm lg:hidden"
      >
        <CurrentIcon aria-hidden className="size-4 text-brand-800" />
        <span className="sr-only">Admin menu: </span>
        <span className="flex-1 text-left">{current?.label ?? 'Admin'}</span>
        <span aria-hidden className="flex items-center gap-1 text-stone-600">
          <Menu className="size-4" />
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </span>
      </button>
      <ul
        id={listId}
        className={cn(
          open ? 'grid' : 'hidden',
          'mt-1 gap-1 rounded-md border border-stone-200 bg-white p-1 shadow-sm sm:grid-cols-2',
          'lg:mt-0 lg:flex lg:flex-col lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none',
        )}
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.picksTournament ? item.to + tournamentSearch : item.to}
              // The page already shown too: the menu closes rather than stay over it.
              onClick={() => setOpen(false)}
              aria-current={item === current ? 'page' : undefined}
              className={cn(
                'flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium lg:min-h-0',
                item === current ? 'bg-brand-100 text-brand-900' : 'text-stone-700 hover:bg-stone-100',
              )}
            >
              <item.icon aria-hidden className="size-4" />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
