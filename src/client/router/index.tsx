// The portal's router: the part of react-router's declarative API the app uses, written small (docs/decisions/064).
// react-router was 13.1 KB gzip of every first load (a seventh of Home's); this is about 1.5 KB. Same names and the same
// behaviour for what the app does: absolute paths only, `:param` and a final `*`, layout and index routes, nested <Routes>
// under a splat, case-insensitive matching with an optional trailing slash, static segments before dynamic ones.
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { matchPath, segments } from '../../shared/match-path';
import { WITHOUT_OPENER_POLICY } from '../../shared/opener-policy';

interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** How the app came to this address: opened or reloaded ('load'), followed in the app ('push'), Back or Forward ('pop'). */
  via: 'load' | 'push' | 'pop';
}
interface NavigateOptions {
  replace?: boolean;
}
type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}
const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A link or route is used outside a router.');
  return router;
}

/** A path (absolute, with any query and hash) as a location. */
function toLocation(to: string, via: Location['via']): Location {
  const url = new URL(to, 'http://portal.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash, via };
}
const href = ({ pathname, search, hash }: Location) => pathname + search + hash;

function Router({ location, navigate, children }: RouterValue & { children?: ReactNode }) {
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

// The browser's address, read through the History API. Our own pushes and replaces tell the subscribers; Back and
// Forward come as `popstate`.
const historyListeners = new Set<() => void>();
let arriving: Location['via'] = 'load';
function subscribeToHistory(listener: () => void) {
  const popped = () => {
    arriving = 'pop';
    listener();
  };
  historyListeners.add(listener);
  window.addEventListener('popstate', popped);
  return () => {
    historyListeners.delete(listener);
    window.removeEventListener('popstate', popped);
  };
}
let current: Location = { pathname: '/', search: '', hash: '', via: 'load' };
function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  if (pathname !== current.pathname || search !== current.search || hash !== current.hash) {
    current = { pathname, search, hash, via: arriving };
    // Used once: an address changed later by neither our push nor Back/Forward (another script's replaceState) is not
    // taken for the last push; it counts as arriving with the document.
    arriving = 'load';
  }
  return current;
}
// The address this document was loaded for. The public board's came without Cross-Origin-Opener-Policy (docs/decisions/134):
// the app leaves it for any other page by a page load, which brings that page with the header.
const loadedFor = typeof window === 'undefined' ? '' : window.location.pathname;
const browserNavigate: NavigateFunction = (to, options) => {
  const target = new URL(to, window.location.href);
  const url = target.href;
  if (loadedFor === WITHOUT_OPENER_POLICY && target.pathname !== WITHOUT_OPENER_POLICY) {
    if (options?.replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  if (options?.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  arriving = 'push';
  for (const listener of historyListeners) listener();
};
export function BrowserRouter({ children }: { children?: ReactNode }) {
  // Hydrating the server's HTML reads the same address: the server rendered this very one (app.tsx checks).
  const location = useSyncExternalStore(subscribeToHistory, browserLocation, browserLocation);
  return (
    <Router location={location} navigate={browserNavigate}>
      {children}
    </Router>
  );
}

const staticNavigate: NavigateFunction = () => undefined;

/** The server's render of one address: nothing navigates there. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => toLocation(location, 'load'), [location]);
  return (
    <Router location={value} navigate={staticNavigate}>
      {children}
    </Router>
  );
}

/** Tests: an address held in memory. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children?: ReactNode }) {
  const [location, setLocation] = useState(() => toLocation(initialEntries.at(-1) ?? '/', 'load'));
  const navigate = useCallback<NavigateFunction>((to) => setLocation(toLocation(to, 'push')), []);
  return (
    <Router location={location} navigate={navigate}>
      {children}
    </Router>
  );
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

export function useSearchParams(): [URLSearchParams, (next: Record<string, string>, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: Record<string, string>, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(location.pathname + (search ? `?${search}` : ''), options);
    },
    [location.pathname, navigate],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

// ---- Matching: one rule for the browser and the server (shared/match-path.ts)

export { matchPath };

// ---- Routes

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route's description: <Routes> reads it and renders the element of the one that matches. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('A <Route> is only ever a child of <Routes> or of another <Route>.');
}

interface RouteObject extends Omit<RouteProps, 'children'> {
  children: RouteObject[];
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesOf(child.props.children));
    else routes.push({ ...child.props, children: routesOf(child.props.children) });
  });
  return routes;
}

interface Branch {
  pattern: string;
  routes: RouteObject[];
  score: number;
}

// react-router's ranking: a static segment outranks a dynamic one, which outranks a splat; an index route its parent.
function score(pattern: string, index: boolean): number {
  const parts = segments(pattern);
  const splat = parts.at(-1) === '*';
  return parts
    .slice(0, splat ? -1 : undefined)
    .reduce((total, part) => total + (part.startsWith(':') ? 3 : 10), parts.length + (splat ? -2 : 0) + (index ? 2 : 0));
}

function branchesOf(routes: RouteObject[], parentPattern = '', parents: RouteObject[] = []): Branch[] {
  return routes.flatMap((route) => {
    const pattern = route.path ? `${parentPattern}/${route.path}` : parentPattern;
    const chain = [...parents, route];
    const own = route.index || route.path ? [{ pattern, routes: chain, score: score(pattern, Boolean(route.index)) }] : [];
    return [...branchesOf(route.children, pattern, chain), ...own];
  });
}

/**
 * Every address pattern a tree of <Route>s answers ('/' for the root's index, '/admin/*' for a splat), as <Routes> matches
 * them: the server's list of pages is checked against it (server/http/page-status.test.ts).
 */
export const routePatterns = (children: ReactNode): string[] => branchesOf(routesOf(children)).map((branch) => branch.pattern || '/');

interface RouteValue {
  params: Record<string, string>;
  base: string;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteValue>({ params: {}, base: '/', outlet: null });

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const branches = branchesOf(routesOf(children)).sort((a, b) => b.score - a.score);
  const rest = parent.base === '/' ? pathname : pathname.slice(parent.base.length) || '/';
  for (const branch of branches) {
    const match = matchPath({ path: branch.pattern, end: true }, rest);
    if (!match) continue;
    const params = { ...parent.params, ...match.params };
    const base = parent.base === '/' ? match.pathnameBase : parent.base + (match.pathnameBase === '/' ? '' : match.pathnameBase);
    return branch.routes.reduceRight<ReactNode>(
      (outlet, route) => (
        <RouteContext.Provider value={{ params, base, outlet }}>
          {route.element === undefined ? outlet : route.element}
        </RouteContext.Provider>
      ),
      null,
    );
  }
  return null;
}

export const Outlet = (): ReactNode => useContext(RouteContext).outlet;
export const useParams = (): Readonly<Record<string, string | undefined>> => useContext(RouteContext).params;

// ---- Links

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** An ordinary link that the app follows itself; a modified or middle click, or another target, is left to the browser. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // Following a link to the page already shown replaces it, as react-router does: Back leaves the page.
    navigate(to, { replace: replace ?? href(location) === href(toLocation(to, 'push')) });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows when its page is shown (`aria-current="page"`), for the main navigation. */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const to = toLocation(rest.to, 'push').pathname.toLowerCase();
  const here = pathname.toLowerCase();
  const isActive = here === to || (!end && to !== '/' && here.startsWith(`${to}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
