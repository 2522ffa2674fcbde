// Plain, responsive tables for the admin pages: horizontal scroll on a phone, header cells with scope.
import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn';
import { LoadFailed } from './load-failed';

/** `busy`: newer rows are on their way; the old ones stay, dimmed, and say so (aria-busy: the journeys' axe scans wait it out). */
export function Table({
  caption,
  children,
  className,
  busy = false,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  busy?: boolean;
}) {
  // relative: screen-reader-only text in the table (caption, action labels) scrolls with it instead of widening the page.
  return (
    <div
      aria-busy={busy || undefined}
      className={cn(
        'table-scroll relative overflow-x-auto rounded-lg border border-stone-200',
        busy && 'opacity-70 transition-opacity',
        className,
      )}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('border-b border-stone-200 bg-stone-50 px-3 py-2 font-semibold text-stone-700', className)} {...props} />
);
/** The header of a column of row buttons: named for screen readers, blank on screen. */
export const ActionsTh = ({ className }: { className?: string }) => (
  <Th className={className}>
    <span className="sr-only">Actions</span>
  </Th>
);
export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('border-b border-stone-100 px-3 py-2 align-middle', className)} {...props} />
);
export const Tr = ({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('hover:bg-stone-50', className)} {...props} />
);

/** The three states every admin list shows besides its rows; `errorText` is the spec's own words where it has them (§8). */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  errorText = 'Failed to load data.',
  onRetry,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  errorText?: string;
  onRetry?: () => void;
}) {
  if (loading)
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        Loading…
      </p>
    );
  if (error) return <LoadFailed message={errorText} onRetry={onRetry} />;
  if (empty) return <p className="py-8 text-center text-stone-600">{emptyText}</p>;
  return null;
}
