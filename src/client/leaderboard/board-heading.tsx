// A board's heading: the tournament, its dates and holes, whether the page is live, when the board was last updated and,
// on a TV, which page is showing.
import { useRef } from 'react';
import { formatLabel } from '../../shared/formats';
import type { Leaderboard } from './queries';
import { formatDateRange } from '../lib/format';
import { cn } from '../ui/cn';
import type { LiveState } from './use-live-leaderboard';

const LIVE_LABELS: Record<Exclude<LiveState, 'offline'>, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
};

/**
 * The live dot is still: a dot that pulses for ever makes the phone draw a new frame sixty times a second for as long as
 * the board is open (battery outdoors; on the first load it took the main thread's share of the CPU, docs/decisions/122).
 * It pulses three times when an update arrives after the first, the moment worth the eye: `key` restarts the animation.
 */
function LiveIndicator({ state, tv, updatedAt }: { state: Exclude<LiveState, 'offline'>; tv: boolean; updatedAt: string }) {
  const first = useRef(updatedAt);
  const updated = state === 'live' && updatedAt !== first.current;
  return (
    <span role="status" className={cn('flex items-center gap-2 font-medium', state === 'live' ? 'text-green-800' : 'text-amber-800')}>
      <span
        key={updated ? updatedAt : 'first'}
        aria-hidden
        className={cn(
          'inline-block size-3.5 rounded-full',
          tv && 'xl:size-4',
          state === 'live' ? 'bg-brand-600' : 'bg-amber-700',
          updated && 'motion-safe:animate-[pulse_1s_ease-in-out_3]',
        )}
      />
      {LIVE_LABELS[state]}
    </span>
  );
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An instant's time of day on the reader's clock as en-US writes it, by hand (no Intl formatter on the first load,
 * docs/decisions/118): '3:04:05 PM' (the medium time style) or, with `hoursMinutes`, '03:04 PM'.
 */
export function formatClockTime(iso: string, { hoursMinutes = false } = {}): string {
  const at = new Date(iso);
  const hour = at.getHours() % 12 || 12;
  const half = at.getHours() < 12 ? 'AM' : 'PM';
  return hoursMinutes
    ? `${twoDigits(hour)}:${twoDigits(at.getMinutes())} ${half}`
    : `${hour}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())} ${half}`;
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
    // On a TV the heading keeps one height whatever is in it: the rows per page are measured below it.
    <div className={cn('flex items-end justify-between gap-x-4 gap-y-1', tv ? 'max-md:flex-col max-md:items-start' : 'flex-wrap')}>
      <div className="min-w-0">
        <h2 id={`board-${board.tournament.id}`} className={cn('font-bold', tv ? 'truncate text-2xl xl:text-4xl' : 'text-xl')}>
          {board.tournament.name}
        </h2>
        <p className={cn('text-stone-700', tv ? 'text-base xl:text-xl' : 'text-sm')}>
          {formatDateRange(board.tournament.startDate, board.tournament.endDate)}
          {board.holeCount > 0 ? ` · ${board.holeCount} holes` : null}
          {` · ${formatLabel(board.rules)}`}
        </p>
      </div>
      <p className={cn('flex shrink-0 items-center gap-4 text-stone-700', tv ? 'text-base xl:text-xl' : 'text-sm')}>
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
          <span>Updated {formatClockTime(board.updatedAt)}</span>
        )}
      </p>
    </div>
  );
}
