// @vitest-environment happy-dom
// The portal's own router (docs/decisions/064) does what the app asked of react-router: these are the cases the app's
// routes and links rely on, each one a way the pages would break.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useParams,
  useSearchParams,
} from '.';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Params() {
  return <p>{`params ${JSON.stringify(useParams())}`}</p>;
}
function Where() {
  const { pathname, search, via } = useLocation();
  return (
    <p data-testid="where" data-via={via}>
      {pathname + search}
    </p>
  );
}
function Layout() {
  return (
    <div>
      layout <Outlet />
    </div>
  );
}
// The nested <Routes> under a splat, as admin/admin-routes.tsx is.
function Admin() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<p>dashboard</p>} />
        <Route path="tournaments/:id/scorecards" element={<Params />} />
      </Route>
      <Route path="*" element={<p>admin not found</p>} />
    </Routes>
  );
}
const app = (
  <Routes>
    <Route element={<Layout />}>
      <Route index element={<p>home</p>} />
      <Route path="register" element={<p>register</p>} />
      <Route path="register/scores/:teamId" element={<Params />} />
      <Route path="admin/login" element={<Navigate to="/auth" replace />} />
      <Route path="admin/*" element={<Admin />} />
      <Route path="auth" element={<p>auth</p>} />
      <Route path="*" element={<p>not found</p>} />
    </Route>
  </Routes>
);
const at = (url: string) => renderToString(<StaticRouter location={url}>{app}</StaticRouter>);

describe('matching', () => {
  it('renders the layout around the page the address names, static segments before dynamic ones and splats', () => {
    expect(at('/')).toContain('home');
    expect(at('/register')).toContain('register');
    expect(at('/register/')).toContain('register'); // a trailing slash
    expect(at('/REGISTER')).toContain('register'); // case-insensitive
    expect(at('/register/scores/t-1')).toContain('params {&quot;teamId&quot;:&quot;t-1&quot;}');
    expect(at('/register/scores/t-1')).toMatch(/^<div>layout /);
    expect(at('/register/other')).toContain('not found');
    expect(at('/nowhere')).toContain('not found');
  });

  it('matches nested routes under a splat against the rest of the address, with the params of both', () => {
    expect(at('/admin')).toContain('dashboard');
    expect(at('/admin/')).toContain('dashboard');
    expect(at('/admin/tournaments/a%20b/scorecards')).toContain('&quot;id&quot;:&quot;a b&quot;');
    expect(at('/admin/tournaments/x/scorecards')).toContain('&quot;*&quot;:&quot;tournaments/x/scorecards&quot;');
    expect(at('/admin/teamz')).toContain('admin not found');
    expect(at('/admin/login')).not.toContain('admin not found'); // a static route outranks the splat
  });

  it('matchPath: end takes the path alone (and its trailing slash), without end a prefix at a segment boundary', () => {
    expect(matchPath({ path: '/admin', end: true }, '/admin/')).not.toBeNull();
    expect(matchPath({ path: '/admin', end: true }, '/admin/teams')).toBeNull();
    expect(matchPath({ path: '/admin/teams', end: false }, '/admin/teams/new')).not.toBeNull();
    expect(matchPath({ path: '/admin/teams', end: false }, '/admin/teamsx')).toBeNull();
    expect(matchPath({ path: '/t/:id', end: true }, '/t/7')?.params).toEqual({ id: '7' });
  });
});

describe('navigating', () => {
  it('a link is followed in the page: the address changes, the page shows, Back returns', () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Link to="/register?x=1">Go</Link>
        <Where />
        {app}
      </BrowserRouter>,
    );
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.getByTestId('where').dataset.via).toBe('load');
    fireEvent.click(screen.getByText('Go'));
    expect(window.location.pathname + window.location.search).toBe('/register?x=1');
    expect(screen.getByTestId('where').textContent).toBe('/register?x=1');
    expect(screen.getByTestId('where').dataset.via).toBe('push');
    expect(screen.getByText('register')).toBeTruthy();
    // Back (the browser's popstate) shows the page of the address it returns to.
    act(() => {
      window.history.replaceState(null, '', '/register/scores/9');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('params {"teamId":"9"}')).toBeTruthy();
    expect(screen.getByTestId('where').dataset.via).toBe('pop'); // the logout page tells Back from a link by it
  });

  it('leaves a modified click, another button or another target to the browser', () => {
    // The browser's own handling (a new tab) is not wanted here: stopped after the link has had its say.
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);
    render(
      <MemoryRouter>
        <Link to="/register">Go</Link>
        <Link to="/register" target="_blank">
          New tab
        </Link>
        <Where />
      </MemoryRouter>,
    );
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      fireEvent.click(screen.getByText('Go'), click);
      expect(screen.getByTestId('where').textContent).toBe('/');
    }
    fireEvent.click(screen.getByText('New tab'));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.getByText('Go').getAttribute('href')).toBe('/register');
    document.removeEventListener('click', stop);
  });

  it('Navigate redirects, replacing the address', () => {
    window.history.replaceState(null, '', '/admin/login');
    const before = window.history.length;
    render(<BrowserRouter>{app}</BrowserRouter>);
    expect(window.location.pathname).toBe('/auth');
    expect(window.history.length).toBe(before);
    expect(screen.getByText('auth')).toBeTruthy();
  });

  it('NavLink marks its page (aria-current and the class), Home only on Home', () => {
    render(
      <MemoryRouter initialEntries={['/register/scores/1']}>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/register" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Register
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByText('Home').className).toBe('off');
    expect(screen.getByText('Home').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Register').className).toBe('on');
    expect(screen.getByText('Register').getAttribute('aria-current')).toBe('page');
  });

  it('useSearchParams reads the query and sets a new one on the same page', () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ tournament: 'b', team: 'c d' }, { replace: true })}>
          {params.get('tournament')}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/admin/score-entry?tournament=a']}>
        <Filter />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('a'));
    expect(screen.getByTestId('where').textContent).toBe('/admin/score-entry?tournament=b&team=c+d');
    expect(screen.getByText('b')).toBeTruthy();
  });
});
