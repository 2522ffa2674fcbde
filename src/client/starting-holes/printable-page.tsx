// The frame of the printable tournament-day pages (starting sheet, scorecards, cart signs): title, heading with the
// tournament, actions, the load's failure or empty state, the sheets, and the way back. One frame, so they stay alike.
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../router';
import { errorMessage } from '../lib/api';
import { cn } from '../ui/cn';
import { ListState } from '../ui/table';

interface PrintablePageProps {
  /** 'Cart Signs': the h1 and the document title. */
  title: string;
  query: UseQueryResult<unknown>;
  /** The tournament's name, once loaded; `summary` follows it in the heading. */
  tournamentName: string | undefined;
  summary: ReactNode;
  /** Buttons beside the heading (Print…). */
  actions?: ReactNode;
  /** When false, the heading prints too (the starting sheet names its tournament on paper). */
  hideHeadingInPrint?: boolean;
  /** Shown under the heading, above the sheets. */
  notice?: ReactNode;
  /** 'Failed to load the cart signs' (spec §8's wording). */
  failure: string;
  empty: boolean;
  emptyText: string;
  back: { to: string; label: string };
  children: ReactNode;
}

export function PrintablePage({
  title,
  query,
  tournamentName,
  summary,
  actions,
  hideHeadingInPrint = true,
  notice,
  failure,
  empty,
  emptyText,
  back,
  children,
}: PrintablePageProps) {
  // While the sheet loads, only its title and 'Loading…': the name line, the actions, the notice and the way back come with
  // it. Drawn before it, they were pushed down or apart when it came (a phone wraps them).
  const waiting = query.isPending;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${title}${tournamentName ? ` · ${tournamentName}` : ''} · Admin · Golf Tournament`}</title>
      <div className={cn('flex flex-wrap items-end justify-between gap-3', hideHeadingInPrint && 'print:hidden')}>
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {tournamentName && !waiting ? (
            <p className="mt-1 text-stone-700">
              <span className="font-semibold text-stone-900">{tournamentName}</span> · {summary}
            </p>
          ) : null}
        </div>
        {waiting ? null : actions}
      </div>
      {waiting ? null : notice}
      {query.isError ? (
        <div role="alert" className="rounded-lg border border-stone-200 bg-white p-5 text-red-700">
          {errorMessage(query.error, failure)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <ListState loading={query.isPending} error={false} empty={empty} emptyText={emptyText} />
      )}
      {children}
      {waiting ? null : (
        <Link
          to={back.to}
          className="flex w-fit items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
      )}
    </div>
  );
}
