// /leaderboard (public, R22): every active tournament's board, updating by itself as scores are saved. `?tv=1` (or the
// TV mode button, which also asks for full screen) shows the boards alone in large type for the clubhouse screen.
import { useQuery } from '@tanstack/react-query';
import { Maximize, Minimize } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Leaderboard } from '../../shared/tournament-day';
import { formatDateRange } from '../lib/format';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { LoadFailed } from '../ui/load-failed';
import { PageSpinner } from '../ui/spinner';
import { LeaderboardBoard } from './leaderboard-board';
import { leaderboardsQuery } from './queries';
import { useLiveLeaderboard, type LiveState } from './use-live-leaderboard';

const LIVE_LABELS: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' };

function LiveIndicator({ state, tv }: { state: LiveState; tv: boolean }) {
  return (
    <p role="status" className={cn('flex items-center gap-2 font-medium', tv ? 'text-xl' : 'text-sm', state === 'live' ? 'text-green-800' : 'text-amber-800')}>
      <span aria-hidden className={cn('inline-block size-3.5 rounded-full', state === 'live' ? 'animate-pulse bg-brand-600' : 'bg-amber-700')} />
      {LIVE_LABELS[state]}
    </p>
  );
}

const timeOf = (iso: string) => new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(new Date(iso));

function BoardSection({ board, tv }: { board: Leaderboard; tv: boolean }) {
  const live = useLiveLeaderboard(board.tournament.id);
  const headingId = `board-${board.tournament.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id={headingId} className={cn('font-bold', tv ? 'text-3xl' : 'text-xl')}>
            {board.tournament.name}
          </h2>
          <p className={cn('text-stone-700', tv ? 'text-xl' : 'text-sm')}>
            {formatDateRange(board.tournament.startDate, board.tournament.endDate)}
            {board.holeCount > 0 ? ` · ${board.holeCount} holes` : null}
          </p>
        </div>
        <div className={cn('flex items-center gap-4 text-stone-700', tv ? 'text-xl' : 'text-sm')}>
          <LiveIndicator state={live} tv={tv} />
          <span>Updated {timeOf(board.updatedAt)}</span>
        </div>
      </div>
      <LeaderboardBoard board={board} tv={tv} emptyText="No scores yet. The board fills in as teams save their scores." />
    </section>
  );
}

export function LeaderboardPage() {
  const [params, setParams] = useSearchParams();
  const tv = params.get('tv') === '1';
  const boards = useQuery(leaderboardsQuery);

  const enterTv = () => {
    setParams({ tv: '1' });
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const leaveTv = () => {
    setParams({});
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  return (
    // TV mode covers the site's header and footer: the screen shows the boards and nothing else.
    <div className={tv ? 'fixed inset-0 z-40 overflow-y-auto bg-white px-6 py-6 sm:px-10' : 'mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10'}>
      <title>Leaderboard · Golf Tournament</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={cn('font-bold', tv ? 'text-5xl' : 'text-2xl sm:text-3xl')}>Leaderboard</h1>
        {tv ? (
          <Button variant="ghost" size="sm" onClick={leaveTv}>
            <Minimize aria-hidden className="size-4" />
            Exit TV mode
          </Button>
        ) : (
          <Button variant="secondary" onClick={enterTv}>
            <Maximize aria-hidden className="size-4" />
            TV mode
          </Button>
        )}
      </div>

      <div className={cn('mt-6 flex flex-col', tv ? 'gap-10' : 'gap-10')}>
        {boards.isPending ? (
          <PageSpinner label="Loading the leaderboard…" />
        ) : boards.isError ? (
          <LoadFailed message="Failed to load the leaderboard." onRetry={() => void boards.refetch()} className="rounded-lg bg-white" />
        ) : boards.data.leaderboards.length === 0 ? (
          <p className="rounded-lg bg-white py-8 text-center text-stone-600">No tournament is in play right now. Boards appear here once a tournament is active.</p>
        ) : (
          boards.data.leaderboards.map((board) => <BoardSection key={board.tournament.id} board={board} tv={tv} />)
        )}
      </div>
    </div>
  );
}
