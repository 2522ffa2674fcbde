// A board's heading: the tournament, its dates and holes, whether the page is live, when the board was last updated and,
// on a TV, which page is showing.
import { useRef } from 'react';
import { formatLabel } from '../../shared/formats';
import type { Leaderboard } from './queries';
import { formatDateRange } from '../lib/format';
import { cn } from '../ui/cn';
import { formatClockTime, LIVE_LABELS, liveDotClass, liveStatusClass, type LiveState } from './live-state';

/** The live dot pulses three times when an update arrives after the first: `key` restarts the animation (live-state.ts). */
function LiveIndicator({ state, tv, updatedAt }: { state: Exclude<LiveState, 'offline'>; tv: boolean; updatedAt: string }) {
  const first = useRef(updatedAt);
  const updated = state === 'live' && updatedAt !== first.current;
  return (
    <span role="status" data-live-status className={liveStatusClass(state)}>
      <span key={updated ? updatedAt : 'first'} aria-hidden className={liveDotClass(state, tv, updated)} />
      {LIVE_LABELS[state]}
    </span>
  );
}

interface BoardHeadingProps {
  board: Leaderboard;
  /** The page's one stream, which carries every board. */
  live: LiveState;
  tv: boolean;
  page?: { index: number; count: number } | undefined;
}

export function BoardHeading({ board, live, tv, page }: BoardHeadingProps) {
  return (
    // On a TV the heading keeps one height whatever is in it: the rows per page are measured below it. On a phone its
    // status line may wrap (between its parts, never inside one); TV mode keeps each board's deepest start (tv-boards.tsx).
    <div className={cn('flex items-end justify-between gap-x-4 gap-y-1', tv ? 'max-md:flex-col max-md:items-start' : 'flex-wrap')}>
      <div className="max-w-full min-w-0">
        <h2 id={`board-${board.tournament.id}`} className={cn('font-bold', tv ? 'truncate text-2xl xl:text-4xl' : 'text-xl')}>
          {board.tournament.name}
        </h2>
        <p className={cn('text-stone-700', tv ? 'text-base xl:text-xl' : 'text-sm')}>
          {formatDateRange(board.tournament.startDate, board.tournament.endDate)}
          {board.holeCount > 0 ? ` · ${board.holeCount} holes` : null}
          {` · ${formatLabel(board.rules)}`}
        </p>
      </div>
      <p
        className={cn(
          'flex max-w-full shrink-0 flex-wrap items-center gap-x-4 gap-y-1 whitespace-nowrap text-stone-700',
          tv ? 'text-base xl:text-xl' : 'text-sm',
        )}
      >
        {live === 'offline' ? null : <LiveIndicator state={live} tv={tv} updatedAt={board.updatedAt} />}
        {page ? (
          <span className="font-semibold text-stone-900">
            Page {page.index + 1} of {page.count}
          </span>
        ) : null}
        {live === 'offline' ? (
          <span role="status" className="font-medium text-amber-800">
            Offline — last updated {formatClockTime(board.updatedAt, { hoursMinutes: true })}
          </span>
        ) : (
          <span data-updated>Updated {formatClockTime(board.updatedAt)}</span>
        )}
      </p>
    </div>
  );
}
