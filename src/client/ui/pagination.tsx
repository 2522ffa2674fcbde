// Previous / next for the server-paged admin lists, with where the reader is.
import { Button } from './button';

/** One page of a server-paged list, as the admin list routes answer it (`pages` where the route counts them). */
interface ListPage {
  page: number;
  pageSize: number;
  total: number;
  pages?: number;
}

/** Nothing until the list has loaded, or when it is empty. */
export function Pagination({ of: list, onPage, noun }: { of: ListPage | undefined; onPage: (page: number) => void; noun: string }) {
  if (!list || list.total === 0) return null;
  const { page, pageSize, total } = list;
  const pages = list.pages ?? Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
      <p>
        {from}–{to} of {total} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span aria-current="page">
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
