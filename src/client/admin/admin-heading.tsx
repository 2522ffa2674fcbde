// The top of an admin page: the document title, the heading and, as its children, what the page is for; the page's own
// buttons (Add, New) on the right when it has them.
import type { ReactNode } from 'react';

export function AdminHeading({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">{children}</p>
    </div>
  );
  return (
    <>
      <title>{`${title} · Admin · Golf Tournament`}</title>
      {actions ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
    </>
  );
}
