// /leaderboard (public, R22): every active tournament's board, updating by itself as scores are saved and as tournaments
// are activated or closed, over one event stream. `?tv=1` (or the TV mode button, which also asks for full screen) shows
// the boards alone in large type for the clubhouse screen, a page at a time (tv-boards.tsx), and never gives up loading.
import { Maximize } from '../ui/shell-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from '../router';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { LoadFailed } from '../ui/load-failed';
import { PageSpinner } from '../ui/spinner';
import { BoardHeading } from './board-heading';
import { LeaderboardBoard } from './leaderboard-board';
import { useReads } from '../lib/first-load-reads';
import { useRemoteValue } from '../lib/remote-value';
import { useLiveLeaderboards } from './use-live-leaderboard';

// TV mode's rotation on demand: the leaderboard's first load on a phone carries only the board (R41's 90 KB).
const TvBoards = lazy(() => import('./tv-boards').then((m) => ({ default: m.TvBoards })));
// Its controls (and their icons) with it: the server renders them (prerender waits for them), so they work as links and
// buttons as soon as that chunk has come.
const TvControls = lazy(() => import('./tv-boards').then((m) => ({ default: m.TvControls })));

/** A screen nobody attends retries a failed load by itself: 2 s, 4 s, 8 s … then every 30 s. */
const tvRetryDelay = (attempt: number) => Math.min(2_000 * 2 ** attempt, 30_000);

export function LeaderboardPage() {
  const [params] = useSearchParams();
  const tv = params.get('tv') === '1';
  const [paused, setPaused] = useState(false);
  const boards = useRemoteValue(useReads().leaderboard, tv ? { retry: () => true, retryDelay: tvRetryDelay } : undefined);
  const live = useLiveLeaderboards();

  // TV mode in and out are links (?tv=1 and back): on the server-rendered page they work before the scripts have arrived
  // (one bar of signal, a clubhouse screen still loading); once they have, the router follows them and full screen is asked.
  const enterFullScreen = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);
  // Out of TV mode by whatever way (Exit TV mode, Back), out of full screen too.
  useEffect(() => {
    if (!tv && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, [tv]);

  const message = (text: string, alert = false) => (
    <p
      role={alert ? 'alert' : undefined}
      className={cn('rounded-lg bg-white py-8 text-center', alert ? 'text-red-700' : 'text-stone-600', tv && 'text-2xl xl:text-4xl')}
    >
      {text}
    </p>
  );

  let content;
  if (boards.isPending) {
    content =
      tv && boards.failureCount > 0 ? (
        message('Failed to load the leaderboard. Trying again by itself…', true)
      ) : (
        <PageSpinner label="Loading the leaderboard…" />
      );
  } else if (!boards.data) {
    content = (
      <LoadFailed message="Failed to load the leaderboard." onRetry={() => void boards.refetch()} className="rounded-lg bg-white" />
    );
  } else if (boards.data.leaderboards.length === 0) {
    content = message('No tournament is in play right now. Boards appear here once a tournament is active.');
  } else if (tv) {
    content = <TvBoards boards={boards.data.leaderboards} live={live} paused={paused} />;
  } else {
    content = (
      <div className="flex flex-col gap-10">
        {boards.data.leaderboards.map((board) => (
          <section key={board.tournament.id} aria-labelledby={`board-${board.tournament.id}`} className="flex flex-col gap-3">
            <BoardHeading board={board} live={live} tv={false} />
            <LeaderboardBoard board={board} emptyText="No scores yet. The board fills in as teams save their scores." />
          </section>
        ))}
      </div>
    );
  }

  return (
    // TV mode covers the site's header and footer: the screen shows the boards and nothing else, one screenful at a time.
    <div
      className={
        tv ? 'fixed inset-0 z-40 flex flex-col gap-4 bg-white px-4 py-4 sm:px-10 sm:py-6' : 'mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10'
      }
    >
      <title>Leaderboard · Golf Tournament</title>
      <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className={cn('font-bold', tv ? 'text-3xl xl:text-5xl' : 'text-2xl sm:text-3xl')}>Leaderboard</h1>
        <div className="flex items-center gap-2">
          {tv ? (
            <Suspense fallback={null}>
              <TvControls paused={paused} onPause={() => setPaused((p) => !p)} />
            </Suspense>
          ) : (
            <Button variant="secondary" asChild>
              <Link to="/leaderboard?tv=1" onClick={enterFullScreen}>
                <Maximize aria-hidden className="size-4" />
                TV mode
              </Link>
            </Button>
          )}
        </div>
      </div>
      <div className={cn('flex min-h-0 flex-1 flex-col', !tv && 'mt-6')}>{content}</div>
    </div>
  );
}
