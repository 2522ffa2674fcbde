import { Link } from '../router';

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-stone-600 sm:px-6">
        <p>Charity golf tournament</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/admin/login" className="underline-offset-4 hover:underline">
            Admin
          </Link>
          <Link to="/register" className="underline-offset-4 hover:underline">
            Register
          </Link>
        </nav>
      </div>
    </footer>
  );
}
